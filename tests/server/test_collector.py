"""A server process's garbage collector (server/collector.py, docs/deploy.md "Garbage collection")."""

from __future__ import annotations

import gc
import weakref

from dolmen.server.collector import MIDDLE, OLD, tune_collector
from dolmen.server.config import Settings, parse_setting


class Node:
    def __init__(self) -> None:
        self.me: Node | None = None


def test_the_young_generation_is_larger_and_the_startup_objects_set_aside() -> None:
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        tune_collector(0)  # 0: Python's own thresholds, nothing frozen
        assert gc.get_threshold() == thresholds and gc.get_freeze_count() == frozen
        tune_collector(Settings().gc_young)
        assert gc.get_threshold() == (50_000, MIDDLE, OLD)
        assert gc.get_freeze_count() > frozen
        # garbage made afterwards, cycles included, is still collected
        node = Node()
        node.me = node
        gone = weakref.ref(node)
        del node
        gc.collect()
        assert gone() is None
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_the_young_generation_is_a_setting() -> None:
    assert parse_setting("gc_young=0") == ("gc_young", 0)
