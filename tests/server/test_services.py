"""The services in-process: bots in worker processes, bots that crash or hang, and two writers (as two server
processes would be) on one database, where the unique (table, version) lets only one add a step."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import time
from pathlib import Path
from typing import Any

import pytest

from dolmen.engine.table import StaleVersion
from dolmen.server.app import build_services
from dolmen.server.bots import BotRunner
from dolmen.server.config import Settings
from dolmen.server.errors import WrongCredentials
from dolmen.server.hub import LocalHub
from dolmen.server.storage import FINISHED, Storage, VersionConflict
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.memory import MemoryStorage
from dolmen.server.storage.sql import SqlStorage
from dolmen.server.tables import TableService

SETTINGS = Settings(fast_password_hashing=True, bot_workers=1, bot_timeout=20.0)


def run_async(coroutine: Any) -> None:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright keeps an event loop running in the
    main thread of the worker process they shared with these tests."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


async def _finish(services: object, table_id: int, timeout: float = 60.0) -> None:
    storage: Storage = services.storage  # type: ignore[attr-defined]
    for _ in range(int(timeout / 0.05)):
        info = storage.get_table(table_id)
        if info is not None and info.status == FINISHED:
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("the bots did not finish")


async def _bot_table(services: object, game: str, seats: list[str]) -> int:
    account, _ = await services.accounts.sign_up("owner", "password123")  # type: ignore[attr-defined]
    info = await services.lobby.create(account, game, len(seats), {}, seats, join=False)  # type: ignore[attr-defined]
    await services.tables.start(account, info.id)  # type: ignore[attr-defined]
    return info.id


def test_bots_play_in_worker_processes() -> None:
    async def main() -> None:
        services = build_services(SETTINGS, MemoryStorage())
        try:
            table_id = await _bot_table(services, "stoneage", ["greedy", "random"])
            await _finish(services, table_id)
            assert services.tables.fallbacks == 0
        finally:
            await services.tables.close()
            services.bots.close()

    run_async(main())


def test_a_crashing_or_hanging_worker_is_replaced_and_a_simpler_bot_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0's greedy bot kills its worker twice, seat 1's hangs twice: each move is retried, then played by
    ``random``; every dead or hung worker is replaced (the hung ones killed) and the game ends."""
    from tests.server import faulty_bots

    (tmp_path / "crash-0").write_text("2")
    (tmp_path / "hang-1").write_text("2")
    monkeypatch.setenv("DOLMEN_TEST_FAULTS", str(tmp_path))

    async def main() -> None:
        runner = BotRunner(1, timeout=3.0, target=faulty_bots.choose)
        services = build_services(SETTINGS, MemoryStorage(), bots=runner)
        first: list[int] = []
        try:
            table_id = await _bot_table(services, "rtta", ["greedy", "greedy"])
            await _finish(services, table_id, timeout=180)
            first = runner.pids()
        finally:
            await services.tables.close()
            runner.close()
        assert len(runner.replaced) >= 4 and services.tables.fallbacks >= 2
        for pid in runner.replaced:  # killed (the hung ones) or dead (the crashed ones), and reaped
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)
        assert (tmp_path / "crash-0").read_text() == "0" and (tmp_path / "hang-1").read_text() == "0"
        assert len(first) == 1  # one worker at a time, the replaced ones gone

    run_async(main())


def test_two_writers_on_one_database(tmp_path: pytest.TempPathFactory) -> None:
    engine = make_engine(str(tmp_path / "two.db"))  # type: ignore[operator]
    migrate(engine)

    async def main() -> None:
        first = build_services(SETTINGS, SqlStorage(engine))
        second_storage = SqlStorage(engine)
        second = TableService(second_storage, LocalHub(), first.lobby, BotRunner(0))
        ada, _ = await first.accounts.sign_up("ada", "password123")
        bob, _ = await first.accounts.sign_up("bob", "password123")
        info = await first.lobby.create(ada, "rtta", 2, {}, [None, None])
        await first.lobby.join(bob, info.id)
        await first.tables.start(ada, info.id)
        a, b = await first.tables.live(info.id), await second.live(info.id)
        assert a is not None and b is not None and a.table.version == b.table.version
        version = a.table.version
        seat = a.table.actors()[0]
        legal = [a.table.action_text(x) for x in a.table.legal(seat)]
        await first.tables.act(info.id, seat, legal[0], version)
        with pytest.raises(VersionConflict):
            await second.act(info.id, seat, legal[-1], version)  # its memory was behind: storage refuses
        assert b.table.version == a.table.version  # and it rebuilt itself from storage
        assert b.table.steps() == a.table.steps()
        with pytest.raises(StaleVersion):
            await second.act(info.id, seat, legal[-1], version)
        await first.tables.close()

    run_async(main())
    engine.dispose()


