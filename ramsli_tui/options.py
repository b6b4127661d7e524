"""The ``ramsli`` command's parser: argparse's, but a mistake in the options is one line
on standard error, ``ramsli: --port: 99999 is more than 65535 (see 'ramsli serve
--help')``, and exit status 2 (docs/cli.md), never argparse's lines of usage; and the
ranges of the numbers its options take, checked as they are read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, NoReturn

from .languages import N_, _, ngettext
from .yamlfile import escaped, shown_value

EXIT_USAGE = 2
MESSAGE_LENGTH = 300  # a mistake is told in one line, however much was typed
PARSED_BY = "_parsed_by"  # the namespace's note of the command the options were given to
# argparse's own texts that a person reads (its help's headings, its words of a mistake):
# argparse asks the stdlib's gettext for them, and ``speak_for_argparse`` has it ask ours.
ARGPARSE_TEXTS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("show program's version number and exit"),
    # TRANSLATORS: an option and what is wrong with its value; ramsli shows it without the
    # word "argument" ("--port: 99999 is more than 65535"): leave that word out.
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
ARGPARSE_COUNTS = (("expected %s argument", "expected %s arguments"),)  # argparse's ngettext


def speak_for_argparse() -> None:
    """Have argparse's own texts (``ARGPARSE_TEXTS``) in the language spoken: argparse
    calls the names ``_`` and ``ngettext`` it took from the stdlib's gettext, which would
    read a catalogue of another domain."""
    argparse._ = _
    argparse.ngettext = _argparse_ngettext


def _argparse_ngettext(singular: str, plural: str, count: int) -> str:
    """argparse's one count, in the language spoken (marked here for the catalogue)."""
    if (singular, plural) == ARGPARSE_COUNTS[0]:
        return ngettext("expected %s argument", "expected %s arguments", count)
    return ngettext(singular, plural, count)


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
            refuse(_("unrecognized arguments: %s") % " ".join(unknown), getattr(parsed, PARSED_BY, self.prog))
        return parsed

    def error(self, message: str) -> NoReturn:
        """argparse's word of a mistake, told in one line."""
        refuse(message, self.prog)


def refuse(message: str, command: str) -> NoReturn:
    """End the command line with argparse's ``message`` in one line, and exit status 2."""
    message = message.removeprefix("argument ")
    told = _("ramsli: {mistake} (see '{command} --help')").format(mistake=escaped(message, limit=MESSAGE_LENGTH),
                                                                   command=command)
    print(told, file=sys.stderr)
    sys.exit(EXIT_USAGE)


def whole_number(lowest: int, highest: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lowest`` to ``highest``."""

    def number_in_range(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None
        if number < lowest:
            raise argparse.ArgumentTypeError(_("{number} is less than {lowest}").format(number=shown_value(number),
                                                                                         lowest=lowest))
        if number > highest:
            raise argparse.ArgumentTypeError(_("{number} is more than {highest}").format(number=shown_value(number),
                                                                                          highest=highest))
        return number

    return number_in_range

