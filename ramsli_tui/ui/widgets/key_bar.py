"""The keys of the screen on top on the bottom line, each with what it does.

Under a dialog (the hand's summary over the table), it shows the dialog's keys.

It shows what Textual's ``Footer`` shows — the bindings the screen marks to be shown,
those that cannot be used now dimmed, the keys of one group (the cards' 1–5) together
under the group's name, the command palette's key at the right — but as the text of
one widget, fitted to the width: one line, or up to three where the keys do not fit on
one (the last keys are left out only where even three cannot hold them).  When the keys change
(the table's change with every turn) it redraws that text, where the Footer mounts a
widget per key anew, some 30 ms of work.  A click on a key presses it.

The words of each key are translated here, where they are drawn: a binding's
description, a group's, and a screen's ``binding_description`` are English texts marked
with ``N_()`` (the language is chosen after the classes are made).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.style import Style
from textual.widget import Widget

from ...languages import N_, _

DESCRIPTION_STYLE = "$footer-description-foreground"
MOST_LINES = 3  # the key bar's lines where the window is narrow
TEXTUAL_WORDS = (  # the words of Textual's own keys the bar shows, marked here to be translated as any other
    # TRANSLATORS: the key bar's word for ctrl+p, which opens the command palette.
    N_("palette"),
    N_("Exit the command palette"),
)


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
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
        screen.bindings_updated_signal.subscribe(self, lambda screen: self.keys_changed())
        self.keys_changed()

    def keys_changed(self) -> None:
        """Redraw the keys; lay the screen out again only when they take another number of
        lines (a layout costs a keypress several milliseconds more)."""
        self.refresh(layout=len(self.lines(self.size.width)) != self.size.height)

    def render(self) -> Content:
        return Content("\n").join(self.lines(self.size.width))

    def get_content_height(self, container, viewport, width: int) -> int:
        """One line, or more where the keys do not fit on one."""
        return len(self.lines(width))

    def lines(self, width: int) -> list[Content]:
        """The keys of the screen on top, fitted to ``width``."""
        items, palette = self.items()
        return self.fitted(items, palette, width)

    def items(self) -> tuple[list[Content], Content]:
        """Each key shown with its words (a group's keys together), and the command
        palette's key (empty where there is none)."""
        app = self.app
        shown: dict[str, tuple[Binding, bool]] = {}  # one key per action, the first bound
        palette = Content("")
        for key, (_node, binding, enabled, _tooltip) in app.screen.active_bindings.items():
            if key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                palette = Content.assemble(self.key(binding, enabled), (f" {_(binding.description)}", DESCRIPTION_STYLE))
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
                items.append(Content.assemble(keys, (f" {_(group.description)}", DESCRIPTION_STYLE)))
            else:
                binding, enabled = bindings[0]
                items.append(Content.assemble(self.key(binding, enabled), (f" {self.described(binding)}", DESCRIPTION_STYLE)))
            bindings = bindings[together:]
        return items, palette

    def described(self, binding: Binding) -> str:
        """A key's words in the language spoken: its binding's, or the screen's for where it
        is (``binding_description``)."""
        words = getattr(self.app.screen, "binding_description", None)
        return _(binding.description if words is None else words(binding))

    @staticmethod
    def fitted(items: list[Content], palette: Content, width: int) -> list[Content]:
        """The keys on one line, two spaces apart where they fit, else one, the palette's
        key at the right of the last line; where they do not fit on one line, on as many
        as they need, up to ``MOST_LINES``.  Where even those are too few, the last keys
        are left out (screens bind their most needed keys first)."""
        room = width - palette.cell_length - 1  # at least a space before the palette's key
        for between in ("  ", " "):
            line = Content(" ") + Content(between).join(items)
            if line.cell_length <= room:
                return [at_the_right(line, palette, width)]
        lines: list[Content] = []
        rest = items
        while len(lines) < MOST_LINES - 1:
            line, rest = KeyBar.filled(rest, width)
            lines.append(line)
            if (Content(" ") + Content(" ").join(rest)).cell_length <= room:
                break
        while len(rest) > 1 and (Content(" ") + Content(" ").join(rest)).cell_length > room:
            rest = rest[:-1]
        return [*lines, at_the_right(Content(" ") + Content(" ").join(rest), palette, width)]

    @staticmethod
    def filled(items: list[Content], width: int) -> tuple[Content, list[Content]]:
        """As many of ``items`` as fit on a line of ``width``, one space apart, and the rest."""
        line = Content(" ")
        for taken, item in enumerate(items):
            longer = line + (Content(" ") if taken else Content("")) + item
            if taken and longer.cell_length > width:
                return line, items[taken:]
            line = longer
        return line, []

    def key(self, binding: Binding, enabled: bool) -> Content:
        """The key as the player presses it, dim if it cannot be used now; clicking it presses it."""
        press = Style.from_meta({"@click": f"app.simulate_key({binding.key!r})"})
        key = Content.styled(self.app.get_key_display(binding), "" if enabled else "dim")
        return key.stylize(press)


def at_the_right(line: Content, right: Content, width: int) -> Content:
    """``right`` at the right end of a line of ``width`` after ``line`` (a space from the
    edge where there is room), where it fits."""
    gap = width - line.cell_length - right.cell_length
    if not right or gap < 1:
        return line
    edge = 1 if gap >= 3 else 0
    return line + Content(" " * (gap - edge)) + right + Content(" " * edge)
