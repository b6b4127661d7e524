"""One hand of Ramsli: antes, deal, declarations, announcements, five tricks, settlement.

Rules R6-R25 of docs/rules.md.  A ``Hand`` is pure and
deterministic: it is given the stacks, the pot and the deck already shuffled, and it
changes only through ``apply``.  Hands are integer bitmasks (bit ``card`` set when held)
so that legal moves and clones stay cheap for the bots' searches.
"""

from __future__ import annotations

from ....cards import ALL_CARDS, Card, cards_in, mask_of
from ..house_rules import NAP_TARGETS, TRICKS_PER_HAND, Ruleset
from .actions import GENERAL_RAMS, IN, NAP, OUT, PASS, PLAY, Action, Refusal
from .follow import REFUSAL_OF_RULE, PlayRule, Standing, after_play, play_rule, trump_mask_of
from .events import (
    Announced,
    CardPlayed,
    CardsDealt,
    Declared,
    Event,
    HandSettled,
    HandStarted,
    Passed,
    Payment,
    PlayStarted,
    TrickWon,
    TrumpTurned,
)
from .phase import Phase
from .view import RamsliView, TrickView

ONLY_IN = (IN,)
IN_OR_OUT = (IN, OUT)
RAMS_OR_PASS = (GENERAL_RAMS, PASS)
ANNOUNCEMENT_NAMES = {"general_rams": "General Rams", "nap": "a Nap target"}


_PLAYS_BY_MASK: dict[int, tuple[Action, ...]] = {}


def plays_of(mask: int) -> tuple[Action, ...]:
    """The play actions for the cards of ``mask``, lowest card first (memoised)."""
    actions = _PLAYS_BY_MASK.get(mask)
    if actions is None:
        if len(_PLAYS_BY_MASK) > 200_000:
            _PLAYS_BY_MASK.clear()
        actions = _PLAYS_BY_MASK[mask] = tuple(PLAY[card] for card in cards_in(mask))
    return actions


def by_rank(cards) -> tuple[Card, ...]:
    """Cards highest first, for messages and displays."""
    return tuple(sorted(cards, key=lambda card: (card.rank, -card.suit), reverse=True))


class Trick:
    """A trick begun: its leader, the (seat, card) plays in order, and its winner once finished."""

    __slots__ = ("leader", "plays", "winner")

    def __init__(self, leader: int, plays: list[tuple[int, Card]], winner: int | None = None):
        self.leader = leader
        self.plays = plays
        self.winner = winner

    def __repr__(self) -> str:
        plays = " ".join(f"{seat}:{card.code}" for seat, card in self.plays)
        return f"Trick(leader={self.leader}, [{plays}], winner={self.winner})"


