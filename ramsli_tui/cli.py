"""The ``ramsli`` command: the app, play, saves, replay, rules, simulate, tournament.

One function adds each command's options to the parser and one runs it (``add_play``
and ``run_play``, ...).  Every command ends with one of these exit statuses
(docs/cli.md):

- 0: done;
- 1: ramsli itself went wrong (the app says so, and where the details are);
- 2: a mistake in what was asked or given, told in one line on standard error;
- 3: it could not run now: another ramsli holds the saved sessions;
- 4: a check failed: chips were not conserved in ``simulate`` or ``tournament``;
- 130: interrupted by Ctrl-C.

Commands that print JSON print nothing else on stdout; a progress bar of a long run
goes to standard error, and only when that is a terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence, TextIO

import yaml

from . import __version__
from .languages import N_, _, ngettext, use_language
from .languages.choice import choose_language, language_code, not_spoken
from .languages.words import error_said, words_of
from .games import GAMES, HOUSE_GAME, game_named, game_of_record, game_of_ruleset
from .options import Parser, speak_for_argparse, whole_number
from .storage import SaveSlot, Settings, Storage, StorageError
from .table.spec import GameSpec, name_problem
from .text import for_terminal, lines_for_terminal
from .yamlfile import FileProblem, Part

EXIT_USAGE = 2
EXIT_BUSY = 3
EXIT_CHECK_FAILED = 4
EXIT_INTERRUPTED = 130

PROGRESS_AFTER_SECONDS = 1.0  # a run that ends sooner shows no progress bar at all
# TRANSLATORS: beside a progress bar's count, "37/100 hands".
UNITS = {"--hands": N_("hands"), "--deals": N_("deals")}  # what a measured run counts, by the option


class CliError(Exception):
    """A user's mistake, reported as one line and exit status 2."""


class Busy(Exception):
    """Another ramsli holds the saved sessions: reported as one line and exit status 3."""


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the language spoken (choose it first)."""
    speak_for_argparse()
    parser = Parser(
        prog="ramsli",
        description=_("Ramsli, the tavern trick-taking stakes game. With no command, opens the game."),
        epilog=_("Exit status: 0 done, 1 ramsli went wrong, 2 a mistake in what was asked or given, "
                 "3 another ramsli holds the saved sessions, 4 a check failed, 130 interrupted."),
    )
    parser.add_argument("--version", action="version", version=f"ramsli {__version__}",
                        help=_("show program's version number and exit"))  # argparse's own is not translated
    _add_language_option(parser, default=None)
    parser.set_defaults(run=run_setup)
    # TRANSLATORS: an uppercase placeholder of --help (which command: play, replay, rules…); write it in capitals, one word
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for add_command in (add_play, add_saves, add_replay, add_rules, add_simulate, add_tournament, add_serve,
                        add_history):
        add_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        _never_failing_on(stream)
    argv = sys.argv[1:] if argv is None else list(argv)
    asked = language_asked(argv)
    if asked is not None and language_code(asked) is None:  # told in the language the rest would choose
        use_language(choose_language(language_setting(), environment=os.environ))
        print(for_terminal(f"ramsli: {not_spoken(asked)}"), file=sys.stderr)
        return EXIT_USAGE
    use_language(choose_language(asked, None if asked else language_setting(), environment=os.environ))
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (CliError, FileProblem, StorageError) as error:
        print(for_terminal(f"ramsli: {error_said(error)}"), file=sys.stderr)
        return EXIT_USAGE
    except Busy as error:
        print(for_terminal(f"ramsli: {error}"), file=sys.stderr)
        return EXIT_BUSY
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``ramsli rules list | head``): not an error
        sys.stdout = open(os.devnull, "w")
        return 0


def language_asked(argv: Sequence[str]) -> str | None:
    """The language the first ``--lang CODE`` (or ``--lang=CODE``) asks for, to ramsli or
    to its command, looked for before the rest is read (the help is written in it).  At
    ``serve`` it is the server's default for its players, and the language of what the
    command says too, unless ``ramsli --lang`` before it says another."""
    for at, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and at + 1 < len(argv):
            return argv[at + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def language_setting() -> str:
    """The Language setting (F2), a language's code or empty; empty when the settings
    cannot be read (the app says why when it starts)."""
    try:
        settings = Storage.default().read_settings()[0]
    except (StorageError, OSError):
        return ""
    return getattr(settings, "language", "")


def _add_language_option(command: argparse.ArgumentParser, default=argparse.SUPPRESS) -> None:
    """``--lang CODE``: the language of what the command says (read before the rest, by
    ``language_asked``; a command's own leaves ramsli's as it was)."""
    command.add_argument("--lang", default=default, metavar="CODE",
                         help=_("the language to speak: en, fr, de or es (default: the Language setting, "
                                "else the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)"))


def _never_failing_on(stream: TextIO) -> None:
    """Have ``stream`` write what its encoding cannot as escapes (``\\u2603``) rather than
    fail: output never ends a command (JSON is ASCII anyway)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


