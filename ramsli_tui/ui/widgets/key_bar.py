"""The keys of the screen on top on the bottom line, each with what it does.

Under a dialog (the hand's summary over the table), it shows the dialog's keys.

It shows what Textual's ``Footer`` shows — the bindings the screen marks to be shown,
those that cannot be used now dimmed, the keys of one group (the cards' 1–5) together
under the group's name, the command palette's key at the right — but as one line of
one widget, fitted to the width (the last keys are left out where they cannot fit): when the keys change (the table's change with every turn) it redraws that
line, where the Footer mounts a widget per key anew, some 30 ms of work.  A click on a
key presses it.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.style import Style
from textual.widget import Widget

DESCRIPTION_STYLE = "$footer-description-foreground"


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
        /* every key is a link that presses it */
        link-color: $footer-key-foreground;
        link-background: $footer-background;
        link-style: bold not underline;
        link-color-hover: $footer-key-foreground;
        link-background-hover: $footer-background;
        link-style-hover: bold reverse not underline;
    }
    """

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self.follow)
        self.follow(self.app.screen)

    def follow(self, screen) -> None:
        """Show the keys of the screen on top, such as a dialog over this bar's screen."""
        screen.bindings_updated_signal.subscribe(self, lambda screen: self.refresh())
        self.refresh()

    def render(self) -> Content:
        app = self.app
        shown: dict[str, tuple[Binding, bool]] = {}  # one key per action, the first bound
        palette: tuple[Binding, bool] | None = None
        for key, (_, binding, enabled, _) in self.app.screen.active_bindings.items():
            if key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                palette = (binding, enabled)
            elif binding.show:
                shown.setdefault(binding.action, (binding, enabled))
        items: list[Content] = []
        bindings = list(shown.values())
        while bindings:
            group = bindings[0][0].group
            together = 1
            while group is not None and together < len(bindings) and bindings[together][0].group == group:
                together += 1
            if together > 1:
                between = Content("" if group.compact else " ")
                keys = between.join(self.key(binding, enabled) for binding, enabled in bindings[:together])
                items.append(Content.assemble(keys, (f" {group.description}", DESCRIPTION_STYLE)))
            else:
                binding, enabled = bindings[0]
                items.append(Content.assemble(self.key(binding, enabled), (f" {self.described(binding)}", DESCRIPTION_STYLE)))
            bindings = bindings[together:]
        line = self.fitted(items)
        if palette is None:
            return line
        right = Content.assemble(self.key(*palette), (f" {palette[0].description} ", DESCRIPTION_STYLE))
        gap = self.size.width - line.cell_length - right.cell_length
        return line + Content(" " * max(gap, 2)) + right if gap >= 2 else line

    def described(self, binding: Binding) -> str:
        """A key's words: its binding's, or the screen's for where it is (``binding_description``)."""
        words = getattr(self.app.screen, "binding_description", None)
        return binding.description if words is None else words(binding)

    def fitted(self, items: list[Content]) -> Content:
        """The keys on one line: two spaces apart where they fit, else one; where even that
        is too long, the last ones are left out (screens bind their most needed keys first)."""
        width = self.size.width
        for between in ("  ", " "):
            line = Content(" ") + Content(between).join(items)
            if line.cell_length <= width:
                return line
        while len(items) > 1 and line.cell_length > width:
            items = items[:-1]
            line = Content(" ") + Content(" ").join(items)
        return line

    def key(self, binding: Binding, enabled: bool) -> Content:
        """The key as the player presses it, dim if it cannot be used now; clicking it presses it."""
        press = Style.from_meta({"@click": f"app.simulate_key({binding.key!r})"})
        key = Content.styled(self.app.get_key_display(binding), "" if enabled else "dim")
        return key.stylize(press)
