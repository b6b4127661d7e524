"""A card at the Rami table: the shared card widget, with Rami's own joker and no text
selection, and a larger face where a screen makes it larger.

Rami's four jokers are one card (rule S1), so a joker is drawn as a joker — a star, and
the word in its large face — never as Ramsli's big or little one (``B★``, ``BIG``).  A
card is something to drag, not text to select: Textual starts a selection on a mouse
down over any widget that allows it, and the tint would stay where the card was dragged
from.
"""

from __future__ import annotations

from textual.content import Content

from ..widgets.card import CardWidget, rank_text, suit_mark

SMALL_JOKER = " ★ "
LARGE_JOKER = ("★    ", "JOKER", "    ★")
LARGER_FROM = 5  # lines inside the border for the larger face
NARROW_BELOW = 80  # in a window narrower than this, the screens narrow their cards to four columns


class RamiCard(CardWidget):
    """One face-up card at the Rami table, or an empty place."""

    ALLOW_SELECT = False

    def render(self) -> Content:
        card, size = self.card, self.content_size
        if card is not None and size.height >= LARGER_FROM:
            return Content("\n".join(self.larger_face(size.width)))
        if card is None or not card.is_joker:
            return super().render()
        if size.height >= 3:
            return Content("\n".join(LARGE_JOKER))
        return Content(SMALL_JOKER)

    def larger_face(self, width: int) -> list[str]:
        """Five lines: the rank in two corners and the suit's mark in the middle (a joker: its star and name)."""
        card = self.card
        if card.is_joker:
            corner, middle = "★", "JOKER"
        else:
            corner, middle = rank_text(card, self.faces), suit_mark(card, self.faces)
        return [corner.ljust(width), "", middle.center(width), "", corner.rjust(width)]
