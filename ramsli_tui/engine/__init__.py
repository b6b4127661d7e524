"""The Ramsli rules engine: pure, deterministic, no I/O and no clock.

``Hand`` plays one hand from a given deck; ``Session`` deals hand after hand with an
injected ``random.Random``.  Both speak the same small protocol: ``current_seat``,
``phase``, ``legal_actions()``, ``apply(action) -> events``, ``is_over``, ``clone()``
and ``view(seat)``.
"""

from .actions import GENERAL_RAMS, IN, NAP, OUT, PASS, Action, IllegalAction
from .events import Event, events_for, visible_to
from .hand import TRICKS_PER_HAND, Hand, Trick
from .phase import Phase
from .session import Session
from .view import PlayerView, TrickView

__all__ = [
    "Action", "Event", "GENERAL_RAMS", "Hand", "IN", "IllegalAction", "NAP", "OUT", "PASS",
    "Phase", "PlayerView", "Session", "TRICKS_PER_HAND", "Trick", "TrickView", "events_for", "visible_to",
]
