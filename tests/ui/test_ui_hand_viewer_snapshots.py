"""Snapshots of the hand viewer, animations off: a Ramsli hand at 80×24 at the step
that takes the first trick, the list beside the felt; a Rami hand at 60×20 at its last
step (the melds of the player who went out), the list under the felt."""

from __future__ import annotations

from tests.ui.test_ui_hand_viewer import record_of, viewer_app


def test_ramsli_hand_viewer_at_a_taken_trick(snap_compare, tmp_path):
    app = viewer_app(tmp_path, record_of("ramsli"), "ramsli")
    taken = next(number for number, step in enumerate(app.viewing.shown.steps)
                 if any(type(event).__name__ == "TrickWon" for event in step.events))

    async def to_the_first_trick(pilot):
        await pilot.pause()
        for _ in range(taken):
            await pilot.press("right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_the_first_trick)


def test_rami_hand_viewer_at_its_last_step(snap_compare, tmp_path):
    app = viewer_app(tmp_path, {**record_of("rami"), "names": ["Anna", "Bertl"]}, "rami")

    async def to_the_end(pilot):
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(60, 20), run_before=to_the_end)
