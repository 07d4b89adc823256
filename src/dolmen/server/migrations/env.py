"""Alembic environment: run against the connection :func:`dolmen.server.storage.database.migrate` passes, or
against ``sqlalchemy.url`` / ``DOLMEN_DATABASE_URL`` when called from the ``alembic`` command."""

from __future__ import annotations

import os

from alembic import context

from dolmen.server.storage.database import make_engine
from dolmen.server.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url") or os.environ.get("DOLMEN_DATABASE_URL", "./dolmen.db")
    engine = make_engine(url)
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
