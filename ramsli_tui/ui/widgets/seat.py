"""What every game's seat does with a player's name: fits it to the seat, shortened with
an ellipsis where it is too long, the whole of it in the seat's tooltip."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from ...text import for_terminal


def fitted_name(seat: Widget, name: str, room: int) -> str:
    """``name`` fitted to ``room`` columns of ``seat``: whole, or shortened with an
    ellipsis, and then the whole name is the seat's tooltip."""
    whole = for_terminal(name, None)
    fitted = for_terminal(name, max(room, 1))
    tooltip = Content(whole) if fitted != whole else None
    if seat.tooltip != tooltip:
        seat.tooltip = tooltip
    return fitted