def _add_table_options(command: argparse.ArgumentParser, players: str, bots: str) -> None:
    """The options that say which table: ``--ruleset``, ``--players`` (every seat, whoever
    sits there) and ``--bots`` (the computer players' strengths), the same in every command."""
    # TRANSLATORS: an uppercase placeholder of --help (a ruleset's name or file); write it in capitals, one word
    command.add_argument("--ruleset", default="classic", metavar=_("NAME"),
                         help=_("a bundled or own ruleset's name, or a YAML file (default: classic)"))
    command.add_argument("--players", type=int, default=4, metavar="N",
                         help=_("players at the table, {who} (default: 4)").format(who=players))
    command.add_argument(
        # TRANSLATORS: an uppercase placeholder of --help (the computer players' strengths, as hard,normal); write it in capitals, one word
        "--bots", default=None, metavar=_("STRENGTHS"),
        help=_("the computer players' strengths: one for all (hard) or one each in seat order (hard,normal,normal); "
               "default: {strengths}").format(strengths=bots),
    )
    _add_language_option(command)


def _add_game_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--game", choices=GAMES, default=HOUSE_GAME,
                         help=_("the game: ramsli, or rami for Rami Simple (default: ramsli); "
                                "its ruleset is classic, or simple at Rami, unless --ruleset says"))


@contextmanager
def _holding(storage: Storage) -> Iterator[None]:
    """Hold the saved sessions while the block runs; Busy if another ramsli holds them."""
    with ExitStack() as held:
        try:
            held.enter_context(storage.claimed())
        except StorageError as error:
            raise Busy(str(error)) from None
        yield


# --- the app and play --------------------------------------------------------------------------

def run_setup(args: argparse.Namespace) -> int:
    """``ramsli`` alone: the app, from the setup screen (or the session played last)."""
    from .ui.app import run_with

    storage = Storage.default()
    with _holding(storage):
        return run_with(storage, language=getattr(args, "lang", None))


def add_play(commands) -> None:
    play = commands.add_parser("play", help=_("start a session straight away, skipping the setup screen"))
    # TRANSLATORS: completes "players at the table, {who} (default: 4)" in --help.
    _add_table_options(play, players=_("you included; 2 or 4 at Rami"),
                       # TRANSLATORS: completes "...; default: {strengths}" in --help.
                       bots=_("as chosen last in the setup screen"))
    _add_game_option(play)
    play.add_argument("--seed", type=int, default=None, metavar="S",
                      help=_("seed for the shuffle, to replay the same session"))
    # TRANSLATORS: an uppercase placeholder of --help (the person's name at the table); write it in capitals, one word
    play.add_argument("--name", default=None, metavar=_("NAME"), help=_("your name at the table"))
    # TRANSLATORS: an uppercase placeholder of --help: the seconds a computer player waits (English keeps the
    # option's name, BOT_DELAY); write it in capitals, one word ("SECONDS")
    play.add_argument("--bot-delay", type=float, default=None, metavar=_("BOT_DELAY"),
                      help=_("seconds a computer player waits before each action"))
    # TRANSLATORS: an uppercase placeholder of --help (a number of chips); write it in capitals, one word
    play.add_argument("--chips", type=int, default=None, metavar=_("CHIPS"),
                      help=_("chips each at the start (default: the ruleset's); Ramsli only"))
    play.add_argument(
        "--continue", dest="resume", nargs="?", type=int, const=1, default=None, metavar="N",
        help=_("go on with saved session N of 'ramsli saves' instead (default: the one played last)"),
    )
    play.set_defaults(run=run_play)


def run_play(args: argparse.Namespace) -> int:
    """A new session dealt at once, or ``--continue``: a saved one as it was."""
    from .ui.app import run_with

    if args.resume is not None:
        given = {"--game": args.game != HOUSE_GAME, "--ruleset": args.ruleset != "classic", "--players": args.players != 4,
                 "--seed": args.seed is not None, "--name": args.name is not None, "--bots": args.bots is not None,
                 "--chips": args.chips is not None}
        chosen = [option for option, is_given in given.items() if is_given]
        if chosen:
            raise CliError(_("--continue goes on with a saved session as it was: it cannot take {option} too")
                           .format(option=chosen[0]))
    storage = Storage.default()
    with _holding(storage):
        language = getattr(args, "lang", None)  # the command line's, which the app's own choice must not override
        if args.resume is not None:
            return run_with(storage, resume=_saved_session(storage, args.resume).path, bot_delay=args.bot_delay,
                            language=language)
        return run_with(storage, lambda settings: play_spec(args, settings), args.bot_delay, language=language)


