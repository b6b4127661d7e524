"""The facts of a finished hand, seat by seat: what every game tells the history for its statistics.

Each game's ``facts`` module (its ``GameKind``'s ``facts``) names its ``FACTS``, each a
``Fact``: a name (a column of the history's statistics), its label in English (``N_``,
said in a person's language where it is shown), and how a person's figure over many
hands is made of it (``kept``: ``"sum"`` adds the hands up, ``"max"`` keeps the
highest).  ``facts_of(record)`` gives one mapping of every fact to an integer per seat,
from a hand record exactly as the history keeps it; ``standing_after(record)`` each
seat's standing once the hand is settled, higher better.  ``WON`` is the fact the
history adds for each player when a session ends (1 for its winners), with the game's
own name for a session won; ``CHARTS`` the figures the statistics draw session by
session (``Chart``); ``RATIOS`` the figures shown as one fact over another (``Ratio``).  Both replay the record
through the game's own records module and engine (``finished_hand``), so that a fact
is always what the engine made of the hand, never a rule told again.

Nothing here names a game: the storage asks a game's kind for its facts, and reads
them through this module's ``Fact``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping, NamedTuple, Sequence

import yaml

from ..languages import N_
from ..languages.words import Words
from .records import RecordError

WON_FACT = "sessions_won"  # the name of every game's ``WON``, as the history keeps it
KEPT = ("sum", "max")  # how a person's figure over many hands is made of a fact
SOURCE = "<hand record>"  # what a record's problems name it, as the history gives no file
# TRANSLATORS: a hand record the history was given for its statistics that stops before the hand's end
UNFINISHED = N_("the hand of this record is not finished, so it has no facts yet")
# TRANSLATORS: what the history was given for a hand record is not a mapping of a record's keys, or holds what none does
NOT_A_RECORD = N_("this is not a hand record: it cannot be read as one")


class Fact(NamedTuple):
    """One fact of a hand for one seat: ``name`` (as the history's columns), ``label``
    (an English ``N_`` text, as "Hands played"), ``kept`` (``"sum"`` or ``"max"``) and
    ``shares``, what a summed figure is also shown per ("hand", "session"; none: not shown so)."""

    name: str
    label: str
    kept: str
    shares: tuple[str, ...] = ("hand",)


class Ratio(NamedTuple):
    """A figure shown as one fact's total over another's: "Tricks a hand in" is the tricks
    taken over the hands in."""

    label: str  # an English N_ text
    fact: str
    of: str


class Chart(NamedTuple):
    """A figure drawn session by session: ``fact``'s total in each, or, with ``of`` (a
    fact too), its share of that fact's in hundredths (the hands in of the hands played)."""

    title: str  # an English N_ text, as "Chips won, session by session"
    fact: str
    of: str | None = None

    @property
    def facts(self) -> list[str]:
        """The facts a session's value is made of."""
        return [self.fact] if self.of is None else [self.fact, self.of]

    def value(self, totals: Mapping[str, int]) -> int:
        """One session's value from its ``totals`` of ``facts``: the fact's, or its share of ``of``'s in hundredths."""
        if self.of is None:
            return totals[self.fact]
        return round(100 * totals[self.fact] / totals[self.of]) if totals[self.of] else 0


def record_text(record: Any) -> str:
    """``record`` written out as its game's ``read_record`` reads a record (YAML: a record
    kept as JSON reads the same); RecordError if it holds what no record can."""
    try:
        return yaml.safe_dump(record, sort_keys=False, allow_unicode=True, default_flow_style=None, width=10**6)
    except yaml.YAMLError:
        raise RecordError(Words(NOT_A_RECORD)) from None


def finished_hand(record: Any, read_record: Callable[..., Any], replay: Callable[[Any], Any],
                  hand_of: Callable[[Any], Any] = lambda replayed: replayed) -> Any:
    """What the game's ``replay`` gives back for ``record``, replayed to its end (``hand_of``
    of it: the hand, whose ``is_over`` is true).  RecordError, a ValueError in one line, if
    the record is not one, its ruleset cannot be found, the rules refuse one of its actions,
    or its hand is not finished.

    All but the actions are read as text by the game's ``read_record``, which checks every
    key; the actions are given to ``replay`` as they stand, each checked there as it is
    replayed, as a record read from text has them.  (A long hand's actions may hold more
    values than the bounded reader of outside text allows a file; the history's records
    are the house's own.)  ``read_record`` gives a dataclass with its ``actions``."""
    if not isinstance(record, Mapping):
        raise RecordError(Words(NOT_A_RECORD))
    actions = record.get("actions")
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError(Words(N_("{where}: actions must be a list"), {"where": SOURCE}))
    head = {key: value for key, value in record.items() if key != "actions"}
    replayed = replay(replace(read_record(record_text(head), SOURCE), actions=tuple(actions)))
    if not hand_of(replayed).is_over:
        raise RecordError(Words(UNFINISHED))
    return replayed


def row(facts: Sequence[Fact], values: Mapping[str, int | bool]) -> dict[str, int]:
    """The facts of one seat in the order of ``facts``, each an ``int`` (a yes is 1);
    ``values`` must give every fact and nothing else."""
    names = [fact.name for fact in facts]
    assert sorted(values) == sorted(names), (sorted(values), sorted(names))
    return {name: int(values[name]) for name in names}
