"""The terminal driver of a spare app (net/forks.py): Textual's Linux driver, started
before the app has a terminal and attached once it is given one."""

from __future__ import annotations

import sys

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size

SPARE_SIZE = Size(100, 30)  # the terminal a spare lays its lobby out for until it has one


class SpareDriver(LinuxDriver):
    """Textual's Linux driver for an app made before its person came: until ``attach``
    (once the terminal is the process's standard input and output) it draws nothing and
    reads nothing, and tells the app its terminal is ``SPARE_SIZE``."""

    attached = False
    waiting: SpareDriver | None = None  # this process's, until it is attached

    def start_application_mode(self) -> None:
        SpareDriver.waiting = self
        self._app.post_message(events.Resize(SPARE_SIZE, SPARE_SIZE))

    def attach(self) -> None:
        """The terminal is here: start as the Linux driver starts (it tells the app the
        terminal's real size)."""
        SpareDriver.waiting = None
        self.fileno = sys.__stdin__.fileno()
        self.input_tty = sys.__stdin__.isatty()
        self.attached = True
        super().start_application_mode()

    def write(self, data: str) -> None:
        if self.attached:
            super().write(data)

    def disable_input(self) -> None:
        if self.attached:
            super().disable_input()

    def stop_application_mode(self) -> None:
        if self.attached:
            super().stop_application_mode()
