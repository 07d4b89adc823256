"""bench/load.py runs (so that it cannot rot): a few tables for two seconds on SQLite, every move's broadcast
received by all four seats, and its figures printed. Its speed is measured by running it (docs/deploy.md), never
asserted here."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from tests.server.harness import ROOT


def test_the_load_benchmark_plays_tables_and_prints_its_figures(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    command = [sys.executable, "bench/load.py", "--tables", "3", "--duration", "2", "--warmup", "0.5"]
    done = subprocess.run(
        [*command, "--json", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(out.read_text())
    assert figures["sockets"] == 12 and figures["backend"] == "sqlite"
    assert figures["moves"] > 0 and figures["latency_ms"]["count"] > 0
    assert figures["missing"] == 0, "a committed move did not reach all four seats"
    assert figures["errors"] == {} and figures["resyncs"] == 0  # one actor at a time: no act is ever stale
    assert all(math.isfinite(figures["latency_ms"][p]) and figures["latency_ms"][p] > 0 for p in ("p50", "p99"))
    assert len(figures["server_peak_rss_mb"]) == 1 and figures["server_peak_rss_mb"][0] > 10
    printed = done.stdout
    for words in ("moves/s", "p50", "p99", "p99.9", "12 sockets", "peak RSS", "client", "0 not received by all four"):
        assert words in printed, words
