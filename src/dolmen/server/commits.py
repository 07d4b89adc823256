"""Group commit: the steps of many tables stored in one transaction, so that a move costs a share of one commit
(one disk flush) instead of one each.

Every step is still committed before anyone hears of it: :meth:`CommitQueue.append` returns once the
transaction holding the step is committed, or raises what that step got (:class:`VersionConflict`, or the
transaction's failure). While one batch is being committed the next gathers, so batches grow with the load and a
lone move waits for no one. Each request is undone alone when it conflicts (a savepoint each:
:meth:`~dolmen.server.storage.Storage.append_batch`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from dolmen.server.storage import ClockState, StepAppend, Storage

JSON = Any
MAX_BATCH = 200
"""At most this many requests in one transaction (a bound on one commit's work, hence on its latency)."""


class CommitQueue:
    def __init__(self, storage: Storage, max_batch: int = MAX_BATCH) -> None:
        self.storage = storage
        self.max_batch = max_batch
        self._waiting: list[tuple[StepAppend, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None
        self.batches = 0
        """Transactions committed so far (their requests over this: the mean batch)."""
        self.requests = 0

    async def append(
        self,
        table_id: int,
        from_version: int,
        steps: Sequence[dict[str, JSON]],
        result: dict[str, JSON] | None = None,
        clocks: ClockState | None = None,
    ) -> None:
        """Store as :meth:`~dolmen.server.storage.Storage.append_steps` does, in the next batch; returns when it
        is committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((StepAppend(table_id, from_version, steps, result, clocks), future))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_all())
        await future

    async def _commit_all(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[: self.max_batch], self._waiting[self.max_batch :]
            try:
                requests = [request for request, _ in batch]
                on_loop = getattr(self.storage, "append_batch_on_loop", None)
                stored = await on_loop(requests) if on_loop is not None else None
                outcomes: Sequence[BaseException | None] = (
                    stored if stored is not None else await asyncio.to_thread(self.storage.append_batch, requests)
                )
            except BaseException as exc:  # the transaction failed: nothing of the batch is stored
                outcomes = [exc] * len(batch)
                if isinstance(exc, asyncio.CancelledError):
                    for _, future in batch + self._waiting:
                        future.cancel()
                    raise
            self.batches += 1
            self.requests += len(batch)
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)

    async def close(self) -> None:
        """Close what the storage opened on this event loop for the commits (PostgreSQL's own connection)."""
        close = getattr(self.storage, "close_on_loop", None)
        if close is not None:
            await close()
