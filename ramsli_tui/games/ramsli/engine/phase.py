"""The phases of a hand (and of a session, which adds ``OVER``)."""

from enum import Enum


class Phase(str, Enum):
    DECLARE = "declare"
    ANNOUNCE = "announce"
    PLAY = "play"
    SETTLED = "settled"
    OVER = "over"  # the session has ended
