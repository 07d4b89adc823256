"""The server under load: scripted people playing 4-player tables against real ``dolmen serve`` processes on
127.0.0.1, every step committed before it is broadcast (issues 10 and 12; figures in docs/deploy.md, "How far
one machine goes").

It starts everything itself and removes it at the end: a fresh SQLite file or PostgreSQL database
(``dolmen_load_<random>``), with ``--processes 2`` a private ``redis-server`` (and nginx with ``--front
nginx``), the server processes (``dolmen serve --set ...`` without rate limits and with cheap password hashing).
Client processes (``--clients``) sign up four accounts per table, create and start the tables, open one
websocket per seat and play random legal actions (as fast as they can, or after ``--think`` seconds) for
``--duration`` seconds after ``--warmup``; then they stop acting, wait for the moves in flight and report.

Printed: moves/s, the latency of a move (its act sent → its broadcast received by all four seats) at p50, p99,
p99.9, moves never broadcast to every seat, resyncs and errors, each server process's CPU and peak RSS (/proc),
PostgreSQL's, Redis's, nginx's and the client's CPU, and how busy the whole machine was (others included).

    python bench/load.py --tables 1000 --think 4                          # a human pace on SQLite
    python bench/load.py --tables 100 --backend postgresql               # as fast as it goes
    python bench/load.py --tables 1000 --think 4 --backend postgresql --processes 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_players import Plan, client_main
from load_profile import summarize
from load_services import (
    Database,
    Nginx,
    Redis,
    Server,
    cpu_seconds,
    load_average,
    machine_busy,
    peak_rss_mb,
    stop,
    temporary_directory,
)

JSON = Any


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/load.py",
        description="Scripted people playing 4-player tables against real dolmen serve processes on 127.0.0.1; "
        "prints moves/s, latency (act sent -> broadcast received by all four seats), CPU and memory.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("DOLMEN_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"),
        help="an admin URL of the PostgreSQL server where dolmen_load_<random> is created and dropped "
        "($DOLMEN_TEST_POSTGRES)",
    )
    parser.add_argument("--tables", type=int, default=100, help="4-player tables played at once")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds played before measuring")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a seat waits before each move (drawn in [0.5, 1.5] x THINK); 0: as fast as it goes. "
        "A table then offers about 1/THINK moves a second",
    )
    parser.add_argument("--processes", type=int, default=1, help="dolmen serve processes (more than 1: PostgreSQL)")
    parser.add_argument(
        "--front",
        choices=["direct", "nginx"],
        default="direct",
        help="with several processes: clients spread round robin over them directly, or through nginx (which "
        "takes its share of the same cores)",
    )
    parser.add_argument(
        "--spread",
        choices=["socket", "table"],
        default="socket",
        help="direct: each socket to the next process (as a round-robin proxy does), or a table's four sockets "
        "to one process (as a proxy sticky by table would)",
    )
    parser.add_argument("--redis", help="a Redis URL for several processes (default: a private redis-server)")
    parser.add_argument("--game", choices=["rtta", "stoneage"], default="rtta")
    parser.add_argument("--untimed", action="store_true", help="tables without clocks (default: real-time clocks)")
    parser.add_argument("--clients", type=int, default=1, help="client processes sharing the tables")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="settings",
        help="a server setting (dolmen serve --set), repeatable",
    )
    parser.add_argument(
        "--server-python",
        metavar="PATH",
        default=sys.executable,
        help="the interpreter the dolmen serve processes run on, e.g. .venv-compiled/bin/python: the compiled build",
    )
    parser.add_argument("--py-spy", metavar="DIR", help="profile each server process with py-spy during the window")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.duration <= 0 or args.warmup < 0 or args.think < 0 or args.clients < 1:
        parser.error("--tables and --clients at least 1, --duration above 0, --warmup and --think not negative")
    if args.processes < 1 or (args.processes > 1 and args.backend == "sqlite"):
        parser.error("several processes share a PostgreSQL database: --backend postgresql")
    args.clients = min(args.clients, args.tables)
    return args


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Run:
    """Everything one benchmark run started, so that all of it is stopped and removed at the end."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.directory = temporary_directory()
        self.database: Database | None = None
        self.redis: Redis | None = None
        self.servers: list[Server] = []
        self.nginx: Nginx | None = None
        self.clients: list[Any] = []

    def start(self) -> list[str]:
        """Start the database, Redis, the servers and nginx; answer the addresses the clients use."""
        args = self.args
        import load_services

        load_services.POSTGRES_ADMIN = args.postgres
        self.database = Database(args.backend, self.directory)
        redis_url = None
        if args.processes > 1:
            if args.redis:
                redis_url = args.redis
            else:
                (self.directory / "redis").mkdir()
                self.redis = Redis(self.directory / "redis")
                redis_url = self.redis.url
        first = Server(self.database.url, redis_url, args.settings, args.server_python)
        self.servers.append(first)
        first.wait_ready()  # it creates and migrates the database alone
        for _ in range(args.processes - 1):
            self.servers.append(Server(self.database.url, redis_url, args.settings, args.server_python))
        for server in self.servers[1:]:
            server.wait_ready()
        if args.front == "nginx":
            self.nginx = Nginx(self.directory, [s.port for s in self.servers])
            return [self.nginx.base]
        return [server.base for server in self.servers]

    def stop(self) -> None:
        for client in self.clients:
            if client.is_alive():
                client.terminate()
                client.join(10)
        if self.nginx is not None:
            self.nginx.stop()
        for server in self.servers:
            server.stop()
        if self.redis is not None:
            self.redis.stop()
        if self.database is not None:
            self.database.remove()
        shutil.rmtree(self.directory, ignore_errors=True)