def play_spec(args: argparse.Namespace, settings: Settings) -> GameSpec:
    """The session ``ramsli play`` asks for: its options, and the remembered names and
    strengths where they say nothing."""
    from .storage.new_session import game_spec, strengths, with_strengths

    game, kind = args.game, game_named(args.game)
    if args.chips is not None and not kind.played_for_chips:
        chip_games = ", ".join(other.title for other in map(game_named, GAMES) if other.played_for_chips)
        raise CliError(_("--chips is for {chip_games} only: {game} is played for points, not chips")
                       .format(chip_games=chip_games, game=kind.title))
    ruleset = args.ruleset
    if ruleset == game_named(HOUSE_GAME).default_ruleset:  # the option's default is the house game's
        ruleset = kind.default_ruleset
    _table_rules(ruleset, args.players, game)
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise CliError(_("--bot-delay must be between 0 and 10 seconds"))
    if args.chips is not None and args.chips < 1:
        raise CliError(_("--chips must be a whole number of chips above 0, not {chips}").format(chips=args.chips))
    problem = name_problem(args.name.strip()) if args.name and args.name.strip() else None  # blank: "You"
    if problem is not None:
        raise CliError(f"--name: {problem}")
    opponents = settings.opponents
    if args.bots is not None:
        lineup = computer_players(args.bots, args.players, strengths(game), you_play=True)
        opponents = with_strengths(opponents, lineup, args.players - 1, game)
    chosen = replace(settings, game=game, ruleset=ruleset, players=args.players, name=args.name or settings.name,
                     opponents=opponents, starting_chips=args.chips)
    return game_spec(chosen, args.seed)


# --- saves -----------------------------------------------------------------------------------

def add_saves(commands) -> None:
    saves = commands.add_parser("saves", help=_("list the saved sessions, to continue one or delete it"))
    saves.add_argument("--delete", type=int, default=None, metavar="N", help=_("delete saved session N, for good"))
    _add_language_option(saves)
    saves.set_defaults(run=run_saves)


def run_saves(args: argparse.Namespace) -> int:
    """List the saved sessions, numbered as ``play --continue N`` and ``--delete N`` count them."""
    from .storage.save_labels import described

    storage = Storage.default()
    if args.delete is not None:
        with _holding(storage):
            slot = _saved_session(storage, args.delete)
            storage.discard_game(slot.path)
        print(for_terminal(_("Deleted saved session {number}: {session}").format(number=args.delete,
                                                                                   session=described(slot))))
        return 0
    slots, problems = storage.saved_games()
    for problem in problems:
        print(for_terminal(f"ramsli: {problem}"), file=sys.stderr)
    if not slots:
        print(_("No saved sessions: 'ramsli' sets up a new one."))
        return 0
    for number, slot in enumerate(slots, 1):
        print(for_terminal(f"{number:>3}. {described(slot)}"))
    print("\n" + _("Go on with one: ramsli play --continue N   (the one played last: ramsli play --continue)"))
    return 0


def _saved_session(storage: Storage, number: int) -> SaveSlot:
    """Saved session ``number`` (1: the one played last); CliError if there is none."""
    slots = storage.saved_games()[0]
    if not 1 <= number <= len(slots):
        if not slots:
            raise CliError(_("there is no saved session {number} (there are none: see 'ramsli saves')")
                           .format(number=number))
        raise CliError(ngettext("there is no saved session {number} (there are 1 to {count}: see 'ramsli saves')",
                                "there is no saved session {number} (there are 1 to {count}: see 'ramsli saves')",
                                len(slots)).format(number=number, count=len(slots)))
    return slots[number - 1]


# --- replay ---------------------------------------------------------------------------------

def add_replay(commands) -> None:
    replay = commands.add_parser("replay", help=_("replay a hand record, or each of a stream of them "
                                                  "(YAML or JSON; - for standard input)"))
    # TRANSLATORS: an uppercase placeholder of --help (in lower case, as argparse writes an argument: the record's file); write it in capitals, one word
    replay.add_argument("file", metavar=_("file"), help=_("the hand record (or a stream of them: ramsli history export), "
                                       "or - to read standard input"))
    replay.add_argument("--hand", type=int, default=None, metavar="N",
                        help=_("replay only the Nth record of a stream (1 the first)"))
    replay.add_argument("--json", action="store_true",
                        help=_("print the result as one JSON object (a stream's as one JSON array)"))
    replay.add_argument("--view", action="store_true",
                        help=_("watch the hand again step by step, every hand face up (one record, or --hand N)"))
    _add_language_option(replay)
    replay.set_defaults(run=run_replay)


