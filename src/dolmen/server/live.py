"""A started table in memory (:class:`LiveTable`): its lobby record, the engine's table, its lock and what its
bots are doing; what a viewer is sent of it; whose seat an account plays; where bot moves are asked for."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from dolmen.engine.table import Table
from dolmen.server.clocks import after_change, clocks_message, people_acting, running_seats
from dolmen.server.errors import Forbidden
from dolmen.server.storage import Account, ClockChange, TableInfo

JSON = Any
CLOCKS_FRESH = 0.05
"""Seconds for which one snapshot of a table's clocks serves every message built (a step's broadcast to each
seat and spectator): each says the server time it was taken at, so a client corrects it exactly."""


def view_for(table: Table, viewer: int | None) -> dict[str, JSON]:
    """What ``viewer`` sees of ``table``: the engine's envelope, nothing computed here."""
    return table.view(viewer)


@dataclass
class LiveTable:
    """A started table in memory: its lobby record, its engine table and the lock of its one writer."""

    info: TableInfo
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    thinking: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    behind: bool = False
    """Another process changed the table (a notice said so): read storage before using it. It stays set until a
    catch-up has read storage, so that everyone looking meanwhile waits for that catch-up (:meth:`fall_behind`)."""
    marks: int = 0
    """How many times the table was marked behind: a mark during a catch-up's reads keeps it behind."""
    moved: float = field(default_factory=time.monotonic)
    """When this process last saw the table move (its own step, a notice, a catch-up)."""
    requested: set[tuple[int, int]] = field(default_factory=set)
    """The (version, seat) bot moves this process has asked the bot queue for."""
    _clocks: tuple[TableInfo, float, JSON] | None = None
    """The last clocks snapshot: the record it was taken of, when (monotonic) and the message."""

    @property
    def id(self) -> int:
        return self.info.id

    def fall_behind(self) -> None:
        self.behind = True
        self.marks += 1

    @property
    def epoch(self) -> int:
        """Changes whenever steps clients saw were taken back (stored with the table): a client of another
        epoch gets a full view, never an update."""
        return self.info.epoch

    def waiting_for(self) -> tuple[int, ...]:
        """The people whose turn it is (and who are not away)."""
        return people_acting(self.info, self.table.actors(), self.table.is_over())

    def running(self) -> tuple[int, ...]:
        """The seats whose clock runs now (by the engine's actors and the seats' people)."""
        return running_seats(self.info, self.table.actors(), self.table.is_over())

    def clocks_now(self) -> JSON:
        """The ``clocks`` of a message built now (:func:`clocks_message`); one snapshot of the same record serves
        the messages built within :data:`CLOCKS_FRESH` seconds."""
        stamp = time.monotonic()
        kept = self._clocks
        if kept is not None and kept[0] is self.info and stamp - kept[1] < CLOCKS_FRESH:
            return kept[2]
        message = clocks_message(self.info, datetime.now(UTC))
        self._clocks = (self.info, stamp, message)
        return message

    def clock_change(self, acted: int | None = None) -> ClockChange | None:
        return None if self.info.setup.clock is None else after_change(self.info.setup, self.running(), acted)

    def seat_of(self, account: Account | None) -> int | None:
        return None if account is None else self.info.seat_of(account.id)

    def bot_of(self, seat: int) -> str | None:
        """The bot that plays ``seat``: the seat's own, or the table's ``away_bot`` while its person is away."""
        place = self.info.seats[seat]
        return place.bot or (self.info.setup.away_bot if place.away else None)


class BotQueue(Protocol):
    """Where bot moves are asked for when bots think in other processes (:mod:`dolmen.server.bot_queue`)."""

    def request(self, table_id: int, version: int, seat: int) -> None:
        """Ask (in the background) for the move of ``seat``'s bot at ``version``; asking twice is harmless."""
        ...


def check_seat(live: LiveTable, account: Account | None, seat: int | None = None) -> int:
    """The seat ``account`` plays at ``live`` (``seat`` when it asks for one of its own); :class:`Forbidden`
    for a spectator or someone else's seat."""
    mine = live.seat_of(account)
    if mine is None:
        raise Forbidden("spectators cannot act: you have no seat at this table")
    if seat is not None and seat != mine:
        raise Forbidden(f"seat {seat} is not yours (you play seat {mine})")
    return mine
