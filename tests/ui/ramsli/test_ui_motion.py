"""Motion on the felt: a card played slides in from its seat's side, a finished trick
sweeps onto the card that took it before the next is laid, chips count across in a
hand's result; none of it where the app's animations are not ``full``, or the Motion
setting is off."""

from __future__ import annotations

import asyncio

import pytest
from textual.geometry import Offset

from ramsli_tui.storage import Settings

from ramsli_tui.cards import Card
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli import hand_summary
from ramsli_tui.ui.ramsli import motion
from ramsli_tui.ui.ramsli.motion import STEPS, between
from ramsli_tui.ui.ramsli.trick import TrickArea

from tests.kits.ui import make_app, play_until, settle, spec_for, table_screen

WAIT = 30  # seconds at most for a move of a fifth of a second, on a loaded machine

TRICK = [(1, Card.from_code("KS")), (2, Card.from_code("AS")), (3, Card.from_code("7S")), (0, Card.from_code("8S"))]
NEXT_LEAD = [(2, Card.from_code("QH"))]


async def until(condition, pilot) -> None:
    """Wait for ``condition()`` a bounded time (the moves run on timers)."""
    async with asyncio.timeout(WAIT):
        while not condition():
            await pilot.pause(0.02)


def offsets(area: TrickArea) -> dict[str, Offset]:
    return {widget.id: Offset(int(widget.styles.offset.x.value), int(widget.styles.offset.y.value))
            for widget in area.query(CardWidget)}


def test_a_move_ends_where_it_was_going_in_whole_cells():
    start, end = Offset(-4, 0), Offset(6, -3)
    steps = [between(start, end, step) for step in range(STEPS + 1)]
    assert steps[0] == start and steps[-1] == end
    assert all(isinstance(place.x, int) and isinstance(place.y, int) for place in steps)


STILL = pytest.mark.parametrize("level, motion_on", [("none", True), ("basic", True), ("full", False)],
                                ids=["no-animations", "basic-animations", "motion-setting-off"])


async def shown_trick(tmp_path, level: str, motion_on: bool = True):
    app = make_app(tmp_path, spec_for(4))
    app.animation_level = level
    app.settings.motion = motion_on
    return app


async def test_a_card_played_slides_in_from_its_seats_side(tmp_path):
    app = await shown_trick(tmp_path, "full")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        area = table_screen(app).query_one(TrickArea)
        area.show(TRICK[:1], None, "Trick 1", "french")
        left_of_me = offsets(area)["trick-1"]
        assert left_of_me.x < 0 and left_of_me.y == 0, "seat 1 sits at the left: its card comes from there"
        await until(lambda: offsets(area)["trick-1"] == Offset(0, 0), pilot)
        await pilot.pause(3 * motion.STEP_SECONDS * STEPS)
        assert offsets(area)["trick-1"] == Offset(0, 0), "it stays where it arrived"
        area.show(TRICK[:2], None, "Trick 1", "french")
        assert offsets(area)["trick-2"].y < 0, "seat 2 sits across: its card comes from above"
        assert offsets(area)["trick-1"] == Offset(0, 0), "a card already on the table stays put"


async def test_a_finished_trick_sweeps_onto_the_winners_card_before_the_next_is_laid(tmp_path):
    app = await shown_trick(tmp_path, "full")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        area = table_screen(app).query_one(TrickArea)
        area.show(TRICK, 2, "Trick 1: Bertl took it", "french", finished=True)
        await until(lambda: set(offsets(area).values()) == {Offset(0, 0)}, pilot)
        winner_at = area.query_one("#trick-2").region.offset
        travels = {widget.id: winner_at - widget.region.offset for widget in area.query(CardWidget)}
        area.show(NEXT_LEAD, None, "Trick 2", "french")
        assert area.query_one("#trick-1", CardWidget).card == TRICK[0][1], "the old trick stays until it has swept"
        await until(lambda: offsets(area)["trick-1"] == travels["trick-1"]
                    or area.query_one("#trick-1", CardWidget).card is None, pilot)
        await until(lambda: area.query_one("#trick-1", CardWidget).card is None, pilot)
        assert area.query_one("#trick-2", CardWidget).card == NEXT_LEAD[0][1]
        await until(lambda: set(offsets(area).values()) == {Offset(0, 0)}, pilot)


