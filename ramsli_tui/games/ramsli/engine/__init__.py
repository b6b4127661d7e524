"""The Ramsli rules engine: pure, deterministic, no I/O and no clock.

``Hand`` plays one hand from a given deck; ``RamsliSession`` deals hand after hand with an
injected ``random.Random``.  Both speak the game protocol of games/protocol.py
(``current_seat``, ``legal_actions()``, ``apply(action) -> events``, ``is_over``,
``clone()``, ``view(seat)``); the session is the ``Game`` a table runs.
"""

from ...protocol import IllegalAction, events_for, visible_to
from .actions import GENERAL_RAMS, IN, NAP, OUT, PASS, Action, Refusal
from .events import Event
from ..house_rules import CARDS_PER_HAND, TRICKS_PER_HAND
from .hand import Hand, Trick
from .phase import Phase
from .session import RamsliSession
from .view import RamsliView, TrickView

__all__ = [
    "Action", "CARDS_PER_HAND", "Event", "GENERAL_RAMS", "Hand", "IN", "IllegalAction", "NAP", "OUT", "PASS",
    "Phase", "RamsliSession", "RamsliView", "Refusal", "TRICKS_PER_HAND", "Trick", "TrickView", "events_for", "visible_to",
]
