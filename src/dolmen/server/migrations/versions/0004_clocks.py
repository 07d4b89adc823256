"""Table modes and clocks, private tables, the stored epoch, turn notifications and presence.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("seen_at", WHEN, nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("mode", sa.String(16), nullable=False, server_default="realtime"))
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("away_bot", sa.String(64), nullable=False, server_default="greedy"))
        batch.add_column(sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("invite", sa.String(64), nullable=True))
        batch.add_column(sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("clock_state", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("clock_serial", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("deadline", WHEN, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("notified_at", WHEN, nullable=True))
    op.create_table(
        "heartbeat",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("beat", WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("heartbeat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("notified_at")
    with op.batch_alter_table("tables") as batch:
        for name in ("deadline", "clock_serial", "clock_state", "epoch", "invite", "private", "away_bot", "clock"):
            batch.drop_column(name)
        batch.drop_column("mode")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("seen_at")
        batch.drop_column("email")
