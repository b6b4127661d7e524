"""Helpers for the Rami computer-player tests: sessions played to random moments by a
mixed lineup, and every decision a player makes over a whole hand."""

from __future__ import annotations

import random

from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.engine import Action, RamiSession
from ramsli_tui.games.rami.house_rules import SIMPLE


def decisions(session: RamiSession, lineup, seed: int):
    """Play ``session``'s current hand to its end with ``lineup[seat]``; each (seat, view,
    legal, action) on the way, every action checked by the session before it is applied."""
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(session.players)]
    made = []
    hands = session.rounds_finished
    while session.rounds_finished == hands:
        seat = session.current_seat
        view, legal = session.view(seat), session.legal_actions()
        action = lineup[seat].choose(view, legal, rngs[seat])
        made.append((seat, view, legal, action))
        session.apply(action, seat)
    return made


def session(players: int, seed: int) -> RamiSession:
    return RamiSession(SIMPLE, players, random.Random(seed))


def lineup(names, players: int):
    return [RAMI.computer_player(names[seat % len(names)]) for seat in range(players)]


def is_legal(action: Action, legal) -> bool:
    return action.kind == "out" or action in legal
