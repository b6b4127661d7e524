"""The Rami Simple rules engine: pure, deterministic, no I/O and no clock.

``Hand`` plays one hand from a given deck; ``RamiSession`` deals hand after hand with
an injected ``random.Random`` and is the game protocol's ``Game`` (games/protocol.py):
``current_seat``, ``legal_actions()`` (the draws and the discards), ``check`` (for a
going-out, which cannot be listed), ``apply(action) -> events``, ``view(seat)``,
``clone()``, ``is_over``.
"""

from ...protocol import IllegalAction
from .actions import Action, Refusal
from .events import Event
from .hand import Hand
from .phase import Phase
from .session import RamiSession
from .view import RamiView

__all__ = ["Action", "Event", "Hand", "IllegalAction", "Phase", "RamiSession", "RamiView", "Refusal"]
