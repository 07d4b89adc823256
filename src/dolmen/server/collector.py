"""Python's cyclic garbage collector in a server process.

A busy server holds hundreds of thousands of container objects (each socket's coroutines and queues, each
table's state and game log). With Python's default thresholds, a move's short-lived objects are often still
alive at a young collection and move up, so the old generation fills in seconds and its full collection, which
walks the whole heap with the event loop stopped, came every few seconds and took 0.1 to 0.8 s: the tail of
the move latency (docs/deploy.md "Garbage collection"). A larger young generation lets them die young.
"""

from __future__ import annotations

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
