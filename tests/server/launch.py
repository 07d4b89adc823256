"""Run the server for the integration tests: ``python -m tests.server.launch --db URL --port N``.

The same app as ``dolmen serve``, with cheap password hashing (tests sign up many accounts) and one bot
worker."""

from __future__ import annotations

import argparse

import uvicorn

from dolmen.server.app import create_app, uvicorn_options
from dolmen.server.config import Settings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--socket-rate", type=float, default=10_000.0, help="scripted players are fast")
    args = parser.parse_args()
    settings = Settings(
        database_url=args.db,
        bot_workers=1,
        bot_timeout=20.0,
        fast_password_hashing=True,
        socket_rate=args.socket_rate,
        socket_burst=max(30.0, args.socket_rate),
    )
    uvicorn.run(create_app(settings), host="127.0.0.1", port=args.port, log_level="warning", **uvicorn_options())


if __name__ == "__main__":
    main()
