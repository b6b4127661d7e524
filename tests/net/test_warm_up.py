"""What the fork server does before it forks (net/warm_up.py): a stylesheet text parsed
once serves every stylesheet of the process under the same theme's variables, exactly as
Textual would have parsed it; and the rehearsal draws the lobby headless and leaves no
thread behind (a fork with threads running would be unsafe)."""

from __future__ import annotations

import subprocess
import sys

from textual.css.stylesheet import Stylesheet

from ramsli_tui.net import warm_up

CSS = "Static { color: $accent; padding: 1 2; } #heading { background: $panel; text-style: bold; }"


def parsed(variables: dict[str, str]) -> Stylesheet:
    stylesheet = Stylesheet(variables=variables)
    stylesheet.add_source(CSS, read_from=("test", "CSS"))
    stylesheet.parse()
    return stylesheet


def test_a_text_is_parsed_once_for_every_stylesheet_and_as_textual_parses_it(monkeypatch):
    dark = {"accent": "#ffa62b", "panel": "#24292f"}
    alone = parsed(dark)  # Textual's own parse, before sharing
    monkeypatch.setattr(warm_up, "_parsed", {})
    monkeypatch.setattr(Stylesheet, "_parse_rules", Stylesheet._parse_rules)  # undone after the test
    warm_up.share_parsed_css()
    warm_up.share_parsed_css()  # idempotent: not wrapped twice
    first, second = parsed(dark), parsed(dict(dark))
    assert first.css == alone.css, "the same rules as Textual's own parse"
    assert all(a is b for a, b in zip(first.rules, second.rules)), "parsed once, for both stylesheets"
    light = parsed({"accent": "#0178d4", "panel": "#eeeeee"})
    assert light.css != first.css and "#0178D4" in light.css.upper(), "another theme's variables: parsed again"
    assert len(warm_up._parsed) == 2


def test_the_rehearsal_draws_the_lobby_and_leaves_no_thread():
    """In a process of its own, as the fork server does it (it replaces Textual's parse)."""
    script = ("import gc, threading; from ramsli_tui.net import warm_up; warm_up.prepare_to_fork(); "
              "print(threading.active_count(), len(warm_up._parsed) > 10, gc.isenabled(), len(gc.get_objects()) < 1000)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "True", "False", "True"], \
        "one thread; the app's stylesheets parsed and kept; the collector off and the heap frozen"
