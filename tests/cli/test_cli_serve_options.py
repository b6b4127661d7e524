"""``ramsli serve``'s options are checked as they are read, each against its range: a
port from 0 to 65535, at least 1 and at most ``MOST_APPS`` app sessions, a host that is
an address or a host name.  Through the real command, a value out of range is one line
naming the option, exit status 2, and nothing served: no data folder is even made."""

from __future__ import annotations

import pytest

from ramsli_tui.cli import build_parser
from ramsli_tui.net.serve_command import HIGHEST_PORT, MOST_APPS

from tests.cli.test_cli import ramsli


@pytest.mark.parametrize("option, value, said", [
    ("--port", "99999", "--port: 99999 is more than 65535"),
    ("--port", "65536", "--port: 65536 is more than 65535"),
    ("--port", "-1", "--port: -1 is less than 0"),
    ("--port", "1" + "0" * 40, "--port: a number of 41 digits is more than 65535"),
    ("--max-apps", str(MOST_APPS + 1), f"--max-apps: {MOST_APPS + 1} is more than {MOST_APPS}"),
    ("--max-apps", "9" * 20, f"--max-apps: {'9' * 20} is more than {MOST_APPS}"),
    ("--host", "", "--host: '' is not an IP address or a host name"),
    ("--host", "no such host!", "--host: 'no such host!' is not an IP address or a host name"),
    ("--host", "a..b", "--host: 'a..b' is not an IP address or a host name"),
    ("--host", "x" * 300, "--host: 'xxxxxxxx"),
    ("--host", "\x1b]0;owned\x07", "--host: '\\x1b]0;owned\\x07' is not an IP address or a host name"),
])
def test_an_option_out_of_its_range_is_one_line_and_nothing_is_served(tmp_path, option, value, said):
    data = tmp_path / "serve"
    done = ramsli("serve", "--open", "--data", str(data), "--port", "0", option, value)
    assert "Traceback" not in done.stderr
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"ramsli: {said}") and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.rstrip().endswith("(see 'ramsli serve --help')")
    assert not data.exists(), "refused before anything is served"


@pytest.mark.parametrize("arguments, chosen", [
    (["--port", "0"], ("port", 0)),
    (["--port", str(HIGHEST_PORT)], ("port", 65535)),
    (["--max-apps", "1"], ("max_apps", 1)),
    (["--max-apps", str(MOST_APPS)], ("max_apps", MOST_APPS)),
    (["--host", "::"], ("host", "::")),
    (["--host", "0.0.0.0"], ("host", "0.0.0.0")),
    (["--host", "fe80::1%eth0"], ("host", "fe80::1%eth0")),
    (["--host", "play.example.org."], ("host", "play.example.org.")),
    (["--host", "localhost"], ("host", "localhost")),
])
def test_every_value_in_range_is_taken_as_given(arguments, chosen):
    parsed = build_parser().parse_args(["serve", "--open", *arguments])
    name, value = chosen
    assert getattr(parsed, name) == value
