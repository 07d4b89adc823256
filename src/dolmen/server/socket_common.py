"""What the table and the lobby websockets share: the Origin check, the outbox (a bounded queue and one sender
task a socket), the rate limit of what a client sends, the chat commands' words and numbers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from dolmen.engine.messages import Message
from dolmen.server.errors import say
from dolmen.server.hub import Notice
from dolmen.server.protocol import encode

JSON = Any
QUEUE = 256
NUMBER = re.compile(r"[0-9]{1,9}")
"""A number a client may give in a chat command or a socket's query (``?v=``): ASCII digits, small enough for the
database's integers (``"²".isdigit()`` is true, but it is no number)."""
WORDS = ("join", "leave", "back", "start", "bot", "watch")
"""The chat commands; ``/join`` and ``/bot`` may name a seat, ``/bot`` names its bot first."""
log = logging.getLogger("dolmen.server")


def number(text: str | None) -> int | None:
    """``text`` as a number when it is one (:data:`NUMBER`), else ``None``."""
    return int(text) if text is not None and NUMBER.fullmatch(text) else None


class TokenBucket:
    """A client's messages: ``rate`` a second on average, ``burst`` at once (``socket_rate``, ``socket_burst``)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def take(self) -> bool:
        """Whether one more message may pass now (it is counted)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(frozen=True, slots=True)
class Command:
    """A chat command: its word, the bot ``/bot`` names, the seat it names (``None``: the first open one)."""

    word: str
    bot: str | None = None
    seat: int | None = None


class BadCommand(Exception):
    """A chat command refused before it does anything: ``code`` and the server's ``message``."""

    def __init__(self, code: str, message: Message) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_command(word: str, args: Sequence[str], commands: str) -> Command:
    """The command ``/WORD ARGS…`` (after the lobby's table number): ``join [SEAT]``, ``bot LEVEL|NAME[:LEVEL]
    [SEAT]``, ``leave``, ``back``, ``start``, ``watch``. :class:`BadCommand` ``unknown_command`` (its message
    listing ``commands``) for another word or other arguments, ``invalid`` for a seat that is not a number."""
    rest = list(args)
    if word not in WORDS:
        raise BadCommand("unknown_command", say("server_commands", commands=commands))
    bot = None
    if word == "bot":
        if not rest:
            raise BadCommand("unknown_command", say("server_say_which_bot", commands=commands))
        bot = rest.pop(0)
    if len(rest) > (1 if word in ("join", "bot") else 0):
        raise BadCommand("unknown_command", say("server_commands", commands=commands))
    seat = number(rest[0]) if rest else None
    if rest and seat is None:
        raise BadCommand("invalid", say("server_bad_seat", given=rest[0]))
    return Command(word, bot, seat)


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
