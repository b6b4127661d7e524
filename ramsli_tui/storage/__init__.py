"""What ramsli keeps between runs: settings, saved games, and the files behind them.

``files`` writes atomically and names what is set aside; ``settings`` is the player's
choices; ``saves`` one saved session, small because the games are deterministic (the
spec and the actions so far replay it exactly); ``folders`` the ``Storage`` that knows
where each lives, with every session in a file of its own; ``new_session`` the session the
settings (or ``ramsli play``'s options) ask for; ``save_labels`` a saved session as a
player reads it in a list; ``history`` every finished hand, of the app and of a server,
with each player's figures and ratings, and ``ratings`` the rating arithmetic.
"""

from .files import shown_path, write_atomically
from .folders import Autosave, SaveSlot, Storage, StorageError
from .saves import SAVE_FORMAT, SavedGame
from .settings import FACES, Opponent, Settings

__all__ = ["Autosave", "FACES", "Opponent", "SAVE_FORMAT", "SaveSlot", "SavedGame", "Settings", "Storage", "StorageError", "shown_path", "write_atomically"]
