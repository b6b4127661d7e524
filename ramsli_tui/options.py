"""The ``ramsli`` command's parser: argparse's, but a mistake in the options is one line
on standard error, ``ramsli: --port: 99999 is more than 65535 (see 'ramsli serve
--help')``, and exit status 2 (docs/cli.md), never argparse's lines of usage; and the
ranges of the numbers its options take, checked as they are read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, NoReturn

from .yamlfile import escaped, shown_value

EXIT_USAGE = 2
MESSAGE_LENGTH = 300  # a mistake is told in one line, however much was typed
PARSED_BY = "_parsed_by"  # the namespace's note of the command the options were given to


class Parser(argparse.ArgumentParser):
    """argparse's parser, telling a mistake in one line that names the option and the
    command's ``--help``.  Every command's parser is one too (argparse makes subparsers of
    their parent's class); ``--help`` is argparse's own."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.set_defaults(**{PARSED_BY: self.prog})

    def parse_args(self, args=None, namespace=None) -> argparse.Namespace:
        """The options, or one line and exit status 2; options no command takes are told
        with the ``--help`` of the command they were given to."""
        parsed, unknown = self.parse_known_args(args, namespace)
        if unknown:
            refuse(f"unrecognized arguments: {' '.join(unknown)}", getattr(parsed, PARSED_BY, self.prog))
        return parsed

    def error(self, message: str) -> NoReturn:
        """argparse's word of a mistake, told in one line."""
        refuse(message, self.prog)


def refuse(message: str, command: str) -> NoReturn:
    """End the command line with argparse's ``message`` in one line, and exit status 2."""
    message = message.removeprefix("argument ")
    print(f"ramsli: {escaped(message, limit=MESSAGE_LENGTH)} (see '{command} --help')", file=sys.stderr)
    sys.exit(EXIT_USAGE)


def whole_number(lowest: int, highest: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lowest`` to ``highest``."""

    def number_in_range(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if number < lowest:
            raise argparse.ArgumentTypeError(f"{shown_value(number)} is less than {lowest}")
        if number > highest:
            raise argparse.ArgumentTypeError(f"{shown_value(number)} is more than {highest}")
        return number

    return number_in_range