@STILL
async def test_without_animations_every_card_is_at_once_where_it_ends(tmp_path, level, motion_on):
    app = await shown_trick(tmp_path, level, motion_on)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        area = table_screen(app).query_one(TrickArea)
        area.show(TRICK, 2, "Trick 1", "french", finished=True)
        assert set(offsets(area).values()) == {Offset(0, 0)}
        area.show(NEXT_LEAD, None, "Trick 2", "french")
        assert area.query_one("#trick-1", CardWidget).card is None, "no sweep: the next trick is laid at once"
        assert set(offsets(area).values()) == {Offset(0, 0)}


def chips_column(screen) -> list[int]:
    """The stacks in the summary's table of players, top to bottom, and last the pot's."""
    rows = str(screen.query_one("#text").render()).split("Chips")[1].strip().splitlines()
    assert rows[-1].startswith("Pot"), "the pot's row under the players'"
    return [int(row[28:34]) for row in rows]  # after the name (12), played (7) and tricks (6), and their spaces


class Ticking:
    """An owner of moves whose timer ticks when the test says: ``tick()``."""

    def __init__(self, level: str = "full", motion_on: bool = True) -> None:
        self.app = type("App", (), {"animation_level": level, "settings": Settings(motion=motion_on)})()
        self.ticks: list = []

    def set_interval(self, seconds, callback):
        self.ticks.append(callback)
        return type("Timer", (), {"stop": lambda timer: None})()

    def tick(self, times: int) -> None:
        for _ in range(times):
            self.ticks[-1]()


def test_a_count_draws_its_start_then_one_step_at_a_time_to_its_end_and_no_further():
    owner, shares = Ticking(), []
    motion.count(owner, shares.append)
    assert shares == [0]
    owner.tick(STEPS + 2)  # ticks already on their way when it stopped change nothing
    assert shares == [step / STEPS for step in range(STEPS + 1)]


@STILL
def test_without_animations_a_count_draws_its_end_at_once(level, motion_on):
    owner, shares = Ticking(level, motion_on), []
    motion.count(owner, shares.append)
    assert shares == [1] and not owner.ticks


async def test_a_hands_chips_count_across_from_before_it_to_after_it(tmp_path, monkeypatch):
    counted = []  # what the summary asked to count: (the summary, its drawing of a share)
    monkeypatch.setattr(hand_summary, "count", lambda owner, draw: counted.append((owner, draw)))
    app = make_app(tmp_path, spec_for(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        settled = app.screen.settled
        [(summary, draw)] = counted
        columns = []
        for step in range(STEPS + 1):
            draw(step / STEPS)
            columns.append(chips_column(summary))
    before = [stack - change for stack, change in zip(settled.stacks, settled.changes)]
    pot_before = settled.pot + sum(settled.changes)
    assert columns[0] == [*before, pot_before], "the chips start where they were before the hand"
    assert columns[-1] == [*settled.stacks, settled.pot]
    for seat, change in enumerate((*settled.changes, -sum(settled.changes))):  # the pot's last
        column = [stacks[seat] for stacks in columns]
        assert column == sorted(column, reverse=change < 0), "each stack counts one way, to where it ends"
    assert len({tuple(stacks) for stacks in columns}) > 2, "and passes through stacks between"
    assert len({sum(stacks) for stacks in columns}) == 1, "out of the pot and into it: no chip lost on the way"


async def test_without_animations_a_hands_chips_are_at_once_where_they_end(tmp_path):
    app = make_app(tmp_path, spec_for(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        assert chips_column(app.screen) == [*app.screen.settled.stacks, app.screen.settled.pot]
