"""Opening the database: an engine for a URL (SQLite tuned for a server, or PostgreSQL through psycopg 3) and
the Alembic migrations applied at start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

SQLITE_BUSY_MS = 10_000


def database_url(value: str) -> str:
    """A SQLAlchemy URL from a URL or a path to a SQLite file (``./dolmen.db``); ``postgresql://`` URLs use
    psycopg 3."""
    if "://" not in value:
        return f"sqlite:///{Path(value).expanduser()}"
    if value.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + value.split("://", 1)[1]
    return value


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite gets WAL, a busy timeout and ``BEGIN IMMEDIATE`` for every transaction,
    so that two writers queue instead of failing half-way."""
    url = database_url(url)
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (creating it on first start)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "dolmen.server:migrations")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
