"""Databases for the server tests: a SQLite file per test, and one PostgreSQL database per test session
(``dolmen_test_<random>`` on 127.0.0.1:5432, dropped at the end), emptied before each test that uses it.

Without a reachable PostgreSQL the PostgreSQL cases skip with the reason, unless ``DOLMEN_REQUIRE_SERVICES=1``,
when they fail."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest

PG_ADMIN = os.environ.get("DOLMEN_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ["sqlite", "postgresql"]


def _unavailable(reason: str) -> None:
    if os.environ.get("DOLMEN_REQUIRE_SERVICES") == "1":
        pytest.fail(f"PostgreSQL is required (DOLMEN_REQUIRE_SERVICES=1) but {reason}")
    pytest.skip(f"PostgreSQL unavailable: {reason}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    import psycopg

    name = f"dolmen_test_{secrets.token_hex(6)}"
    try:
        admin = psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        _unavailable(str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc))
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def empty_postgres(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")


def fresh_database(backend: str, request: pytest.FixtureRequest) -> str:
    """An empty database of ``backend`` (``sqlite``: a new file; ``postgresql``: the session's, emptied)."""
    if backend == "sqlite":
        factory: pytest.TempPathFactory = request.getfixturevalue("tmp_path_factory")
        return str(factory.mktemp("db") / "dolmen.db")
    url: str = request.getfixturevalue("postgres_url")
    empty_postgres(url)
    return url


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest) -> str:
    """An empty database of each backend, for one test."""
    return fresh_database(request.param, request)
