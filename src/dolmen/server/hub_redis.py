"""The hub between processes: the same notices as :class:`~dolmen.server.hub.LocalHub`, carried to every server
process over Redis pub/sub (redis-py's asyncio client).

A notice published here reaches this process's listeners at once, as with the local hub, and is sent to Redis
on the channel ``dolmen:T`` (one per table, ``dolmen:0`` for the lobby) by one publisher task, in order and in
batches. Each process listens to ``dolmen:*`` and hands the notices of the *other* processes (each carries its
origin) first to :attr:`RedisHub.follower` — the table service, which marks the table as behind so that it reads
the missing steps from the database before anyone looks at it — then to its own listeners.

Pub/sub delivers at most once: a notice lost (Redis down, a full outbox) costs a database read, never a wrong
screen, because a notice only says *that* a table moved and every view is built from what storage holds. When
the connection comes back the hub subscribes again and calls :attr:`RedisHub.resumed` (the table service
re-reads its tables and tells its sockets), so nothing missed meanwhile stays missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from dolmen.server.hub import LOBBY, Listener, LocalHub, Notice

PREFIX = "dolmen"
OUTBOX = 10_000
"""Notices waiting for Redis at most; past that new ones are dropped (other processes catch up later)."""
log = logging.getLogger("dolmen.server")

Follower = Callable[[int, Notice], None]


class RedisHub:
    """The :class:`~dolmen.server.hub.Hub` of several processes. :meth:`start` it on the event loop, :meth:`close`
    it at the end; ``listen=False`` makes a publish-only hub (a bot worker: it reads storage for every job)."""

    shared = True
    """Other processes write the same tables: what is in memory may be behind storage."""

    def __init__(self, url: str, *, listen: bool = True, prefix: str = PREFIX) -> None:
        self.url = url
        self.prefix = prefix
        self.listen = listen
        self.origin = secrets.token_hex(8)
        self.follower: Follower | None = None
        """Called (synchronously) with every other process's notice before this process's listeners hear it."""
        self.resumed: Callable[[], Awaitable[None]] | None = None
        """Called when the subscription is back after Redis went away (not at the first connection)."""
        self.connected = asyncio.Event()
        self.dropped = 0
        """Notices not sent to Redis (outbox full or Redis down)."""
        self._local = LocalHub()
        self._outbox: asyncio.Queue[tuple[int, Notice]] = asyncio.Queue(OUTBOX)
        self._redis: aioredis.Redis | None = None
        self._tasks: list[asyncio.Task[None]] = []

    # -- the Hub interface ----------------------------------------------------------------------------
    def subscribe(self, channel: int, listener: Listener) -> None:
        self._local.subscribe(channel, listener)

    def unsubscribe(self, channel: int, listener: Listener) -> None:
        self._local.unsubscribe(channel, listener)

    def publish(self, channel: int, notice: Notice) -> None:
        self._local.publish(channel, notice)
        try:
            self._outbox.put_nowait((channel, notice))
        except asyncio.QueueFull:
            self.dropped += 1

    def listeners(self, channel: int) -> int:
        return self._local.listeners(channel)

    # -- life -----------------------------------------------------------------------------------------
    async def start(self) -> None:
        self._redis = aioredis.Redis.from_url(
            self.url, socket_connect_timeout=2.0, socket_keepalive=True, health_check_interval=5
        )
        self._tasks.append(asyncio.get_running_loop().create_task(self._publish_loop()))
        if self.listen:
            self._tasks.append(asyncio.get_running_loop().create_task(self._listen_loop()))
        else:
            self.connected.set()

    async def close(self) -> None:
        await self._flush(timeout=2.0)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    async def _flush(self, timeout: float) -> None:
        """Give the publisher a moment to send what is waiting (a clean shutdown loses nothing it can send)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not self._outbox.empty() and loop.time() < end and any(not t.done() for t in self._tasks):
            await asyncio.sleep(0.01)

    def _channel(self, channel: int | str) -> str:
        return f"{self.prefix}:{channel}"

    async def _publish_loop(self) -> None:
        assert self._redis is not None
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, notice in batch:
                        body = json.dumps({"o": self.origin, "n": notice}, separators=(",", ":"))
                        pipe.publish(self._channel(channel), body)
                    await pipe.execute()
            except (RedisError, OSError) as exc:
                self.dropped += len(batch)
                log.warning("redis hub: %d notices not sent (%s)", len(batch), exc)
                await asyncio.sleep(0.5)

    async def _listen_loop(self) -> None:
        """Subscribe, hand on what comes, and start again whenever the connection breaks."""
        assert self._redis is not None
        first, pause = True, 0.1
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.psubscribe(self._channel("*").encode())
                self.connected.set()
                if not first:
                    log.info("redis hub: subscribed again")
                    if self.resumed is not None:
                        await self.resumed()
                    self._look_again()
                first, pause = False, 0.1
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=5.0)
                    if message is not None and message["type"] == "pmessage":
                        self._receive(message["channel"], message["data"])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                if self.connected.is_set():
                    log.warning("redis hub: connection lost (%s); reconnecting", exc)
                self.connected.clear()
            except Exception:
                log.exception("redis hub: listener failed; reconnecting")
                self.connected.clear()
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(pause)
            pause = min(2.0, pause * 2)

    def _look_again(self) -> None:
        """Tell every socket of this process to look at its table (or the lobby) again: notices of the other
        processes may have been lost while Redis was away."""
        for channel in self._local.channels():
            kinds: tuple[Notice, ...] = (
                ({"kind": "hello"},) if channel == LOBBY else ({"kind": "table"}, {"kind": "step"}, {"kind": "clock"})
            )
            for notice in kinds:
                self._local.publish(channel, notice)

    def _receive(self, channel_name: bytes, data: bytes) -> None:
        try:
            body: dict[str, Any] = json.loads(data)
            channel = int(channel_name.decode().rsplit(":", 1)[1])
            notice = body["n"]
            if body["o"] == self.origin or not isinstance(notice, dict) or "kind" not in notice:
                return
        except (ValueError, KeyError, TypeError, IndexError):
            log.warning("redis hub: unreadable notice on %r", channel_name)
            return
        if self.follower is not None:
            try:
                self.follower(channel, notice)
            except Exception:
                log.exception("redis hub: following table %s failed", channel)
        self._local.publish(channel, notice)
