"""House rules: a frozen, validated ``Ruleset`` built from YAML.

Bundled rulesets live in the top-level ``rulesets/`` folder (shipped inside the wheel);
a player's own are found in their config folder or by path.  Every mistake in a
ruleset is reported as a ``RulesetError`` whose message names the file, the line and
the key in one sentence: ``rulesets/mine.yaml:4: bete must be a number of chips or
'pot', not 'lots'``.  Only safe YAML loading is used.  Finding and reading the files
(the folders, ``extends``, key by key) is ``games.rulesets``'s, as for every game; this
module holds Ramsli's rules, its keys and their checks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

import yaml

from ...cards import Card, deck_cards
from ...languages import N_
from ...languages.words import Words
from ...yamlfile import Entry, FileProblem, is_int, parse_node
from ...languages import N_, _, ngettext
from ..rulesets import RulesetFiles, Where, bundled_field, bundled_folder, key_fields, plain_text, user_folder

NAP_TARGETS = (2, 3, 4, 5)
CARDS_PER_HAND = 5  # R6: five cards each
TRICKS_PER_HAND = CARDS_PER_HAND


class ChipsByTarget(Mapping[int, int]):
    """An immutable, hashable map of Nap targets to chips."""

    __slots__ = ("_chips",)

    def __init__(self, chips: Mapping[int, int]):
        self._chips = dict(sorted(chips.items()))

    def __getitem__(self, target: int) -> int:
        return self._chips[target]

    def __iter__(self):
        return iter(self._chips)

    def __len__(self) -> int:
        return len(self._chips)

    def __hash__(self) -> int:
        return hash(tuple(self._chips.items()))

    def __repr__(self) -> str:
        return f"ChipsByTarget({self._chips})"


DEFAULT_NAP_BONUS = ChipsByTarget({2: 2, 3: 3, 4: 4, 5: 10})
DEFAULT_NAP_PENALTY = ChipsByTarget({2: 2, 3: 3, 4: 4, 5: 5})


class RulesetError(FileProblem):
    """A ruleset that cannot be used; the message names file, line and key."""


@dataclass(frozen=True)
class PlayerLimits:
    min: int = 3
    max: int = 6


@dataclass(frozen=True)
class Ruleset:
    """Every house rule of docs/rules.md; defaults are classic."""

    name: str = "classic"
    description: str = ""
    deck: str = "piquet32"
    jokers: bool = False
    players: PlayerLimits = PlayerLimits()
    ante: int = 1
    packets: tuple[int, ...] = (3, 2)
    dealer_forced: bool = True
    obligatory: bool = False
    must_head: bool = False
    bete: int | str = 5
    bete_multiplier: int = 1
    general_rams: bool = False
    general_rams_failure: str = "triple_bete"
    nap: bool = False
    nap_bonus: ChipsByTarget = DEFAULT_NAP_BONUS
    nap_penalty: ChipsByTarget = DEFAULT_NAP_PENALTY
    starting_chips: int = 20
    target: int | None = None
    on_bust: str = "end"
    max_hands: int | None = None
    bundled: bool = bundled_field()

    def cards(self) -> list[Card]:
        """The ruleset's deck, in a fixed order (shuffle a copy to deal)."""
        return deck_cards(self.deck, self.jokers)

    def check_players(self, players: int) -> None:
        """ValueError, in one sentence, if these rules are not for a table of ``players``."""
        if not self.players.min <= players <= self.players.max:
            # TRANSLATORS: {name} a ruleset's name, {min} {max} {players} numbers of players
            raise ValueError(Words(N_("the {name} rules are for {min} to {max} players, not {players}"),
                                   {"name": self.name, "min": self.players.min, "max": self.players.max, "players": players}))

    def bete_in_force(self, pot: int) -> int:
        """R21: the bete with its multiplier, for a hand whose pot at the start of play is ``pot``."""
        base = pot if self.bete == "pot" else self.bete
        return base * self.bete_multiplier

    def as_yaml_dict(self) -> dict[str, Any]:
        """Every key, resolved, as plain YAML-ready values."""
        out: dict[str, Any] = {}
        for item in key_fields(self):
            value = getattr(self, item.name)
            if isinstance(value, PlayerLimits):
                value = {"min": value.min, "max": value.max}
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = dict(value)
            out[item.name] = value
        return out

    def house_rules(self) -> list[str]:
        """The rules that matter at the table, in words, for menus and help, in the
        reader's language."""
        lines = [
            self._deck_rule(),
            # TRANSLATORS: a house rule's bullet; {count} the chips each player starts with
            ngettext("Players: {min} to {max}; {count} chip each", "Players: {min} to {max}; {count} chips each",
                     self.starting_chips).format(min=self.players.min, max=self.players.max, count=self.starting_chips),
            # TRANSLATORS: a house rule's bullet; {packets} the cards of each packet of the deal, like "3 + 2"
            _("Ante: {ante}; deal in packets of {packets}").format(
                ante=self.ante, packets=" + ".join(map(str, self.packets))),
            self._bete_rule(),
            self._everyone_out_rule(),
        ]
        if self.must_head:
            lines.append(_("Must head: beat the best card of the led suit when you can"))
        if self.general_rams:
            if self.general_rams_failure == "triple_bete":
                lines.append(_("General Rams allowed: all 5 tricks win 2 x the pot; failing costs 3 x the bete"))
            else:
                lines.append(_("General Rams allowed: all 5 tricks win 2 x the pot; failing costs 3 x the pot"))
        if self.nap:
            targets = ", ".join(f"{t}: +{self.nap_bonus[t]}/-{self.nap_penalty[t]}" for t in NAP_TARGETS)
            # TRANSLATORS: a house rule's bullet; {targets} each target (tricks) with the chips won and paid,
            # like "2: +2/-2, 3: +3/-3, 4: +4/-4, 5: +10/-5"
            lines.append(_("Nap targets (from each other player) {targets}").format(targets=targets))
        if self.target:
            lines.append(ngettext("Target: first to {count} chip", "Target: first to {count} chips",
                                  self.target).format(count=self.target))
        else:
            lines.append(_("Target: none (play until someone is out of chips)"))
        if self.on_bust == "eliminate":
            lines.append(_("A player who cannot pay the ante leaves; play goes on"))
        if self.max_hands:
            lines.append(ngettext("At most {count} hand", "At most {count} hands", self.max_hands).format(
                count=self.max_hands))
        return lines

    def _deck_rule(self) -> str:
        """The house rule of the deck, and of the jokers."""
        if self.deck == "piquet32":
            if self.jokers:
                return _("Deck: 32 cards (7 to ace) plus two jokers as top trumps")
            return _("Deck: 32 cards (7 to ace)")
        if self.jokers:
            return _("Deck: 52 cards (2 to ace) plus two jokers as top trumps")
        return _("Deck: 52 cards (2 to ace)")

    def _bete_rule(self) -> str:
        """The house rule of the bete: the pot or a number of chips, times its multiplier."""
        multiplier = self.bete_multiplier
        if self.bete == "pot":
            if multiplier == 1:
                return _("Bete: the pot")
            # TRANSLATORS: {multiplier} a number: the bete is the pot times it
            return _("Bete: the pot x {multiplier}").format(multiplier=multiplier)
        if multiplier == 1:
            return ngettext("Bete: {count} chip", "Bete: {count} chips", self.bete).format(count=self.bete)
        # TRANSLATORS: {multiplier} a number: the bete is {count} chips times it
        return ngettext("Bete: {count} chip x {multiplier}", "Bete: {count} chips x {multiplier}", self.bete).format(
            count=self.bete, multiplier=multiplier)

    def _everyone_out_rule(self) -> str:
        """The house rule of a hand that everyone would sit out."""
        if self.obligatory:
            return _("Obligatory: everyone plays every hand")
        if self.dealer_forced:
            return _("If everyone else is out, the dealer must play")
        return _("If everyone is out, the pot carries over")


