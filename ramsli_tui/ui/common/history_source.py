"""Where the History and Statistics screens read a history, each answer awaited: the
person's own on this machine (``OwnHistory``), or at a server the server's, of the
sessions the person sat at and of nobody else (``ServedHistory``, through the lobby).

Both answer with the history's own kinds (``KeptSession``, ``KeptHand``,
``Statistics``); a history that cannot be read now raises ``HistoryError`` in words,
whichever it is, so that the screens know neither where a history is nor how it is asked.
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence

from ...languages import N_, _
from ...languages.words import Words
from ...storage.history import (HandHistory, HistoryError, KeptHand, KeptSession, Sitter, Statistics, named,
                                player_statistics)
from ...table.lobby import Lobby, LobbyRefusal
from ...text import for_terminal

EVERY_RULESET = ""  # a ruleset drop-down's value for every ruleset at once
NOTHING_KEPT = N_("No hand is kept in your history yet: each hand you finish is kept.")


def who_said(who: str) -> str:
    """A player as statistics know them, in words: "Mia", "computer: hard"."""
    kind, _colon, name = who.partition(":")
    return player_said(name, kind == "computer")


def player_said(name: str, computer: bool) -> str:
    """A person by name, or a computer strength as one player: "computer: hard"."""
    if computer:
        # TRANSLATORS: a computer player's strength as one player of the statistics and the leaderboard: "computer: hard"
        return _("computer: {strength}").format(strength=name)
    return name


def ruleset_choices(rulesets: Iterable[str]) -> list[tuple[str, str]]:
    """A ruleset drop-down's options: every ruleset at once, then each of ``rulesets``."""
    return [(_("every ruleset"), EVERY_RULESET), *((for_terminal(name), name) for name in sorted(rulesets))]


def ruleset_chosen(value: Any) -> str | None:
    """The ruleset a drop-down's ``value`` chooses; None: every one."""
    return value if isinstance(value, str) and value != EVERY_RULESET else None


class HistorySource(Protocol):
    """A history as the screens read it."""

    person: str  # the person, as statistics know them ("person:Mia")

    async def sessions(self) -> list[KeptSession]:
        """Every session to list, the latest first."""

    async def hands(self, session: KeptSession) -> list[KeptHand]:
        """``session``'s hands, their players' names in their records."""

    async def players(self, game: str) -> list[str]:
        """Whose statistics at ``game`` may be read here, the person first."""

    async def statistics(self, who: str, game: str, ruleset: str | None) -> Statistics: ...

    async def series(self, who: str, game: str, facts: Sequence[str], ruleset: str | None) -> list[dict[str, int]]:
        """``who``'s totals of ``facts`` session by session, the oldest first."""


class OwnHistory:
    """The person's own history (None: none is kept yet): them and everyone they played."""

    def __init__(self, history: HandHistory | None, name: str):
        self.history = history
        self.person = Sitter(name).who

    async def sessions(self) -> list[KeptSession]:
        return self.history.sessions() if self.history is not None else []

    async def hands(self, session: KeptSession) -> list[KeptHand]:
        return named([session], self.history.hands(session=session.id))

    async def players(self, game: str) -> list[str]:
        others = [who for who in self.history.players(game) if who != self.person]
        return [self.person, *others]

    async def statistics(self, who: str, game: str, ruleset: str | None) -> Statistics:
        return player_statistics(self.history, who, game, ruleset)

    async def series(self, who: str, game: str, facts: Sequence[str], ruleset: str | None) -> list[dict[str, int]]:
        return self.history.series(who, game, facts, ruleset)


class ServedHistory:
    """A server's history through ``lobby``: the sessions the person sat at, their hands,
    and the person's own figures (another's are not the person's to read)."""

    def __init__(self, lobby: Lobby):
        self.lobby = lobby
        self.person = Sitter(lobby.name).who

    async def sessions(self) -> list[KeptSession]:
        return await self._asked(self.lobby.sessions())

    async def hands(self, session: KeptSession) -> list[KeptHand]:
        return await self._asked(self.lobby.hands(session.id))

    async def players(self, game: str) -> list[str]:
        return [self.person]

    async def statistics(self, who: str, game: str, ruleset: str | None) -> Statistics:
        return await self._asked(self.lobby.statistics(game, ruleset))

    async def series(self, who: str, game: str, facts: Sequence[str], ruleset: str | None) -> list[dict[str, int]]:
        return await self._asked(self.lobby.series(game, list(facts), ruleset))

    @staticmethod
    async def _asked(answer: Any) -> Any:
        try:
            return await answer
        except LobbyRefusal as refusal:
            raise HistoryError(Words.as_it_is(str(refusal)), unreadable=False) from None