class Hand:
    """The state of one hand.  Seats are 0..players-1; ``seated`` are those at the table."""

    __slots__ = (
        "rules", "number", "players", "seated", "dealer", "order", "deck", "start_stacks",
        "start_pot", "antes", "stacks", "pot", "dealt", "holdings", "turn_up", "set_aside",
        "trump", "trump_mask", "declarations", "active", "next_active", "phase", "current_seat",
        "to_act", "announcement", "tricks", "plays", "tricks_won", "standing", "actions", "settlement", "opening_events",
        "legal_now",
    )

    def __init__(self, rules: Ruleset, stacks, dealer: int, pot: int, deck, seated=None, number: int = 1):
        self.rules = rules
        self.number = number
        self.players = len(stacks)
        self.seated = tuple(range(self.players)) if seated is None else tuple(seated)
        self.dealer = dealer
        at = self.seated.index(dealer)
        self.order = self.seated[at + 1:] + self.seated[: at + 1]  # dealer's left first, dealer last
        self.deck = tuple(deck)
        self.start_stacks = tuple(stacks)
        self.start_pot = pot
        self.stacks = list(stacks)
        self.antes = self._collect_antes()
        self.pot = pot + sum(self.antes)
        self.declarations: list[bool | None] = [None] * self.players
        self.active: tuple[int, ...] = ()
        self.next_active: dict[int, int] = {}
        self.announcement: tuple[int, str, int | None] | None = None
        self.tricks: list[Trick] = []
        self.plays: list[tuple[int, Card]] = []
        self.tricks_won = [0] * self.players
        self.standing: Standing | None = None  # where the trick being played stands
        self.actions: list[tuple[int, Action]] = []
        self.settlement: HandSettled | None = None
        self.to_act = 0
        self.legal_now = -1  # the cards the seat to play may play, once asked (-1: not yet)
        events: list[Event] = [HandStarted(number, dealer, tuple(self.antes), self.pot)]
        events += self._deal()
        events += self._open_declarations()
        self.opening_events = events

    # --- dealing (R6, R7, R3) -------------------------------------------------------

    def _collect_antes(self) -> list[int]:
        antes = [0] * self.players
        for seat in self.seated:
            antes[seat] = min(self.rules.ante, self.stacks[seat])
            self.stacks[seat] -= antes[seat]
        return antes

    def _deal(self) -> list[Event]:
        deck = self.deck
        dealt: list[list[Card]] = [[] for _ in range(self.players)]
        position = 0
        for packet in self.rules.packets:
            for seat in self.order:
                dealt[seat] += deck[position: position + packet]
                position += packet
        set_aside = []
        while deck[position].is_joker:
            set_aside.append(deck[position])
            position += 1
        self.turn_up = deck[position]
        self.set_aside = tuple(set_aside)
        self.trump = self.turn_up.suit
        self.trump_mask = trump_mask_of(self.trump, self.rules.jokers)
        self.dealt = tuple(map(tuple, dealt))
        self.holdings = [mask_of(cards) for cards in dealt]
        events: list[Event] = [CardsDealt(seat, self.dealt[seat]) for seat in self.order]
        events.append(TrumpTurned(self.turn_up, self.set_aside))
        return events

    # --- declaring (R8-R11) -----------------------------------------------------------

    def _open_declarations(self) -> list[Event]:
        if self.rules.obligatory:
            for seat in self.order:
                self.declarations[seat] = True
            return self._close_declarations()
        self.phase = Phase.DECLARE
        self.current_seat = self.order[0]
        return []

    def _dealer_forced_in(self) -> bool:
        return (
            self.rules.dealer_forced
            and self.to_act == len(self.order) - 1
            and not any(self.declarations[seat] for seat in self.order[:-1])
        )

    def _declare(self, seat: int, action: Action) -> list[Event]:
        if action.kind not in ("in", "out"):
            raise Refusal(seat, "declare_first")
        playing = action.kind == "in"
        forced = self._dealer_forced_in()
        if forced and not playing:
            raise Refusal(seat, "dealer_must_play")
        self.declarations[seat] = playing
        if playing:
            self.active = tuple(sorted(self.active + (seat,)))
        events: list[Event] = [Declared(seat, playing, forced)]
        self.to_act += 1
        if self.to_act < len(self.order):
            self.current_seat = self.order[self.to_act]
            return events
        return events + self._close_declarations()

    def _close_declarations(self) -> list[Event]:
        in_order = tuple(seat for seat in self.order if self.declarations[seat])
        self.active = tuple(sorted(in_order))
        if len(in_order) == 0:
            return self._settle_without_play("nobody")
        if len(in_order) == 1:
            return self._settle_without_play("lone")
        self.next_active = {seat: in_order[(i + 1) % len(in_order)] for i, seat in enumerate(in_order)}
        if self.rules.general_rams or self.rules.nap:
            self.phase = Phase.ANNOUNCE
            self.to_act = 0
            self.current_seat = in_order[0]
            return []
        return self._start_play(in_order[0])

    def active_in_order(self) -> tuple[int, ...]:
        """The active seats in declaring order (from the dealer's left)."""
        return tuple(seat for seat in self.order if self.declarations[seat])

    # --- announcements (R22, R23) --------------------------------------------------------

    def _announce(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "pass":
            events: list[Event] = [Passed(seat)]
        elif kind == "general_rams" and self.rules.general_rams:
            self.announcement = (seat, "general_rams", None)
            return [Announced(seat, "general_rams")] + self._start_play(seat)
        elif kind == "nap" and self.rules.nap:
            floor = self._nap_floor()
            if action.target not in NAP_TARGETS or action.target <= floor:
                raise Refusal(seat, "nap_above", floor=floor)
            self.announcement = (seat, "nap", action.target)
            events = [Announced(seat, "nap", action.target)]
            if action.target == 5:
                return events + self._close_announcements()
        elif kind in ANNOUNCEMENT_NAMES:
            raise Refusal(seat, "announcement_not_allowed", what=ANNOUNCEMENT_NAMES[kind])
        else:
            raise Refusal(seat, "announce_or_pass")
        self.to_act += 1
        order = self.active_in_order()
        if self.to_act < len(order):
            self.current_seat = order[self.to_act]
            return events
        return events + self._close_announcements()

    def _nap_floor(self) -> int:
        """The highest Nap target named so far (1 while nobody has named one)."""
        return self.announcement[2] if self.announcement else 1

    def _close_announcements(self) -> list[Event]:
        if self.announcement:
            return self._start_play(self.announcement[0])
        return self._start_play(self.active_in_order()[0])

    # --- play (R12-R18) ------------------------------------------------------------

    def _start_play(self, leader: int) -> list[Event]:
        self.phase = Phase.PLAY
        self.current_seat = leader
        self._begin_trick(leader)
        return [PlayStarted(leader, self.active, self.pot)]

    def _begin_trick(self, leader: int) -> None:
        self.plays = []
        self.standing = None
        self.tricks.append(Trick(leader, self.plays))

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a bitmask (R13-R16); the seat to play's are
        kept until the next action (a search asks, then plays one of them)."""
        if seat != self.current_seat:
            return self.play_rule(seat).legal
        if self.legal_now < 0:
            self.legal_now = self.play_rule(seat).legal
        return self.legal_now

    def play_rule(self, seat: int) -> PlayRule:
        """The rule that decides which cards ``seat`` may play now, and those cards."""
        return play_rule(self.holdings[seat], self.standing, self.trump_mask, self.rules.must_head)

    def _play(self, seat: int, action: Action) -> list[Event]:
        card = action.card
        if card is None:
            raise Refusal(seat, "play_a_card")
        bit = 1 << card
        if not self.legal_mask(seat) & bit:
            if not self.holdings[seat] & bit:
                raise Refusal(seat, "not_held", card=card)
            raise self._why_illegal(seat)
        self.holdings[seat] ^= bit
        plays = self.plays
        self.standing = after_play(self.standing, seat, card, self.trump_mask)
        plays.append((seat, card))
        number = len(self.tricks)
        if len(plays) < len(self.active):
            self.current_seat = self.next_active[seat]
            return [CardPlayed(seat, card, number)]
        winner = self.standing.best_seat
        self.tricks[-1].winner = winner
        self.tricks_won[winner] += 1
        events: list[Event] = [CardPlayed(seat, card, number), TrickWon(winner, number, tuple(plays))]
        if number < TRICKS_PER_HAND:
            self._begin_trick(winner)
            self.current_seat = winner
            return events
        return events + self._settle_play()

    def _why_illegal(self, seat: int) -> Refusal:
        """The refusal of a card the rule deciding ``seat``'s plays forbids, naming the cards it allows."""
        rule = self.play_rule(seat)
        legal = by_rank(cards_in(rule.legal))
        reason = REFUSAL_OF_RULE[rule.name]
        if reason in ("over_trump", "head_the_trick"):
            return Refusal(seat, reason, legal, best=ALL_CARDS[rule.best])
        return Refusal(seat, reason, legal)

    # --- settling (R19-R25) ------------------------------------------------------------

    def _settle_without_play(self, outcome: str) -> list[Event]:
        payments: list[Payment] = []
        winners: tuple[int, ...] = ()
        if outcome == "lone":
            winners = self.active
            payments.append(Payment(None, winners[0], self.pot, "pot"))
            self.stacks[winners[0]] += self.pot
            self.pot = 0
        return self._finish(outcome, winners, (), payments)

    def _settle_play(self) -> list[Event]:
        announcement = self.announcement
        if announcement and announcement[1] == "general_rams":
            return self._settle_general_rams(announcement[0])
        payments = []
        pot_at_play = self.pot
        winners = self._share_pot(self.active, payments)
        betes = tuple(seat for seat in self.active if self.tricks_won[seat] == 0)
        for seat in betes:
            self._pay_into_pot(seat, self.rules.bete_in_force(pot_at_play), "bete", payments)
        outcome = "played"
        if announcement:
            outcome = self._settle_nap(announcement[0], announcement[2], payments)
        return self._finish(outcome, winners, betes, payments)

    def settlement_if_won(self, tricks_won) -> HandSettled:
        """How this hand, in play, would settle were its tricks won as ``tricks_won``
        says (a count per seat): for a search that solves the last tricks exactly."""
        twin = self.clone()
        twin.tricks_won = list(tricks_won)
        twin._settle_play()
        return twin.settlement

    def _share_pot(self, contenders, payments: list[Payment]) -> tuple[int, ...]:
        """R19/R20: the contenders with the most tricks share the pot; the remainder stays."""
        most = max(self.tricks_won[seat] for seat in contenders)
        winners = tuple(seat for seat in contenders if self.tricks_won[seat] == most)
        share, remainder = divmod(self.pot, len(winners))
        for seat in winners:
            self.stacks[seat] += share
            payments.append(Payment(None, seat, share, "pot"))
        self.pot = remainder
        return winners

    def _pay_into_pot(self, seat: int, owed: int, reason: str, payments: list[Payment]) -> int:
        paid = min(owed, self.stacks[seat])
        self.stacks[seat] -= paid
        self.pot += paid
        payments.append(Payment(seat, None, paid, reason, owed - paid))
        return paid

    def _clockwise_from_left_of(self, seat: int) -> tuple[int, ...]:
        order = self.active_in_order()
        at = order.index(seat)
        return order[at + 1:] + order[:at]

    def _settle_general_rams(self, announcer: int) -> list[Event]:
        payments: list[Payment] = []
        pot_at_play = self.pot
        others = self._clockwise_from_left_of(announcer)
        if self.tricks_won[announcer] == TRICKS_PER_HAND:
            self._collect_evenly(others, 2 * pot_at_play, payments)
            payments.append(Payment(None, announcer, self.pot, "pot"))
            self.stacks[announcer] += self.pot
            self.pot = 0
            return self._finish("general_rams_made", (announcer,), (), payments)
        winners = self._share_pot(tuple(sorted(others)), payments)
        if self.rules.general_rams_failure == "triple_pot":
            owed = 3 * pot_at_play
        else:
            owed = 3 * self.rules.bete_in_force(pot_at_play)
        self._pay_into_pot(announcer, owed, "general_rams", payments)
        return self._finish("general_rams_failed", winners, (announcer,), payments)

    def _collect_evenly(self, payers: tuple[int, ...], total: int, payments: list[Payment]) -> None:
        """R22: ``payers`` share ``total`` as evenly as possible, the odd chips falling on
        the first of them.  Whoever cannot pay their share pays their whole stack and
        drops out; what is still owed is shared again, from scratch, among those left."""
        asked_of: dict[int, int] = {}
        paid_by: dict[int, int] = {}
        owed = total
        left = list(payers)
        while left:
            shares = self._even_shares(owed, left)
            short = [seat for seat in left if self.stacks[seat] < shares[seat]]
            if not short:
                asked_of.update(shares)
                paid_by.update(shares)
                break
            for seat in short:
                asked_of[seat] = shares[seat]
                paid_by[seat] = self.stacks[seat]
                owed -= self.stacks[seat]
            left = [seat for seat in left if seat not in short]
        for seat in payers:
            self.stacks[seat] -= paid_by[seat]
            self.pot += paid_by[seat]
            payments.append(Payment(seat, None, paid_by[seat], "general_rams", asked_of[seat] - paid_by[seat]))

    @staticmethod
    def _even_shares(total: int, payers: list[int]) -> dict[int, int]:
        """``total`` split as evenly as possible, one chip more on the first ``total mod n``."""
        share, extra = divmod(total, len(payers))
        return {seat: share + (1 if i < extra else 0) for i, seat in enumerate(payers)}

    def _settle_nap(self, bidder: int, target: int, payments: list[Payment]) -> str:
        others = self._clockwise_from_left_of(bidder)
        if self.tricks_won[bidder] >= target:
            for seat in others:
                self._transfer(seat, bidder, self.rules.nap_bonus[target], payments)
            return "nap_made"
        for seat in others:
            self._transfer(bidder, seat, self.rules.nap_penalty[target], payments)
        return "nap_missed"

    def _transfer(self, payer: int, payee: int, owed: int, payments: list[Payment]) -> None:
        """A Nap payment from one player to another: as much of ``owed`` as the payer has."""
        paid = min(owed, self.stacks[payer])
        self.stacks[payer] -= paid
        self.stacks[payee] += paid
        payments.append(Payment(payer, payee, paid, "nap", owed - paid))

    def _finish(self, outcome: str, winners, betes, payments: list[Payment]) -> list[Event]:
        self.phase = Phase.SETTLED
        self.current_seat = -1
        winners = tuple(sorted(winners))
        changes = tuple(now - before for now, before in zip(self.stacks, self.start_stacks))
        self.settlement = HandSettled(
            self.number, outcome, winners, tuple(sorted(betes)), tuple(payments), tuple(self.stacks), self.pot, changes
        )
        return [self.settlement]

    # --- the public protocol ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.SETTLED

    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.PLAY:
            return plays_of(self.legal_mask(self.current_seat))
        if phase is Phase.DECLARE:
            return ONLY_IN if self._dealer_forced_in() else IN_OR_OUT
        if phase is Phase.ANNOUNCE:
            if self.rules.general_rams:
                return RAMS_OR_PASS
            floor = self._nap_floor()
            return tuple(NAP[target] for target in NAP_TARGETS if target > floor) + (PASS,)
        return ()

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` for the seat to act (checked against ``seat`` when given)."""
        phase = self.phase
        if phase is Phase.SETTLED:
            raise Refusal(seat, "hand_over")
        actor = self.current_seat
        if seat is not None and seat != actor:
            raise Refusal(seat, "not_your_turn", turn=actor)
        if phase is Phase.PLAY:
            events = self._play(actor, action)
        elif phase is Phase.DECLARE:
            events = self._declare(actor, action)
        else:
            events = self._announce(actor, action)
        self.actions.append((actor, action))
        self.legal_now = -1
        return events

    def clone(self) -> Hand:
        twin = Hand.__new__(Hand)
        for name in _SHARED_ON_CLONE:
            setattr(twin, name, getattr(self, name))
        twin.stacks = self.stacks[:]
        twin.declarations = self.declarations[:]
        twin.holdings = self.holdings[:]
        twin.tricks = [Trick(trick.leader, trick.plays[:], trick.winner) for trick in self.tricks]
        twin.plays = twin.tricks[-1].plays if twin.tricks else []
        twin.tricks_won = self.tricks_won[:]
        twin.actions = self.actions[:]
        twin.legal_now = -1  # a world's holdings may be changed as soon as it is cloned
        return twin

    def view(self, seat: int | None) -> RamsliView:
        """What ``seat`` may know: its own cards and everything public (a spectator,
        ``seat`` None, no cards of any hand)."""
        return RamsliView(
            seat=seat,
            rules=self.rules,
            number=self.number,
            players=self.players,
            seated=self.seated,
            dealer=self.dealer,
            phase=self.phase,
            current_seat=self.current_seat,
            hand=() if seat is None else tuple(sorted(self.hand_of(seat), key=lambda card: (card.suit, card.rank))),
            turn_up=self.turn_up,
            trump=self.trump,
            set_aside=self.set_aside,
            declarations=tuple(self.declarations),
            active=self.active,
            announcement=self.announcement,
            tricks=tuple(TrickView(trick.leader, tuple(trick.plays), trick.winner) for trick in self.tricks),
            tricks_won=tuple(self.tricks_won),
            stacks=tuple(self.stacks),
            pot=self.pot,
            legal=self.legal_actions() if self.current_seat == seat else (),
        )

    @property
    def current_hand(self) -> Hand:
        """The hand being played: this one (a ``RamsliSession`` answers its current hand)."""
        return self

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still holds."""
        return tuple(cards_in(self.holdings[seat]))


_COPIED_ON_CLONE = {"stacks", "declarations", "holdings", "tricks", "plays", "tricks_won", "actions", "legal_now"}
_SHARED_ON_CLONE = tuple(name for name in Hand.__slots__ if name not in _COPIED_ON_CLONE)
