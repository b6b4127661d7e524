"""The bounded outbox: what is sent is written in order, and a client that stops
reading is given up on, by bytes waiting or by time, without anyone waiting for it."""

from __future__ import annotations

import asyncio

from ramsli_tui.net.outbox import Outbox


class Writer:
    """A connection whose reader reads only while ``reading`` is set."""

    def __init__(self, reading: bool = True):
        self.written = bytearray()
        self.reading = asyncio.Event()
        if reading:
            self.reading.set()

    def write(self, data: bytes) -> None:
        self.written += data

    async def drain(self) -> None:
        await self.reading.wait()


async def test_what_is_sent_is_written_in_order():
    writer, told = Writer(), []
    outbox = Outbox(writer, limit=1000, stall=1.0, on_stuck=told.append)
    running = asyncio.create_task(outbox.run())
    for number in range(5):
        outbox.send(f"line {number}\n".encode())
    await outbox.flush(1.0)
    assert writer.written == b"".join(f"line {number}\n".encode() for number in range(5))
    assert told == []
    running.cancel()


async def test_a_client_that_reads_nothing_for_the_stall_time_is_given_up():
    writer, told = Writer(reading=False), []
    outbox = Outbox(writer, limit=1000, stall=0.05, on_stuck=told.append)
    running = asyncio.create_task(outbox.run())
    outbox.send(b"hello\n")
    async with asyncio.timeout(1):
        await running
    assert told == ["nothing read for 0.05 s"]
    outbox.send(b"more\n")
    assert writer.written == b"hello\n", "nothing more is taken"


async def test_a_client_that_falls_more_than_the_limit_behind_is_given_up_at_once():
    writer, told = Writer(reading=False), []
    outbox = Outbox(writer, limit=100, stall=10.0, on_stuck=told.append)
    running = asyncio.create_task(outbox.run())
    outbox.send(b"x" * 60)
    await asyncio.sleep(0)  # the first is being written, the client does not take it
    outbox.send(b"y" * 60)
    assert told == []
    outbox.send(b"z" * 60)
    assert told == ["120 bytes waiting to be read"]
    assert outbox.queued == 0 and not outbox.waiting, "what waited is let go"
    running.cancel()


async def test_one_message_larger_than_the_limit_still_goes_to_a_client_that_reads():
    writer, told = Writer(), []
    outbox = Outbox(writer, limit=10, stall=1.0, on_stuck=told.append)
    running = asyncio.create_task(outbox.run())
    outbox.send(b"a first update of a long session\n")
    await outbox.flush(1.0)
    assert writer.written == b"a first update of a long session\n" and told == []
    running.cancel()


def test_updates_sent_right_after_a_message_larger_than_the_limit_are_taken_before_it_is_written():
    """Before the outbox's task has taken the first update of a long session, the next
    ones come: the large one does not count against them (a reading client was once cut
    for it, on a busy machine); what waits beside it is still bounded by the limit."""
    writer, told = Writer(reading=False), []
    outbox = Outbox(writer, limit=16, stall=1.0, on_stuck=told.append)  # its task not yet run
    outbox.send(b"seated\n")
    outbox.send(b"a first update of a long session\n")
    outbox.send(b"update\n")
    assert told == [] and outbox.queued == 7 + 33 + 7
    outbox.send(b"update\n")
    assert told == ["54 bytes waiting to be read"], "past the limit beside it, the client is not reading"
