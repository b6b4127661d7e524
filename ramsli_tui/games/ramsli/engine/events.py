"""What happened: the small immutable events the engine returns from ``apply``.

Every screen, bot and remote client is drawn from these and from views.  Each says who
may see it (``private_to``, the game protocol's): only ``CardsDealt`` is private, to
the seat that received the cards; it is the game protocol's own, the same in every game.
"""

from __future__ import annotations

from typing import NamedTuple

from ....cards import Card
from ...protocol import CardsDealt


class FirstDealerChosen(NamedTuple):
    """R5: the cut for the first dealer; ``draws`` are the rounds of (seat, card) drawn."""

    draws: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int

    private_to = None


class HandStarted(NamedTuple):
    number: int
    dealer: int
    antes: tuple[int, ...]
    pot: int

    private_to = None


class TrumpTurned(NamedTuple):
    card: Card
    set_aside: tuple[Card, ...]

    private_to = None


class Declared(NamedTuple):
    seat: int
    playing: bool
    forced: bool = False

    private_to = None


class Announced(NamedTuple):
    """General Rams (``kind='general_rams'``) or a Nap target (``kind='nap'``)."""

    seat: int
    kind: str
    target: int | None = None

    private_to = None


class Passed(NamedTuple):
    seat: int

    private_to = None


class PlayStarted(NamedTuple):
    leader: int
    active: tuple[int, ...]
    pot: int

    private_to = None


class CardPlayed(NamedTuple):
    seat: int
    card: Card
    trick: int

    private_to = None


class TrickWon(NamedTuple):
    seat: int
    trick: int
    plays: tuple[tuple[int, Card], ...]

    private_to = None


class Payment(NamedTuple):
    """Chips that moved at settlement: ``payer`` or ``payee`` is None for the pot.

    Nobody goes into debt (R25): ``short`` is what the rules asked of the payer beyond
    the chips it had left, so ``chips + short`` is what was asked."""

    payer: int | None
    payee: int | None
    chips: int
    reason: str
    short: int = 0


class HandSettled(NamedTuple):
    number: int
    outcome: str
    winners: tuple[int, ...]
    betes: tuple[int, ...]
    payments: tuple[Payment, ...]
    stacks: tuple[int, ...]
    pot: int
    changes: tuple[int, ...]

    private_to = None


class SeatsLeft(NamedTuple):
    """R27 on_bust: eliminate: these seats could not pay the ante and left the table."""

    seats: tuple[int, ...]

    private_to = None


class SessionEnded(NamedTuple):
    reason: str
    winners: tuple[int, ...]
    stacks: tuple[int, ...]

    private_to = None


Event = (
    FirstDealerChosen | HandStarted | CardsDealt | TrumpTurned | Declared | Announced | Passed
    | PlayStarted | CardPlayed | TrickWon | HandSettled | SeatsLeft | SessionEnded
)
