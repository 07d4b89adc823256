"""The group commit: moves of many tables arriving together are stored in one transaction, each answered with
its own outcome, and none is answered before its transaction is committed."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from dolmen.server.commits import CommitQueue
from dolmen.server.storage import NewSeat, StepAppend, StorageError, VersionConflict
from dolmen.server.storage.memory import MemoryStorage


def run(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own (the browser tests' Playwright may keep a loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Watched(MemoryStorage):
    """The in-memory storage, keeping each batch it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.batches: list[list[StepAppend]] = []

    def append_batch(self, batch: list[StepAppend]) -> list[StorageError | None]:  # type: ignore[override]
        self.batches.append(list(batch))
        return super().append_batch(batch)


def test_moves_arriving_together_share_transactions_and_each_gets_its_outcome() -> None:
    storage = Watched()
    ada = storage.create_account("ada", "h", "en")
    ids = []
    for _ in range(20):
        info = storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)])
        storage.start_table(info.id, b"s" * 32, "c" * 64, [])
        ids.append(info.id)
    queue = CommitQueue(storage, max_batch=8)

    async def play() -> list[BaseException | None]:
        moves = [queue.append(table_id, 0, [{"seat": 0, "action": "x"}]) for table_id in ids]
        moves.append(queue.append(ids[0], 0, [{"seat": 0, "action": "late"}]))  # stale once the first is in
        return await asyncio.gather(*moves, return_exceptions=True)

    outcomes = run(play())
    assert outcomes[:20] == [None] * 20 and isinstance(outcomes[20], VersionConflict)
    assert all(storage.get_table(t).version == 1 for t in ids)  # type: ignore[union-attr]
    assert [len(b) for b in storage.batches] == [8, 8, 5]  # at most 8 a transaction
    assert (queue.batches, queue.requests) == (3, 21)


def test_a_failed_transaction_fails_every_move_of_its_batch() -> None:
    class Broken(MemoryStorage):
        def append_batch(self, batch: list[StepAppend]) -> list[StorageError | None]:  # type: ignore[override]
            raise OSError("disk full")

    queue = CommitQueue(Broken())

    async def play() -> list[BaseException | None]:
        return await asyncio.gather(*(queue.append(t, 0, [{"chance": "roll"}]) for t in (1, 2)), return_exceptions=True)

    assert [type(o) for o in run(play())] == [OSError, OSError]
    with pytest.raises(OSError):
        run(queue.append(3, 0, [{"chance": "roll"}]))
