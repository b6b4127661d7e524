"""Sessions for the history's tests: Mia against normal computer players, played out by
computer players in every seat from a seed, and kept as the table keeps its hands."""

from __future__ import annotations

import random

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import Game, play_out
from ramsli_tui.storage.history import HandHistory
from ramsli_tui.table.spec import GameSpec

NAMES = ("Mia", "Anna", "Bertl", "Carlo", "Dora", "Emil")


def played_session(game: str, seed: int, hands: int, players: int | None = None) -> tuple[GameSpec, Game]:
    """A session of ``game`` (four players at Ramsli, two at Rami, unless ``players`` says)
    played until its end or ``hands`` hands: its spec and its game."""
    kind = game_named(game)
    players = players or (4 if game == "ramsli" else 2)
    spec = GameSpec.one_person(game, kind.default_ruleset, seed, NAMES[:players], ["normal"] * (players - 1))
    played = kind.new_game(kind.load_rules(spec.ruleset), players, seed)
    computers = {seat: kind.computer_player("normal") for seat in range(players)}
    rngs = {seat: random.Random(seed + seat) for seat in range(players)}
    play_out(played, computers, rngs, until=lambda game: game.is_over or game.rounds_finished >= hands)
    return spec, played


def kept_session(history: HandHistory, place: str, game: str, seed: int, hands: int) -> GameSpec:
    """Such a session, its hands kept in ``history`` at ``place``; its spec."""
    spec, played = played_session(game, seed, hands)
    history.keep_finished(place, spec, played.finished, played.is_over, 0)
    return spec
