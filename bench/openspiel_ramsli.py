"""Ramsli as an OpenSpiel game, and OpenSpiel's own searchers seated at our tables: an
outside yardstick for our computer players, which were tuned against each other only.

Run by hand (it needs the bench extra: ``pip install .[bench]``):

- ``python bench/openspiel_ramsli.py --calibrate-ms 40`` prints how many ISMCTS
  simulations take about 40 ms a decision on this machine (the median over the
  decisions of a few seeded hands; ``--rules``, ``--players``, ``--search``);
- ``python bench/openspiel_ramsli.py --deals 50 --ms 40`` (or ``--simulations S``) plays
  duplicate deals of that searcher against normal players in the other seats (or
  ``--others hard``, any player ``ramsli tournament`` seats), as ``ramsli tournament``
  plays them, and prints its mean score per deal with its 95 % interval and its
  decision times beside theirs.

The game, registered as ``python_ramsli`` with the parameters ``rules`` ("classic"),
``players`` (4) and ``dealer`` (0), is one hand at a fresh table played by the
project's own engine (``Hand``).  Chance deals the deck one card at a time until a
plain card is turned up (jokers before it are set aside); a player's action is one of
``ACTIONS``: in, out, pass, General Rams, a Nap target, or a card.  A seat's
information state is its own cards in the order they came, the cards turned up or set
aside, and every action so far (every action of Ramsli is public); its observation is
what its ``RamsliView`` shows now.  Neither ever holds another seat's unplayed cards.
The returns are the project's ``utility``: the chips won or lost plus an equal share of
what the pot gained, so they add to zero.
"""

from __future__ import annotations

import argparse
import collections
import functools
import random
import statistics
import time
from typing import NamedTuple, Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ramsli_tui.cards import ALL_CARDS, Card
from ramsli_tui.games.protocol import ComputerPlayer
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import MEASUREMENT_PLAYERS, NormalBot, make_measurement_player
from ramsli_tui.games.ramsli.bots.inference import cards_of, read
from ramsli_tui.games.ramsli.bots.value import utility
from ramsli_tui.games.ramsli.bots.worlds import build_world
from ramsli_tui.games.ramsli.engine import GENERAL_RAMS, IN, NAP, OUT, PASS, Action, Hand, RamsliView
from ramsli_tui.games.ramsli.engine.actions import PLAY
from ramsli_tui.games.ramsli.house_rules import CARDS_PER_HAND, PlayerLimits, Ruleset
from ramsli_tui.games.ramsli.tournament import deal_deck, mean_and_interval, percentile, play_deal

GAME_NAME = "python_ramsli"
DEFAULTS = {"rules": "classic", "players": 4, "dealer": 0}
ACTIONS: tuple[Action, ...] = (IN, OUT, PASS, GENERAL_RAMS, *NAP.values(), *PLAY)
ACTION_ID = {action: number for number, action in enumerate(ACTIONS)}
UCT_C = 5.0  # about a bete: the returns are chips, not within [-1, 1]
WORLDS = 8  # the determinized worlds MCTS shares its simulations among
SEARCHES = ("ismcts", "mcts")

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Ramsli (one hand, on ramsli_tui's engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=PlayerLimits().max,
    min_num_players=PlayerLimits().min,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=DEFAULTS,
)


def codes(cards) -> str:
    return " ".join(card.code for card in cards) or "-"


def receivers(rules: Ruleset, players: int, dealer: int) -> tuple[int, ...]:
    """The seat each dealt card goes to, in the order of the deal (packets from the dealer's left)."""
    order = tuple(range(dealer + 1, players)) + tuple(range(dealer + 1))
    return tuple(seat for packet in rules.packets for seat in order for _ in range(packet))