class Replayed(NamedTuple):
    """One record replayed: its result (or error) object, and the hand with the words that
    tell it, or None for a record that could not be replayed."""

    result: dict
    hand: object | None
    describe: Callable | None
    game: str | None = None  # the game whose rules read it

    def problem_said(self) -> str:
        """Why the record could not be replayed, in the reader's language: a refusal of
        the rules as the game's table says it."""
        from .games.records import refusal_in
        from .languages.words import said

        message = self.result["error"]["message"]
        refusal = refusal_in(message)
        if refusal is not None and self.game is not None:
            from .ui.table_screens import record_refusal_said

            told = record_refusal_said(self.game, refusal)
            if told is not None:
                return told
        return said(message)


def run_replay(args: argparse.Namespace) -> int:
    """Replay a record, or each record of a stream of them in turn (``--hand N``: the Nth
    only), from a file or standard input: a ruleset a record names by path is found
    beside it, or where the command was typed.  The status is the worst of them."""
    from .games.records import RecordError, error_object

    try:
        source, base_dir, parts = _records_given(args.file)
    except FileProblem as error:
        result_format = game_named(HOUSE_GAME).records.RESULT_FORMAT
        return _told_one(Replayed(error_object(result_format, RecordError(words_of(error))), None, None), args.json)
    if args.hand is not None:
        parts = [_record_chosen(parts, args.hand)]
    replayed = [_replayed(part, source, base_dir) for part in parts]
    if args.view:
        return _viewed(parts, replayed, source, base_dir, getattr(args, "lang", None))
    if len(replayed) == 1:
        return _told_one(replayed[0], args.json)
    return _told_each(replayed, parts, args.json)


def _viewed(parts: list[Part], replayed: list[Replayed], source: str, base_dir: Path, language: str | None) -> int:
    """``--view``: the one record given (or chosen) in the hand viewer; its error in one line."""
    from .ui.app import run_viewer

    if len(parts) > 1:
        raise CliError(_("--view shows one hand: choose it with --hand N (1 to {count})").format(count=len(parts)))
    if replayed[0].hand is None:
        return _told_one(replayed[0], as_json=False)
    return run_viewer(Storage.default(), parts[0].text, source, base_dir, parts[0].line, language)


def _records_given(file: str) -> tuple[str, Path, list[Part]]:
    """Where the records come from, the folder beside them, and the records: one, or each
    of a stream (at most ``MAX_STREAM_BYTES``, each record within ``MAX_FILE_BYTES``)."""
    from .games.records import record_parts
    from .yamlfile import MAX_FILE_BYTES, MAX_STREAM_BYTES, decoded, escaped, read_bytes

    if file == "-":
        source, base_dir = "<stdin>", Path.cwd()
        data = sys.stdin.buffer.read(MAX_STREAM_BYTES + 1)
    else:
        path = Path(file)
        source, base_dir = escaped(str(path), limit=None), path.parent
        data = read_bytes(path, what="record", limit=MAX_STREAM_BYTES)
    if len(data) <= MAX_FILE_BYTES:
        return source, base_dir, record_parts(decoded(data, source, what="record"))
    parts = record_parts(decoded(data, source, what="stream of records", limit=MAX_STREAM_BYTES))
    if len(parts) == 1:  # one record, bigger than a record may be: told as ever
        parts = [Part(decoded(data, source, what="record"), 1)]
    return source, base_dir, parts


def _record_chosen(parts: list[Part], number: int) -> Part:
    """Record ``number`` (1 the first) of those given; CliError if there is none."""
    if not 1 <= number <= len(parts):
        if len(parts) == 1:
            raise CliError(_("--hand {number}: there is no record {number} here; it holds one record")
                           .format(number=number))
        raise CliError(ngettext("--hand {number}: there is no record {number} here; it holds {count} record",
                                "--hand {number}: there is no record {number} here; it holds {count} records",
                                len(parts)).format(number=number, count=len(parts)))
    return parts[number - 1]


def _replayed(part: Part, source: str, base_dir: Path) -> Replayed:
    """One record replayed by its game's rules: those of the game that claims it (Rami's
    says it is a Rami record), else the house game's."""
    kind = game_of_record(part.text)
    describe = kind.describe_hand
    result, hand = kind.records.replay_text(part.text, source, base_dir, also_from=[Path.cwd()], first_line=part.line)
    return Replayed(result, hand, describe, kind.name)


def _told_one(replayed: Replayed, as_json: bool) -> int:
    """One record's result as JSON, or told in words; its error in one line."""
    from .games.records import printed_result

    if as_json:
        print(printed_result(replayed.result))
    elif replayed.hand is not None:
        print(lines_for_terminal(replayed.describe(replayed.hand, replayed.result)))
    else:
        print(for_terminal(f"ramsli: {replayed.problem_said()}"), file=sys.stderr)
    return EXIT_USAGE if replayed.hand is None else 0


