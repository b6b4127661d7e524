"""The ``ramsli`` command: play, replay, rules, simulate.

Every error a user can cause ends in one clear line on standard error and exit
status 2, never a traceback.  Commands that print JSON print nothing else on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

import yaml

from . import __version__
from .games.ramsli import rules as rulesets
from .storage import SaveSlot, Settings, Storage, StorageError
from .table.spec import GameSpec
from .yamlfile import FileProblem

EXIT_USAGE = 2


class CliError(Exception):
    """A user's mistake, reported as one line and exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ramsli",
        description="Ramsli, the tavern trick-taking stakes game. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"ramsli {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a session straight away, skipping the setup screen")
    play.add_argument("--ruleset", default="classic", help="a bundled or own ruleset's name, or a YAML file (default: classic)")
    play.add_argument("--players", type=int, default=4, help="players at the table, you included (default: 4)")
    play.add_argument("--seed", type=int, default=None, help="seed for the shuffle, to replay the same session")
    play.add_argument("--name", default=None, help="your name at the table")
    play.add_argument("--bot-delay", type=float, default=None, help="seconds a computer player waits before each action")
    play.add_argument(
        "--bots", default=None,
        help="the computer players' strength: one for all (hard) or one each in seat order (hard,normal,normal); "
        "default: as chosen last in the setup screen",
    )
    play.add_argument("--chips", type=int, default=None, help="chips each at the start (default: the ruleset's)")
    play.add_argument(
        "--continue", dest="resume", nargs="?", type=int, const=1, default=None, metavar="N",
        help="go on with saved session N of 'ramsli saves' instead (default: the one played last)",
    )

    saves = commands.add_parser("saves", help="list the saved sessions, to continue one or delete it")
    saves.add_argument("--delete", type=int, default=None, metavar="N", help="delete saved session N, for good")

    replay = commands.add_parser("replay", help="replay a hand record (YAML or JSON; - for standard input)")
    replay.add_argument("file", help="the hand record, or - to read standard input")
    replay.add_argument("--json", action="store_true", help="print the result as one JSON object")

    rules = commands.add_parser("rules", help="list, show or check rulesets")
    rules_commands = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    rules_commands.add_parser("list", help="list the bundled rulesets and your own")
    show = rules_commands.add_parser("show", help="print a ruleset with every key resolved, in YAML")
    show.add_argument("ruleset", help="a ruleset's name or a YAML file")
    check = rules_commands.add_parser("check", help="check ruleset files; exit 2 with the errors if any is wrong")
    check.add_argument("files", nargs="+", help="ruleset files (or names)")

    simulate = commands.add_parser("simulate", help="play many hands between computer players and summarise them")
    simulate.add_argument("--ruleset", default="classic")
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--hands", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    simulate.add_argument(
        "--bots", default=None, help="computer players, one per seat, comma-separated (default: random everywhere)"
    )

    tournament = commands.add_parser(
        "tournament", help="measure computer players against each other on the same deals, seats rotated"
    )
    tournament.add_argument("--ruleset", default="classic")
    tournament.add_argument("--players", type=int, default=4)
    tournament.add_argument(
        "--bots", required=True, help="computer players, one per seat, comma-separated (e.g. hard,normal,normal,normal)"
    )
    tournament.add_argument("--deals", type=int, default=100, help="deals, each played once per rotation of the seats")
    tournament.add_argument("--seed", type=int, default=0)
    tournament.add_argument("--json", action="store_true", help="print the report as one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers = {
        None: run_app,
        "play": run_app,
        "replay": run_replay,
        "rules": run_rules,
        "saves": run_saves,
        "simulate": run_simulate,
        "tournament": run_tournament,
    }
    try:
        return handlers[args.command](args)
    except (CliError, FileProblem, StorageError) as error:
        print(f"ramsli: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``ramsli rules list | head``): not an error
        sys.stdout = open(os.devnull, "w")
        return 0


def run_app(args: argparse.Namespace) -> int:
    from .ui.app import run

    if args.command != "play":
        return run()
    if args.resume is not None:
        given = {"--ruleset": args.ruleset != "classic", "--players": args.players != 4, "--seed": args.seed is not None,
                 "--name": args.name is not None, "--bots": args.bots is not None, "--chips": args.chips is not None}
        chosen = [option for option, is_given in given.items() if is_given]
        if chosen:
            raise CliError(f"--continue goes on with a saved session as it was: it cannot take {chosen[0]} too")
        return run(resume=_saved_session(Storage.default(), args.resume).path, bot_delay=args.bot_delay)
    return run(lambda settings: play_spec(args, settings), args.bot_delay)


def play_spec(args: argparse.Namespace, settings: Settings) -> GameSpec:
    """The session ``ramsli play`` asks for: its options, and the remembered names and
    strengths where they say nothing."""
    from .ui.specs import game_spec, with_strengths

    _table_rules(args.ruleset, args.players)
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise CliError("--bot-delay must be between 0 and 10 seconds")
    if args.chips is not None and args.chips < 1:
        raise CliError(f"--chips must be a whole number of chips above 0, not {args.chips}")
    opponents = settings.opponents
    if args.bots is not None:
        try:
            opponents = with_strengths(opponents, args.bots.split(","), args.players - 1)
        except ValueError as error:
            raise CliError(str(error)) from None
    chosen = replace(settings, ruleset=args.ruleset, players=args.players, name=args.name or settings.name,
                     opponents=opponents, starting_chips=args.chips)
    return game_spec(chosen, args.seed)


# --- saves -----------------------------------------------------------------------------------

def run_saves(args: argparse.Namespace) -> int:
    """List the saved sessions, numbered as ``play --continue N`` and ``--delete N`` count them."""
    from .ui.saved import described

    storage = Storage.default()
    if args.delete is not None:
        with storage.claimed():
            slot = _saved_session(storage, args.delete)
            storage.discard_game(slot.path)
        print(f"Deleted saved session {args.delete}: {described(slot)}")
        return 0
    slots, problems = storage.saved_games()
    for problem in problems:
        print(f"ramsli: {problem}", file=sys.stderr)
    if not slots:
        print("No saved sessions: 'ramsli' sets up a new one.")
        return 0
    for number, slot in enumerate(slots, 1):
        print(f"{number:>3}. {described(slot)}")
    print("\nGo on with one: ramsli play --continue N   (the one played last: ramsli play --continue)")
    return 0


def _saved_session(storage: Storage, number: int) -> SaveSlot:
    """Saved session ``number`` (1: the one played last); CliError if there is none."""
    slots = storage.saved_games()[0]
    if not 1 <= number <= len(slots):
        have = f"1 to {len(slots)}" if slots else "none"
        raise CliError(f"there is no saved session {number} (there are {have}: see 'ramsli saves')")
    return slots[number - 1]


# --- replay ---------------------------------------------------------------------------------

def run_replay(args: argparse.Namespace) -> int:
    """Replay a record from a file or standard input: a ruleset it names by path is
    found beside the record, or where the command was typed."""
    from .games.ramsli.records import RecordError, error_result, printed_result, replay_text
    from .games.ramsli.replay_text import describe_hand
    from .yamlfile import MAX_FILE_BYTES, decoded, escaped, read_text

    try:
        if args.file == "-":
            source, base_dir = "<stdin>", Path.cwd()
            text = decoded(sys.stdin.buffer.read(MAX_FILE_BYTES + 1), source, what="record")
        else:
            path = Path(args.file)
            source, base_dir = escaped(str(path), limit=None), path.parent
            text = read_text(path, what="record")
    except FileProblem as error:
        result, hand = error_result(RecordError(str(error))), None
    else:
        result, hand = replay_text(text, source, base_dir, also_from=[Path.cwd()])
    if args.json:
        print(printed_result(result))
    elif hand is not None:
        print(describe_hand(hand, result))
    else:
        print(f"ramsli: {result['error']['message']}", file=sys.stderr)
    return EXIT_USAGE if hand is None else 0


# --- rules ---------------------------------------------------------------------------------

def run_rules(args: argparse.Namespace) -> int:
    """``rules list``, ``show`` or ``check``: check tells every problem of each file, one a line."""
    from .yamlfile import escaped

    if args.rules_command == "list":
        return _rules_list()
    if args.rules_command == "show":
        ruleset = rulesets.load(args.ruleset)
        print(yaml.safe_dump(ruleset.as_yaml_dict(), sort_keys=False, allow_unicode=True), end="")
        return 0
    failures = 0
    for name in args.files:
        try:
            ruleset = rulesets.load(name)
        except rulesets.RulesetError as error:
            failures += 1
            for problem in error.problems:
                print(problem, file=sys.stderr)
        else:
            print(f"{escaped(name, limit=None)}: ok ({escaped(ruleset.name)})")
    return EXIT_USAGE if failures else 0


def _rules_list() -> int:
    """Every ruleset by name with its description; a broken one in one line, the others as usual."""
    from .yamlfile import escaped

    bundled = rulesets.bundled_dir()
    for name, path in rulesets.available().items():
        shown_name = escaped(name, limit=None)
        try:
            ruleset = rulesets.load_file(path)
        except rulesets.RulesetError as error:
            print(f"{shown_name:16} (broken) {error}")
            continue
        origin = "" if path.parent == bundled else f"  [{escaped(str(path), limit=None)}]"
        print(f"{shown_name:16} {ruleset.description}{origin}")
    print(f"\nYour own rulesets go in {rulesets.user_dir()}")
    return 0


def _table_rules(name: str, players: int) -> rulesets.Ruleset:
    """The named ruleset, if it allows a table of ``players``."""
    ruleset = rulesets.load(name)
    try:
        ruleset.check_players(players)
    except ValueError as error:
        raise CliError(str(error)) from None
    return ruleset


# --- simulate ----------------------------------------------------------------------------

def run_simulate(args: argparse.Namespace) -> int:
    from .games.ramsli.simulate import simulate, summary_text

    ruleset = _table_rules(args.ruleset, args.players)
    if args.hands < 1:
        raise CliError("--hands must be at least 1")
    bots = _bot_names(args.bots, args.players) if args.bots else None
    summary = simulate(ruleset, args.players, args.hands, args.seed, bots)
    print(json.dumps(summary, indent=1) if args.json else summary_text(summary))
    return 0 if summary["chips_conserved"] else 1


# --- tournament --------------------------------------------------------------------------

def run_tournament(args: argparse.Namespace) -> int:
    from .games.ramsli.tournament import summary_text, tournament

    ruleset = _table_rules(args.ruleset, args.players)
    if args.deals < 1:
        raise CliError("--deals must be at least 1")
    result = tournament(ruleset, args.players, _bot_names(args.bots, args.players), args.deals, args.seed)
    print(json.dumps(result.as_json(), indent=1) if args.json else summary_text(result))
    return 0 if result.chips_conserved else 1


def _bot_names(text: str, players: int) -> list[str]:
    """Comma-separated computer players, one per seat, each a known name."""
    from .games.ramsli.bots import MEASUREMENT_PLAYERS

    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in MEASUREMENT_PLAYERS]
    if unknown:
        raise CliError(f"unknown computer player '{unknown[0]}'; choose from {', '.join(MEASUREMENT_PLAYERS)}")
    if len(names) != players:
        raise CliError(f"--bots names {len(names)} players but --players is {players}: name one per seat")
    return names


if __name__ == "__main__":
    sys.exit(main())
