"""Bots across processes and machines: each bot move is a job in a Redis-backed queue (SAQ), served by
``dolmen worker`` processes on any machine.

Why SAQ: it is a maintained asyncio job queue on Redis (which the hub needs anyway), small, with what this needs
and nothing home-made: a job *key* that makes a job unique while it is queued or running (one job per table,
version and seat, however many processes ask), timeouts, retries and a heartbeat with which another worker's
sweep retries the job of a worker that died. (arq has no heartbeat and is in maintenance only; Celery and Dramatiq
are not asyncio-native and bring brokers and configuration of their own.)

The job carries only ``(table, version, seat)``. The worker reads the table from the database, lets the seat's
bot choose (in its own :class:`~dolmen.server.bots.BotRunner` processes, with the same fallbacks and timeouts as
a single server), and commits the move through :meth:`TableService.act` — the version check of a person's move:
a stale job is dropped. The committing worker asks for the next bot move, and the servers re-ask for tables that
stall with a bot to move (:meth:`TableService.kick_bots`), so a table never waits on a lost job.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

from saq import Queue
from saq.types import Context

log = logging.getLogger("dolmen.server")
QUEUE_NAME = "dolmen-bots"
JOB = "bot_move"


@dataclass(frozen=True)
class JobTimes:
    """How long a bot job may take: ``timeout`` in all (every fallback of one move), ``heartbeat`` without a sign
    of life before another worker's sweep retries it, ``retries`` attempts."""

    timeout: int = 150
    heartbeat: int = 10
    retries: int = 3


def job_key(table_id: int, version: int, seat: int) -> str:
    return f"{table_id}:{version}:{seat}"


def open_queue(url: str) -> Queue:
    return Queue.from_url(url, name=QUEUE_NAME)


class RedisBotQueue:
    """The :class:`~dolmen.server.tables.BotQueue` of the servers and workers: enqueues in the background."""

    def __init__(self, url: str, times: JobTimes | None = None) -> None:
        self.queue = open_queue(url)
        self.times = times or JobTimes()
        self.failed = 0
        """Requests that could not be enqueued (Redis down): the stalled-table sweep asks again."""
        self._tasks: set[asyncio.Task[None]] = set()

    def request(self, table_id: int, version: int, seat: int) -> None:
        task = asyncio.get_running_loop().create_task(self._enqueue(table_id, version, seat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _enqueue(self, table_id: int, version: int, seat: int) -> None:
        times = self.times
        try:
            await self.queue.enqueue(
                JOB,
                key=job_key(table_id, version, seat),
                table=table_id,
                version=version,
                seat=seat,
                timeout=times.timeout,
                heartbeat=times.heartbeat,
                retries=times.retries,
                ttl=-1,  # forgotten once done: asking again later runs again (and is dropped as stale)
            )
        except Exception as exc:
            self.failed += 1
            log.warning("cannot ask for the bot move of table %s seat %s: %s", table_id, seat, exc)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.queue.disconnect()


async def bot_move(ctx: Context, *, table: int, version: int, seat: int) -> str:
    """The job: play ``seat``'s bot at ``table`` if it is still at ``version``; beats the job's heartbeat while
    the bot thinks, so that only a worker that died is retried."""
    services: Any = ctx["services"]  # type: ignore[typeddict-item]
    job = ctx.get("job")
    beat = asyncio.get_running_loop().create_task(_heartbeat(job)) if job is not None else None
    try:
        played = await services.tables.play_requested(table, version, seat)
    finally:
        if beat is not None:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
    return "played" if played else "stale"


async def _heartbeat(job: Any) -> None:
    interval = max(0.5, (job.heartbeat or 10) / 3)
    while True:
        await asyncio.sleep(interval)
        try:
            await job.update()
        except Exception as exc:
            log.warning("bot job heartbeat failed: %s", exc)
