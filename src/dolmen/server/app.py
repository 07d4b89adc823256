"""The application factory: storage, hub and services wired into a FastAPI app, and uvicorn settings."""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Engine

from dolmen.server.accounts import AccountService
from dolmen.server.bot_queue import JobTimes, RedisBotQueue
from dolmen.server.bots import BotRunner, Target
from dolmen.server.chat import ChatService
from dolmen.server.clocks import ClockSweeper
from dolmen.server.collector import Aging
from dolmen.server.config import Settings
from dolmen.server.errors import RateLimited, ServiceError, error_fields
from dolmen.server.http import router
from dolmen.server.hub import Hub, LocalHub
from dolmen.server.hub_redis import RedisHub
from dolmen.server.live import BotQueue
from dolmen.server.lobby import LobbyService
from dolmen.server.lobby_socket import lobby_socket
from dolmen.server.notify import Mailer, Presence, TurnNotifier
from dolmen.server.protocol import MAX_FRAME
from dolmen.server.ratings import RatingService
from dolmen.server.sockets import table_socket
from dolmen.server.storage import Storage
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.sql import SqlStorage
from dolmen.server.tables import TableService
from dolmen.server.throttle import Throttle
from dolmen.server.web import mount_web

COOKIE = "dolmen_session"
log = logging.getLogger("dolmen.server")


@dataclass
class Services:
    settings: Settings
    storage: Storage
    hub: Hub
    accounts: AccountService
    lobby: LobbyService
    tables: TableService
    chat: ChatService
    bots: BotRunner
    ratings: RatingService
    presence: Presence
    notifier: TurnNotifier
    sweeper: ClockSweeper
    throttle: Throttle
    cookie_name: str = COOKIE


def build_services(
    settings: Settings,
    storage: Storage,
    hub: Hub | None = None,
    bots: BotRunner | None = None,
    queue: BotQueue | None = None,
) -> Services:
    """The services on ``storage``; with ``hub`` shared between processes and a bot ``queue`` when the server
    runs as several processes (:func:`open_shared`)."""
    hub = hub or LocalHub()
    hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1) if settings.fast_password_hashing else None
    accounts = AccountService(storage, hasher)
    lobby = LobbyService(storage, hub, settings)
    bots = bots or BotRunner(settings.bot_workers, settings.bot_timeout)
    ratings = RatingService(storage)
    presence = Presence(storage, settings.presence_window)
    mailer = Mailer(settings.smtp_url, settings.mail_from) if settings.smtp_url else None
    public_url = settings.public_url or "http://127.0.0.1:8000"
    notifier = TurnNotifier(storage, presence, mailer, public_url, settings.notify_interval)
    tables = TableService(storage, hub, lobby, bots, ratings, notifier, queue)

    async def upkeep() -> None:
        await presence.renew()
        await tables.kick_bots(settings.stall_after)

    sweeper = ClockSweeper(storage, tables.time_out, settings.sweep_interval, settings.clock_pause, upkeep)
    throttle = Throttle(settings.login_limit, settings.signup_limit, settings.create_limit, settings.chat_limit)
    return Services(
        settings,
        storage,
        hub,
        accounts,
        lobby,
        tables,
        ChatService(storage, hub),
        bots,
        ratings,
        presence,
        notifier,
        sweeper,
        throttle,
    )


def open_storage(settings: Settings) -> tuple[SqlStorage, Engine]:
    """The SQL storage of ``settings.database_url``, created and migrated to the newest schema."""
    engine = make_engine(settings.database_url)
    migrate(engine)
    return SqlStorage(engine), engine


async def open_shared(settings: Settings) -> tuple[RedisHub, RedisBotQueue] | tuple[None, None]:
    """The Redis hub (started) and bot queue of ``settings.redis_url``; none without it."""
    if settings.redis_url is None:
        return None, None
    hub = RedisHub(settings.redis_url)
    await hub.start()
    queue = RedisBotQueue(settings.redis_url, JobTimes(heartbeat=settings.bot_job_heartbeat))
    return hub, queue


def create_app(
    settings: Settings | None = None,
    storage: Storage | None = None,
    *,
    bot_target: Target | None = None,
    aging: Aging | None = None,
) -> FastAPI:
    """The server app. Without ``storage`` it opens (and migrates) ``settings.database_url`` at start; running
    tables are restored and their bots resume. ``bot_target`` replaces what the bot worker processes run for a
    move (:func:`~dolmen.server.bots.choose_action`; tests record what bots are sent through it); ``aging``
    tends the garbage collector while the app runs (``dolmen serve``'s own process only)."""
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = None
        store = storage
        if store is None:
            store, engine = open_storage(settings)
        hub, queue = await open_shared(settings)
        runner = BotRunner(settings.bot_workers, settings.bot_timeout, bot_target) if bot_target else None
        services = build_services(settings, store, hub, runner, queue)
        if hub is not None:
            hub.follower = services.tables.follow
            hub.resumed = services.tables.resume
        app.state.services = services
        await services.ratings.catch_up()
        # the clocks first: after a downtime they are shifted before any table is looked at
        await services.sweeper.sweep(datetime.now(UTC))
        restored = await services.tables.restore_running()
        if restored:
            log.info("restored %d running tables", restored)
        services.sweeper.start()
        if aging is not None:
            aging.start()
        try:
            yield
        finally:
            if aging is not None:
                await aging.stop()
            await services.sweeper.stop()
            await services.tables.close()
            await services.notifier.close()
            services.bots.close()
            if queue is not None:
                await queue.close()
            if hub is not None:
                await hub.close()
            if engine is not None:
                engine.dispose()

    app = FastAPI(title="Dolmen", version="0.2.0", lifespan=lifespan)
    mount_web(app)  # the browser client at / (before the API's placeholder home page)
    app.include_router(router)
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    app.add_api_websocket_route("/ws/lobby", lobby_socket)

    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(math.ceil(exc.retry_after))} if isinstance(exc, RateLimited) else None
        fields = error_fields(exc.code, exc.message, exc.reason)
        return JSONResponse({"error": fields.pop("code"), **fields}, status_code=exc.status, headers=headers)

    return app


def uvicorn_options() -> dict[str, Any]:
    """How uvicorn serves the app: sans-I/O websockets, no per-message compression, small frames."""
    return {
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,
        "ws_max_size": MAX_FRAME,
        "lifespan": "on",
        # the client's address comes from X-Forwarded-For only through Settings.trusted_proxies (throttle.py)
        "proxy_headers": False,
    }
