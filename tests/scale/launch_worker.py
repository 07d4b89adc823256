"""``dolmen worker`` for the scale-out tests: one thinking process, the faulty bots of ``DOLMEN_TEST_FAULTS``
(tests/server/faulty_bots.py), quick heartbeats and sweeps so that a dead worker's job is retried within seconds."""

from __future__ import annotations

import argparse

from dolmen.server.config import Settings
from dolmen.server.worker import main as run
from tests.server.faulty_bots import choose

TEST_WORKER = {"bot_workers": 1, "bot_timeout": 20.0, "bot_job_heartbeat": 3, "job_sweep": 1}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--redis", required=True)
    args = parser.parse_args()
    run(Settings(database_url=args.db, redis_url=args.redis, **TEST_WORKER), concurrency=2, target=choose)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
