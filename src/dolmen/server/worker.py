"""A ``dolmen worker`` process: serves the bot queue (:mod:`dolmen.server.bot_queue`) of the servers sharing
its database and Redis. Run as many as there is bot work, on any machine that reaches both."""

from __future__ import annotations

import asyncio
import logging
from typing import cast

from saq import Worker
from saq.types import PartialTimersDict

from dolmen.server.app import build_services, open_storage
from dolmen.server.bot_queue import JobTimes, RedisBotQueue, bot_move
from dolmen.server.bots import BotRunner, Target, choose_action
from dolmen.server.config import Settings
from dolmen.server.hub_redis import RedisHub

log = logging.getLogger("dolmen.server")


async def run_worker(settings: Settings, concurrency: int | None = None, target: Target = choose_action) -> None:
    """Serve bot jobs until SIGINT/SIGTERM: ``settings.bot_workers`` processes think, at most ``concurrency``
    jobs at once (default: as many as thinking processes)."""
    if settings.redis_url is None:
        raise ValueError("a worker needs Redis: --redis or DOLMEN_REDIS_URL")
    storage, engine = open_storage(settings)
    hub = RedisHub(settings.redis_url, listen=False)  # it reads storage for every job: nothing to follow
    await hub.start()
    queue = RedisBotQueue(settings.redis_url, JobTimes(heartbeat=settings.bot_job_heartbeat))
    bots = BotRunner(settings.bot_workers, settings.bot_timeout, target)
    services = build_services(settings, storage, hub, bots, queue)
    worker = Worker(
        queue.queue,
        functions=[bot_move],
        concurrency=concurrency or max(1, settings.bot_workers),
        timers=cast(PartialTimersDict, {"sweep": settings.job_sweep}),
    )
    worker.context["services"] = services  # type: ignore[typeddict-unknown-key]
    try:
        await worker.start()
    finally:
        await services.tables.close()
        await services.notifier.close()
        bots.close()
        await queue.close()
        await hub.close()
        engine.dispose()


def main(settings: Settings, concurrency: int | None = None, target: Target = choose_action) -> None:
    asyncio.run(run_worker(settings, concurrency, target))