RULESET_KEYS = [item.name for item in key_fields(Ruleset)]
CLASSIC = Ruleset(description=N_("The classic tavern game: 32 cards, ante 1, bete 5, dealer forced, 20 chips."),
                  bundled=True)


# --- where rulesets live, and reading them ----------------------------------------------

MAX_CHIPS = 1_000_000  # the most any number of chips, hands or a multiplier may be


def bundled_dir() -> Path:
    """The bundled rulesets."""
    return bundled_folder()


def user_dir() -> Path:
    """The player's own rulesets, in the platform's config folder."""
    return user_folder()


def available() -> dict[str, Path]:
    """Every ruleset found by name: bundled first, the player's own after (theirs win a clash)."""
    return FILES.available()


def find_named_in_file(reference: str, folders: Sequence[Path]) -> Path:
    """A ruleset named inside a file (``extends:``, a record's ``ruleset:``): its name, or
    a path relative to one of ``folders``."""
    return FILES.find_named_in_file(reference, folders)


def load(name_or_path: str) -> Ruleset:
    """Load a ruleset by bundled/own name or by path."""
    return FILES.load(name_or_path)


def load_file(path: Path) -> Ruleset:
    """The ruleset in the file at ``path``, with every ruleset it extends."""
    return FILES.load_file(path)


