"""Waiting for the server without freezing the screen.

What a screen asks of the server is awaited while the app goes on: every key is handled
at once.  When an answer is slow to come, the screen says that it waits for the server
(the table in its banner, the lobby under its heading), until every answer has come.
"""

from __future__ import annotations

from typing import Awaitable, Callable, TypeVar

from textual.dom import DOMNode

from ...languages import N_

WAITING_WORDS = N_("Waiting for the server…")  # translated where it is shown
SAY_WAITING_AFTER = 0.5  # seconds without an answer before a screen says it waits for the server

T = TypeVar("T")


class ServerWaits:
    """The answers a screen awaits; ``say(True)`` once one is slow, ``say(False)`` once all have come."""

    def __init__(self, node: DOMNode, say: Callable[[bool], None]):
        self.node = node
        self.say = say
        self.awaited = 0
        self.said = False

    async def answer(self, asked: Awaitable[T]) -> T:
        """What ``asked`` comes to (or raises), said to be waited for when it is slow to come."""
        self.awaited += 1
        timer = self.node.set_timer(SAY_WAITING_AFTER, self._slow)
        try:
            return await asked
        finally:
            timer.stop()
            self.awaited -= 1
            if not self.awaited and self.said:
                self.said = False
                if self.node.is_attached:  # a screen left meanwhile says nothing
                    self.say(False)

    def _slow(self) -> None:
        if self.awaited and not self.said and self.node.is_attached:
            self.said = True
            self.say(True)
