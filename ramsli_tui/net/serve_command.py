"""The ``ramsli serve`` command: ``add_arguments`` for its options, ``run`` to serve.

Only ``run`` loads the server (asyncio, asyncssh, the hub: net/server.py), so
that the ``ramsli`` command starts as fast as before for everything else.  A mistake (an
allowed-keys file that cannot be read, a port in use, a data folder another server
holds) ends in one line and exit status 2.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from platformdirs import user_data_dir

from ..languages import SOURCE, _
from ..languages.choice import language_code, not_spoken
from ..options import whole_number
from . import MAX_APPS, SPARE_APPS

EXIT_USAGE = 2
HIGHEST_PORT = 65535
MOST_APPS = 1000  # some 30 GB of app processes
MOST_SPARES = 100
HOST_NAME = re.compile(r"(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def default_data_dir() -> Path:
    return Path(user_data_dir("ramsli")) / "serve"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # TRANSLATORS: an uppercase placeholder of --help (the address to listen on); write it in capitals, one word
    parser.add_argument("--host", type=host_address, default="127.0.0.1", metavar=_("HOST"),
                        help=_("the address to listen on (default: 127.0.0.1, this machine only)"))
    # TRANSLATORS: an uppercase placeholder of --help (a network port's number); write it in capitals, one word
    parser.add_argument("--port", type=whole_number(0, HIGHEST_PORT), default=2222, metavar=_("PORT"),
                        help=_("the port to listen on, 0 to 65535 (0: any free one; default: 2222)"))
    # TRANSLATORS: an uppercase placeholder of --help (a folder); write it in capitals, one word
    parser.add_argument("--data", type=Path, metavar=_("DIR"),
                        help=_("the data folder (default: {folder})").format(folder=default_data_dir()))
    parser.add_argument("--max-apps", type=whole_number(1, MOST_APPS), default=MAX_APPS, metavar="N",
                        help=_("the most full-screen sessions at once, 1 to {most}, each an app process of "
                               "some 30 MB (default: {apps}); programs on json are not counted")
                        .format(most=f"{MOST_APPS:,}", apps=MAX_APPS))
    parser.add_argument("--spare-apps", type=whole_number(0, MOST_SPARES), default=SPARE_APPS, metavar="N",
                        help=_("apps kept made ahead of the logins, 0 to {most}, so that people logging in at "
                               "the same moment see their lobby at once; each idle one costs some 16 MB "
                               "(default: {spares})").format(most=MOST_SPARES, spares=SPARE_APPS))
    # TRANSLATORS: an uppercase placeholder of --help (an address and a port, the address optional); capitals
    parser.add_argument("--web", type=web_address, metavar=_("[ADDRESS:]PORT"),
                        help=_("let browsers in too, on this port (and this address; default: 127.0.0.1, this "
                               "machine only): 'ssh -T HOST web' gives a person a link"))
    parser.add_argument("--public-url", type=public_url, metavar="URL",
                        help=_("the address the web links name, where a reverse proxy (with TLS) passes them "
                               "on to --web: https://cards.example.org"))
    parser.add_argument("--lang", dest="served_language", type=served_language, default=SOURCE, metavar="CODE",
                        help=_("the language of players whose ssh sends no LANG and who have chosen none here: "
                               "en, fr, de or es (default: en)"))
    who = parser.add_mutually_exclusive_group(required=True)
    # TRANSLATORS: an uppercase placeholder of --help (a file); write it in capitals, one word
    who.add_argument("--allow", type=Path, metavar=_("FILE"), help=_("let in only the keys of this authorized_keys file"))
    who.add_argument("--open", action="store_true",
                     help=_("let any key in, binding the name it asks for on first use"))


def host_address(text: str) -> str:
    """An address to listen on, for argparse: an IPv4 or IPv6 address, or a host name
    (letters, digits and hyphens in dot-separated labels); never empty, which would listen
    on every address there is."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        if not HOST_NAME.fullmatch(text):
            raise argparse.ArgumentTypeError(_("{text} is not an IP address or a host name").format(text=repr(text))) from None
    return text


def web_address(text: str) -> tuple[str, int]:
    """Where to listen for browsers, for argparse: ``PORT``, ``ADDRESS:PORT`` or
    ``[IPv6]:PORT``; the address 127.0.0.1 unless given."""
    address, colon, port = text.rpartition(":")
    if not colon:
        address = "127.0.0.1"
    elif address.startswith("[") and address.endswith("]"):
        address = address[1:-1]
    return host_address(address), whole_number(0, HIGHEST_PORT)(port)


def public_url(text: str) -> str:
    """The web address the links name, for argparse: ``http://`` or ``https://``, a host,
    perhaps a port, nothing after (no path, query or fragment)."""
    try:
        parts = urlsplit(text)
        parts.port  # a port that is not a number says so here
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment or parts.username):
        raise argparse.ArgumentTypeError(
            _("{text} is not a web address of the form https://HOST[:PORT]").format(text=repr(text)))
    return text.rstrip("/")


def served_language(text: str) -> str:
    """The server's default language, for argparse: the code of one ramsli speaks."""
    code = language_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(not_spoken(text))
    return code


def run(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from ..languages.words import error_said
    from ..text import for_terminal
    from .server import ServeError, serve_until_stopped

    logging.getLogger("asyncssh").setLevel(logging.CRITICAL)  # the server's own log tells what matters, once
    if args.public_url and not args.web:
        print(for_terminal("ramsli serve: " + _("--public-url names the address of --web, which is not given")),
              file=sys.stderr)
        return EXIT_USAGE
    try:
        asyncio.run(serve_until_stopped(args.data or default_data_dir(), None if args.open else args.allow,
                                        args.host, args.port, args.max_apps, args.served_language,
                                        args.spare_apps, args.web, args.public_url))
    except ServeError as error:
        print(for_terminal(f"ramsli serve: {error_said(error)}"), file=sys.stderr)
        return EXIT_USAGE
    return 0
