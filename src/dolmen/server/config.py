"""Server settings, from arguments or the environment (``DOLMEN_DATABASE_URL``, ``DOLMEN_REDIS_URL``,
``DOLMEN_SMTP_URL``; docs/deploy.md lists them all)."""

from __future__ import annotations

import os
import typing
from dataclasses import dataclass, field, fields

from dolmen.server.throttle import RateLimit


@dataclass(frozen=True)
class Settings:
    database_url: str = "./dolmen.db"
    """A SQLAlchemy URL or a SQLite file path; ``DOLMEN_DATABASE_URL`` overrides the default."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://example.org``) allowed to open websockets besides the server's own."""
    cookie_secure: bool = False
    """Send the session cookie over HTTPS only (set it behind a TLS proxy)."""
    bot_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    bot_timeout: float = 30.0
    """Seconds a bot's worker may think about one move; past that it is killed and replaced."""
    away_bot: str = "greedy"
    """The default bot that plays the seat of a person who left a running game or ran out of time."""
    socket_rate: float = 10.0
    """Messages (text or binary frames) a client may send per second on average on each socket it opens, a
    table's or the lobby's; more get ``rate_limited``."""
    socket_burst: float = 30.0
    """…and in a burst."""
    login_limit: RateLimit = field(default_factory=lambda: RateLimit(20, 60))
    """Log-in attempts per client address (failures for one name are slowed down besides)."""
    signup_limit: RateLimit = field(default_factory=lambda: RateLimit(30, 3600))
    """Accounts created per client address (a club's evening behind one address fits)."""
    create_limit: RateLimit = field(default_factory=lambda: RateLimit(10, 60))
    """Tables created per account, and (three times as many) per client address."""
    chat_limit: RateLimit = field(default_factory=lambda: RateLimit(30, 60))
    """Chat lines an account may send over HTTP (``POST /api/chat``, ``/api/tables/{id}/chat``), the lobby's and
    the tables' together; the sockets' chat counts against ``socket_rate``."""
    trusted_proxies: tuple[str, ...] = ()
    """Peer addresses whose ``X-Forwarded-For`` names the client (a reverse proxy); none by default."""
    sweep_interval: float = 1.0
    """Seconds between two sweeps of the clocks (deadlines fired, heartbeat, presence)."""
    clock_pause: float = 10.0
    """A gap longer than this between two heartbeats of the clock sweepers means every server was down: that
    time is not charged to the players."""
    min_per_move: float = 3600.0
    """The shortest deadline per move of a turn-based table."""
    smtp_url: str | None = None
    """``smtp://[user:password@]host[:port]`` (``smtps://`` for TLS, ``?starttls`` to upgrade): turn
    notifications by email; ``DOLMEN_SMTP_URL``. None: no email."""
    mail_from: str = "dolmen@localhost"
    public_url: str | None = None
    """The server's address as people reach it, for links in emails (default: http://HOST:PORT/)."""
    notify_interval: float = 3600.0
    """At most one turn notification per table and seat in this many seconds."""
    presence_window: float = 60.0
    """An account counts as online this long after its last open socket was seen."""
    redis_url: str | None = None
    """``redis://host:port/db``: several server processes share the tables (the hub over Redis pub/sub) and bots
    think in ``dolmen worker`` processes (a queue on Redis); ``DOLMEN_REDIS_URL``. None: one process, in-process
    hub and bot workers."""
    bot_job_heartbeat: int = 10
    """Seconds a queued bot job may go without a sign of life before another worker retries it (its worker
    died)."""
    job_sweep: int = 5
    """Seconds between two looks of a ``dolmen worker`` for the jobs of dead workers."""
    stall_after: float = 5.0
    """With Redis: a table that has not moved for this long while a bot is to play asks for the move again."""
    fast_password_hashing: bool = False
    """Cheap Argon2id parameters: for tests only, never for a server people use."""
    gc_young: int = 50_000
    """Objects allocated between two collections of the youngest generation of Python's cyclic garbage collector,
    in a ``dolmen serve`` process (``0``: Python's 700). Fewer of a move's short-lived objects then reach the old
    generation, whose full collections pause the event loop for the whole heap (docs/deploy.md "Garbage
    collection")."""
    gc_freeze: float = 1.0
    """Seconds between two settings aside (``gc.freeze``) of what a ``dolmen serve`` process holds, so that young
    collections walk only what is new (``0``: never; server/collector.py)."""
    gc_thaw: float = 3600.0
    """Seconds between two full collections of everything set aside (the cycles that freezing defers)."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {}
        if url := os.environ.get("DOLMEN_DATABASE_URL"):
            values["database_url"] = url
        if redis := os.environ.get("DOLMEN_REDIS_URL"):
            values["redis_url"] = redis
        if smtp := os.environ.get("DOLMEN_SMTP_URL"):
            values["smtp_url"] = smtp
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]


def parse_setting(assignment: str) -> tuple[str, object]:
    """``NAME=VALUE`` for any :class:`Settings` field (``dolmen serve --set``), its value read by the field's
    type: a number, ``true``/``false``, a text, a rate limit as ``BURST/SECONDS``, a list as ``A,B``.
    :class:`ValueError` names what is wrong."""
    name, sep, text = assignment.partition("=")
    name = name.strip().replace("-", "_")
    kinds = typing.get_type_hints(Settings)
    if not sep or name not in {f.name for f in fields(Settings)}:
        known = ", ".join(f.name for f in fields(Settings))
        raise ValueError(f"--set takes NAME=VALUE with a setting's NAME ({known}), not {assignment!r}")
    kind, text = kinds[name], text.strip()
    try:
        if kind is RateLimit:
            burst, per = text.split("/")
            return name, RateLimit(float(burst), float(per))
        if kind is bool:
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            return name, text.lower() in ("true", "1", "yes")
        if kind in (int, float):
            return name, kind(text)
        if kind == tuple[str, ...]:
            return name, tuple(part.strip() for part in text.split(",") if part.strip())
        return name, None if text == "" and kind == (str | None) else text
    except ValueError:
        what = {RateLimit: "BURST/SECONDS", bool: "true or false", int: "a whole number", float: "a number"}
        raise ValueError(f"--set {name}= takes {what.get(kind, 'a value')}, not {text!r}") from None
