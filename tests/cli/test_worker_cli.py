"""``dolmen worker``: refused at once in one line without Redis or with a SQLite file (the servers' database must
be shared); started from ``DOLMEN_DATABASE_URL`` and ``DOLMEN_REDIS_URL`` it says where it works and stops on
SIGTERM. (It playing bots for several servers: tests/scale/.)"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.cli.test_command_line import DOLMEN, one_line_refusal
from tests.scale.services import Redis


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["worker"], "a worker needs Redis: --redis URL or DOLMEN_REDIS_URL"),
        (["worker", "--redis", "redis://127.0.0.1:1/0", "--db", "dolmen.db"], "a worker shares the servers' database"),
        (["worker", "--redis", "redis://127.0.0.1:1/0", "--set", "nonsense=1"], "nonsense"),
    ],
)
def test_a_worker_without_redis_or_a_shared_database_or_with_a_bad_setting_is_refused(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DOLMEN_REDIS_URL", raising=False)
    monkeypatch.delenv("DOLMEN_DATABASE_URL", raising=False)
    assert says in one_line_refusal(argv, capsys)


def test_a_worker_started_from_the_environment_stops_on_sigterm(tmp_path: Path) -> None:
    redis = Redis(tmp_path).start()
    database = f"sqlite:///{tmp_path / 'dolmen.db'}"
    env = {**os.environ, "DOLMEN_DATABASE_URL": database, "DOLMEN_REDIS_URL": redis.url}
    worker = subprocess.Popen(
        [DOLMEN, "worker", "--bot-workers", "1"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == f"Dolmen bot worker (database: {database}, redis: {redis.url})"
        _until_waiting_for_jobs(redis, worker)
        worker.send_signal(signal.SIGTERM)
        assert worker.wait(20) == 0
        assert "Traceback" not in (worker.stderr.read() if worker.stderr else "")
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait(10)
        redis.stop()


def _until_waiting_for_jobs(redis: Redis, worker: subprocess.Popen[str], timeout: float = 30.0) -> None:
    """Until the worker blocks on the queue in Redis (SAQ's ``BLMOVE``): it has started and handles SIGTERM."""
    import redis as client

    connection = client.Redis(port=redis.port)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and worker.poll() is None:
        if any(c.get("cmd") in ("blmove", "brpoplpush") for c in connection.client_list()):
            return
        time.sleep(0.05)
    pytest.fail(f"the worker did not wait for jobs (exit status {worker.poll()})")
