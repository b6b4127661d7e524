"""What the fork server does once, before it forks any app, so that no app has to.

Every app process of ``ramsli serve`` starts the same way: the same modules, the same
stylesheets parsed under the same theme, the same lobby composed.  Done in each child,
that work is paid once per person, and twenty people logging in at once pay it twenty
times over on the same cores.  The fork server does it once, and its children inherit
the result (net/sessions.py):

- the modules an app imports only as it starts (the terminal driver, its parser, the
  layouts, Rich's tables of emoji and of character widths) are imported;
- parsed stylesheets are shared (``share_parsed_css``): Textual keeps what it parsed in
  each stylesheet object and starts a new one for every app and every change of
  theme, so the parse is kept here instead, keyed by the text, its place and the
  theme's variables, and a child finds every stylesheet the rehearsal parsed;
- the app is rehearsed (``rehearse``): run once, without a terminal, to its lobby (an
  empty one, for nobody), which fills that store and Textual's and Rich's own caches;
- the garbage collector is stopped and everything made so far frozen: a child's
  collections never visit the fork server's objects (visiting them would copy every
  page that holds one into the child: memory no longer shared), and a child starts
  with the collector off until its first frame, as a local app does (ui/app.py).
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import tempfile
import threading
from pathlib import Path
from typing import Any

from textual.css.stylesheet import Stylesheet

# What an app imports only once it runs (found by comparing sys.modules in a child
# with the fork server's).
LATE_IMPORTS = (
    "tty",
    "rich._emoji_codes",
    "textual._keyboard_protocol",
    "textual._xterm_parser",
    "textual.drivers.linux_driver",
    "textual.drivers.web_driver",
    "ramsli_tui.net.terminal_driver",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.scrollbar",
)
REHEARSAL_SIZE = (100, 30)

_parsed: dict[tuple, list] = {}  # what share_parsed_css keeps: the rules of each stylesheet text


def prepare_to_fork() -> None:
    """Everything above, in order; the collector is left off and the heap frozen."""
    for module in LATE_IMPORTS:
        importlib.import_module(module)
    share_parsed_css()
    rehearse()
    gc.collect()
    gc.disable()
    gc.freeze()


def share_parsed_css() -> None:
    """Keep every parsed stylesheet text for all the stylesheets of this process (and
    of the processes forked from it), not only the stylesheet object that parsed it."""
    if getattr(Stylesheet._parse_rules, "shared", False):
        return
    parse_alone = Stylesheet._parse_rules

    def parse_shared(stylesheet: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(stylesheet._variables.items())))
        rules = _parsed.get(key)
        if rules is None:
            rules = _parsed[key] = parse_alone(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    parse_shared.shared = True
    Stylesheet._parse_rules = parse_shared


class NobodysLobby:
    """The lobby backend of an app that has no person yet (the rehearsal, a spare app:
    net/forks.py): no name, no table, never a seat."""

    name = ""

    async def tables(self) -> list[dict[str, Any]]:
        return []

    async def last_table(self) -> int | None:
        return None

    def language_chosen(self, code: str | None) -> None:
        """Nobody's choice is kept."""

    def settings_chosen(self, values: dict[str, Any]) -> None:
        """Nobody's settings are kept."""


def rehearse() -> None:
    """Run the served app once, headless, until its lobby is drawn, then end it.  It
    leaves no thread behind (forking a process with threads would be unsafe)."""
    from ..ui.app import RamsliApp
    from ..storage import Storage

    async def until_drawn(pilot) -> None:
        await pilot.pause()
        pilot.app.exit()

    with tempfile.TemporaryDirectory(prefix="ramsli-rehearsal-") as folder:
        app = RamsliApp(Storage.in_folder(Path(folder)), lobby=NobodysLobby())
        asyncio.run(app.run_async(headless=True, size=REHEARSAL_SIZE, auto_pilot=until_drawn))
    if threading.active_count() != 1:
        raise RuntimeError(f"the rehearsal left threads running: {threading.enumerate()}")
