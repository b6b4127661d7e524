"""A Ramsli view and its events in the table protocol's JSON, in the terms of ``ramsli-result/1``:
card codes, suits by letter, declarations ``"in"``/``"out"``, told from one seat (its
own hand only, none to a spectator)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..games.ramsli.engine.events import (
    Announced, CardPlayed, CardsDealt, Declared, FirstDealerChosen, HandSettled, HandStarted, Passed, Payment,
    PlayStarted, SeatsLeft, SessionEnded, TrickWon, TrumpTurned,
)
from ..games.ramsli.engine.view import RamsliView

VIEW = RamsliView  # the views this codec writes


def view_json(view: Any, names: Sequence[str], seat: int | None) -> dict[str, Any]:
    return {
        "hand": [] if seat is None else codes(view.hand),
        "seat": seat,
        "dealer": view.dealer,
        "hand_number": view.number,
        "trump": view.trump.letter,
        "turn_up": view.turn_up.code,
        "declarations": [declaration(playing) for playing in view.declarations],
        "active": list(view.active),
        "announcement": announcement(view.announcement),
        "tricks": [
            {"leader": trick.leader, "plays": plays(trick.plays), "winner": trick.winner}
            for trick in view.tricks
            if trick.plays
        ],
        "tricks_won": list(view.tricks_won),
        "stacks": list(view.stacks),
        "pot": view.pot,
        "to_act": view.current_seat if view.current_seat >= 0 else None,
        "names": list(names),
    }


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def plays(pairs) -> list[list[Any]]:
    return [[seat, card.code] for seat, card in pairs]


def declaration(playing: bool | None) -> str | None:
    return None if playing is None else ("in" if playing else "out")


def announcement(standing: tuple[int, str, int | None] | None) -> dict[str, Any] | None:
    if standing is None:
        return None
    seat, kind, target = standing
    return {"seat": seat, "kind": kind, "target": target} if kind == "nap" else {"seat": seat, "kind": kind}


def payment(paid: Payment) -> dict[str, Any]:
    return {"payer": paid.payer, "payee": paid.payee, "chips": paid.chips, "reason": paid.reason, "short": paid.short}


EVENT_JSON: dict[type, Callable[[Any], dict[str, Any]]] = {
    FirstDealerChosen: lambda cut: {
        "event": "cut", "cards": [pair for draw in cut.draws for pair in plays(draw)], "dealer": cut.dealer,
    },
    HandStarted: lambda started: {
        "event": "hand_started", "hand_number": started.number, "dealer": started.dealer,
        "antes": list(started.antes), "pot": started.pot,
    },
    CardsDealt: lambda dealt: {"event": "dealt", "seat": dealt.seat, "cards": codes(dealt.cards)},
    TrumpTurned: lambda turned: {"event": "trump_turned", "card": turned.card.code, "set_aside": codes(turned.set_aside)},
    Declared: lambda said: {"event": "declared", "seat": said.seat, "declaration": declaration(said.playing), "forced": said.forced},
    Announced: lambda said: {"event": "announced", **announcement((said.seat, said.kind, said.target))},
    Passed: lambda passed: {"event": "passed", "seat": passed.seat},
    PlayStarted: lambda started: {"event": "play_started", "leader": started.leader, "active": list(started.active), "pot": started.pot},
    CardPlayed: lambda played: {"event": "card_played", "seat": played.seat, "card": played.card.code, "trick": played.trick},
    TrickWon: lambda won: {"event": "trick_won", "seat": won.seat, "trick": won.trick, "plays": plays(won.plays)},
    HandSettled: lambda settled: {
        "event": "hand_settled", "hand_number": settled.number, "outcome": settled.outcome,
        "winners": list(settled.winners), "bete": list(settled.betes),
        "payments": [payment(paid) for paid in settled.payments],
        "stacks": list(settled.stacks), "pot": settled.pot, "changes": list(settled.changes),
    },
    SeatsLeft: lambda left: {"event": "seats_left", "seats": list(left.seats)},
    SessionEnded: lambda ended: {"event": "session_ended", "reason": ended.reason, "winners": list(ended.winners), "stacks": list(ended.stacks)},
}


def event_json(event: Any) -> dict[str, Any]:
    return EVENT_JSON[type(event)](event)