def helper_pids(run: Run) -> dict[str, list[int]]:
    pids: dict[str, list[int]] = {}
    if run.database is not None and run.database.backend == "postgresql":
        pids["postgresql"] = run.database.backend_pids()
    if run.redis is not None:
        pids["redis"] = [run.redis.process.pid]
    if run.nginx is not None:
        pids["nginx"] = [run.nginx.process.pid, *children(run.nginx.process.pid)]
    return pids


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def measure(args: argparse.Namespace) -> dict[str, JSON]:
    run = Run(args)
    try:
        bases = run.start()
        shares = [args.tables // args.clients + (i < args.tables % args.clients) for i in range(args.clients)]
        context = multiprocessing.get_context("spawn")
        pipes = []
        first = 0
        tag = os.urandom(3).hex()
        options: dict[str, JSON] = {}
        for share in shares:
            plan = Plan(bases, first, share, args.game, options, args.think, args.spread, not args.untimed, tag)
            first += share
            ready_in, ready_out = context.Pipe(duplex=False)
            go_in, go_out = context.Pipe(duplex=False)
            answer_in, answer_out = context.Pipe(duplex=False)
            client = context.Process(target=client_main, args=(plan, ready_out, go_in, answer_out), daemon=True)
            client.start()
            run.clients.append(client)
            pipes.append((ready_in, go_out, answer_in))
        began = time.monotonic()
        for ready_in, _, _ in pipes:
            said = ready_in.recv()
            if said != "ready":
                raise SystemExit(f"a client could not set up: {said}")
        setup = time.monotonic() - began
        start = time.time() + args.warmup
        end = start + args.duration
        for _, go_out, _ in pipes:
            go_out.send((start, end))
        time.sleep(max(0.0, start - time.time()))
        load_before = load_average()
        server_pids = [s.pid for s in run.servers]
        helpers = helper_pids(run)
        before = {pid: cpu_seconds(pid) for pid in [*server_pids, *(p for pids in helpers.values() for p in pids)]}
        clients_before = {c.pid: cpu_seconds(c.pid) for c in run.clients}
        busy_before, total_before = machine_busy()
        spies = start_py_spy(args, server_pids)
        time.sleep(max(0.0, end - time.time()))
        helpers_end = helper_pids(run)  # PostgreSQL backends come and go with the connection pool
        after = {pid: cpu_seconds(pid) for pid in [*before, *(p for pids in helpers_end.values() for p in pids)]}
        clients_after = {c.pid: cpu_seconds(c.pid) for c in run.clients}
        busy_after, total_after = machine_busy()
        load_after = load_average()
        rss = [peak_rss_mb(pid) for pid in server_pids]
        tallies = [answer_in.recv() for _, _, answer_in in pipes]
        failures = [t["failure"] for t in tallies if "failure" in t]
        if failures:
            raise SystemExit(f"a client failed: {failures[0]}")
        profiles = finish_py_spy(spies)
    finally:
        run.stop()
    cores = os.cpu_count() or 1
    window = args.duration

    def rate(pids: list[int]) -> float:
        """CPU cores used in the window by those of ``pids`` alive at its end (a new one: since its start)."""
        return sum(after[p] - before.get(p, 0.0) for p in pids if after[p] > 0) / window

    latencies = [v for t in tallies for v in t["latencies"]]
    completed = sum(t["completed"] for t in tallies)
    errors: dict[str, int] = {}
    for t in tallies:
        for code, count in t["errors"].items():
            errors[code] = errors.get(code, 0) + count
    figures: dict[str, JSON] = {
        "game": args.game,
        "backend": args.backend,
        "processes": args.processes,
        "build": server_build(args.server_python),
        "front": args.front if args.processes > 1 else "direct",
        "spread": args.spread,
        "tables": args.tables,
        "sockets": sum(t["sockets"] for t in tallies),
        "think": args.think,
        "clocks": not args.untimed,
        "duration": window,
        "setup_seconds": round(setup, 1),
        "moves": completed,
        "moves_per_second": completed / window,
        "sent": sum(t["sent"] for t in tallies),
        "latency_ms": {
            "p50": percentile(latencies, 0.50) * 1000,
            "p99": percentile(latencies, 0.99) * 1000,
            "p99.9": percentile(latencies, 0.999) * 1000,
            "max": max(latencies, default=float("nan")) * 1000,
            "mean": (statistics.fmean(latencies) * 1000) if latencies else float("nan"),
            "count": len(latencies),
        },
        "missing": sum(t["missing"] for t in tallies),
        "stuck": [line for t in tallies for line in t["stuck"]][:5],
        "resyncs": sum(t["resyncs"] for t in tallies),
        "errors": errors,
        "games_finished": sum(t["games"] for t in tallies),
        "server_cpu": [(after[p] - before[p]) / window for p in server_pids],
        "server_peak_rss_mb": rss,
        "helpers_cpu": {name: rate(sorted(set(helpers[name]) | set(pids))) for name, pids in helpers_end.items()},
        "client_cpu": sum(clients_after[p] - clients_before[p] for p in clients_before) / window,
        "clients": args.clients,
        "machine_busy_cores": (busy_after - busy_before) / (total_after - total_before) * cores,
        "cores": cores,
        "load_average": {"before": load_before, "after": load_after},
        "profiles": profiles,
    }
    return figures


def server_build(python: str) -> str:
    """``compiled`` or ``interpreted``: what ``dolmen --version`` says of the servers' interpreter."""
    import subprocess

    said = subprocess.run([python, "-m", "dolmen.cli.main", "--version"], capture_output=True, text=True, check=False)
    return "compiled" if "(compiled)" in said.stdout else "interpreted"


def start_py_spy(args: argparse.Namespace, pids: list[int]) -> list[tuple[Any, Path]]:
    if not args.py_spy:
        return []
    import subprocess

    binary = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    folder = Path(args.py_spy)
    folder.mkdir(parents=True, exist_ok=True)
    spies = []
    for number, pid in enumerate(pids, start=1):
        out = folder / f"server-{number}.txt"
        command = [binary, "record", "--pid", str(pid), "--duration", str(int(args.duration)), "--rate", "67"]
        command += ["--format", "raw", "--gil", "--nonblocking", "--output", str(out)]
        spies.append((subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), out))
    return spies


