"""Storage: the SQL implementation on SQLite and PostgreSQL, and its in-memory twin, keep one contract."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from dolmen.server.storage import FINISHED, OPEN, RUNNING, Conflict, NameTaken, NewSeat, Storage, VersionConflict
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.memory import MemoryStorage
from dolmen.server.storage.models import Base
from dolmen.server.storage.sql import SqlStorage
from tests.server.conftest import BACKENDS, fresh_database

NOW = datetime.now(UTC)


@pytest.fixture(params=["memory", *BACKENDS])
def storage(request: pytest.FixtureRequest) -> Iterator[Storage]:
    if request.param == "memory":
        yield MemoryStorage()
        return
    url = fresh_database(request.param, request)
    engine = make_engine(url)
    migrate(engine)
    yield SqlStorage(engine)
    engine.dispose()


def test_migrations_create_the_models_schema(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    migrate(engine)  # a second start changes nothing
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert diff == []


def test_accounts_and_sessions(storage: Storage) -> None:
    ada = storage.create_account("Ada", "hash", "fr")
    with pytest.raises(NameTaken):
        storage.create_account("ADA", "hash2", "en")
    assert storage.find_account("ada") == ada
    assert storage.get_account(ada.id) == ada
    assert storage.find_account("nobody") is None
    storage.add_session("t1", ada.id, NOW + timedelta(days=1))
    storage.add_session("t2", ada.id, NOW - timedelta(seconds=1))
    assert storage.session_account("t1", NOW) == ada
    assert storage.session_account("t2", NOW) is None  # expired
    storage.drop_session("t1")
    assert storage.session_account("t1", NOW) is None


def test_tables_seats_and_steps(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", "en")
    bob = storage.create_account("bob", "h", "en")
    info = storage.create_table("rtta", 3, {"x": 1}, True, ada.id, [NewSeat(ada.id), NewSeat(), NewSeat(bot="greedy")])
    assert info.status == OPEN and info.seats[0].name == "ada" and info.seats[1].is_open
    assert info.seats[2].bot == "greedy"
    with pytest.raises(Conflict):
        storage.take_seat(info.id, 2, bob.id)  # a bot's seat
    with pytest.raises(Conflict):
        storage.take_seat(info.id, 1, ada.id)  # one seat per account
    with pytest.raises(Conflict):
        storage.seat_bot(info.id, 0, "random")  # a person's seat
    info = storage.seat_bot(info.id, 1, "random")
    assert info.seats[1].bot == "random"
    with pytest.raises(Conflict):
        storage.take_seat(info.id, 1, bob.id)
    info = storage.create_table("rtta", 3, {}, True, ada.id, [NewSeat(ada.id), NewSeat(), NewSeat(bot="greedy")])
    info = storage.take_seat(info.id, 1, bob.id)
    assert info.seat_of(bob.id) == 1
    info = storage.free_seat(info.id, bob.id)
    assert info.seats[1].is_open
    with pytest.raises(Conflict):
        storage.free_seat(info.id, bob.id)
    storage.take_seat(info.id, 1, bob.id)
    assert [t.id for t in storage.list_tables(OPEN)] == [info.id, info.id - 1]  # newest first
    assert [t.id for t in storage.account_tables(bob.id)] == [info.id]
    assert storage.account_tables(ada.id + bob.id + 1) == []

    info = storage.start_table(info.id, b"s" * 32, "c" * 64, [{"chance": "roll 1"}])
    assert info.status == RUNNING and info.version == 1 and info.commitment == "c" * 64
    with pytest.raises(Conflict):
        storage.start_table(info.id, b"t" * 32, "d" * 64, [])
    with pytest.raises(Conflict):
        storage.take_seat(info.id, 1, bob.id)
    assert storage.running_table_ids() == [info.id]
    with pytest.raises(Conflict):
        storage.set_away(info.id, ada.id + bob.id + 1, True)
    assert storage.set_away(info.id, bob.id, True).seats[1].away
    assert not storage.set_away(info.id, bob.id, False).seats[1].away
    assert storage.table_secret(info.id) == b"s" * 32

    storage.append_steps(info.id, 1, [{"seat": 0, "action": "keep"}, {"chance": "roll 2"}])
    with pytest.raises(VersionConflict):
        storage.append_steps(info.id, 1, [{"seat": 1, "action": "other"}])
    with pytest.raises(VersionConflict):
        storage.append_steps(info.id, 5, [{"seat": 1, "action": "gap"}])
    assert storage.table_steps(info.id) == [{"chance": "roll 1"}, {"seat": 0, "action": "keep"}, {"chance": "roll 2"}]
    assert storage.table_steps(info.id, 2) == [{"chance": "roll 2"}]
    with pytest.raises(VersionConflict):
        storage.remove_last_step(info.id, 2)
    storage.remove_last_step(info.id, 3)  # a take-back
    assert storage.get_table(info.id).version == 2  # type: ignore[union-attr]
    storage.append_steps(info.id, 2, [{"chance": "roll 2"}])
    storage.append_steps(info.id, 3, [{"seat": 1, "action": "end"}], result={"scores": [1, 2]})
    done = storage.get_table(info.id)
    assert done is not None and done.status == FINISHED and done.version == 4 and done.result == {"scores": [1, 2]}
    assert storage.running_table_ids() == []


def test_two_writers_never_add_the_same_version(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", "en")
    info = storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)])
    storage.start_table(info.id, b"s" * 32, "c" * 64, [])
    wins: list[int] = []
    barrier = threading.Barrier(4)

    def writer(n: int) -> None:
        barrier.wait()
        try:
            storage.append_steps(info.id, 0, [{"seat": 0, "action": f"w{n}"}])
            wins.append(n)
        except VersionConflict:
            pass

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(wins) == 1
    assert storage.table_steps(info.id) == [{"seat": 0, "action": f"w{wins[0]}"}]


def test_chat(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", "en")
    info = storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)])
    storage.add_chat(None, ada.id, "hello lobby")
    for n in range(3):
        storage.add_chat(info.id, ada.id, f"line {n}")
    assert [c.text for c in storage.chat(None)] == ["hello lobby"]
    assert [c.text for c in storage.chat(info.id, limit=2)] == ["line 1", "line 2"]
    assert storage.chat(info.id)[0].name == "ada"


def test_each_finished_table_is_rated_once(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", "en")
    bob = storage.create_account("bob", "h", "en")
    info = storage.create_table("rtta", 2, {}, False, ada.id, [NewSeat(ada.id), NewSeat(bob.id)])
    storage.start_table(info.id, b"s" * 32, "c" * 64, [])
    calls: list[dict[int, tuple[float, float] | None]] = []

    def rate(current: dict[int, tuple[float, float] | None], ranks: dict[int, int]) -> dict[int, tuple[float, float]]:
        calls.append(current)
        return {a: (30.0 - ranks[a], 5.0) for a in ranks}

    assert not storage.rate_table(info.id, {ada.id: 1, bob.id: 2}, rate)  # not finished
    assert storage.unrated_tables() == []
    storage.append_steps(info.id, 0, [{"seat": 0, "action": "x"}], result={"ranks": [1, 2]})
    assert storage.unrated_tables() == [info.id]
    assert storage.rate_table(info.id, {ada.id: 1, bob.id: 2}, rate)
    assert not storage.rate_table(info.id, {ada.id: 1, bob.id: 2}, rate)  # once only
    assert calls == [{ada.id: None, bob.id: None}] and storage.unrated_tables() == []
    board = storage.ratings("rtta")
    assert [(r.name, r.mu, r.games) for r in board] == [("ada", 29.0, 1), ("bob", 28.0, 1)]
    assert storage.ratings("stoneage") == [] and [r.game for r in storage.account_ratings(bob.id)] == ["rtta"]
    again = storage.create_table("rtta", 2, {}, False, ada.id, [NewSeat(ada.id), NewSeat(bob.id)])
    storage.start_table(again.id, b"s" * 32, "c" * 64, [])
    storage.append_steps(again.id, 0, [{"seat": 0, "action": "x"}], result={"ranks": [2, 1]})
    assert storage.rate_table(again.id, {ada.id: 2, bob.id: 1}, rate)
    assert calls[-1] == {ada.id: (29.0, 5.0), bob.id: (28.0, 5.0)}
    assert [(r.name, r.games) for r in storage.ratings("rtta")] == [("bob", 2), ("ada", 2)]