class SlowStart(SqlStorage):
    """A real SQLite storage, slow to answer at two places: the start transaction commits, then answers late (the
    window in which a socket's first look at the table finds it started in storage but not yet in memory), and
    reading a table's steps takes a while (as on a loaded machine)."""

    def start_table(self, *args: Any, **kwargs: Any) -> Any:
        info = super().start_table(*args, **kwargs)
        time.sleep(0.3)
        return info

    def table_steps(self, *args: Any, **kwargs: Any) -> Any:
        steps = super().table_steps(*args, **kwargs)
        time.sleep(0.5)
        return steps


def test_a_look_at_a_table_while_it_starts_finds_the_started_table(tmp_path: Path) -> None:
    """A socket's first message looks at the table (``live``) while its start is being stored; the first person
    acts as soon as the start is done. The look must wait for the start and find the table in memory, never load
    a copy from storage: that copy, read before the move, replaced the table in memory a version behind, so the
    mover's socket was sent the old view again and the game waited on a move already made (a stalled game)."""
    engine = make_engine(str(tmp_path / "start.db"))
    migrate(engine)

    async def main() -> None:
        services = build_services(Settings(fast_password_hashing=True, bot_workers=0), SlowStart(engine))
        tables = services.tables
        ada, _ = await services.accounts.sign_up("ada", "password123")
        info = await services.lobby.create(ada, "rtta", 2, {}, [None, "greedy"])
        started = asyncio.Event()

        async def start() -> None:
            await tables.start(ada, info.id)
            started.set()

        async def look() -> Any:
            await asyncio.sleep(0.1)  # the start's transaction has begun
            return await tables.live(info.id)

        async def first_move() -> int:
            await started.wait()
            live = await tables.live(info.id)
            assert live is not None and live.table.actors() == (0,)
            action = live.table.action_text(next(iter(live.table.legal(0))))
            return await tables.act(info.id, 0, action, live.table.version)

        _, seen, moved = await asyncio.gather(start(), look(), first_move())
        live = await tables.live(info.id)
        assert seen is not None and seen is live
        assert live.table.version == moved == services.storage.get_table(info.id).version
        await tables.close()

    run_async(main())
    engine.dispose()


def test_repeated_login_failures_are_slowed_down() -> None:
    from dolmen.server.accounts import failure_delay

    delays = [failure_delay(n) for n in range(1, 10)]
    assert delays[:3] == [0, 0, 0] and delays[3:6] == [0.25, 0.5, 1.0] and max(delays) == 8.0

    async def main() -> None:
        services = build_services(SETTINGS, MemoryStorage())
        await services.accounts.sign_up("ada", "password123")
        for _ in range(3):
            with pytest.raises(WrongCredentials):
                await services.accounts.log_in("ada", "wrong password")
        assert services.accounts._failed("ADA") == 4  # names are counted regardless of case
        await services.accounts.log_in("Ada", "password123")
        assert services.accounts._failed("ada") == 1  # a success starts the count again

    run_async(main())


class PonderingBots(BotRunner):
    """Bots that think for ever: an away person's seat stays the bot's to play while the test looks."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()

    async def choose(self, game: str, bot: str, view: object, seat: int) -> str:
        self.asked.set()
        await asyncio.Event().wait()
        raise AssertionError("never")

    def close(self) -> None:
        pass


def test_your_turn_is_not_yours_while_a_bot_plays_your_seat() -> None:
    """``GET /api/me/tables``'s ``your_turn``: true while the seat is to act, false once its person has left and
    a bot plays it for them (they are not the one expected to move), true again when they are back."""

    async def main() -> None:
        bots = PonderingBots()
        services = build_services(Settings(fast_password_hashing=True, bot_workers=0), MemoryStorage(), bots=bots)
        tables = services.tables
        try:
            ada, _ = await services.accounts.sign_up("ada", "password123")
            info = await services.lobby.create(ada, "rtta", 1, {})  # solo: ada's seat is always the one to act
            await tables.start(ada, info.id)
            assert [turn for _, turn in await tables.tables_of(ada)] == [True]
            await tables.leave(ada, info.id)
            await asyncio.wait_for(bots.asked.wait(), 10)  # the away bot thinks for ada's seat
            ((left, turn),) = await tables.tables_of(ada)
            assert left.seats[0].away and 0 in (await tables.live(info.id)).table.actors()  # type: ignore[union-attr]
            assert turn is False
            await tables.come_back(ada, info.id)
            assert [turn for _, turn in await tables.tables_of(ada)] == [True]
        finally:
            await tables.close()

    run_async(main())
