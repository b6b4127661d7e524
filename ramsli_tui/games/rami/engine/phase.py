"""The phases of a Rami Simple hand: whose turn it is says who; the phase says to do what."""

from enum import Enum


class Phase(str, Enum):
    DRAW = "draw"  # take a card (S8)
    DISCARD = "discard"  # throw one, or go out (S7, S13)
    RESHUFFLE = "reshuffle"  # the talon ran out: the jetée becomes the talon first (S11)
    OVER = "over"  # someone went out
