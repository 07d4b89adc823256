"""The group commit on PostgreSQL (storage/sql_batch_pg.py): the commit queue stores its batches on the event loop,
each request stored or conflicting alone; a batch that another transaction deadlocks with, or one sent on a
connection the server dropped, is stored again one request at a time, and nothing of it is lost."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from dolmen.server.commits import CommitQueue
from dolmen.server.storage import FINISHED, NewSeat, StepAppend, VersionConflict, sql_batch_pg
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.sql import SqlStorage
from tests.server.conftest import fresh_database


@pytest.fixture
def storage(request: pytest.FixtureRequest) -> Iterator[SqlStorage]:
    url = fresh_database("postgresql", request)
    engine = make_engine(url)
    migrate(engine)
    yield SqlStorage(engine)
    engine.dispose()


def _waiting_on_a_lock(connection: Any) -> bool:
    row = connection.execute(
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
    ).fetchone()
    return bool(row[0])


def test_a_batch_chosen_to_break_a_deadlock_is_stored_request_by_request(
    storage: SqlStorage, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    ada = storage.create_account("ada", "h", "en")
    first, second = (storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)]).id for _ in range(2))
    for table_id in (first, second):
        storage.start_table(table_id, b"s" * 32, "c" * 64, [])
    failures: list[str] = []
    real = sql_batch_pg.append_all

    def recorded(*args: Any) -> int:
        try:
            return real(*args)
        except Exception as exc:
            failures.append(getattr(getattr(exc, "orig", None), "sqlstate", "") or type(exc).__name__)
            raise

    monkeypatch.setattr(sql_batch_pg, "append_all", recorded)
    outcomes: list[object] = []
    with psycopg.connect(postgres_url) as other, psycopg.connect(postgres_url, autocommit=True) as watcher:
        other.execute("SET deadlock_timeout = '20s'")  # the batch's backend sees the deadlock first: it is the victim
        other.execute("UPDATE tables SET epoch = epoch WHERE id = %s", (second,))  # holds the second table's row
        batch = [
            StepAppend(first, 0, [{"seat": 0, "action": "a"}]),
            StepAppend(second, 0, [{"seat": 0, "action": "b"}]),
        ]
        writer = threading.Thread(target=lambda: outcomes.extend(storage.append_batch(batch)))
        writer.start()
        deadline = time.monotonic() + 10
        while not _waiting_on_a_lock(watcher):  # the batch holds the first table's row and waits for the second
            assert time.monotonic() < deadline, "the batch never waited for the other transaction"
            time.sleep(0.01)
        other.execute("UPDATE tables SET epoch = epoch WHERE id = %s", (first,))  # closes the cycle
        other.rollback()
        writer.join(timeout=30)
    assert failures == [sql_batch_pg.DEADLOCK_DETECTED]
    assert outcomes == [None, None]
    assert storage.table_steps(first) == [{"seat": 0, "action": "a"}]
    assert storage.table_steps(second) == [{"seat": 0, "action": "b"}]
    assert storage.get_table(first).version == 1 and storage.get_table(second).version == 1  # type: ignore[union-attr]


def test_a_batch_on_a_connection_the_server_dropped_is_stored_through_the_checked_pool(
    storage: SqlStorage, postgres_url: str
) -> None:
    import psycopg

    ada = storage.create_account("ada", "h", "en")
    table_id = storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)]).id
    storage.start_table(table_id, b"s" * 32, "c" * 64, [])
    assert storage.append_batch([StepAppend(table_id, 0, [{"seat": 0, "action": "a"}])]) == [None]
    with psycopg.connect(postgres_url, autocommit=True) as admin:  # as a restart of the server would
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    assert storage.append_batch([StepAppend(table_id, 1, [{"seat": 0, "action": "b"}])]) == [None]
    assert storage.append_batch([StepAppend(table_id, 2, [{"seat": 0, "action": "c"}])]) == [None]
    assert storage.append_batch([StepAppend(table_id, 2, [{"seat": 0, "action": "late"}])])[0] is not None
    assert storage.table_steps(table_id) == [{"seat": 0, "action": a} for a in "abc"]


def test_the_commit_queue_stores_on_the_event_loop_each_request_alone(storage: SqlStorage, postgres_url: str) -> None:
    import psycopg

    ada = storage.create_account("ada", "h", "en")
    ids = [storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)]).id for _ in range(3)]
    for table_id in ids:
        storage.start_table(table_id, b"s" * 32, "c" * 64, [])
    storage.append_steps(ids[1], 0, [{"seat": 0, "action": "first"}])  # the queue's request for it is stale

    async def play() -> tuple[list[object], int, bool, list[object]]:
        queue = CommitQueue(storage)
        outcomes = await asyncio.gather(
            queue.append(ids[0], 0, [{"seat": 0, "action": "a"}]),
            queue.append(ids[1], 0, [{"seat": 0, "action": "late"}]),
            queue.append(ids[2], 0, [{"seat": 0, "action": "end"}], result={"ranks": [1]}),
            return_exceptions=True,
        )
        on_loop = storage._loop_committer._connection is not None  # the batch went through it
        with psycopg.connect(postgres_url, autocommit=True) as admin:  # as a restart of the server would
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        after = await asyncio.gather(queue.append(ids[0], 1, [{"seat": 0, "action": "b"}]), return_exceptions=True)
        await queue.close()
        return outcomes, queue.batches, on_loop, after

    with ThreadPoolExecutor(1) as pool:
        outcomes, batches, on_loop, after = pool.submit(asyncio.run, play()).result()
    assert outcomes[0] is None and isinstance(outcomes[1], VersionConflict) and outcomes[2] is None
    assert batches == 2 and on_loop and after == [None]
    assert storage._loop_committer._connection is None  # closed with the queue
    assert storage.table_steps(ids[0]) == [{"seat": 0, "action": "a"}, {"seat": 0, "action": "b"}]
    assert storage.table_steps(ids[1]) == [{"seat": 0, "action": "first"}]
    finished = storage.get_table(ids[2])
    assert finished is not None and finished.status == FINISHED and finished.result == {"ranks": [1]}
