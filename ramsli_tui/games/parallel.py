"""Deals measured side by side: ``ramsli tournament --jobs K`` plays its deals in K processes.

A tournament's deal is played from its own seeds (the tournament's seed and the deal's
number) by players made afresh for it, so what it gives does not depend on the process
that played it nor on the deals played before; the outcomes come back in the deals'
order, and a report is the same whatever K, but for the decisions' times.  The worker
processes are started afresh (``spawn``: nothing of this process, no thread, no open
file, is carried over) and leave Ctrl-C to this one, which stops the deals not yet begun.
"""

from __future__ import annotations

import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterator, TypeVar

Outcome = TypeVar("Outcome")


def outcomes_in_order(play: Callable[[int], Outcome], deals: int, jobs: int = 1) -> Iterator[Outcome]:
    """``play(deal)`` for every deal from 0 to ``deals`` - 1, in that order, played in this
    process (``jobs`` 1) or in ``jobs`` processes at once (``play`` and what it returns
    must then be picklable)."""
    if jobs < 1:
        raise ValueError(f"a measurement needs at least one process, not {jobs}")
    if jobs == 1:
        yield from map(play, range(deals))
        return
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        yield from pool.map(play, range(deals))
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
