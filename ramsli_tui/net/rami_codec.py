"""A Rami Simple view and its events in the table protocol's JSON, in the terms of ``rami-result/1``.

The same card codes and the same names as a Rami hand's result (``hand``, ``talon``,
``jetee`` top card first, ``tournante``, ``out`` with its melds and discard,
``scores`` per side), told from one seat: its own cards only (none to a spectator),
the others' as counts.  A card drawn from the talon is named only to the seat that drew
it; the table has already kept that event from the others.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..games.rami.engine.events import (
    CardsDealt, Discarded, Drew, GameEnded, HandScored, HandStarted, TalonCardDrawn, TalonReshuffled,
    TournanteBuried, WentOut,
)
from ..games.rami.engine.view import RamiView

VIEW = RamiView  # the views this codec writes


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def went_out(out: WentOut | None) -> dict[str, Any] | None:
    if out is None:
        return None
    return {"seat": out.seat, "melds": [codes(meld) for meld in out.melds], "discard": out.discard.code}


def view_json(view: Any, names: Sequence[str], seat: int | None) -> dict[str, Any]:
    return {
        "game": "rami",
        "hand": [] if seat is None else sorted(codes(view.hand)),
        "seat": seat,
        "dealer": view.dealer,
        "hand_number": view.number,
        "counts": list(view.counts),
        "talon": view.talon,
        "jetee": codes(view.jetee),
        "tournante": None if view.tournante is None else view.tournante.code,
        "first_round": view.first_round,
        "phase": view.phase.value,
        "scores": list(view.scores),
        "out": went_out(view.out),
        "to_act": view.current_seat if view.current_seat >= 0 else None,
        "names": list(names),
    }


EVENT_JSON: dict[type, Callable[[Any], dict[str, Any]]] = {
    HandStarted: lambda started: {
        "event": "hand_started", "hand_number": started.number, "dealer": started.dealer, "scores": list(started.scores),
    },
    CardsDealt: lambda dealt: {"event": "dealt", "seat": dealt.seat, "cards": codes(dealt.cards)},
    Drew: lambda drew: {"event": "drew", "seat": drew.seat, "from": drew.source,
                        **({} if drew.card is None else {"card": drew.card.code})},
    TalonCardDrawn: lambda drawn: {"event": "talon_card", "seat": drawn.seat, "card": drawn.card.code},
    Discarded: lambda thrown: {"event": "discarded", "seat": thrown.seat, "card": thrown.card.code,
                               "tournante": thrown.tournante},
    TournanteBuried: lambda buried: {"event": "tournante_buried", "card": buried.card.code},
    TalonReshuffled: lambda shuffled: {"event": "talon_reshuffled", "cards": shuffled.cards},
    WentOut: lambda out: {"event": "went_out", **went_out(out)},
    HandScored: lambda scored: {
        "event": "hand_scored", "hand_number": scored.number, "winner": scored.winner,
        "losing_side": scored.losing_side, "points": scored.points, "scores": list(scored.scores),
    },
    GameEnded: lambda ended: {"event": "game_ended", "loser": ended.loser, "scores": list(ended.scores)},
}


def event_json(event: Any) -> dict[str, Any]:
    return EVENT_JSON[type(event)](event)
