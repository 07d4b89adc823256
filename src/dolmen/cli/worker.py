"""The ``dolmen worker`` command: bot moves for the servers sharing a database and Redis (docs/deploy.md)."""

from __future__ import annotations

import argparse
from typing import Any


def add_worker_parser(subparsers: Any) -> None:
    worker = subparsers.add_parser("worker", help="think for the bots of servers sharing a database and Redis")
    worker.add_argument("--db", help="database URL (default: $DOLMEN_DATABASE_URL)")
    worker.add_argument("--redis", metavar="URL", help="redis://HOST:PORT/DB (default: $DOLMEN_REDIS_URL)")
    worker.add_argument("--bot-workers", type=int, help="processes thinking for bots (default: cores - 1)")
    worker.add_argument("--concurrency", type=int, help="bot moves at once (default: as many as --bot-workers)")
    worker.add_argument("--bot-timeout", type=float, help="seconds a bot may think about one move (default: 30)")
    worker.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="settings",
        help="any other setting of server/config.py's Settings, as for dolmen serve (e.g. bot_job_heartbeat=3 or "
        "job_sweep=1); repeatable",
    )


def cmd_worker(args: argparse.Namespace) -> int:
    from dolmen.engine.errors import OptionsError
    from dolmen.server.config import Settings, parse_setting
    from dolmen.server.worker import main

    try:
        chosen = dict(parse_setting(assignment) for assignment in args.settings)
    except ValueError as exc:
        raise OptionsError(str(exc)) from None
    named = {"database_url": args.db, "redis_url": args.redis, "bot_workers": args.bot_workers}
    named["bot_timeout"] = args.bot_timeout
    # the named options win over --set (both over the environment), as for dolmen serve
    settings = Settings.from_env(**{**chosen, **{k: v for k, v in named.items() if v is not None}})
    if settings.redis_url is None:
        raise OptionsError("a worker needs Redis: --redis URL or DOLMEN_REDIS_URL")
    if "://" not in settings.database_url:
        raise OptionsError("a worker shares the servers' database: --db URL or DOLMEN_DATABASE_URL (PostgreSQL)")
    print(f"Dolmen bot worker (database: {settings.database_url}, redis: {settings.redis_url})", flush=True)
    main(settings, args.concurrency)
    return 0
