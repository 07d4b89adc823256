"""Run the server for the integration tests: ``python -m tests.server.launch --db URL --port N [--settings JSON]
[--bot-target MODULE:FUNCTION]``.

The same app as ``dolmen serve``, with cheap password hashing (tests sign up many accounts), one bot worker,
generous rate limits and quick clock sweeps; ``--settings`` overrides any :class:`Settings` field (a rate limit
as ``[burst, per]``); ``--bot-target`` names what the bot worker processes run for a move instead of
:func:`~dolmen.server.bots.choose_action` (tests/server/recording_bots.py). With ``DOLMEN_TEST_CLAIMS`` naming a
folder, every deadline this process tries to fire is written down there (:func:`record_claims`)."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import uvicorn

from dolmen.server.app import create_app, uvicorn_options
from dolmen.server.config import Settings
from dolmen.server.storage import ClockState, TableInfo, TimeOut
from dolmen.server.storage.sql_clocks import SqlClocks
from dolmen.server.throttle import RateLimit

TEST_SETTINGS: dict[str, Any] = {
    "bot_workers": 1,
    "bot_timeout": 20.0,
    "fast_password_hashing": True,
    "socket_rate": 10_000.0,  # scripted players are fast
    "socket_burst": 10_000.0,
    "login_limit": [10_000, 1],
    "signup_limit": [10_000, 1],
    "create_limit": [10_000, 1],
    "sweep_interval": 0.25,
}


def settings(database_url: str, overrides: dict[str, Any]) -> Settings:
    values = {**TEST_SETTINGS, **overrides, "database_url": database_url}
    for key, value in values.items():
        if key.endswith("_limit"):
            values[key] = RateLimit(*value)
        elif isinstance(value, list):
            values[key] = tuple(value)
    return Settings(**values)


def record_claims(folder: Path) -> None:
    """Write down in ``folder`` every deadline this process tries to fire (tests/server/test_processes.py): a file
    ``tried-TABLE-PID`` before the guarded update of :meth:`SqlClocks.claim_timeout`, and a line ``PID VERSION
    DEADLINE`` appended to ``fired-TABLE`` when the update won (the process fired it). With a file ``together``
    holding N, a try first waits (up to 20 s) until N processes try that table, so that they contend for real."""
    original = SqlClocks.claim_timeout

    def claim(
        self: SqlClocks,
        table_id: int,
        version: int,
        deadline: datetime,
        now: datetime,
        fire: Callable[[ClockState, datetime], TimeOut],
    ) -> TableInfo | None:
        (folder / f"tried-{table_id}-{os.getpid()}").touch()
        together = int((folder / "together").read_text()) if (folder / "together").exists() else 1
        until = time.monotonic() + 20
        while len(list(folder.glob(f"tried-{table_id}-*"))) < together and time.monotonic() < until:
            time.sleep(0.02)  # in the storage thread: the event loop goes on
        claimed = original(self, table_id, version, deadline, now, fire)
        if claimed is not None:
            with (folder / f"fired-{table_id}").open("a") as out:
                out.write(f"{os.getpid()} {version} {deadline.isoformat()}\n")
        return claimed

    SqlClocks.claim_timeout = claim  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--settings", default="{}", help="Settings fields as a JSON object")
    parser.add_argument("--bot-target", help="MODULE:FUNCTION the bot workers run for a move")
    args = parser.parse_args()
    target = None
    if args.bot_target:
        module, _, name = args.bot_target.partition(":")
        target = getattr(importlib.import_module(module), name)
    if claims := os.environ.get("DOLMEN_TEST_CLAIMS"):
        record_claims(Path(claims))
    app = create_app(settings(args.db, json.loads(args.settings)), bot_target=target)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", **uvicorn_options())


if __name__ == "__main__":
    main()
