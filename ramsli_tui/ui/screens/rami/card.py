"""A card at the Rami table: the shared card widget, with Rami's own joker and no text
selection.

Rami's four jokers are one card (rule S1), so a joker is drawn as a joker — a star, and
the word in its large face — never as Ramsli's big or little one (``B★``, ``BIG``).  A
card is something to drag, not text to select: Textual starts a selection on a mouse
down over any widget that allows it, and the tint would stay where the card was dragged
from.
"""

from __future__ import annotations

from textual.content import Content

from ...widgets.card import CardWidget

SMALL_JOKER = " ★ "
LARGE_JOKER = ("★    ", "JOKER", "    ★")


class RamiCard(CardWidget):
    """One face-up card at the Rami table, or an empty place."""

    ALLOW_SELECT = False

    def render(self) -> Content:
        if self.card is None or not self.card.is_joker:
            return super().render()
        if self.content_size.height >= 3:
            return Content("\n".join(LARGE_JOKER))
        return Content(SMALL_JOKER)
