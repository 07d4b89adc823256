"""Private services for the scale-out tests, each on a free 127.0.0.1 port in a temporary directory: a
``redis-server``, a PostgreSQL cluster (``initdb`` + ``pg_ctl``; as root through ``runuser -u postgres``), nginx
in front of several server processes, the installed ``dolmen serve`` and ``dolmen worker`` commands as
docs/deploy.md starts them. Never the machine's shared instances: these tests restart them."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import ROOT, Server, free_port
from tests.server.launch import TEST_SETTINGS

HOOKS = Path(__file__).resolve().parent / "hooks"
"""On the ``PYTHONPATH`` of the workers: their test hooks (hooks/sitecustomize.py)."""


def need(tool: str, *places: str) -> str:
    """The path of ``tool``; skip without it (fail under ``DOLMEN_REQUIRE_SERVICES=1``)."""
    for place in (*places, shutil.which(tool)):
        if place and os.access(place, os.X_OK):
            return place
    reason = f"{tool} is not installed"
    if os.environ.get("DOLMEN_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (DOLMEN_REQUIRE_SERVICES=1)")
    pytest.skip(reason)


def dolmen() -> str:
    """The installed ``dolmen`` command, beside this Python."""
    return need("dolmen", str(Path(sys.executable).parent / "dolmen"))


def _wait(check: object, what: str, timeout: float = 20.0, process: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            if check():  # type: ignore[operator]
                return
        except Exception:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start in time")


class Redis:
    """A private ``redis-server`` (no persistence): :meth:`restart` keeps its port and loses its data."""

    def __init__(self, directory: Path) -> None:
        self.binary = need("redis-server", "/usr/bin/redis-server")
        self.directory = directory
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(
            [self.binary, *args, "--dir", str(self.directory)], stdout=subprocess.DEVNULL, cwd=self.directory
        )

        def ping() -> bool:
            import redis

            return bool(redis.Redis(port=self.port, socket_connect_timeout=0.5).ping())

        _wait(ping, "redis-server")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def restart(self, down: float = 1.0) -> None:
        self.stop()
        time.sleep(down)
        self.start()


class Postgres:
    """A private PostgreSQL cluster; ``url`` is its ``dolmen`` database."""

    def __init__(self) -> None:
        self.initdb = need("initdb", "/usr/local/bin/initdb")
        self.pg_ctl = need("pg_ctl", "/usr/local/bin/pg_ctl")
        # not under pytest's temporary directories: those are root's alone, and the cluster belongs to postgres
        self.directory = Path(tempfile.mkdtemp(prefix="dolmen-scale-pg-"))
        self.port = free_port()
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/dolmen"

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_postgres, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def create(self) -> Postgres:
        if self.as_postgres:
            shutil.chown(self.directory, "postgres", "postgres")
        self._run(self.initdb, "-D", str(self.directory / "data"), "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()
        import psycopg

        with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
            admin.execute("CREATE DATABASE dolmen")
        return self

    def start(self) -> None:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            self.pg_ctl,
            "-D",
            str(self.directory / "data"),
            "-o",
            options,
            "-w",
            "-l",
            str(self.directory / "log"),
            "start",
        )

    def stop(self) -> None:
        self._run(self.pg_ctl, "-D", str(self.directory / "data"), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(Exception):
            self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def restart(self, down: float = 1.0) -> None:
        self.stop()
        time.sleep(down)
        self.start()


class Nginx:
    """nginx on a free port in front of ``servers``: round robin, websocket upgrade; each response names the
    server that answered (``X-Upstream``)."""

    def __init__(self, directory: Path, servers: list[Server]) -> None:
        self.binary = need("nginx", "/usr/sbin/nginx")
        self.directory = directory / "nginx"
        self.directory.mkdir()
        self.port = free_port()
        self.servers = servers
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def config(self) -> str:
        upstreams = "\n".join(f"        server 127.0.0.1:{s.port} max_fails=1 fail_timeout=5s;" for s in self.servers)
        user = "user root;" if os.geteuid() == 0 else ""
        here = self.directory
        return f"""
{user}
worker_processes 1;
pid {here}/nginx.pid;
error_log {here}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {here}/body; proxy_temp_path {here}/proxy; fastcgi_temp_path {here}/fastcgi;
    uwsgi_temp_path {here}/uwsgi; scgi_temp_path {here}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream dolmen {{
{upstreams}
    }}
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://dolmen;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout http_502;
            proxy_connect_timeout 2s;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"""

    def start(self) -> Nginx:
        (self.directory / "nginx.conf").write_text(self.config())
        self.process = subprocess.Popen(
            [self.binary, "-p", str(self.directory), "-c", str(self.directory / "nginx.conf"), "-g", "daemon off;"],
            stderr=subprocess.DEVNULL,
        )
        _wait(lambda: httpx.get(self.base + "/api/games", timeout=1).status_code == 200, "nginx")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def set_options(settings: dict[str, Any]) -> list[str]:
    """``--set NAME=VALUE`` for each of ``settings`` (a rate limit ``[burst, per]`` as ``BURST/SECONDS``)."""
    options = []
    for name, value in settings.items():
        if isinstance(value, bool):
            text = str(value).lower()
        elif isinstance(value, list | tuple):
            text = ("/" if name.endswith("_limit") else ",").join(str(part) for part in value)
        else:
            text = str(value)
        options += ["--set", f"{name}={text}"]
    return options


class Serve(Server):
    """``dolmen serve`` sharing a database and Redis (``DOLMEN_DATABASE_URL``, ``DOLMEN_REDIS_URL``), with the
    settings of tests/server/launch.py and ``settings`` given by ``--set``; ready when its HTTP API answers."""

    def __init__(self, database_url: str, redis_url: str, **settings: Any) -> None:
        super().__init__(database_url, **settings)
        self.redis_url = redis_url

    def start(self, timeout: float = 30.0) -> Serve:
        env = {**os.environ, "DOLMEN_DATABASE_URL": self.database_url, "DOLMEN_REDIS_URL": self.redis_url}
        options = set_options({**TEST_SETTINGS, **self.settings})
        self.process = subprocess.Popen(
            [dolmen(), "serve", "--port", str(self.port), *options], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
        )

        def ready() -> bool:
            return httpx.get(self.base + "/api/games", timeout=1).status_code == 200

        _wait(ready, "dolmen serve", timeout, self.process)
        return self


WORKER_SETTINGS = {"bot_job_heartbeat": 3, "job_sweep": 1}


class Worker:
    """``dolmen worker`` sharing a database and Redis (``DOLMEN_DATABASE_URL``, ``DOLMEN_REDIS_URL``): one thinking
    process, two moves at once; its bots are the faulty bots of ``faults`` (tests/server/faulty_bots.py) and its
    heartbeats and sweeps quick (``--set``), so that a dead worker's job is retried within seconds."""

    def __init__(self, database_url: str, redis_url: str, faults: Path) -> None:
        self.database_url = database_url
        self.redis_url = redis_url
        self.faults = faults
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Worker:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(HOOKS), str(ROOT)]),
            "DOLMEN_DATABASE_URL": self.database_url,
            "DOLMEN_REDIS_URL": self.redis_url,
            "DOLMEN_TEST_FAULTS": str(self.faults),
        }
        command = [dolmen(), "worker", "--bot-workers", "1", "--concurrency", "2", "--bot-timeout", "20"]
        command += [f"--set={name}={value}" for name, value in WORKER_SETTINGS.items()]
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        return self

    def again(self) -> Worker:
        """A new worker like this one (after a kill)."""
        return Worker(self.database_url, self.redis_url, self.faults).start()

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
