"""Rami house rules: a frozen, validated ``RamiRules`` built from YAML.

The seed's rules are the default (``simple``): a fixed 100 points to each player of the
losing side, the game lost at 300 one against one and at 600 two against two (S14).
Those two numbers are the house rules the source leaves to the table, so they are the
only keys besides ``name`` and ``description``:

```yaml
game: rami                     # every Rami ruleset file says so first
extends: simple                # optional: another Rami ruleset, by name or relative path
description: Short games - the second lost hand ends it.
points_per_loser: 100
losing_total: {2: 200, 4: 400} # by players at the table: 2 (one against one) or 4 (two against two)
```

Bundled Rami rulesets live in ``rulesets/rami/`` (shipped inside the wheel with the
other rulesets); a player's own in the ``rami`` folder of their rulesets folder, or
anywhere by path.  Every mistake is a ``RulesetError`` naming the file, the line and the
key in one sentence, read by the same ``games.rulesets`` as Ramsli's rulesets (on
``yamlfile``: safe, bounded, with line numbers and "did you mean").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

import yaml

from ...languages import N_, _, ngettext
from ...languages.words import Words
from ...yamlfile import FileProblem, escaped, is_int, parse_node, read_text
from ..rulesets import RulesetFiles, RulesetWords, Where, bundled_field, bundled_folder, key_fields, plain_text, user_folder

GAME = "rami"
PLAYER_COUNTS = (2, 4)  # S2: one against one, or two against two
MAX_POINTS = 1_000_000


def side_of(seat: int) -> int:
    """S2: seat 0 (and 2, its partner opposite) is side 0; seat 1 (and 3) is side 1."""
    return seat % 2


class RulesetError(FileProblem):
    """A Rami ruleset that cannot be used; the message names file, line and key."""


@dataclass(frozen=True)
class LosingTotals:
    """S14: the points at which a side has lost the game, by players at the table."""

    two: int = 300
    four: int = 600

    def for_players(self, players: int) -> int:
        return self.two if players == 2 else self.four

    def as_dict(self) -> dict[int, int]:
        return {2: self.two, 4: self.four}


@dataclass(frozen=True)
class RamiRules:
    """The rules of a Rami Simple table; the defaults are the seed's (``simple``)."""

    name: str = "simple"
    description: str = ""
    points_per_loser: int = 100
    losing_total: LosingTotals = LosingTotals()
    bundled: bool = bundled_field()

    def check_players(self, players: int) -> None:
        """ValueError, in one sentence, unless ``players`` is 2 or 4 (S2)."""
        if players not in PLAYER_COUNTS:
            # TRANSLATORS: {players} a number of players
            raise ValueError(Words(N_("Rami Simple is for 2 players (one against one) or 4 (two against two), not {players}"),
                                   {"players": players}))

    def points_for_losing_side(self, players: int) -> int:
        """S14: every player of the losing side gets ``points_per_loser``."""
        return self.points_per_loser * (players // 2)

    def lost_at(self, players: int) -> int:
        return self.losing_total.for_players(players)

    def scores_like(self, other: RamiRules) -> bool:
        """Do these rules score a game as ``other``'s do, whatever their names?"""
        return (self.points_per_loser, self.losing_total) == (other.points_per_loser, other.losing_total)

    def as_yaml_dict(self) -> dict[str, Any]:
        """Every key, resolved, as plain YAML-ready values."""
        out: dict[str, Any] = {"game": GAME}
        for item in key_fields(self):
            value = getattr(self, item.name)
            out[item.name] = value.as_dict() if isinstance(value, LosingTotals) else value
        return out

    def house_rules(self) -> list[str]:
        """The rules that matter at the table, in words, for menus and help, in the
        reader's language."""
        return [
            _("Two 52-card decks and four jokers; 1 against 1, or 2 against 2 with partners opposite"),
            # TRANSLATORS: a house rule's bullet; {count} the points each player of the side that lost a hand gets
            ngettext("Each player of the losing side gets {count} point, whatever they hold",
                     "Each player of the losing side gets {count} points, whatever they hold",
                     self.points_per_loser).format(count=self.points_per_loser),
            # TRANSLATORS: a house rule's bullet; {count} the points that lose the game one against one,
            # {teams} those that lose it for a team two against two
            ngettext("The game is lost at {count} point one against one, at {teams} for a team two against two",
                     "The game is lost at {count} points one against one, at {teams} for a team two against two",
                     self.lost_at(2)).format(count=self.lost_at(2), teams=self.lost_at(4)),
        ]


SIMPLE = RamiRules(
    description=N_("Rami Simple as the source plays it: 100 points to each loser, lost at 300 (1 v 1) or 600 (2 v 2)."),
    bundled=True)


# --- where Rami rulesets live, and reading them ----------------------------------------------

def bundled_dir() -> Path:
    return bundled_folder() / GAME


def user_dir() -> Path:
    return user_folder() / GAME


def available() -> dict[str, Path]:
    """Every Rami ruleset found by name: bundled first, the player's own after (theirs win a clash)."""
    return FILES.available()


def find_named_in_file(reference: str, folders: Sequence[Path]) -> Path:
    """A Rami ruleset named inside a file (``extends:``, a record's ``ruleset:``): its
    name, or a path relative to one of ``folders``."""
    return FILES.find_named_in_file(reference, folders)


def is_rami_ruleset(path: Path) -> bool:
    """Does the file at ``path`` say ``game: rami``?  (So that ``ramsli rules check`` knows
    which game's rules to read it by; a file that cannot be read is not.)"""
    try:
        node = parse_node(read_text(Path(path), RulesetError, "ruleset"), escaped(str(path)), RulesetError)
    except RulesetError:
        return False
    if not isinstance(node, yaml.MappingNode):
        return False
    return any(key.value == "game" and getattr(value, "value", None) == GAME for key, value in node.value)


def load(name_or_path: str) -> RamiRules:
    """A Rami ruleset by bundled/own name or by path."""
    return FILES.load(name_or_path)


def load_file(path: Path) -> RamiRules:
    return FILES.load_file(path)


def from_node(node: yaml.Node, source: str, folders: Sequence[Path] = ()) -> RamiRules:
    """The rules of an inline mapping (a record's ``ruleset:``), which need not say
    ``game: rami``; ``extends`` finds files relative to ``folders``."""
    return FILES.from_node(node, source, "inline", folders)


# --- the keys ------------------------------------------------------------------------------------

def _points(value, where: Where) -> int:
    if not is_int(value) or not 1 <= value <= MAX_POINTS:
        # TRANSLATORS: {where} a file's path and line, {key} a key as written there, {most} a number, {value} the wrong value
        raise where.fail(N_("{where}: {key} must be a whole number of points from 1 to {most}, not {value}"), value,
                         most=f"{MAX_POINTS:,}")
    return value


def _points_per_loser(value, where: Where, base: RamiRules) -> int:
    return _points(value, where)


def _losing_total(value, where: Where, base: RamiRules) -> LosingTotals:
    if not isinstance(value, dict):
        raise where.fail(N_("{where}: {key} must map the players at the table (2 or 4) to points, like {{2: 300, 4: 600}}, not {value}"),
                         value)
    totals = base.losing_total.as_dict()
    for players, points in value.items():
        if isinstance(players, str) and players in ("2", "4"):  # JSON keys are always text
            players = int(players)
        if not is_int(players) or players not in PLAYER_COUNTS:
            raise where.fail(N_("{where}: {key} can only name 2 or 4 players, not {value}"), players)
        totals[players] = _points(points, replace(where, key=f"{where.key} [{players}]"))
    return LosingTotals(totals[2], totals[4])


KEY_CHECKS = {
    "name": plain_text,
    "description": plain_text,
    "points_per_loser": _points_per_loser,
    "losing_total": _losing_total,
}


def _more_problems(source: str, line: int, more: int) -> Words:
    """The line after a file's first problems: how many more."""
    # TRANSLATORS: {file} a file's path, {count} how many more problems it has
    return Words.counted("{file}: and {count} more problem", "{file}: and {count} more problems", more, {"file": source})


RAMI_WORDS = RulesetWords(
    # TRANSLATORS: {name} the name asked for, {did_you_mean} " (did you mean 'x'?)" or nothing, {known} the names, by commas
    unknown=N_("unknown Rami ruleset {name}{did_you_mean}; known Rami rulesets: {known}"),
    # TRANSLATORS: {where} a file's path and line, {value} what extends says
    extends_must_name=N_("{where}: extends must name a Rami ruleset, not {value}"),
    # TRANSLATORS: {where} a file's path and line; {game} what the file must say (rami): keep 'game: {game}' as it is
    must_say_game=N_("{where}: a Rami ruleset must say 'game: {game}'"),
    game_must_be=N_("{where}: game must be '{game}' in a Rami ruleset, not {value}"),
)

FILES = RulesetFiles(
    problem=RulesetError, base=SIMPLE, checks=KEY_CHECKS, called="Rami ruleset", words=RAMI_WORDS,
    example="points_per_loser: 50", game=GAME, more_problems=_more_problems,
    folders=lambda: (bundled_dir(), user_dir()),  # asked at each look-up: the player's folder may change
)
