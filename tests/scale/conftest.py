"""The scale-out set-up: a private PostgreSQL cluster for the module, and per test a private Redis, two
``dolmen serve`` processes sharing both, nginx in front of them and two ``dolmen worker`` processes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.scale.services import Nginx, Postgres, Redis, Serve, Worker
from tests.server.harness import Server

SERVER = {"stall_after": 3.0, "bot_job_heartbeat": 3, "clock_pause": 30.0}


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    cluster = Postgres()
    try:
        yield cluster.create()
    finally:
        cluster.remove()


@dataclass
class Cluster:
    postgres: Postgres
    redis: Redis
    faults: Path
    servers: list[Server] = field(default_factory=list)
    workers: list[Worker] = field(default_factory=list)
    nginx: Nginx | None = None

    def by_port(self, port: int) -> Server:
        return next(s for s in self.servers if s.port == port)

    def stop(self) -> None:
        for part in [self.nginx, *self.workers, *self.servers]:
            if part is not None:
                part.stop()
        self.redis.stop()


def start_all(servers: list[Server]) -> None:
    errors: list[BaseException] = []

    def start(server: Server) -> None:
        try:
            server.start(timeout=60)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(s,)) for s in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


@pytest.fixture(scope="module")
def cluster(postgres: Postgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Shared by a module's tests (starting it takes seconds): a test that kills a part starts it again."""
    tmp_path = tmp_path_factory.mktemp("cluster")
    (tmp_path / "redis").mkdir()
    (tmp_path / "faults").mkdir()
    redis = Redis(tmp_path / "redis").start()
    setup = Cluster(postgres, redis, tmp_path / "faults")
    try:
        setup.servers = [Serve(postgres.url, redis.url, **SERVER) for _ in range(2)]
        setup.servers[0].start(timeout=60)  # the first migrates the database alone
        setup.workers = [Worker(postgres.url, redis.url, setup.faults).start() for _ in range(2)]
        start_all(setup.servers[1:])
        setup.nginx = Nginx(tmp_path, setup.servers).start()
        yield setup
    finally:
        setup.stop()
