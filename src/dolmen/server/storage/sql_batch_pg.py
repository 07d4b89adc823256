"""The group commit's hot path on PostgreSQL: a whole batch in three statements, each taking its rows as one
JSON document (``json_to_recordset``), instead of one execution per row. Executed once per row (psycopg's
pipeline), a batch cost the server's process 85 µs of CPU a step against SQLite's 49; this way, 47
(``bench/server_commit.py``): a tenth of a loaded server's CPU.

Same effect as the generic path of :meth:`~dolmen.server.storage.sql_steps.SqlSteps.append_batch`: the steps
inserted under their unique key, each table's version moved under a guard on the version it was at (and on its
clocks' serial when the step moves the clocks), finished tables closed. The caller compares the rows moved with
the batch's size and undoes the transaction when a guard failed.

PostgreSQL may lock the updated rows in another order than the batch's (its plan decides): two processes'
batches sharing two tables can then deadlock, and one of them fails with :data:`DEADLOCK_DETECTED`; the caller
stores that batch again one request at a time, in the tables' order."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection, TextClause, text

from dolmen.server.storage import FINISHED, StepAppend
from dolmen.server.storage.sql_base import clock_values

DEADLOCK_DETECTED = "40P01"
"""PostgreSQL's SQLSTATE for a transaction chosen to break a deadlock."""

_INSERT_STEPS = text(
    "INSERT INTO steps (table_id, version, step, created_at) SELECT s.table_id, s.version, s.step, :now "
    "FROM json_to_recordset(CAST(:rows AS json)) AS s(table_id integer, version integer, step json)"
)
_MOVE = text(
    "UPDATE tables SET version = m.to_version "
    "FROM json_to_recordset(CAST(:rows AS json)) AS m(table_id integer, from_version integer, to_version integer) "
    "WHERE tables.id = m.table_id AND tables.version = m.from_version"
)
_MOVE_TIMED = text(
    "UPDATE tables SET version = m.to_version, clock_state = m.clock_state, deadline = m.deadline, "
    "clock_serial = m.serial "
    "FROM json_to_recordset(CAST(:rows AS json)) AS m(table_id integer, from_version integer, to_version integer, "
    "serial integer, clock_state json, deadline timestamptz) "
    "WHERE tables.id = m.table_id AND tables.version = m.from_version AND tables.clock_serial = m.serial - 1"
)
_FINISH = text(
    "UPDATE tables SET status = :status, result = f.result, finished_at = :now "
    "FROM json_to_recordset(CAST(:rows AS json)) AS f(table_id integer, result json) WHERE tables.id = f.table_id"
)


def append_all(connection: Connection, batch: Sequence[StepAppend], now: datetime) -> int:
    """Store every request of ``batch`` (tables in id order, so that two processes lock rows in one order) in
    ``connection``'s transaction; the number of tables whose version moved."""
    ordered = sorted(batch, key=lambda r: r.table_id)
    steps = [
        {"table_id": r.table_id, "version": r.from_version + offset, "step": step}
        for r in ordered
        for offset, step in enumerate(r.steps, start=1)
    ]
    connection.execute(_INSERT_STEPS, {"rows": json.dumps(steps), "now": now})
    moved = 0
    plain = [_move(r) for r in ordered if r.clocks is None]
    if plain:
        moved += _rowcount(connection, _MOVE, plain)
    timed = []
    for request in ordered:
        if request.clocks is not None:
            values = clock_values(request.clocks)
            deadline = values["deadline"]
            timed.append(
                _move(request)
                | {
                    "serial": values["clock_serial"],
                    "clock_state": values["clock_state"],
                    "deadline": deadline.isoformat() if deadline is not None else None,
                }
            )
    if timed:
        moved += _rowcount(connection, _MOVE_TIMED, timed)
    finished = [{"table_id": r.table_id, "result": r.result} for r in ordered if r.result is not None]
    if finished:
        connection.execute(_FINISH, {"rows": json.dumps(finished), "status": FINISHED, "now": now})
    return moved


def _move(request: StepAppend) -> dict[str, object]:
    return {
        "table_id": request.table_id,
        "from_version": request.from_version,
        "to_version": request.from_version + len(request.steps),
    }


def _rowcount(connection: Connection, statement: TextClause, rows: list[dict[str, object]]) -> int:
    return int(connection.execute(statement, {"rows": json.dumps(rows)}).rowcount)
