"""The served terminal's driver (net/terminal_driver.py): its input thread reads the keys as
Textual's does — an escape sequence in pieces, a lone Escape once its wait is over — sleeps
with no timeout while nothing comes, ends at once when the app stops reading, and does not
spin at the end of its input; every served terminal app, spare or forked, is given it."""

from __future__ import annotations

import os
import selectors
import threading
import time
import tty

import pytest
from textual import events

from ramsli_tui.net import forks
from ramsli_tui.net.spare_driver import SpareDriver
from ramsli_tui.net.terminal_driver import QuietLinuxDriver

WAIT = 5.0  # seconds anything in these tests may take, at most


class Recording(QuietLinuxDriver):
    """The driver, its messages kept instead of sent to an app."""

    def __init__(self, fileno: int) -> None:
        super().__init__(app=None)
        self.fileno = fileno
        self.keys: list[str] = []
        self.got_key = threading.Condition()

    def process_message(self, message) -> None:
        if isinstance(message, events.Key):
            with self.got_key:
                self.keys.append(message.key)
                self.got_key.notify_all()

    def until_keys(self, count: int) -> list[str]:
        with self.got_key:
            assert self.got_key.wait_for(lambda: len(self.keys) >= count, WAIT), f"only {self.keys} came"
        return self.keys

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self.run_input_thread, daemon=True)
        thread.start()
        return thread

    def halt(self, thread: threading.Thread) -> None:
        """As Textual's driver disables its input: the event set, the thread joined, the event cleared."""
        self.exit_event.set()
        thread.join(WAIT)
        assert not thread.is_alive(), "the input thread ended when the app stopped reading"
        self.exit_event.clear()

    def stop(self, thread: threading.Thread) -> None:
        self.halt(thread)
        self.close()


@pytest.fixture
def timeouts(monkeypatch) -> list[float | None]:
    """The timeout of every wait of the input thread for its files, in order."""
    waits: list[float | None] = []
    select = selectors.SelectSelector.select

    def recorded(selector, timeout=None):
        waits.append(timeout)
        return select(selector, timeout)

    monkeypatch.setattr(selectors.SelectSelector, "select", recorded)
    return waits


@pytest.fixture
def terminal():
    """A pseudo-terminal: what is written on its first end, the driver reads on the second,
    raw, as Textual's driver sets it."""
    typed, read = os.openpty()
    tty.setraw(read)
    yield typed, read
    for end in (typed, read):
        os.close(end)


async def test_keys_come_whole_from_pieces_and_a_lone_escape_once_its_wait_is_over(terminal):
    typed, read = terminal
    driver = Recording(read)
    thread = driver.start()
    try:
        os.write(typed, b"a\x1b[")
        time.sleep(0.02)  # the rest of the sequence comes in another read, well within its wait
        os.write(typed, b"C")
        assert driver.until_keys(2) == ["a", "right"]
        os.write(typed, b"\x1b")
        assert driver.until_keys(3) == ["a", "right", "escape"], "the lone escape, sent once its wait ran out"
    finally:
        driver.stop(thread)


async def test_the_thread_sleeps_without_a_timeout_unless_an_escape_is_waiting(terminal, timeouts):
    typed, read = terminal
    driver = Recording(read)
    thread = driver.start()
    try:
        os.write(typed, b"x")
        driver.until_keys(1)
        os.write(typed, b"\x1b")
        driver.until_keys(2)
    finally:
        driver.stop(thread)
    waits_for_escape = [wait for wait in timeouts if wait is not None]
    assert timeouts[0] is None, "nothing typed yet: it sleeps until something comes"
    assert waits_for_escape and all(0 <= wait <= 0.2 for wait in waits_for_escape)
    assert timeouts[-1] is None, "the escape sent: asleep again with no timeout"


async def test_the_end_of_its_input_leaves_it_asleep_not_spinning(timeouts):
    read, written = os.pipe()
    driver = Recording(read)
    thread = driver.start()
    try:
        os.write(written, b"q")
        driver.until_keys(1)
        os.close(written)  # the end of the input: an empty read, and nothing more
        time.sleep(0.3)
        assert len(timeouts) <= 4, f"{len(timeouts)} waits after the input ended: it spins"
    finally:
        driver.stop(thread)
        os.close(read)


async def test_it_can_stop_reading_and_read_again_as_after_a_suspension(terminal, timeouts):
    """Textual suspends an app (Ctrl+Z, ``App.suspend``) by stopping its driver and closing
    it, and resumes it by starting the same driver again."""
    typed, read = terminal
    driver = Recording(read)
    driver.stop(driver.start())
    thread = driver.start()
    try:
        os.write(typed, b"z")
        assert driver.until_keys(1) == ["z"]
        assert thread.is_alive(), "the waking of the first thread does not end the second"
    finally:
        driver.stop(thread)
    driver.close()  # closed once more as the app ends: nothing left to close
    assert len(timeouts) <= 6, "neither thread spun"


def test_every_served_terminal_app_is_given_it_and_a_tab_textuals_web_driver():
    class App:
        driver_class = None

    terminal_app, tab_app = App(), App()
    forks.choose_driver(terminal_app, web=False)
    forks.choose_driver(tab_app, web=True)
    assert terminal_app.driver_class is QuietLinuxDriver
    assert tab_app.driver_class.__name__ == "WebDriver"
    assert issubclass(SpareDriver, QuietLinuxDriver)


async def test_stopping_after_the_driver_has_closed_writes_to_no_file(terminal):
    """The app's end may disable input once more after the driver closed: the waking pipe's
    old number, which another file may have by then, is not written to."""
    typed, read = terminal
    driver = Recording(read)
    driver.stop(driver.start())
    other_read, other_write = os.pipe()
    try:
        driver.exit_event.set()
        os.set_blocking(other_read, False)
        with pytest.raises(BlockingIOError):
            os.read(other_read, 16)
    finally:
        os.close(other_read)
        os.close(other_write)
