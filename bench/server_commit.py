"""The server's hot path in storage: committing one step (act → commit), untimed and with a real-time clock
(the clocks move in the same transaction), on SQLite and, when it answers, on PostgreSQL; then the group
commit: batches of 50 timed tables' steps in one transaction (what a loaded server commits), in wall and CPU time
per step (the CPU is taken from the process's one event loop). Alternated runs, medians.
``python bench/server_commit.py [STEPS]``."""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime

from dolmen.server.clocks import after_change
from dolmen.server.storage import REALTIME, NewSeat, StepAppend, TableSetup
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.sql import SqlStorage

PG = os.environ.get("DOLMEN_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
SETUPS = {
    "untimed": TableSetup(REALTIME, None),
    "realtime": TableSetup(REALTIME, {"initial": 900.0, "increment": 15.0}),
}


def run(storage: SqlStorage, setup: TableSetup, steps: int) -> float:
    """Microseconds per committed step of a 2-seat table whose turn passes at every step."""
    name = f"b{secrets.token_hex(4)}"
    a = storage.create_account(name + "a", "h", "en")
    b = storage.create_account(name + "b", "h", "en")
    info = storage.create_table("rtta", 2, {}, False, a.id, [NewSeat(a.id), NewSeat(b.id)], setup)
    clock = after_change(setup, (0,)) if setup.clock else None
    clocks = storage.start_table(info.id, b"s" * 32, "c" * 64, [], clock).clocks
    start = time.perf_counter()
    for version in range(steps):
        seat = version % 2
        if clocks is not None:  # as the table service does: new clocks from the ones in memory
            clocks = after_change(setup, (1 - seat,), seat)(clocks, datetime.now(UTC))
        storage.append_steps(info.id, version, [{"seat": seat, "action": "x"}], None, clocks)
    return (time.perf_counter() - start) / steps * 1e6


def run_batch(storage: SqlStorage, tables: int, batches: int) -> tuple[float, float]:
    """Microseconds of wall and of CPU time per step, committed ``tables`` real-time tables at a time."""
    setup = SETUPS["realtime"]
    name = f"g{secrets.token_hex(4)}"
    a = storage.create_account(name + "a", "h", "en")
    b = storage.create_account(name + "b", "h", "en")
    running = []
    for _ in range(tables):
        info = storage.create_table("rtta", 2, {}, False, a.id, [NewSeat(a.id), NewSeat(b.id)], setup)
        running.append((info.id, storage.start_table(info.id, b"s" * 32, "c" * 64, [], after_change(setup, (0,)))))
    clocks = {table_id: info.clocks for table_id, info in running}
    step = {"seat": 0, "action": "keep 1 2 3", "chance": {"dice": [1, 2, 3, 4, 5, 6]}}
    wall, cpu = time.perf_counter(), time.process_time()
    for version in range(batches):
        seat = version % 2
        batch = []
        for table_id, _ in running:
            moved = after_change(setup, (1 - seat,), seat)(clocks[table_id], datetime.now(UTC))  # type: ignore[arg-type]
            clocks[table_id] = moved
            batch.append(StepAppend(table_id, version, [step], None, moved))
        assert storage.append_batch(batch) == [None] * tables
    done = tables * batches
    return (time.perf_counter() - wall) / done * 1e6, (time.process_time() - cpu) / done * 1e6


def bench(label: str, url: str, steps: int, rounds: int = 5) -> None:
    engine = make_engine(url)
    migrate(engine)
    storage = SqlStorage(engine)
    times: dict[str, list[float]] = {kind: [] for kind in SETUPS}
    for _ in range(rounds):
        for kind, setup in SETUPS.items():
            times[kind].append(run(storage, setup, steps))
    walls, cpus = [], []
    for _ in range(rounds):
        wall, cpu = run_batch(storage, 50, max(steps // 10, 5))
        walls.append(wall)
        cpus.append(cpu)
    engine.dispose()
    medians = {kind: statistics.median(values) for kind, values in times.items()}
    ratio = medians["realtime"] / medians["untimed"]
    print(f"{label:10} " + "  ".join(f"{k} {v:7.0f} µs/step" for k, v in medians.items()) + f"  (x{ratio:.2f})")
    print(f"{'':10} group commit of 50: {statistics.median(walls):5.0f} µs/step, {statistics.median(cpus):5.0f} µs CPU")


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with tempfile.TemporaryDirectory() as folder:
        bench("sqlite", os.path.join(folder, "bench.db"), steps)
    try:
        import psycopg

        name = f"dolmen_bench_{secrets.token_hex(4)}"
        with psycopg.connect(PG, autocommit=True, connect_timeout=3) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    except Exception as exc:
        print(f"postgresql: skipped ({exc})")
        return
    try:
        bench("postgresql", PG.rsplit("/", 1)[0] + "/" + name, steps)
    finally:
        with psycopg.connect(PG, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
