"""Textual's Linux driver for a served terminal, its input thread asleep until something comes.

Textual's own input thread wakes ten times a second, whether or not a key came: to see
whether the app is ending, and whether a lone escape has waited long enough to be the
Escape key.  One app does not feel it, but a server holds an app for every person, and
at a table that waits for its person those wakings were a third of the app's idle CPU.

``QuietLinuxDriver`` reads the same terminal with the same parser, and sleeps until
the terminal has bytes, the app stops reading (``exit_event`` set writes to a pipe the
thread also waits on), or an unfinished escape sequence has waited its parser's time.
It replaces one method of Textual's ``LinuxDriver`` (textual 8.2.8, which the project
pins) and reads one attribute of its parser, when its wait runs out.
"""

from __future__ import annotations

import os
import selectors
import threading
from codecs import getincrementaldecoder

from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

READ_SIZE = 4096  # bytes read from the terminal at a time


class WakingEvent(threading.Event):
    """An event that, once set, also makes ``woken`` (a pipe's end) readable, so that a
    thread waiting in ``select`` for other files sees it at once.  The pipe is made as
    the thread starts (``open``) and closed with the driver, which Textual also closes
    when it suspends the app, before it starts it again."""

    def __init__(self) -> None:
        super().__init__()
        self.woken = self._wake = -1

    def open(self) -> int:
        """The pipe's end to wait on, made if there is none, with no waking in it yet."""
        if self.woken < 0:
            self.woken, self._wake = os.pipe()
            os.set_blocking(self.woken, False)
            os.set_blocking(self._wake, False)
        self.drain()
        return self.woken

    def set(self) -> None:
        super().set()
        if self._wake >= 0:  # not once the driver has closed it (its number may be another file's by then)
            try:
                os.write(self._wake, b"!")
            except BlockingIOError:
                pass  # the pipe is full of wakings already: the thread will see them

    def drain(self) -> None:
        """Forget the wakings so far."""
        try:
            while os.read(self.woken, READ_SIZE):
                pass
        except BlockingIOError:
            pass

    def close(self) -> None:
        if self.woken >= 0:
            os.close(self.woken)
            os.close(self._wake)
            self.woken = self._wake = -1


class QuietLinuxDriver(LinuxDriver):
    """Textual's driver for a terminal, whose input thread wakes only when there is something to do."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.exit_event = WakingEvent()

    def run_input_thread(self) -> None:
        """Read the terminal and send what its bytes mean to the app, until input is disabled."""
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        woken = self.exit_event.open()
        with selectors.SelectSelector() as selector:
            selector.register(self.fileno, selectors.EVENT_READ)
            selector.register(woken, selectors.EVENT_READ)
            try:
                while not self.exit_event.is_set():
                    for key, _events in selector.select(time_to_wait(parser)):
                        if key.fd == woken:
                            continue  # the app stops reading: the loop's test ends it
                        data = os.read(self.fileno, READ_SIZE)
                        if data:
                            self.send(parser.feed(decode(data)))
                        else:
                            selector.unregister(self.fileno)  # the end of the input: nothing more to read
                    self.send(parser.tick())
            finally:
                try:
                    for _event in parser.feed(""):  # what is left of an unfinished sequence, dropped
                        pass
                except (EOFError, ParseError):
                    pass

    def send(self, events) -> None:
        for event in events:
            self.process_message(event)

    def close(self) -> None:
        super().close()
        self.exit_event.close()


def time_to_wait(parser: XTermParser) -> float | None:
    """How long the thread may sleep for input: until the parser's wait for the rest of
    an escape sequence is over, else for as long as nothing comes."""
    ends = parser._timeout_time
    return None if ends is None else max(0.0, ends - get_time())
