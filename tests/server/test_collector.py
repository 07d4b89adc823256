"""A server process's garbage collector (server/collector.py, docs/deploy.md "Garbage collection"): a larger young
generation; what the process holds set aside once a second, so that young collections walk only what is new, still
freed when nothing refers to it, its cycles collected at the next thaw (in a process of its own: freezing is
global)."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import weakref

from dolmen.server.collector import MIDDLE, OLD, tune_collector
from dolmen.server.config import Settings, parse_setting

SCRIPT = textwrap.dedent(
    """
    import asyncio, gc, weakref
    from dolmen.server.collector import Aging

    class Node:
        pass

    async def main():
        aging = Aging(every=0.05, thaw=0.6)
        aging.start()
        loop_ = Node()
        loop_.me = loop_                     # refers to itself: only the collector frees it
        plain = Node()                       # freed by reference counting
        cycle, alone = weakref.ref(loop_), weakref.ref(plain)
        await asyncio.sleep(0.15)
        assert aging.freezes >= 2 and gc.get_freeze_count() > 0, "set aside"
        young = len(gc.get_objects(0)) + len(gc.get_objects(1)) + len(gc.get_objects(2))
        assert young < gc.get_freeze_count(), (young, gc.get_freeze_count())
        del loop_, plain
        assert alone() is None, "a frozen object nothing refers to is freed at once"
        gc.collect()
        assert cycle() is not None, "a frozen cycle waits for the thaw"
        await asyncio.sleep(0.7)
        assert aging.thaws == 1 and cycle() is None, "collected at the thaw"
        await aging.stop()
        print("ok", aging.freezes, aging.thaws)

    asyncio.run(main())
    """
)


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
    assert parse_setting("gc_freeze=0") == ("gc_freeze", 0.0)


def test_what_lives_is_set_aside_and_its_cycles_are_collected_at_the_thaw() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok ")