def from_node(node, source: str, default_name: str, base_dir: Path | None, also_from: Sequence[Path] = ()) -> Ruleset:
    """The ruleset of a node read from ``source`` (an inline ruleset of a record, say);
    ``extends`` finds files relative to ``base_dir``, then to the folders ``also_from``."""
    folders = ([base_dir] if base_dir is not None else []) + list(also_from)
    return FILES.from_node(node, source, default_name, folders)


def parse_yaml_node(text: str, source: str) -> yaml.Node | None:
    return parse_node(text, source, RulesetError)


# --- the keys ----------------------------------------------------------------------------

# The checks say what is wrong in whole sentences (rulesets.Where.fail).
# TRANSLATORS: {where} a file's path and line ("mine.yaml:4"), {key} a key as written there, {value} the wrong value;
# true, false, null, 'pot' and the like are what the file must say: keep them as they are
MUST_BE_TRUE_OR_FALSE = N_("{where}: {key} must be true or false, not {value}")


def _boolean(value, where, base):
    if not isinstance(value, bool):
        raise where.fail(MUST_BE_TRUE_OR_FALSE, value)
    return value


def _not_too_big(value: int, where: Where) -> int:
    if value > MAX_CHIPS:
        # TRANSLATORS: {most} a number ("1,000,000")
        raise where.fail(N_("{where}: {key} must be at most {most}, not {value}"), value, most=f"{MAX_CHIPS:,}")
    return value


def _int_at_least(minimum: int, sentence: str):
    """The check of a whole number of at least ``minimum``; ``sentence`` says what it must be."""
    def check(value, where, base):
        if not is_int(value) or value < minimum:
            raise where.fail(sentence, value)
        return _not_too_big(value, where)
    return check


def _optional_positive(value, where, base):
    if value is None:
        return None
    if not is_int(value) or value <= 0:
        raise where.fail(N_("{where}: {key} must be a whole number above 0 or null (for none), not {value}"), value)
    return _not_too_big(value, where)


def _one_of(first: str, second: str):
    """The check of a key that is one of two words."""
    def check(value, where, base):
        if value not in (first, second):
            # TRANSLATORS: {first} and {second} the two words the file may say
            raise where.fail(N_("{where}: {key} must be '{first}' or '{second}', not {value}"), value, first=first, second=second)
        return value
    return check


def _bete(value, where, base):
    if value == "pot":
        return value
    if is_int(value) and value >= 0:
        return _not_too_big(value, where)
    raise where.fail(N_("{where}: {key} must be a number of chips or 'pot', not {value}"), value)


