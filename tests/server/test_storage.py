"""Storage: the SQL implementation on SQLite and PostgreSQL, and its in-memory twin, keep one contract."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from dolmen.server.clocks import after_change, time_out
from dolmen.server.storage import (
    FINISHED,
    OPEN,
    REALTIME,
    RUNNING,
    TURN,
    Conflict,
    NameTaken,
    NewSeat,
    StepAppend,
    Storage,
    TableInfo,
    TableSetup,
    VersionConflict,
)
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


def test_a_batch_stores_each_tables_steps_and_undoes_a_conflicting_one_alone(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", "en")
    ids = []
    for _ in range(3):
        info = storage.create_table("rtta", 1, {}, False, ada.id, [NewSeat(ada.id)])
        storage.start_table(info.id, b"s" * 32, "c" * 64, [{"chance": "roll 1"}])
        ids.append(info.id)
    storage.append_steps(ids[1], 1, [{"seat": 0, "action": "first"}])  # the batch's request for it is stale
    outcomes = storage.append_batch(
        [
            StepAppend(ids[2], 1, [{"seat": 0, "action": "end"}], result={"ranks": [1]}),
            StepAppend(ids[1], 1, [{"seat": 0, "action": "late"}, {"chance": "roll 2"}]),
            StepAppend(ids[0], 1, [{"seat": 0, "action": "keep"}, {"chance": "roll 2"}]),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None and isinstance(outcomes[1], VersionConflict)
    assert storage.table_steps(ids[0], 1) == [{"seat": 0, "action": "keep"}, {"chance": "roll 2"}]
    assert storage.table_steps(ids[1], 1) == [{"seat": 0, "action": "first"}]  # nothing of the stale request
    assert storage.get_table(ids[1]).version == 2  # type: ignore[union-attr]
    done = storage.get_table(ids[2])
    assert done is not None and done.status == FINISHED and done.version == 2 and done.result == {"ranks": [1]}
    (lone,) = storage.append_batch([StepAppend(ids[0], 1, [{"seat": 0, "action": "again"}])])  # one alone
    assert isinstance(lone, VersionConflict)
    assert storage.append_batch([StepAppend(ids[0], 3, [{"chance": "roll 3"}])]) == [None]
    assert storage.get_table(ids[0]).version == 4  # type: ignore[union-attr]


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


def _timed_table(storage: Storage, setup: TableSetup) -> tuple[int, int, int]:
    ada = storage.create_account("ada", "h", "en", "ada@example.org")
    bob = storage.create_account("bob", "h", "en")
    info = storage.create_table("rtta", 2, {}, False, ada.id, [NewSeat(ada.id), NewSeat(bob.id)], setup)
    assert info.setup == setup and info.clocks is None
    return info.id, ada.id, bob.id


def test_clocks_move_with_the_steps_and_a_deadline_fires_once(storage: Storage) -> None:
    real = TableSetup(REALTIME, {"initial": 60.0, "increment": 5.0}, "random")
    table_id, ada, _bob = _timed_table(storage, real)
    info = storage.start_table(table_id, b"s" * 32, "c" * 64, [{"chance": "roll"}], after_change(real, (0,)))
    assert info.clocks is not None and info.clocks.time_left == (60.0, 60.0) and info.clocks.running == (0,)
    deadline = info.clocks.deadline
    assert deadline is not None and 59 < (deadline - datetime.now(UTC)).total_seconds() <= 60
    moved = after_change(real, (1,), 0)(info.clocks, datetime.now(UTC))
    assert moved.running == (1,) and moved.time_left[0] > 60.0 and moved.serial == info.clocks.serial + 1
    storage.append_steps(table_id, 1, [{"seat": 0, "action": "x"}], None, moved)
    assert storage.get_table(table_id).clocks == moved  # type: ignore[union-attr]
    with pytest.raises(VersionConflict):  # clocks computed from old ones (another process moved them)
        storage.append_steps(table_id, 2, [{"seat": 1, "action": "y"}], None, moved)
    assert storage.get_table(table_id).version == 2  # type: ignore[union-attr]
    assert storage.expired_tables(datetime.now(UTC)) == []
    later = moved.deadline + timedelta(seconds=1)  # type: ignore[operator]
    assert storage.expired_tables(later) == [(table_id, 2, moved.deadline)]
    assert storage.claim_timeout(table_id, 1, moved.deadline, later, time_out(real)) is None  # the table moved on
    claims: list[TableInfo | None] = []
    barrier = threading.Barrier(3)

    def claim() -> None:
        barrier.wait()
        claims.append(storage.claim_timeout(table_id, 2, moved.deadline, later, time_out(real)))  # type: ignore[arg-type]

    threads = [threading.Thread(target=claim) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    fired = [c for c in claims if c is not None]
    assert len(fired) == 1  # exactly once, however many processes sweep
    assert fired[0].seats[1].away and not fired[0].seats[0].away
    assert fired[0].clocks is not None and fired[0].clocks.running == () and fired[0].clocks.time_left[1] == 0.0
    assert storage.expired_tables(later) == []
    back = storage.set_away(table_id, ada, True, after_change(real, (1,)))
    assert back.seats[0].away


def test_a_spent_turn_deadline_makes_the_seat_away(storage: Storage) -> None:
    daily = TableSetup(TURN, {"per_move": 3600.0}, "greedy", private=True, invite="tok")
    table_id, _ada, _bob = _timed_table(storage, daily)
    info = storage.start_table(table_id, b"s" * 32, "c" * 64, [], after_change(daily, (1,)))
    assert info.clocks is not None and info.clocks.time_left == (None, None)
    deadline = info.clocks.deadline
    assert deadline is not None
    fired = storage.claim_timeout(table_id, 0, deadline, deadline, time_out(daily))
    assert fired is not None and fired.seats[1].away and not fired.seats[0].away
    assert fired.clocks is not None and fired.clocks.deadline is None and fired.to_json(invite=True)["invite"] == "tok"


def test_after_a_downtime_the_clocks_are_shifted_once(storage: Storage) -> None:
    real = TableSetup(REALTIME, {"initial": 60.0, "increment": 5.0})
    table_id, _ada, _bob = _timed_table(storage, real)
    now = datetime.now(UTC)
    assert storage.resume_clocks(now, 10.0) == 0.0
    info = storage.start_table(table_id, b"s" * 32, "c" * 64, [], after_change(real, (0,)))
    assert info.clocks is not None and info.clocks.started is not None and info.clocks.deadline is not None
    assert storage.resume_clocks(now + timedelta(seconds=5), 10.0) == 0.0  # a beat in time
    lost = storage.resume_clocks(now + timedelta(seconds=125), 10.0)
    assert lost == 120.0
    shifted = storage.get_table(table_id).clocks  # type: ignore[union-attr]
    assert shifted is not None and shifted.started == info.clocks.started + timedelta(seconds=120)
    assert shifted.deadline == info.clocks.deadline + timedelta(seconds=120)
    assert storage.resume_clocks(now + timedelta(seconds=126), 10.0) == 0.0  # the second process back: nothing


def test_notifications_presence_and_the_epoch(storage: Storage) -> None:
    table_id, ada, _bob = _timed_table(storage, TableSetup(TURN, {"per_move": 3600.0}))
    assert storage.get_account(ada).email == "ada@example.org"  # type: ignore[union-attr]
    assert storage.update_account(ada, email="").email is None
    assert storage.update_account(ada, language="fr", email="a@b.fr").language == "fr"
    assert storage.seen_at(ada) is None
    storage.mark_seen([ada], NOW)
    assert storage.seen_at(ada) == NOW
    assert storage.claim_notification(table_id, 0, NOW, 3600)
    assert not storage.claim_notification(table_id, 0, NOW + timedelta(minutes=59), 3600)
    assert storage.claim_notification(table_id, 1, NOW, 3600)  # per seat
    assert storage.claim_notification(table_id, 0, NOW + timedelta(minutes=61), 3600)
    storage.start_table(table_id, b"s" * 32, "c" * 64, [{"chance": "a"}, {"seat": 0, "action": "b"}])
    assert storage.get_table(table_id).epoch == 0  # type: ignore[union-attr]
    assert storage.remove_last_step(table_id, 2).epoch == 1
    assert storage.get_table(table_id).epoch == 1  # type: ignore[union-attr]


def test_a_batch_moves_the_clocks_and_a_request_with_stale_clocks_alone_conflicts(storage: Storage) -> None:
    real = TableSetup(REALTIME, {"initial": 60.0, "increment": 5.0}, "random")
    timed, ada, _bob = _timed_table(storage, real)
    plain = storage.create_table("rtta", 1, {}, False, ada, [NewSeat(ada)]).id
    storage.start_table(plain, b"s" * 32, "c" * 64, [])
    info = storage.start_table(timed, b"s" * 32, "c" * 64, [{"chance": "roll"}], after_change(real, (0,)))
    assert info.clocks is not None
    moved = after_change(real, (1,), 0)(info.clocks, datetime.now(UTC))
    batch = [StepAppend(timed, 1, [{"seat": 0, "action": "x"}], None, moved), StepAppend(plain, 0, [{"chance": "r"}])]
    assert storage.append_batch(batch) == [None, None]
    assert storage.get_table(timed).clocks == moved  # type: ignore[union-attr]
    assert storage.get_table(plain).version == 1  # type: ignore[union-attr]
    stale = [
        StepAppend(plain, 1, [{"seat": 0, "action": "y"}]),
        StepAppend(timed, 2, [{"seat": 1, "action": "y"}], None, moved),
    ]
    first, second = storage.append_batch(stale)  # the clocks were computed from old ones: that request alone fails
    assert first is None and isinstance(second, VersionConflict)
    assert storage.get_table(plain).version == 2 and storage.get_table(timed).version == 2  # type: ignore[union-attr]