class RamsliGame(pyspiel.Game):
    """One hand of Ramsli at a fresh table: every seat holds the ruleset's starting
    chips and the pot is empty."""

    def __init__(self, params=None):
        params = {**DEFAULTS, **(params or {})}
        self.rules = house_rules.load(params["rules"])
        players = params["players"]
        self.rules.check_players(players)
        self.dealer = params["dealer"]
        self.deck = tuple(self.rules.cards())
        self.receivers = receivers(self.rules, players, self.dealer)
        chips = self.rules.starting_chips
        turned_at_most = 1 + self.rules.jokers * 2
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ACTIONS),
            max_chance_outcomes=len(ALL_CARDS),
            num_players=players,
            min_utility=-chips,
            max_utility=(players - 1) * chips,
            utility_sum=0.0,
            max_game_length=len(self.receivers) + turned_at_most + players * (2 + CARDS_PER_HAND),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self, stacks: Sequence[int] | None = None, pot: int = 0) -> RamsliState:
        """The hand before its deal; ``stacks`` and ``pot`` before the antes (default: a fresh table)."""
        return RamsliState(self, stacks or [self.rules.starting_chips] * self.num_players(), pot)

    def make_py_observer(self, iig_obs_type=None, params=None) -> RamsliObserver:
        """OpenSpiel's observers of a seat: with perfect recall its information state, else its observation."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return RamsliObserver(iig_obs_type is not None and iig_obs_type.perfect_recall)


class RamsliObserver:
    """A seat's information state or observation as a string (no tensor): the state's own strings."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict = {}

    def set_from(self, state: RamsliState, player: int) -> None:
        """Nothing to set: there is no tensor."""

    def string_from(self, state: RamsliState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class HandInPlay:
    """The cards dealt so far and, once one is turned up, the engine's ``Hand``.  OpenSpiel
    clones a Python state by deep-copying its attributes: this copy clones the hand."""

    __slots__ = ("game", "stacks", "pot", "dealt", "hand")

    def __init__(self, game: RamsliGame, stacks, pot: int, dealt: list[Card], hand: Hand | None):
        self.game = game
        self.stacks = tuple(stacks)
        self.pot = pot
        self.dealt = dealt
        self.hand = hand

    def __deepcopy__(self, memo) -> HandInPlay:
        return HandInPlay(self.game, self.stacks, self.pot, self.dealt[:], self.hand and self.hand.clone())

    def deal(self, card: Card) -> None:
        self.dealt.append(card)
        if len(self.dealt) > len(self.game.receivers) and not card.is_joker:
            undealt = [other for other in self.game.deck if other not in self.dealt]
            self.hand = Hand(self.game.rules, self.stacks, self.game.dealer, self.pot, self.dealt + undealt)

    def own_cards(self, seat: int) -> list[Card]:
        return [card for card, receiver in zip(self.dealt, self.game.receivers) if receiver == seat]

    def turned(self) -> list[Card]:
        """The cards set aside and turned up so far: public."""
        return self.dealt[len(self.game.receivers):]

    def dealt_to(self, seat: int) -> str:
        """What ``seat`` has seen of the deal: its own cards as they came, and the cards turned."""
        return (f"seat {seat} | dealt {len(self.dealt)} | mine {codes(self.own_cards(seat))} | "
                f"turned {codes(self.turned())}")


class RamsliState(pyspiel.State):
    """A hand of Ramsli being dealt or played, on the engine's ``Hand``."""

    def __init__(self, game: RamsliGame, stacks: Sequence[int], pot: int = 0):
        super().__init__(game)
        self.play = HandInPlay(game, stacks, pot, [], None)

    def current_player(self) -> int:
        hand = self.play.hand
        if hand is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if hand.is_over else hand.current_seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(ACTION_ID[action] for action in self.play.hand.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        undealt = [card for card in self.play.game.deck if card not in self.play.dealt]
        return [(int(card), 1 / len(undealt)) for card in undealt]

    def _apply_action(self, action: int) -> None:
        if self.play.hand is None:
            self.play.deal(ALL_CARDS[action])
        else:
            self.play.hand.apply(ACTIONS[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {ALL_CARDS[action].code}"
        return str(ACTIONS[action])

    def is_terminal(self) -> bool:
        return self.play.hand is not None and self.play.hand.is_over

    def returns(self) -> list[float]:
        seats = range(self.play.game.num_players())
        if not self.is_terminal():
            return [0.0 for _ in seats]
        return [utility(self.play.hand, seat) for seat in seats]

    def information_state_string(self, player: int | None = None) -> str:
        """All ``player`` has seen: its cards as they came, the cards turned, every action."""
        player = self.current_player() if player is None else player
        hand = self.play.hand
        actions = " ".join(f"{seat}:{action}" for seat, action in hand.actions) if hand else "-"
        return f"{self.play.dealt_to(player)} | actions {actions}"

    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` sees now: its view of the hand, or its cards so far during the deal."""
        player = self.current_player() if player is None else player
        hand = self.play.hand
        return self.play.dealt_to(player) if hand is None else seen(hand.view(player))

    def resample_from_infostate(self, player_id: int, probability_sampler) -> RamsliState:
        return self.resampled(player_id, random.Random(probability_sampler()))

    def resampled(self, player: int, rng: random.Random) -> RamsliState:
        """A state ``player`` cannot tell from this one: the other seats' unplayed cards
        dealt again at random, within what the history reveals of them."""
        play = self.play
        dealt = play.dealt[:]
        hidden = [at for at, receiver in enumerate(play.game.receivers[: len(dealt)]) if receiver != player]
        if play.hand is None:
            known = set(play.own_cards(player) + play.turned())
            guess = rng.sample([card for card in play.game.deck if card not in known], len(hidden))
        else:
            guess = guessed_deal(play.hand.view(player), rng, [play.game.receivers[at] for at in hidden])
        for at, card in zip(hidden, guess):
            dealt[at] = card
        twin = play.game.new_initial_state(play.stacks, play.pot)
        for card in dealt:
            twin.apply_action(int(card))
        for _, action in play.hand.actions if play.hand else ():
            twin.apply_action(ACTION_ID[action])
        return twin

    def __str__(self) -> str:
        hand = self.play.hand
        if hand is None:
            return f"dealing: {codes(self.play.dealt)}"
        holdings = " | ".join(f"{seat}: {codes(hand.hand_of(seat))}" for seat in range(hand.players))
        return f"{holdings} | {seen(hand.view(None))}"


def guessed_deal(view: RamsliView, rng: random.Random, receivers_of_hidden: list[int]) -> list[Card]:
    """Cards for the hidden places of the deal, in their order (``receivers_of_hidden``,
    the seat of each): each other seat's cards played, and a guess at its unplayed ones
    that agrees with the view (``inference.read``: voids, failed over-trumps)."""
    reading = read(view)
    folded = tuple(seat for seat in view.seated if view.declarations[seat] is False)
    holdings = reading.deal(rng, None, folded)
    cards_of_seat = {seat: list(cards_of(holdings[seat] | reading.played_by[seat])) for seat in holdings}
    for cards in cards_of_seat.values():
        rng.shuffle(cards)
    return [ALL_CARDS[cards_of_seat[seat].pop()] for seat in receivers_of_hidden]


def seen(view: RamsliView) -> str:
    """A view in one line: what its seat may know now, and nothing more."""
    declared = " ".join({True: "in", False: "out", None: "?"}[said] for said in view.declarations)
    trick = view.current_trick
    plays = " ".join(f"{seat}:{card.code}" for seat, card in trick.plays) if trick else "-"
    return (f"seat {view.seat} | hand {codes(view.hand)} | "
            f"turn-up {view.turn_up.code} set aside {codes(view.set_aside)} | "
            f"declared {declared} | announced {view.announcement} | trick {plays} | "
            f"tricks won {view.tricks_won} | stacks {view.stacks} pot {view.pot} | to act {view.current_seat}")


pyspiel.register_game(GAME_TYPE, RamsliGame)


@functools.lru_cache(maxsize=None)
def ramsli_game(rules_name: str, players: int, dealer: int) -> RamsliGame:
    return pyspiel.load_game(GAME_NAME, {"rules": rules_name, "players": players, "dealer": dealer})


def state_of_hand(hand: Hand) -> RamsliState:
    """The OpenSpiel state of ``hand``: its deal and its actions, played again."""
    state = ramsli_game(hand.rules.name, hand.players, hand.dealer).new_initial_state(hand.start_stacks, hand.start_pot)
    while state.is_chance_node():
        state.apply_action(int(hand.deck[len(state.play.dealt)]))
    for _, action in hand.actions:
        state.apply_action(ACTION_ID[action])
    return state


def state_of_view(view: RamsliView, rng: random.Random) -> RamsliState:
    """A state that agrees with all ``view`` shows: the hidden cards guessed, the public history replayed."""
    reading = read(view)
    folded = tuple(seat for seat in view.seated if view.declarations[seat] is False)
    return state_of_hand(build_world(view, reading, reading.deal(rng, None, folded)))


# --- OpenSpiel's searchers at our table ---------------------------------------------------

def ismcts_action(state: RamsliState, simulations: int, seed: int) -> int:
    """ISMCTS's choice at ``state``, its worlds resampled from the seat's information state."""
    bot = ismcts.ISMCTSBot(
        state.get_game(), mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)), UCT_C, simulations,
        random_state=np.random.RandomState(seed + 1),
    )
    resampler = random.Random(seed)
    bot.set_resampler(lambda root, player: root.resampled(player, resampler))
    return int(bot.step(state))


def determinized_mcts_action(view: RamsliView, simulations: int, seed: int) -> int:
    """MCTS's choice summed over ``WORLDS`` guesses at the hidden cards, each searched as
    if every card were seen (at least two simulations each: MCTS spends its first on
    the root): the action visited most over them all."""
    rng = random.Random(seed)
    numbers = np.random.RandomState(seed)
    visits: collections.Counter[int] = collections.Counter()
    for _ in range(WORLDS):
        state = state_of_view(view, rng)
        bot = mcts.MCTSBot(state.get_game(), UCT_C, max(2, simulations // WORLDS),
                           mcts.RandomRolloutEvaluator(random_state=numbers), solve=False, random_state=numbers)
        for child in bot.mcts_search(state).children:
            visits[child.action] += child.explore_count
    return max(sorted(visits), key=visits.__getitem__)


class OpenSpielPlayer(ComputerPlayer):
    """An OpenSpiel searcher as one of our computer players: ``ismcts`` (ISMCTS from a
    state that agrees with the view) or ``mcts`` (MCTS on determinized worlds), each with
    random rollouts and ``simulations`` a decision, the same for the same ``rng``."""

    def __init__(self, simulations: int, search: str = "ismcts"):
        if search not in SEARCHES:
            raise ValueError(f"search must be one of {', '.join(SEARCHES)}, not {search!r}")
        self.simulations = simulations
        self.search = search
        self.name = f"{search}-{simulations}"

    def choose(self, view: RamsliView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seed = rng.getrandbits(31)
        if self.search == "ismcts":
            chosen = ismcts_action(state_of_view(view, random.Random(seed)), self.simulations, seed)
        else:
            chosen = determinized_mcts_action(view, self.simulations, seed)
        return legal[legal.index(ACTIONS[chosen])]


# --- measuring ---------------------------------------------------------------------------------

class Match(NamedTuple):
    """Per entry of the lineup: its score of each deal (the mean over the rotations) and its decision times."""

    scores: list[list[float]]
    decision_ms: list[list[float]]


def play_match(rules_name: str, lineup: Sequence[ComputerPlayer], deals: int, seed: int) -> Match:
    """Duplicate deals as ``ramsli tournament`` plays them (``play_deal``), scored by
    ``utility`` deal by deal, so that two entries' scores can be compared in pairs."""
    rules = house_rules.load(rules_name)
    match = Match([[] for _ in lineup], [[] for _ in lineup])
    for deal in range(deals):
        totals = [0.0] * len(lineup)
        for hand, seat_of in play_deal(rules, lineup, deal, seed, match.decision_ms):
            for entry, seat in enumerate(seat_of):
                totals[entry] += utility(hand, seat)
        for entry, total in enumerate(totals):
            match.scores[entry].append(total / len(lineup))
    return match


def decision_views(rules_name: str, players: int, hands: int, seed: int) -> list[RamsliView]:
    """The views of every real decision (two legal actions or more) in ``hands`` seeded
    hands played by normal players."""
    rules = house_rules.load(rules_name)
    normal = NormalBot()
    views = []
    for deal in range(hands):
        hand = Hand(rules, [rules.starting_chips] * players, deal % players, 0, deal_deck(rules, seed, deal))
        while not hand.is_over:
            view = hand.view(hand.current_seat)
            if len(view.legal) > 1:
                views.append(view)
            hand.apply(normal.choose(view, view.legal, random.Random(seed)))
    return views


def median_decision_ms(player: ComputerPlayer, views: Sequence[RamsliView]) -> float:
    times = []
    for number, view in enumerate(views):
        started = time.perf_counter()
        player.choose(view, view.legal, random.Random(number))
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def calibrated_simulations(target_ms: float, rules_name: str = "classic", players: int = 4, search: str = "ismcts",
                           hands: int = 4, seed: int = 0) -> int:
    """The simulations a decision that take about ``target_ms`` (the median over the
    decisions of ``hands`` seeded hands) on this machine: a probe, then one correction,
    since a simulation costs more early in a hand than late."""
    views = decision_views(rules_name, players, hands, seed)
    simulations = 50
    for _ in range(2):
        measured = median_decision_ms(OpenSpielPlayer(simulations, search), views)
        simulations = max(1, round(simulations * target_ms / measured))
    return simulations


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--search", choices=SEARCHES, default="ismcts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--calibrate-ms", type=float, metavar="MS",
                        help="print the simulations for MS a decision, and stop")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=int, default=100, help="simulations a decision (default: 100)")
    budget.add_argument("--ms", type=float, help="calibrate the simulations to MS a decision first")
    parser.add_argument("--deals", type=int, default=50, help="deals, each played once per rotation (default: 50)")
    parser.add_argument("--others", default="normal", choices=list(MEASUREMENT_PLAYERS),
                        help="the computer player in every other seat (default: normal)")
    args = parser.parse_args(argv)
    if args.calibrate_ms:
        simulations = calibrated_simulations(args.calibrate_ms, args.rules, args.players, args.search)
        print(f"{args.search}: {simulations} simulations a decision take about {args.calibrate_ms:g} ms "
              f"({args.rules}, {args.players} players)")
        return 0
    simulations = args.simulations
    if args.ms:
        simulations = calibrated_simulations(args.ms, args.rules, args.players, args.search)
    searcher = OpenSpielPlayer(simulations, args.search)
    others = [make_measurement_player(args.others) for _ in range(args.players - 1)]
    match = play_match(args.rules, [searcher, *others], args.deals, args.seed)
    mean, low, high = mean_and_interval(match.scores[0])
    times, their_times = match.decision_ms[0], match.decision_ms[1]
    print(f"{searcher.name} against {args.players - 1} {args.others}, {args.deals} deals of {args.rules} "
          f"(seed {args.seed}, {simulations} simulations): {mean:+.3f} chips a deal, 95 % interval [{low:+.3f}, {high:+.3f}]; "
          f"a decision {statistics.median(times):.1f} ms median, {percentile(times, 0.95):.1f} ms p95 "
          f"({args.others}: {statistics.median(their_times):.1f} / {percentile(their_times, 0.95):.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
