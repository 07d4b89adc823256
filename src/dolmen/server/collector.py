"""Python's cyclic garbage collector in a server process.

A busy server holds hundreds of thousands of container objects (each socket's coroutines and queues, each
table's state and game log, which grows by about ten objects a move). Every collection walks the objects of the
generations it collects with the event loop stopped. With Python's default thresholds a full collection came
every few seconds and took 0.1 to 0.8 s (docs/deploy.md "Garbage collection"); with a larger young generation
the full ones became rare, but a young collection still walked every game log and socket built since the last
one, 0.15-0.25 s on a busy machine with 1,000 tables.

So a ``dolmen serve`` process also sets aside (:func:`gc.freeze`) what it holds, once a second
(:class:`Aging`): a young collection then walks only what was built in the last second, and the event loop no
longer stops for the tables' history. Frozen objects are still freed as soon as nothing refers to them (reference
counting does not need the collector): what freezing defers is only the garbage that refers to itself in a
cycle (a few objects a second here: closed sockets' coroutines, exceptions' tracebacks). Once an hour
everything is given back (:func:`gc.unfreeze`) and collected whole: one pause an hour, the length of a full
collection, instead of one every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc

MIDDLE: int = 20
"""Young collections between two collections of the middle generation."""
OLD: int = 10
"""Middle collections before a full one is considered (Python also waits for the old generation to grow by a
quarter)."""


def tune_collector(young: int) -> None:
    """Collect once and set aside what the process built to start (modules, the app: never garbage), then set
    the thresholds; ``young`` 0 leaves Python's."""
    if young <= 0:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, MIDDLE, OLD)


class Aging:
    """Sets aside what the process holds every ``every`` seconds, and every ``thaw`` seconds gives it all back to
    the collector and collects it whole (see the module's docstring). Runs on the event loop (:meth:`start`), so
    that the whole collection and any finalizer it calls run where the objects live."""

    def __init__(self, every: float, thaw: float) -> None:
        self.every = every
        self.thaw = thaw
        self.freezes = 0
        self.thaws = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.every > 0:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        thawed = loop.time()
        while True:
            await asyncio.sleep(self.every)
            if loop.time() - thawed >= self.thaw:
                gc.unfreeze()
                gc.collect()
                thawed = loop.time()
                self.thaws += 1
            gc.freeze()
            self.freezes += 1
