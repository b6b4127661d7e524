"""Rami Simple's face: its screens (the table, the round's result, the score sheet, the
rules help), the widgets only Rami draws (its cards, hand, piles, arrangement, seats, game
log) and its words."""
