"""bench/load.py runs (so that it cannot rot): a few tables for two seconds on SQLite with one process, and on
PostgreSQL with two processes sharing a private Redis (each socket to the next process); every move's broadcast
received by all four seats, and its figures printed. Its speed is measured by running it (docs/deploy.md), never
asserted here."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.scale.services import need
from tests.server.conftest import PG_ADMIN
from tests.server.harness import ROOT


def _run(tmp_path: Path, *options: str) -> tuple[dict[str, Any], str]:
    """bench/load.py for 3 tables, 2 seconds: its JSON figures and what it printed."""
    out = tmp_path / "figures.json"
    command = [sys.executable, "bench/load.py", "--tables", "3", "--duration", "2", "--warmup", "0.5", *options]
    done = subprocess.run(
        [*command, "--json", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures: dict[str, Any] = json.loads(out.read_text())
    return figures, done.stdout


def test_the_load_benchmark_plays_tables_and_prints_its_figures(tmp_path: Path) -> None:
    figures, printed = _run(tmp_path)
    assert figures["sockets"] == 12 and figures["backend"] == "sqlite"
    assert figures["moves"] > 0 and figures["latency_ms"]["count"] > 0
    assert figures["missing"] == 0, "a committed move did not reach all four seats"
    assert figures["errors"] == {} and figures["resyncs"] == 0  # one actor at a time: no act is ever stale
    assert all(math.isfinite(figures["latency_ms"][p]) and figures["latency_ms"][p] > 0 for p in ("p50", "p99"))
    assert len(figures["server_peak_rss_mb"]) == 1 and figures["server_peak_rss_mb"][0] > 10
    for words in ("moves/s", "p50", "p99", "p99.9", "12 sockets", "peak RSS", "client", "0 not received by all four"):
        assert words in printed, words


def test_the_load_benchmark_with_two_processes_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    """(``postgres_url``: PostgreSQL is there, else skip or fail as for the other tests; the benchmark makes and
    drops a database of its own on that server.)"""
    need("redis-server", "/usr/bin/redis-server")
    figures, printed = _run(tmp_path, "--processes", "2", "--backend", "postgresql", "--postgres", PG_ADMIN)
    assert (figures["backend"], figures["processes"], figures["spread"]) == ("postgresql", 2, "socket")
    assert figures["sockets"] == 12 and figures["moves"] > 0 and figures["latency_ms"]["count"] > 0
    assert figures["missing"] == 0, "a move committed through one process did not reach all four seats"
    assert figures["errors"] == {} and figures["resyncs"] == 0
    assert all(math.isfinite(figures["latency_ms"][p]) and figures["latency_ms"][p] > 0 for p in ("p50", "p99"))
    assert len(figures["server_peak_rss_mb"]) == 2 and all(mb > 10 for mb in figures["server_peak_rss_mb"])
    assert all(cpu > 0 for cpu in figures["server_cpu"]), "both processes served moves"
    assert set(figures["helpers_cpu"]) == {"postgresql", "redis"}
    build, expected = figures["build"], os.environ.get("DOLMEN_EXPECT_COMPILED")
    assert build == {"1": "compiled", "0": "interpreted"}.get(expected or "", build), "the servers' build is said"
    for words in ("moves/s", "p99", f"2 {build} processes (direct, socket spread, redis)", "postgresql", "peak RSS"):
        assert words in printed, words
    assert "0 not received by all four" in printed and "0 resyncs" in printed
