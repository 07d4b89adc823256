"""What the table and the lobby websockets share: the Origin check, the outbox (a bounded queue and one sender
task a socket), the pattern of a number in a chat command."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from dolmen.server.hub import Notice
from dolmen.server.protocol import encode

JSON = Any
QUEUE = 256
NUMBER = re.compile(r"[0-9]{1,9}")
log = logging.getLogger("dolmen.server")


def origin_allowed(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Browsers always send ``Origin``; it must be the server's own (or configured). Other clients send none."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


class Outbox:
    """A socket's way out: a bounded queue of notices and one sender task, so that one slow client never stalls
    the others; a client that lets its queue fill up is closed ("too slow")."""

    close_on_error = False
    """Whether the socket is closed (1011) when building or sending a message fails unexpectedly."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[Notice] = asyncio.Queue(QUEUE)
        self.overflowed = False
        self.sender: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the sender task (once the socket is accepted)."""
        self.sender = asyncio.create_task(self.send_loop())

    def stopped(self) -> bool:
        """Whether the sender has ended (the client went away, was too slow, or sending failed)."""
        return self.sender is not None and self.sender.done()

    async def stop(self) -> None:
        """Cancel the sender and wait for it to end."""
        if self.sender is not None:
            self.sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.sender

    def enqueue(self, notice: Notice) -> None:
        try:
            self.queue.put_nowait(notice)
        except asyncio.QueueFull:
            self.overflowed = True  # the sender closes the socket: this client cannot keep up

    async def send_loop(self) -> None:
        try:
            while True:
                notice = await self.queue.get()
                if self.overflowed:
                    await self.websocket.close(code=1013, reason="too slow")
                    return
                for message in await self._messages(notice):
                    await self.websocket.send_text(encode(message))
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the client went away
        except Exception:
            log.exception("%s: cannot send", self.name())
            if self.close_on_error:
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=1011)

    def name(self) -> str:
        raise NotImplementedError

    async def _messages(self, notice: Notice) -> list[dict[str, JSON]]:
        raise NotImplementedError
