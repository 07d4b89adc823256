"""The ``dolmen serve`` command: the online table server on a SQLite file (or ``DOLMEN_DATABASE_URL``)."""

from __future__ import annotations

import argparse
import os
from typing import Any


def add_serve_parser(subparsers: Any) -> None:
    serve = subparsers.add_parser("serve", help="run the online table server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--db",
        help="SQLite file or database URL (default: $DOLMEN_DATABASE_URL, else ./dolmen.db); created and "
        "migrated on first start",
    )
    serve.add_argument("--bot-workers", type=int, help="worker processes for bots (default: cores - 1)")
    serve.add_argument("--origin", action="append", default=[], help="another Origin allowed to open websockets")
    serve.add_argument("--secure-cookies", action="store_true", help="session cookie over HTTPS only")
    serve.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's address whose X-Forwarded-For names the client (for rate limits); repeatable",
    )
    serve.add_argument(
        "--public-url",
        help="the server's address as people reach it, for links in turn notifications (default: http://HOST:PORT)",
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help="redis://HOST:PORT/DB shared by several server processes and their `dolmen worker`s "
        "(default: $DOLMEN_REDIS_URL; none: one process)",
    )
    serve.add_argument("--away-bot", help="the bot that plays for absent people by default (default: greedy)")
    serve.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="settings",
        help="any other setting of server/config.py's Settings (docs/deploy.md), e.g. socket_rate=20 or "
        "signup_limit=100/3600 (BURST/SECONDS); repeatable. bench/load.py raises the rate limits so and sets "
        "fast_password_hashing=true, which no server people use may set",
    )


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from dolmen.engine.errors import OptionsError
    from dolmen.server.app import create_app, open_storage, uvicorn_options
    from dolmen.server.collector import Aging, tune_collector
    from dolmen.server.config import Settings, parse_setting

    try:
        chosen = dict(parse_setting(assignment) for assignment in args.settings)
    except ValueError as exc:
        raise OptionsError(str(exc)) from None
    named = {
        "database_url": args.db,
        "bot_workers": args.bot_workers,
        "allowed_origins": tuple(args.origin) or None,
        "cookie_secure": args.secure_cookies or None,
        "trusted_proxies": tuple(args.trust_proxy) or None,
        "public_url": args.public_url or f"http://{args.host}:{args.port}",
        "away_bot": args.away_bot,
        "redis_url": args.redis,
    }
    # the named options win over --set (both over the environment)
    settings = Settings.from_env(**{**chosen, **{k: v for k, v in named.items() if v is not None}})
    _check(settings)
    _storage, engine = open_storage(settings)  # create and migrate before saying we are ready
    engine.dispose()
    where = settings.database_url if "://" in settings.database_url else os.path.abspath(settings.database_url)
    shared = f", redis: {settings.redis_url}" if settings.redis_url else ""
    print(f"Dolmen table server on http://{args.host}:{args.port}/  (database: {where}{shared})", flush=True)
    aging = Aging(settings.gc_freeze, settings.gc_thaw) if settings.gc_young > 0 else None
    app = create_app(settings, aging=aging)
    tune_collector(settings.gc_young)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", **uvicorn_options())
    return 0


def _check(settings: Any) -> None:
    """Refuse at once (one line, exit status 2) an away bot no game has, or an SMTP URL that cannot be read."""
    from dolmen.bots import make_bot
    from dolmen.engine.errors import OptionsError
    from dolmen.games import GAMES
    from dolmen.server.notify import Mailer

    for game in GAMES:
        make_bot(settings.away_bot, game=game)
    if settings.smtp_url:
        try:
            Mailer(settings.smtp_url, settings.mail_from)
        except ValueError as exc:
            raise OptionsError(str(exc)) from None
