"""The seam between the app's lobby and a server: what the lobby asks of one (``Lobby``),
and what it is told when the server says no (``LobbyRefusal``).  The app's lobby screen
speaks it and the app's side of the hub's socket (net/app_client.py) answers it; neither
knows the other."""

from __future__ import annotations

from typing import Any, Protocol

from .client import TableClient


class LobbyRefusal(Exception):
    """What the server refused, in words."""


class Lobby(Protocol):
    """What the lobby asks of the server: each answer awaited."""

    name: str  # the person's own name

    async def tables(self) -> list[dict[str, Any]]:
        """Each table as the hub lists it: table, game, ruleset, players, seats, hand."""

    async def offer(self) -> dict[str, dict[str, list[str]]]:
        """Per game, its ``rulesets`` and computer players' ``strengths``."""

    async def create(self, game: str, ruleset: str, players: int, bots: list[str]) -> int:
        """A new table; its number.  LobbyRefusal saying why not."""

    async def join(self, table: int) -> TableClient | None:
        """Sit at an open seat of ``table`` (or one's own): the seat's client, or None while
        the table waits for its other seats.  LobbyRefusal saying why not."""

    async def watch(self, table: int) -> TableClient:
        """A spectator's client of ``table``.  LobbyRefusal saying why not."""

    def language_chosen(self, code: str | None) -> None:
        """The person chose the language ``code`` (None: the one their system names): the
        server keeps it for their next session there.  Told, not awaited."""

    def settings_chosen(self, values: dict[str, Any]) -> None:
        """The person changed their settings (storage/settings.py's ``PERSONAL``, by name):
        the server keeps them for their next session there.  Told, not awaited."""

    async def last_table(self) -> int | None:
        """The table being played where this person sits and acted last (None: none)."""

    async def start(self, table: int) -> TableClient:
        """Start ``table`` now, computer players in its open seats (only the person who made
        it may): one's seat's client.  LobbyRefusal saying why not."""

    async def leaderboard(self, game: str, ruleset: str | None = None) -> list[dict[str, Any]]:
        """The rated players of ``game``, the highest first: each ``{"name", "computer",
        "rating", "sessions", "wins"}`` (with ``ruleset``: its sessions ended and won).
        LobbyRefusal saying why not."""

    # The server's history, of this person's own sessions only (storage/history.py's kinds).

    async def statistics(self, game: str, ruleset: str | None = None) -> Any:
        """This person's own figures at ``game`` (of ``ruleset``, or all): a ``Statistics``."""

    async def series(self, game: str, facts: list[str], ruleset: str | None = None) -> list[dict[str, int]]:
        """This person's own totals of ``facts`` at ``game``, session by session, the oldest first."""

    async def sessions(self) -> list[Any]:
        """The sessions this person sat at, the latest first (``KeptSession``)."""

    async def hands(self, session: int) -> list[Any]:
        """The hands kept of ``session``, one this person sat at (``KeptHand``); LobbyRefusal for another."""
