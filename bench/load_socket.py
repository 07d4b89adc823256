"""A lean websocket client for bench/load.py's scripted people (RFC 6455, the little of it a client needs).

The load generator shares the machine's cores with the servers it measures, so every microsecond it spends on a
message is taken from them. The ``websockets`` library runs each connection as tasks reading a stream and
queueing frames; here a socket is an :class:`asyncio.Protocol` whose ``data_received`` cuts the server's frames
(never masked, never compressed: the server turns per-message compression off) and hands each text message to a
callback at once, and ``send`` writes one masked frame to the transport. It speaks only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
from collections.abc import Callable
from urllib.parse import urlsplit

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA


class HandshakeError(RuntimeError):
    pass


class LeanSocket(asyncio.Protocol):
    """One client websocket: ``on_text(text)`` is called for every text message, in order."""

    def __init__(self, key: bytes, on_text: Callable[[str], None]) -> None:
        self.key = key
        self.on_text = on_text
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.fragments: list[bytes] = []

    # -- asyncio.Protocol ------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # a stream transport (uvloop's is not a subclass)

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.opened.done():
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            self._check_answer(bytes(buffer[:end]))
            del buffer[: end + 4]
        self._frames()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(HandshakeError(f"connection lost in the handshake: {exc!r}"))
        if not self.closed.done():
            self.closed.set_result(None)

    # -- frames --------------------------------------------------------------------------------------------
    def _frames(self) -> None:
        buffer = self.buffer
        start = 0
        size = len(buffer)
        while size - start >= 2:
            first, second = buffer[start], buffer[start + 1]
            length = second & 0x7F
            head = 2
            if length == 126:
                if size - start < 4:
                    break
                length = int.from_bytes(buffer[start + 2 : start + 4], "big")
                head = 4
            elif length == 127:
                if size - start < 10:
                    break
                length = int.from_bytes(buffer[start + 2 : start + 10], "big")
                head = 10
            if size - start < head + length:
                break
            payload = bytes(buffer[start + head : start + head + length])
            start += head + length
            self._frame(first, payload)
        if start:
            del buffer[:start]

    def _frame(self, first: int, payload: bytes) -> None:
        opcode = first & 0x0F
        final = first & 0x80
        if opcode == TEXT or opcode == 0:  # a message, or the continuation of one
            if not final:
                self.fragments.append(payload)
                return
            if self.fragments:
                payload = b"".join([*self.fragments, payload])
                self.fragments = []
            self.on_text(payload.decode())
        elif opcode == PING:
            self._write(PONG, payload)
        elif opcode == CLOSE and self.transport is not None and not self.transport.is_closing():
            self._write(CLOSE, payload[:2])
            self.transport.close()

    def _write(self, opcode: int, payload: bytes) -> None:
        """One final frame, masked as a client's must be."""
        if self.transport is None or self.transport.is_closing():
            return
        length = len(payload)
        if length < 126:
            head = bytes((0x80 | opcode, 0x80 | length))
        elif length < 1 << 16:
            head = bytes((0x80 | opcode, 0x80 | 126)) + length.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + length.to_bytes(8, "big")
        mask = os.urandom(4)
        repeated = (mask * (length // 4 + 1))[:length]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(length, "big")
        self.transport.write(head + mask + masked)

    # -- use -------------------------------------------------------------------------------------------------
    def send(self, text: str) -> None:
        self._write(TEXT, text.encode())

    async def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._write(CLOSE, (1000).to_bytes(2, "big"))
            try:
                await asyncio.wait_for(asyncio.shield(self.closed), 5.0)
            except TimeoutError:
                self.transport.close()

    def _check_answer(self, head: bytes) -> None:
        status, _, rest = head.partition(b"\r\n")
        headers = {}
        for line in rest.split(b"\r\n"):
            name, _, value = line.partition(b":")
            headers[name.strip().lower()] = value.strip()
        expected = base64.b64encode(hashlib.sha1(self.key + GUID).digest())
        if not status.startswith(b"HTTP/1.1 101") or headers.get(b"sec-websocket-accept") != expected:
            self.opened.set_exception(HandshakeError(f"refused: {status.decode(errors='replace')}"))
            if self.transport is not None:
                self.transport.close()
            return
        self.opened.set_result(None)


async def connect(
    url: str, headers: dict[str, str], on_text: Callable[[str], None], timeout: float = 60.0
) -> LeanSocket:
    """Open a websocket to ``url`` (``ws://127.0.0.1:PORT/PATH``) with ``headers`` (a cookie)."""
    parts = urlsplit(url)
    if parts.scheme != "ws" or parts.hostname is None or parts.port is None:
        raise ValueError(f"a ws://host:port/path address, not {url!r}")
    key = base64.b64encode(os.urandom(16))
    loop = asyncio.get_running_loop()
    _, protocol = await loop.create_connection(lambda: LeanSocket(key, on_text), parts.hostname, parts.port)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {parts.hostname}:{parts.port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key.decode()}",
        "Sec-WebSocket-Version: 13",
        *(f"{name}: {value}" for name, value in headers.items()),
    ]
    assert protocol.transport is not None
    protocol.transport.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await asyncio.wait_for(protocol.opened, timeout)
    return protocol