def _told_each(replayed: list[Replayed], parts: list[Part], as_json: bool) -> int:
    """Each record's result in turn: one JSON array of them, or each told in words under
    a heading (the error of one that could not be replayed in one line on standard error)."""
    if as_json:
        print(json.dumps([one.result for one in replayed], indent=1))
    else:
        for number, (one, part) in enumerate(zip(replayed, parts), 1):
            where = {"number": number, "count": len(parts), "line": part.line}
            if one.hand is None:
                error = one.problem_said()
                print(for_terminal(_("ramsli: record {number} of {count}, line {line}: {error}").format(**where,
                                                                                                       error=error)),
                      file=sys.stderr)
            else:
                heading = _("Record {number} of {count}, line {line}").format(**where)
                print(f"{heading}\n{lines_for_terminal(one.describe(one.hand, one.result))}\n")
    return EXIT_USAGE if any(one.hand is None for one in replayed) else 0


# --- rules ---------------------------------------------------------------------------------

def add_rules(commands) -> None:
    rules = commands.add_parser("rules", help=_("list, show or check rulesets"))
    _add_language_option(rules)
    # TRANSLATORS: an uppercase placeholder of --help (what to do with rulesets: list, show or check); write it in capitals, one word
    rules_commands = rules.add_subparsers(dest="rules_command", metavar=_("ACTION"), required=True)
    listing = rules_commands.add_parser("list", help=_("list the bundled rulesets and your own"))
    show = rules_commands.add_parser("show", help=_("print a ruleset with every key resolved, in YAML"))
    # TRANSLATORS: an uppercase placeholder of --help (in lower case, as argparse writes an argument: a ruleset's name or file); write it in capitals, one word
    show.add_argument("ruleset", metavar=_("ruleset"), help=_("a ruleset's name or a YAML file"))
    check = rules_commands.add_parser("check", help=_("check ruleset files; exit 2 with the errors if any is wrong"))
    # TRANSLATORS: an uppercase placeholder of --help (in lower case, as argparse writes an argument: ruleset files); write it in capitals, one word
    check.add_argument("files", nargs="+", metavar=_("files"), help=_("ruleset files (or names)"))
    for action in (listing, show, check):
        _add_language_option(action)
    rules.set_defaults(run=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    """``rules list``, ``show`` or ``check``: check tells every problem of each file, one a line."""
    from .yamlfile import escaped

    if args.rules_command == "list":
        return _rules_list()
    if args.rules_command == "show":
        ruleset = _any_ruleset(args.ruleset)
        print(lines_for_terminal(yaml.safe_dump(ruleset.as_yaml_dict(), sort_keys=False, allow_unicode=True), limit=None),
              end="")
        return 0
    failures = 0
    for name in args.files:
        try:
            ruleset = _any_ruleset(name)
        except FileProblem as error:
            failures += 1
            for problem in error.said_problems():
                print(for_terminal(problem), file=sys.stderr)
        else:
            print(_("{file}: ok ({ruleset})").format(file=escaped(name, limit=None), ruleset=escaped(ruleset.name)))
    return EXIT_USAGE if failures else 0


def _any_ruleset(name: str):
    """A ruleset of the game it belongs to: a Rami one is a file that says 'game: rami',
    or a name only Rami has; a Ramsli one any other."""
    return game_of_ruleset(name).rules.load(name)


def _rules_list() -> int:
    """Every ruleset of each game by name with its description; a broken one in one line,
    the others as usual."""
    house, others = game_named(HOUSE_GAME), [game_named(game) for game in GAMES if game != HOUSE_GAME]
    _list_rulesets(house.rules)
    for kind in others:
        print(f"\n{kind.title}:")
        _list_rulesets(kind.rules)
    # TRANSLATORS: follows "Your own rulesets go in {folder}", once for each other game (Rami).
    theirs = "".join(_(" ({game}'s in {folder})").format(game=kind.short_title, folder=kind.rules.user_dir())
                     for kind in others)
    print("\n" + for_terminal(_("Your own rulesets go in {folder}").format(folder=house.rules.user_dir()) + theirs))
    return 0


def _list_rulesets(game_rules) -> None:
    """The rulesets of one game's ``rules`` module, one line each: a bundled one's
    description in the reader's language, a person's own as written, with its file."""
    from .games.rulesets import said_description
    from .yamlfile import escaped

    for name, path in game_rules.available().items():
        shown_name = escaped(name, limit=None)
        try:
            ruleset = game_rules.load_file(path)
        except game_rules.RulesetError as error:
            print(for_terminal(_("{name:16} (broken) {error}").format(name=shown_name, error=error_said(error))))
            continue
        origin = "" if ruleset.bundled else f"  [{escaped(str(path), limit=None)}]"
        print(for_terminal(f"{shown_name:16} {said_description(ruleset)}{origin}"))


def _table_rules(name: str, players: int, game: str = HOUSE_GAME):
    """The named ruleset of ``game``, if it allows a table of ``players``."""
    kind = game_named(game)
    ruleset = kind.load_rules(name)
    try:
        kind.check_players(ruleset, players)
    except ValueError as error:
        raise CliError(words_of(error)) from None
    return ruleset


# --- simulate and tournament ---------------------------------------------------------------

def add_simulate(commands) -> None:
    simulate = commands.add_parser("simulate", help=_("play many hands between computer players and summarise them"))
    _add_table_options(simulate, players=_("every one a computer player"), bots=_("random at every seat"))
    _add_game_option(simulate)
    simulate.add_argument("--hands", type=int, default=100, metavar="K", help=_("hands to play (default: 100)"))
    simulate.add_argument("--seed", type=int, default=0, metavar="S",
                          help=_("seed of the shuffles and the players' choices (default: 0)"))
    simulate.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    simulate.set_defaults(run=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    return _run_measured("simulate", args, "--hands", args.hands)


def add_tournament(commands) -> None:
    tournament = commands.add_parser(
        "tournament", help=_("measure computer players against each other on the same deals, seats rotated")
    )
    _add_table_options(tournament, players=_("every one a computer player"),
                       bots=_("hard in the first seat, normal in the others"))
    _add_game_option(tournament)
    tournament.add_argument("--deals", type=int, default=30, metavar="K",
                            help=_("deals, each played once per rotation of the seats (default: 30)"))
    tournament.add_argument("--seed", type=int, default=0, metavar="S",
                            help=_("seed of the deals and the players' choices (default: 0)"))
    tournament.add_argument("--jobs", type=int, default=1, metavar="K",
                            help=_("processes playing the deals at once, the same report whatever K "
                                   "(default: 1; this machine has {cores} cores)").format(cores=os.cpu_count() or 1))
    tournament.add_argument("--json", action="store_true", help=_("print the report as one JSON object"))
    tournament.set_defaults(run=run_tournament)


def run_tournament(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise CliError(_("{option} must be at least 1").format(option="--jobs"))
    return _run_measured("tournament", args, "--deals", args.deals, args.jobs)


def _run_measured(command: str, args: argparse.Namespace, option: str, count: int, jobs: int = 1) -> int:
    """A match of computer players measured by the game asked for (``option``: how many
    hands or deals; ``jobs`` processes playing them), its progress on standard error, its
    report in words or JSON; the exit status of its check."""
    kind = game_named(args.game)
    ruleset = kind.default_ruleset if args.ruleset == game_named(HOUSE_GAME).default_ruleset else args.ruleset
    rules = _table_rules(ruleset, args.players, args.game)
    _check_count(option, count)
    unit = _(UNITS[option])

    def lineup(known: Sequence[str]) -> list[str]:
        return computer_players(args.bots, args.players, known, you_play=False)

    with StderrProgress(unit, count) as progress:
        try:
            measured = kind.measure(command, rules, args.players, args.bots, count, args.seed, lineup, progress.advance,
                                    jobs)
        except ValueError as error:
            raise CliError(words_of(error)) from None
    print(json.dumps(measured.json, indent=1) if args.json else measured.text)
    return _checked(measured.passed)


def _check_count(option: str, count: int) -> None:
    """CliError unless ``option`` asks for at least one hand or deal."""
    if count < 1:
        raise CliError(_("{option} must be at least 1").format(option=option))


def _checked(passed: bool) -> int:
    """The exit status of a run whose check passed or failed."""
    return 0 if passed else EXIT_CHECK_FAILED


def computer_players(text: str, players: int, known: Iterable[str], you_play: bool) -> list[str]:
    """The strengths ``--bots`` gives the computer players, in seat order: one for all of
    them, or one each.  At ``play`` they are the seats beside yours; in ``simulate`` and
    ``tournament``, every seat."""
    known = list(known)
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise CliError(_("--bots names '{strength}'; choose each from {strengths}").format(strength=unknown[0],
                                                                                             strengths=", ".join(known)))
    wanted = players - 1 if you_play else players
    if len(names) == 1:
        return names * wanted
    if len(names) != wanted:
        raise CliError(_bots_miscounted(len(names), wanted, players, you_play))
    return names


def _bots_miscounted(named: int, wanted: int, players: int, you_play: bool) -> str:
    """What one is told whose ``--bots`` names ``named`` strengths for a table of
    ``wanted`` computer players."""
    if you_play:
        return ngettext("--bots names {named} computer players, but the table has {count}: "
                        "--players {players} is you and {count} computer players",
                        "--bots names {named} computer players, but the table has {count}: "
                        "--players {players} is you and {count} computer players",
                        wanted).format(named=named, count=wanted, players=players)
    return ngettext("--bots names {named} computer players, but the table has {count}: "
                    "--players {players} is every seat a computer player",
                    "--bots names {named} computer players, but the table has {count}: "
                    "--players {players} is every seat a computer player",
                    wanted).format(named=named, count=wanted, players=players)


# --- progress ---------------------------------------------------------------------------------

def shows_progress(stream: TextIO) -> bool:
    """A progress bar is drawn on a terminal only: never into a file or a pipe."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class StderrProgress:
    """A bar on standard error for a run that lasts: drawn only when standard error is a
    terminal and the run has gone on for PROGRESS_AFTER_SECONDS, and wiped when it ends.

    Ctrl-C never interrupts the bar itself: one that came while it was being drawn
    (holding the lock its drawing thread needs, which stopping it would then wait for
    for ever) is raised once the drawing is done."""

    def __init__(self, unit: str, total: int):
        self.unit, self.total = unit, total
        self.stream = sys.stderr
        self.wanted = shows_progress(self.stream)
        self.started = time.monotonic()
        self.done = 0
        self.bar = None
        self.drawing = False
        self.interrupted = False
        self.usual_handler = None

    def __enter__(self) -> StderrProgress:
        if self.wanted and threading.current_thread() is threading.main_thread():
            self.usual_handler = signal.signal(signal.SIGINT, self._ctrl_c)
        return self

    def __exit__(self, *exception) -> None:
        if self.bar is not None:
            self.drawing = True
            self.bar.stop()
        if self.usual_handler is not None:
            signal.signal(signal.SIGINT, self.usual_handler)

    def _ctrl_c(self, signum, frame) -> None:
        if self.drawing:
            self.interrupted = True
        else:
            raise KeyboardInterrupt

    def advance(self) -> None:
        """One more hand or deal done."""
        self.done += 1
        self.drawing = True
        try:
            if self.bar is not None:
                self.bar.update(self.task, completed=self.done)
            elif self.wanted and time.monotonic() - self.started >= PROGRESS_AFTER_SECONDS:
                self._start()
        finally:
            self.drawing = False
        if self.interrupted:
            raise KeyboardInterrupt

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(
            BarColumn(), MofNCompleteColumn(), TextColumn(self.unit), TimeRemainingColumn(),
            console=Console(file=self.stream), transient=True,
        )
        self.task = self.bar.add_task(self.unit, total=self.total, completed=self.done)
        self.bar.start()


# --- serve -----------------------------------------------------------------------------------

def add_serve(commands) -> None:
    from .net import serve_command

    command = commands.add_parser("serve", help=_("run the server: friends at one table over SSH (docs/serving.md)"),
                                  description=_("Run the server: friends play at one table over SSH, "
                                                "and programs through the table protocol (ssh HOST json)."))
    serve_command.add_arguments(command)
    command.set_defaults(run=serve_command.run)


# --- history ---------------------------------------------------------------------------------

def add_history(commands) -> None:
    from .storage.history import HIGHEST_TABLE
    from .net.serve_command import default_data_dir

    history = commands.add_parser("history", help=_("the hands kept of every session played: list, show, export, "
                                                    "statistics, delete"))
    _add_language_option(history)
    # TRANSLATORS: an uppercase placeholder of --help (what to do with the kept hands: list, export…); write it in capitals, one word
    actions = history.add_subparsers(dest="action", metavar=_("ACTION"), required=True)

    def action(name: str, help: str) -> argparse.ArgumentParser:
        parser = actions.add_parser(name, help=help)
        # TRANSLATORS: an uppercase placeholder of --help (a folder); write it in capitals, one word
        parser.add_argument("--data", type=Path, metavar=_("DIR"), default=None,
                            help=_("a server's data folder ({folder} on this machine); default: your own "
                                   "history").format(folder=default_data_dir()))
        _add_language_option(parser)
        return parser

    listing = action("list", _("list the sessions kept, the latest first"))
    listing.add_argument("--json", action="store_true", help=_("print one JSON array, one object per session"))
    show = action("show", _("show one session: its players, its hands and how it ended"))
    show.add_argument("session", type=whole_number(1, HIGHEST_TABLE), metavar="N", help=_("the session's number"))
    show.add_argument("--json", action="store_true", help=_("print it as one JSON object"))
    export = action("export", _("print every kept hand record: YAML documents, or a JSON array"))
    export.add_argument("--table", type=whole_number(1, HIGHEST_TABLE), metavar="ID",
                        help=_("only the hands of this table"))
    export.add_argument("--session", type=whole_number(1, HIGHEST_TABLE), metavar="N",
                        help=_("only the hands of this session"))
    export.add_argument("--json", action="store_true", help=_("print one JSON array, one object per hand"))
    stats = action("stats", _("a player's statistics: yours, another person's, or a computer strength's"))
    # TRANSLATORS: an uppercase placeholder of --help (a player's name); write it in capitals, one word
    stats.add_argument("--player", metavar=_("NAME"), default=None,
                       help=_("a person's name, or computer:STRENGTH (default: your name in the settings)"))
    stats.add_argument("--game", choices=list(GAMES), default=None, help=_("only this game (default: each)"))
    stats.add_argument("--ruleset", metavar=_("NAME"), default=None, help=_("only sessions of this ruleset"))
    stats.add_argument("--json", action="store_true", help=_("print them as one JSON object"))
    delete = action("delete", _("forget one session and its hands, for good"))
    delete.add_argument("session", type=whole_number(1, HIGHEST_TABLE), metavar="N", help=_("the session's number"))
    history.set_defaults(run=run_history)


def run_history(args: argparse.Namespace) -> int:
    """``ramsli history ACTION``: the person's own history, or a server's (``--data``)."""
    from .storage.history import HandHistory, HistoryError

    folder = args.data or Storage.default().data_dir
    try:
        history = HandHistory.open_existing(folder)
        try:
            return HISTORY_ACTIONS[args.action](history, args)
        finally:
            history.close()
    except HistoryError as error:
        raise CliError(words_of(error)) from None


def history_list(history, args: argparse.Namespace) -> int:
    from .storage.history import session_json

    sessions = history.sessions()
    if args.json:
        print(json.dumps([session_json(session) for session in sessions], indent=1))
        return 0
    if not sessions:
        print(_("No session is kept yet: each hand is kept as it finishes."))
    for session in sessions:
        print(for_terminal(session_line(session)))
    return 0


def session_line(session) -> str:
    """One session in a line: number, when, game and ruleset, hands, and how each player stands."""
    from .storage.history import shown_time

    return "{number:>4}. {when}  {game} {ruleset}  {hands}  {players}".format(
        number=session.id, when=shown_time(session.started_at), game=game_named(session.game).short_title,
        ruleset=session.ruleset, hands=ngettext("{count} hand", "{count} hands", session.hands).format(count=session.hands),
        players=players_standing(session))


def players_standing(session) -> str:
    """Each player of ``session``, with their standing once it is known."""
    from .storage.history import seat_names, standing_words

    names = seat_names(session)
    if session.standing is None:
        return ", ".join(names)
    return standing_words(session.game, names, session.standing, ", ")


def history_show(history, args: argparse.Namespace) -> int:
    from .storage.history import session_json, shown_time, standing_after

    session = history.session(args.session)
    if session is None:
        raise no_session(args.session)
    hands = history.hands(session=session.id)
    if args.json:
        print(json.dumps({**session_json(session), "hands": [hand.record for hand in hands]}, indent=1))
        return 0
    print(for_terminal(session_line(session)))
    for hand in hands:
        print(for_terminal(f"  {hand.number:>3}. {shown_time(hand.finished_at)}  "
                           + players_standing(session._replace(standing=standing_after(hand)))))
    if session.ended_at is None:
        print(_("  It goes on."))
    print(_("A hand again: ramsli history export --session {number} | ramsli replay - --view --hand N")
          .format(number=session.id))
    return 0


def history_export(history, args: argparse.Namespace) -> int:
    from .storage.history import json_of, named, yaml_of

    hands = named(history.sessions(), history.hands(args.table, args.session))
    if args.json:
        print(json.dumps([json_of(kept) for kept in hands], indent=1))
    else:
        print("---\n".join(yaml_of(kept) for kept in hands), end="")  # the records' YAML escapes what does not print
    return 0


def history_stats(history, args: argparse.Namespace) -> int:
    from .storage.history import Sitter, player_statistics

    asked = args.player or Storage.default().read_settings()[0].name
    strength = asked.removeprefix("computer:") if asked.startswith("computer:") else None
    who = Sitter(asked, strength).who
    games = [args.game] if args.game else list(GAMES)
    found = [player_statistics(history, who, game, args.ruleset) for game in games]
    found = [statistics for statistics in found if statistics.sessions]
    if args.json:
        print(json.dumps({"player": who, "games": [statistics.as_json() for statistics in found]}, indent=1))
        return 0
    if not found:
        print(for_terminal(_("{player} has played no session kept in this history.").format(player=asked)))
    for statistics in found:
        print(for_terminal(statistics.said(asked)))
    return 0


def history_delete(history, args: argparse.Namespace) -> int:
    if not history.delete(args.session):
        raise no_session(args.session)
    print(_("Session {number} is forgotten, with its hands.").format(number=args.session))
    return 0


def no_session(number: int) -> CliError:
    return CliError(_("there is no session {number} in this history (see 'ramsli history list')").format(number=number))


HISTORY_ACTIONS = {"list": history_list, "show": history_show, "export": history_export, "stats": history_stats,
                   "delete": history_delete}


if __name__ == "__main__":
    sys.exit(main())
