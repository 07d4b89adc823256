"""The fan-out hub: services publish small notices per table; each connection subscribes to its table.

A notice says *what* changed (``{"kind": "step", "version": 7}``, ``{"kind": "chat", ...}``,
``{"kind": "table"}``, ``{"kind": "clock"}`` when the clocks or who is away changed without a step), never a
rendered view: every connection builds its own message for its own viewer,
so nothing meant for one seat travels through the hub. Listeners must not block (they put the notice in
their connection's bounded queue). :class:`LocalHub` serves one process;
:class:`~dolmen.server.hub_redis.RedisHub` carries the same notices between processes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Notice = dict[str, Any]
Listener = Callable[[Notice], None]

LOBBY = 0
"""The channel of the lobby (tables are numbered from 1)."""


class Hub(Protocol):
    shared: bool
    """Whether other processes write the same tables (so that what one process holds may be behind storage)."""

    def subscribe(self, channel: int, listener: Listener) -> None: ...
    def unsubscribe(self, channel: int, listener: Listener) -> None: ...
    def publish(self, channel: int, notice: Notice) -> None: ...


class LocalHub:
    """The in-process hub: a set of listeners per channel."""

    shared = False

    def __init__(self) -> None:
        self._listeners: dict[int, list[Listener]] = {}

    def subscribe(self, channel: int, listener: Listener) -> None:
        self._listeners.setdefault(channel, []).append(listener)

    def unsubscribe(self, channel: int, listener: Listener) -> None:
        listeners = self._listeners.get(channel, [])
        if listener in listeners:
            listeners.remove(listener)
        if not listeners:
            self._listeners.pop(channel, None)

    def publish(self, channel: int, notice: Notice) -> None:
        for listener in list(self._listeners.get(channel, ())):
            listener(notice)

    def listeners(self, channel: int) -> int:
        return len(self._listeners.get(channel, ()))

    def channels(self) -> list[int]:
        """The channels someone listens to."""
        return list(self._listeners)
