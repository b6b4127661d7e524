"""The chip-conservation check of `ramsli simulate` and `ramsli tournament` can fail: an
engine that creates a chip at settlement is reported ("NO", exit status 4: a check
failed), and the JSON says so too."""

import json

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.cli import main
from ramsli_tui.games.ramsli.engine.hand import Hand
from ramsli_tui.games.ramsli.simulate import simulate
from ramsli_tui.games.ramsli.tournament import tournament


@pytest.fixture
def leaky_engine(monkeypatch):
    """Every settled hand gives seat 0 one chip from nowhere."""
    settle = Hand._finish

    def leaking(self, outcome, winners, betes, payments):
        self.stacks[0] += 1
        return settle(self, outcome, winners, betes, payments)

    monkeypatch.setattr(Hand, "_finish", leaking)


def test_simulate_sees_a_chip_created_from_nowhere(leaky_engine, capsys):
    assert simulate(house_rules.load("classic"), 3, 3, seed=1)["chips_conserved"] is False
    assert main(["simulate", "--players", "3", "--hands", "3", "--json"]) == 4
    assert json.loads(capsys.readouterr().out)["chips_conserved"] is False
    assert main(["simulate", "--players", "3", "--hands", "3"]) == 4
    assert capsys.readouterr().out.splitlines()[-1] == "Chips conserved in every hand: NO"


def test_tournament_sees_a_chip_created_from_nowhere(leaky_engine, capsys):
    assert tournament(house_rules.load("classic"), 3, ["random"] * 3, deals=1, seed=1).chips_conserved is False
    assert main(["tournament", "--players", "3", "--bots", "random,random,random", "--deals", "1"]) == 4
    assert capsys.readouterr().out.splitlines()[-1] == "Chips conserved in every hand: NO"


def test_an_honest_engine_passes_both_checks(capsys):
    assert simulate(house_rules.load("classic"), 3, 3, seed=1)["chips_conserved"] is True
    assert main(["simulate", "--players", "3", "--hands", "3"]) == 0
    assert main(["tournament", "--players", "3", "--bots", "random,random,random", "--deals", "1"]) == 0
    assert capsys.readouterr().out.count("Chips conserved in every hand: yes") == 2


def test_simulate_adds_up_every_hands_pots_betes_and_chips(monkeypatch):
    settled = []
    settle = Hand._finish

    def recording(self, outcome, winners, betes, payments):
        events = settle(self, outcome, winners, betes, payments)
        settled.append(self.settlement)
        return events

    monkeypatch.setattr(Hand, "_finish", recording)
    summary = simulate(house_rules.load("classic"), 4, 40, seed=3)
    assert summary["hands_played"] == len(settled) == 40
    assert summary["net_chips"] == [sum(s.changes[seat] for s in settled) for seat in range(4)]
    assert summary["pots_won"] == [sum(seat in s.winners for s in settled) for seat in range(4)]
    assert summary["betes"] == [sum(seat in s.betes for s in settled) for seat in range(4)]
    assert sum(summary["betes"]) > 0 and any(summary["net_chips"])


def test_simulate_deals_each_new_session_from_its_own_shuffle(monkeypatch):
    first_decks = []
    settle = Hand._finish

    def recording(self, outcome, winners, betes, payments):
        if self.number == 1:
            first_decks.append(tuple(self.deck))
        return settle(self, outcome, winners, betes, payments)

    monkeypatch.setattr(Hand, "_finish", recording)
    summary = simulate(house_rules.load("classic"), 3, 300, seed=8)
    assert summary["sessions"] == len(first_decks) > 2
    assert len(set(first_decks)) == len(first_decks)


def test_simulate_players_all_draw_on_one_random_source_seeded_by_the_seed(monkeypatch):
    import random

    from ramsli_tui.games.ramsli.bots import MEASUREMENT_PLAYERS, RandomBot

    sources = []

    class Noting(RandomBot):
        def choose(self, view, legal, rng):
            sources.append((rng, rng.getstate()))
            return super().choose(view, legal, rng)

    monkeypatch.setitem(MEASUREMENT_PLAYERS, "noting", Noting)
    simulate(house_rules.load("classic"), 3, 2, seed=42, bots=["noting"] * 3)
    assert len({id(rng) for rng, _ in sources}) == 1
    assert sources[0][1] == random.Random(42).getstate()