def finish_py_spy(spies: list[tuple[Any, Path]]) -> list[str]:
    lines: list[str] = []
    for process, out in spies:
        try:
            process.wait(30)
        except Exception:
            stop(process)
        lines += summarize(out) if out.exists() else [f"{out.name}: py-spy wrote nothing"]
    return lines


def report(f: dict[str, JSON]) -> str:
    lat = f["latency_ms"]
    procs = f["processes"]
    where = f"{procs} {f['build']} process{'es' if procs > 1 else ''}"
    if procs > 1:
        where += f" ({f['front']}, {f['spread'] + ' spread' if f['front'] == 'direct' else 'round robin'}, redis)"
    offered = f"think {f['think']:g} s (offers ~{f['tables'] / f['think']:.0f} moves/s)" if f["think"] else ""
    pace = offered or "as fast as it goes"
    per_move = sum(f["server_cpu"]) / f["moves_per_second"] * 1000 if f["moves_per_second"] else float("nan")
    errors = ", ".join(f"{code} {n}" for code, n in sorted(f["errors"].items())) or "none"
    helpers = "; ".join(f"{name} {cpu:.2f}" for name, cpu in f["helpers_cpu"].items())
    lines = [
        f"dolmen load: {f['game']}, {f['tables']} tables x 4 seats ({f['sockets']} sockets), {f['backend']}, {where}, "
        f"{pace}, {'real-time clocks' if f['clocks'] else 'untimed'}",
        f"  setup {f['setup_seconds']:.1f} s; measured {f['duration']:g} s; load average {f['load_average']['before']}"
        f" -> {f['load_average']['after']}; machine busy {f['machine_busy_cores']:.2f} of {f['cores']} cores",
        f"  moves/s      {f['moves_per_second']:.0f}  ({f['moves']} moves; {f['missing']} not received by all four "
        f"seats; {f['resyncs']} resyncs; errors: {errors}; {f['games_finished']} games finished)",
        f"  latency ms   p50 {lat['p50']:.1f}  p99 {lat['p99']:.1f}  p99.9 {lat['p99.9']:.1f}  max {lat['max']:.1f}  "
        f"(act sent -> broadcast received by all four seats; {lat['count']} moves)",
        f"  server CPU   {' + '.join(f'{c:.2f}' for c in f['server_cpu'])} cores ({per_move:.2f} ms a move); "
        f"peak RSS {' + '.join(f'{m:.0f}' for m in f['server_peak_rss_mb'])} MB",
        f"  others' CPU  client {f['client_cpu']:.2f} cores ({f['clients']} process{'es' if f['clients'] > 1 else ''})"
        + (f"; {helpers}" if helpers else ""),
    ]
    lines += [f"  not received by all four: {line}" for line in f["stuck"]]
    lines += [f"  {line}" for line in f["profiles"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    figures = measure(args)
    print(report(figures), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
