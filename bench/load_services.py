"""What bench/load.py runs the server on, all on 127.0.0.1 and all removed at the end: a fresh SQLite file or a
fresh PostgreSQL database (``dolmen_load_<random>``, created and dropped), a private ``redis-server`` on a free
port, nginx in front of several processes, and the ``dolmen serve`` processes themselves; and what /proc says of
their memory and CPU."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

POSTGRES_ADMIN = os.environ.get("DOLMEN_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
BENCH_SETTINGS = [
    # a benchmark's scripted players sign up, create tables and act far faster than people: no rate limit
    "signup_limit=1000000000/1",
    "login_limit=1000000000/1",
    "create_limit=1000000000/1",
    "socket_rate=1000000",
    "socket_burst=1000000",
    # thousands of accounts: Argon2id at its real cost would take minutes (never on a server people use)
    "fast_password_hashing=true",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for(check: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            if check():
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start in {timeout:g} s")


class Database:
    """A fresh SQLite file in a temporary directory, or a fresh PostgreSQL database on ``POSTGRES_ADMIN``'s
    server (created here, dropped by :meth:`remove`)."""

    def __init__(self, backend: str, directory: Path) -> None:
        self.backend = backend
        self.name = f"dolmen_load_{secrets.token_hex(4)}"
        if backend == "sqlite":
            self.url = str(directory / "load.db")
            return
        import psycopg

        with psycopg.connect(POSTGRES_ADMIN, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f'CREATE DATABASE "{self.name}"')
        self.url = POSTGRES_ADMIN.rsplit("/", 1)[0] + "/" + self.name

    def backend_pids(self) -> list[int]:
        """The PostgreSQL backends serving this database (their CPU is the server's too)."""
        if self.backend == "sqlite":
            return []
        import psycopg

        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            rows = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.name,)).fetchall()
        return [row[0] for row in rows]

    def remove(self) -> None:
        if self.backend == "sqlite":
            return
        import psycopg

        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class Redis:
    """A private ``redis-server`` without persistence (pub/sub channels are global to a Redis server: a shared
    one would mix our notices with anyone else's)."""

    def __init__(self, directory: Path) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.port = free_port()
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(
            [binary, *args, "--dir", str(directory)], stdout=subprocess.DEVNULL, cwd=directory
        )
        import redis

        wait_for(lambda: bool(redis.Redis(port=self.port, socket_connect_timeout=0.5).ping()), "redis-server")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        stop(self.process)


class Server:
    """One ``dolmen serve`` process (``python -m dolmen.cli.main serve``) on a free port."""

    def __init__(
        self, database_url: str, redis_url: str | None, extra: list[str], python: str = sys.executable
    ) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("DOLMEN_")}
        args = ["serve", "--port", str(self.port), "--db", database_url, "--bot-workers", "1"]
        if redis_url:
            args += ["--redis", redis_url]
        for setting in [*BENCH_SETTINGS, *extra]:
            args += ["--set", setting]
        self.process = subprocess.Popen([python, "-m", "dolmen.cli.main", *args], env=env, stdout=subprocess.DEVNULL)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait_ready(self) -> None:
        def ready() -> bool:
            if self.process.poll() is not None:
                raise SystemExit(f"dolmen serve exited with status {self.process.returncode}")
            return httpx.get(self.base + "/api/games", timeout=1.0).status_code == 200

        wait_for(ready, f"dolmen serve on port {self.port}")

    def stop(self) -> None:
        stop(self.process)


class Nginx:
    """nginx on a free port, round robin over ``ports`` (websocket upgrade, not sticky: docs/deploy.md)."""

    def __init__(self, directory: Path, ports: list[int]) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        here = directory / "nginx"
        here.mkdir()
        self.port = free_port()
        upstreams = "".join(f"server 127.0.0.1:{port};\n" for port in ports)
        user = "user root;" if os.geteuid() == 0 else ""
        (here / "nginx.conf").write_text(
            f"""{user}
worker_processes 1;
pid {here}/nginx.pid;
error_log {here}/error.log;
worker_rlimit_nofile 65536;
events {{ worker_connections 20000; }}
http {{
    access_log off;
    client_body_temp_path {here}/body; proxy_temp_path {here}/proxy; fastcgi_temp_path {here}/fastcgi;
    uwsgi_temp_path {here}/uwsgi; scgi_temp_path {here}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream dolmen {{ {upstreams} keepalive 32; }}
    server {{
        listen 127.0.0.1:{self.port} backlog=4096;
        location / {{
            proxy_pass http://dolmen;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_read_timeout 1h;
            proxy_buffering off;
        }}
    }}
}}
"""
        )
        self.process = subprocess.Popen(
            [binary, "-p", str(here), "-c", str(here / "nginx.conf"), "-g", "daemon off;"],
            stderr=subprocess.DEVNULL,
        )
        wait_for(lambda: httpx.get(self.base + "/api/games", timeout=1).status_code == 200, "nginx")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        stop(self.process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after 10 s."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)


def temporary_directory() -> Path:
    return Path(tempfile.mkdtemp(prefix="dolmen-load-"))


# -- /proc -------------------------------------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def peak_rss_mb(pid: int) -> float:
    """The peak resident set size of ``pid`` (``VmHWM``), in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from /proc/stat: the share used in an interval
    by anyone (other users of a shared machine included)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    return (total - idle) / CLOCK_TICKS, total / CLOCK_TICKS


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])