def _packets(value, where, base):
    if (
        not isinstance(value, list)
        or not value
        or not all(is_int(size) and size > 0 for size in value)
        or sum(value) != CARDS_PER_HAND
    ):
        # TRANSLATORS: {cards} the cards of a hand (5)
        raise where.fail(N_("{where}: {key} must be a list of packet sizes above 0 that add up to {cards}, like [3, 2], not {value}"),
                         value, cards=CARDS_PER_HAND)
    return tuple(value)


def _players(value, where, base):
    if not isinstance(value, dict) or set(value) - {"min", "max"}:
        raise where.fail(N_("{where}: {key} must be a mapping like {{min: 3, max: 6}}, not {value}"), value)
    low = value.get("min", base.players.min)
    high = value.get("max", base.players.max)
    if not (is_int(low) and is_int(high) and 2 <= low <= high <= 6):
        raise where.fail(N_("{where}: {key} must have 2 <= min <= max <= 6, not {value}"), value)
    return PlayerLimits(low, high)


def _nap_table(defaults_attr: str):
    def check(value, where, base):
        if not isinstance(value, dict):
            raise where.fail(N_("{where}: {key} must map the targets 2, 3, 4 and 5 to chips, not {value}"), value)
        table = dict(getattr(base, defaults_attr))
        for target, chips in value.items():
            if isinstance(target, str) and target in ("2", "3", "4", "5"):  # JSON keys are always strings
                target = int(target)
            if target not in NAP_TARGETS:
                raise where.fail(N_("{where}: {key} can only have the targets 2, 3, 4 and 5, not {value}"), target)
            under = replace(where, key=f"{where.key} [{target}]")
            if not is_int(chips) or chips < 0:
                raise under.fail(N_("{where}: {key} must be a number of chips (0 or more), not {value}"), chips)
            table[target] = _not_too_big(chips, under)
        return ChipsByTarget(table)
    return check


KEY_CHECKS = {
    "name": plain_text,
    "description": plain_text,
    "deck": _one_of("piquet32", "standard52"),
    "jokers": _boolean,
    "players": _players,
    "ante": _int_at_least(0, N_("{where}: {key} must be a whole number of chips (0 or more), not {value}")),
    "packets": _packets,
    "dealer_forced": _boolean,
    "obligatory": _boolean,
    "must_head": _boolean,
    "bete": _bete,
    "bete_multiplier": _int_at_least(0, N_("{where}: {key} must be a whole number (0 or more), not {value}")),
    "general_rams": _boolean,
    "general_rams_failure": _one_of("triple_bete", "triple_pot"),
    "nap": _boolean,
    "nap_bonus": _nap_table("nap_bonus"),
    "nap_penalty": _nap_table("nap_penalty"),
    "starting_chips": _int_at_least(1, N_("{where}: {key} must be a whole number of chips above 0, not {value}")),
    "target": _optional_positive,
    "on_bust": _one_of("end", "eliminate"),
    "max_hands": _optional_positive,
}


def _check_combination(ruleset: Ruleset, source: str, entries: Sequence[Entry]) -> None:
    if ruleset.nap and ruleset.general_rams:
        lines = {entry.key: entry.line for entry in entries}
        key = "nap" if "nap" in lines else "general_rams"
        line = lines.get(key, 1)
        # TRANSLATORS: {where} a file's path and line, {key} nap or general_rams; nap and general_rams are keys: keep them
        raise RulesetError(Words(N_("{where}: {key}: nap and general_rams cannot both be on"), {"where": f"{source}:{line}", "key": key}))


FILES = RulesetFiles(
    problem=RulesetError, base=CLASSIC, checks=KEY_CHECKS, example="ante: 2", check_whole=_check_combination,
    folders=lambda: (bundled_dir(), user_dir()),  # asked at each look-up: the player's folder may change
)
