"""The drivers of a spare app (net/forks.py): the quiet Linux driver for a terminal
(net/terminal_driver.py), Textual's web driver for a browser's tab, each started before
the app has its person and attached once it is given them."""

from __future__ import annotations

import os
import sys

from textual import events
from textual.drivers._input_reader import InputReader
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size

from .terminal_driver import QuietLinuxDriver

SPARE_SIZE = Size(100, 30)  # the screen a spare lays its lobby out for until it has one


class Unattached:
    """What a spare's driver does before its person comes: it draws nothing, reads
    nothing, and tells the app its screen is ``SPARE_SIZE``; ``attach`` (once the
    person's screen is the process's standard input and output) starts it as the
    driver it is starts."""

    attached = False
    waiting: Unattached | None = None  # this process's, until it is attached

    def start_application_mode(self) -> None:
        Unattached.waiting = self
        self._app.post_message(events.Resize(SPARE_SIZE, SPARE_SIZE))

    def attach(self) -> None:
        Unattached.waiting = None
        self.attached = True
        self.meet_the_screen()
        super().start_application_mode()

    def meet_the_screen(self) -> None:
        """What the driver reads of its screen as it starts (the process's, now)."""

    def screen_size(self) -> tuple[int, int]:
        """The size of the person's screen, columns and rows."""

    def write(self, data: str) -> None:
        if self.attached:
            super().write(data)

    def disable_input(self) -> None:
        if self.attached:
            super().disable_input()

    def stop_application_mode(self) -> None:
        if self.attached:
            super().stop_application_mode()


class SpareDriver(Unattached, QuietLinuxDriver):
    """A spare's driver for a terminal."""

    def meet_the_screen(self) -> None:
        self.fileno = sys.__stdin__.fileno()
        self.input_tty = sys.__stdin__.isatty()

    def screen_size(self) -> tuple[int, int]:
        return tuple(os.get_terminal_size(0))


class WebSpareDriver(Unattached, WebDriver):
    """A spare's driver for a browser's tab: its size is the tab's (``COLUMNS`` and
    ``ROWS`` of the environment it is given).  Until the tab comes, standard input is a
    pipe nobody writes to: the web driver's input reader, made with the driver,
    registers it for reading (it may not register /dev/null), and is made again on the
    tab's socket once it is there."""

    def __init__(self, *args, **kwargs):
        nothing, self.unwritten = os.pipe()
        os.dup2(nothing, 0)
        os.close(nothing)
        super().__init__(*args, **kwargs)

    def meet_the_screen(self) -> None:
        os.close(self.unwritten)
        self._input_reader = InputReader()
        self._size = self.screen_size()

    def screen_size(self) -> tuple[int, int]:
        return int(os.environ["COLUMNS"]), int(os.environ["ROWS"])
