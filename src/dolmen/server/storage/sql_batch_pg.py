"""The group commit's hot path on PostgreSQL: a whole batch in one statement, its own transaction, taking its rows
as JSON documents (``json_to_recordset``). Each table's row moves to its new version under a guard on the version
it was at (and on its clocks' serial when the step moves the clocks), taking the new clocks and, for a finished
game, the result; the steps of exactly the tables that moved are inserted under their unique key. A request whose
table did not move stored nothing: that request alone conflicts, and no savepoint is needed.

Measured with ``bench/server_commit.py`` (CPU of the server's process, whose event loop shares it): executed once
per row (psycopg's pipeline), a batch of 50 cost 85 µs a step against SQLite's 49, and a lone request through the
ORM 1,690 µs; in one statement, 37 and 480 (one round trip instead of six).

The server's commit queue awaits the statement on its event loop (:class:`LoopCommitter`, psycopg's
``AsyncConnection``): in a thread, each round trip waited 2-5 ms (p50) for the interpreter's lock behind the
busy loop. ``bench/load.py``, 1,000 tables on PostgreSQL at ~1,100 moves/s: p50 11-25 ms from a thread, 9-10 ms
on the loop. :func:`append_all` is the same statement for callers in a thread (and the queue's fallback).

PostgreSQL locks the rows in its plan's order: two processes' batches sharing two tables can deadlock, and one of
them fails with :data:`DEADLOCK_DETECTED`; the caller then stores that batch one request at a time in the tables'
order. A step already stored under a moved table's key (which the version guard rules out) fails the whole
statement with an integrity error, and the caller does the same."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import psycopg
from sqlalchemy import Engine, create_engine, event, text

from dolmen.server.storage import FINISHED, StepAppend
from dolmen.server.storage.sql_base import clock_values

DEADLOCK_DETECTED = "40P01"
"""PostgreSQL's SQLSTATE for a transaction chosen to break a deadlock."""

_APPEND = text(
    "WITH moved AS ("
    " UPDATE tables SET version = m.to_version,"
    "  clock_serial = COALESCE(m.serial, tables.clock_serial),"
    "  clock_state = CASE WHEN m.serial IS NULL THEN tables.clock_state ELSE m.clock_state END,"
    "  deadline = CASE WHEN m.serial IS NULL THEN tables.deadline ELSE m.deadline END,"
    "  status = CASE WHEN m.result IS NULL THEN tables.status ELSE :finished END,"
    "  result = CASE WHEN m.result IS NULL THEN tables.result ELSE m.result END,"
    "  finished_at = CASE WHEN m.result IS NULL THEN tables.finished_at ELSE :now END"
    " FROM json_to_recordset(CAST(:moves AS json)) AS m(table_id integer, from_version integer,"
    "  to_version integer, serial integer, clock_state json, deadline timestamptz, result json)"
    " WHERE tables.id = m.table_id AND tables.version = m.from_version"
    "  AND (m.serial IS NULL OR tables.clock_serial = m.serial - 1)"
    " RETURNING tables.id),"
    " stored AS ("
    " INSERT INTO steps (table_id, version, step, created_at)"
    " SELECT s.table_id, s.version, s.step, :now"
    " FROM json_to_recordset(CAST(:steps AS json)) AS s(table_id integer, version integer, step json)"
    " JOIN moved ON moved.id = s.table_id)"
    " SELECT id FROM moved"
)


def commit_engine(engine: Engine) -> Engine:
    """An engine for :func:`append_all` on ``engine``'s database: its own small pool, each statement committed,
    and no ping at each checkout (``pool_pre_ping``, which ``engine`` has): under load, on a process whose event
    loop holds the interpreter's lock, each round trip of the commit's thread cost 2-5 ms (p50) of waiting, and
    the ping was one of two. A connection the server dropped fails one batch, which the caller stores again
    through ``engine``; the pool is then renewed. Disposed with ``engine``."""
    own = create_engine(engine.url, isolation_level="AUTOCOMMIT", pool_size=2, max_overflow=4)
    event.listen(engine, "engine_disposed", lambda _connection: own.dispose())
    return own


def append_all(engine: Engine, batch: Sequence[StepAppend], now: datetime) -> set[int]:
    """Store ``batch`` (one request per table) in one statement, committed; the tables that moved (the others'
    requests stored nothing)."""
    with engine.connect() as connection:
        return set(connection.execute(_APPEND, parameters(batch, now)).scalars())


def parameters(batch: Sequence[StepAppend], now: datetime) -> dict[str, object]:
    """The statement's parameters for ``batch``."""
    ordered = sorted(batch, key=lambda r: r.table_id)  # the rows' lock order, when the plan follows it
    moves = []
    for request in ordered:
        move: dict[str, object] = {
            "table_id": request.table_id,
            "from_version": request.from_version,
            "to_version": request.from_version + len(request.steps),
            "result": request.result,
        }
        if request.clocks is not None:
            values = clock_values(request.clocks)
            deadline = values["deadline"]
            move["serial"] = values["clock_serial"]
            move["clock_state"] = values["clock_state"]
            move["deadline"] = deadline.isoformat() if deadline is not None else None
        moves.append(move)
    steps = [
        {"table_id": r.table_id, "version": r.from_version + offset, "step": step}
        for r in ordered
        for offset, step in enumerate(r.steps, start=1)
    ]
    return {"moves": json.dumps(moves), "steps": json.dumps(steps), "now": now, "finished": FINISHED}


_APPEND_PSYCOPG = re.sub(r":(\w+)", r"%(\1)s", _APPEND.text)
"""The statement in psycopg's own parameter style."""


class LoopCommitter:
    """:func:`append_all` awaited on the event loop, on a connection of its own (psycopg's ``AsyncConnection``):
    no thread waits for the interpreter's lock between its round trips."""

    def __init__(self, engine: Engine) -> None:
        self.conninfo = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def append(self, batch: Sequence[StepAppend], now: datetime) -> set[int] | None:
        """The tables that moved; ``None``, with nothing stored, when the batch must be stored another way (a
        deadlock, a broken connection, a step already there)."""
        try:
            loop = asyncio.get_running_loop()
            if self._connection is None or self._connection.closed or self._loop is not loop:
                # a connection belongs to the loop it was opened on (one left on an ended loop is dropped)
                self._connection = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                self._loop = loop
            cursor = await self._connection.execute(_APPEND_PSYCOPG, parameters(batch, now))
            return {row[0] for row in await cursor.fetchall()}
        except psycopg.errors.IntegrityError:
            return None
        except psycopg.OperationalError:
            await self.close()
            return None

    async def close(self) -> None:
        """Close the connection (on the loop it was opened on)."""
        connection, self._connection = self._connection, None
        if connection is not None and self._loop is asyncio.get_running_loop():
            await connection.close()
