"""Several server processes on one database: a deadline armed by a process that died is fired by another, exactly
once — a real-time clock and a turn-based deadline alike.

Three processes share the database: the first starts the tables (arming their first deadlines) and is SIGKILLed;
the two others both sweep for passed deadlines. Each process writes down every deadline it tries to fire and
whether its guarded update won (``DOLMEN_TEST_CLAIMS``, tests/server/launch.py), and each try is held until the
other live process tries too: every deadline is contended for real, and exactly one process fires it.

(A module of its own: its servers empty and share the test database, which no server of another test may use
at the same time.)"""

from __future__ import annotations

import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.sql import SqlStorage
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import JSON, Player, Server

CLOCKS: dict[str, dict[str, object]] = {
    "realtime": {"mode": "realtime", "clock": {"initial": 2, "increment": 1}},
    "turn": {"mode": "turn", "clock": {"per_move": 2}},  # the servers allow 1 s and more (min_per_move)
}


@pytest.mark.parametrize("backend", BACKENDS)
def test_deadlines_armed_by_a_process_that_died_are_fired_once_by_another(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = fresh_database(backend, request)
    storage = SqlStorage(engine := make_engine(url))
    migrate(engine)  # before the servers: then they start at once, none of them creating the database
    (tmp_path / "together").write_text("2")  # a try waits for the other live process's
    servers = [Server(url, env={"DOLMEN_TEST_CLAIMS": str(tmp_path)}, min_per_move=1.0) for _ in range(3)]
    armer, *live = servers
    try:
        with ThreadPoolExecutor(3) as pool:
            list(pool.map(Server.start, servers))
        ada = Player(armer, f"ada_{secrets.token_hex(3)}")
        started = {mode: _started(ada, clock) for mode, clock in CLOCKS.items()}
        armer.kill()  # ada (seat 0) acts first at both tables: her deadlines are armed, due in 2 s
        live_pids = sorted(s.process.pid for s in live if s.process)
        for mode, (table, version) in started.items():
            seen = _until_taken_over(live[0], table, beyond=version)
            assert [s["away"] for s in seen["seats"]] == [True, False], mode
        time.sleep(0.5)  # more sweeps in each live process: none fires a deadline again
        for mode, (table, version) in started.items():
            fired = (tmp_path / f"fired-{table}").read_text().splitlines()
            assert len(fired) == 1, f"the {mode} deadline was fired {len(fired)} times: {fired}"
            assert int(fired[0].split()[0]) in live_pids, mode
            tried = sorted(int(path.name.rsplit("-", 1)[1]) for path in tmp_path.glob(f"tried-{table}-*"))
            assert tried == live_pids, f"both live processes tried to fire the {mode} deadline"
            mine = [step for step in storage.table_steps(table, version) if step.get("seat") == 0]
            assert mine and all(step.get("by") == "bot" for step in mine), f"{mode}: the away bot plays ada"
    finally:
        for server in servers:
            server.stop()
        engine.dispose()


def _started(ada: Player, clock: dict[str, object]) -> tuple[int, int]:
    """A new table, ada against a bot with ``clock``, started: its number and version."""
    body = {"game": "rtta", "players": 2, "seats": [None, "random"], "away_bot": "random", **clock}
    table: int = ada.post("/api/tables", body)["id"]
    started = ada.post(f"/api/tables/{table}/start")
    assert (started["mode"], started["clock"]) == (clock["mode"], clock["clock"])
    return table, ada.get(f"/api/tables/{table}")["version"]


def _until_taken_over(server: Server, table: int, beyond: int, timeout: float = 60.0) -> JSON:
    """The table as ``server`` shows it once ada's seat is away and the table moved on (the bot played it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = httpx.get(f"{server.base}/api/tables/{table}", timeout=5).json()
        if seen["seats"][0]["away"] and seen["version"] > beyond:
            return seen
        time.sleep(0.2)
    pytest.fail(f"the deadline of table {table} was not fired by a surviving process")
