"""Storage in a SQL database through SQLAlchemy 2 (SQLite or PostgreSQL): SqlStorage, made of its parts."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from dolmen.server.errors import say
from dolmen.server.storage import (
    JSON,
    OPEN,
    PLAIN,
    RUNNING,
    ClockChange,
    ClockState,
    Conflict,
    NewSeat,
    TableInfo,
    TableSetup,
)
from dolmen.server.storage.models import SeatRow, StepRow, TableRow
from dolmen.server.storage.sql_accounts import SqlAccounts
from dolmen.server.storage.sql_base import utc_now
from dolmen.server.storage.sql_clocks import SqlClocks
from dolmen.server.storage.sql_ratings import SqlRatings
from dolmen.server.storage.sql_steps import SqlSteps


class SqlStorage(SqlAccounts, SqlRatings, SqlSteps, SqlClocks):
    """:class:`~dolmen.server.storage.Storage` on a SQLAlchemy engine (see ``database.make_engine``), in parts:
    accounts and chat (sql_accounts), ratings (sql_ratings), steps (sql_steps), clocks (sql_clocks); the tables
    and their seats here."""

    def create_table(
        self,
        game: str,
        players: int,
        options: dict[str, JSON],
        take_backs: bool,
        creator_id: int,
        seats: Sequence[NewSeat],
        setup: TableSetup = PLAIN,
    ) -> TableInfo:
        with self._session() as session, session.begin():
            row = TableRow(
                game=game,
                players=players,
                options=options,
                take_backs=take_backs,
                creator_id=creator_id,
                status=OPEN,
                version=0,
                created_at=utc_now(),
                mode=setup.mode,
                clock=setup.clock,
                away_bot=setup.away_bot,
                private=setup.private,
                invite=setup.invite,
                epoch=0,
            )
            session.add(row)
            session.flush()
            for number, seat in enumerate(seats):
                session.add(SeatRow(table_id=row.id, seat=number, account_id=seat.account_id, bot=seat.bot))
            session.flush()
            return self._info(session, row)

    def get_table(self, table_id: int) -> TableInfo | None:
        with self._session() as session, session.begin():
            row = session.get(TableRow, table_id)
            return self._info(session, row) if row else None

    def list_tables(self, status: str, limit: int = 100) -> list[TableInfo]:
        with self._session() as session, session.begin():
            rows = session.scalars(
                select(TableRow).where(TableRow.status == status).order_by(TableRow.id.desc()).limit(limit)
            ).all()
            return [self._info(session, row) for row in rows]

    def running_table_ids(self) -> list[int]:
        with self._session() as session, session.begin():
            return list(session.scalars(select(TableRow.id).where(TableRow.status == RUNNING).order_by(TableRow.id)))

    def account_tables(self, account_id: int, limit: int = 100) -> list[TableInfo]:
        with self._session() as session, session.begin():
            rows = session.scalars(
                select(TableRow)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account_id == account_id)
                .order_by(TableRow.id.desc())
                .limit(limit)
            ).all()
            return [self._info(session, row) for row in rows]

    def take_seat(self, table_id: int, seat: int, account_id: int) -> TableInfo:
        try:
            return self._fill_seat(table_id, seat, account_id=account_id)
        except IntegrityError as exc:
            raise Conflict(say("server_already_seated")) from exc

    def seat_bot(self, table_id: int, seat: int, bot: str) -> TableInfo:
        return self._fill_seat(table_id, seat, bot=bot)

    def _fill_seat(self, table_id: int, seat: int, **taker: JSON) -> TableInfo:
        """Give open seat ``seat`` to a person (``account_id``) or a bot (``bot``), in one guarded update."""
        with self._session() as session, session.begin():
            table = self._open_table(session, table_id)
            taken = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .where(SeatRow.account_id.is_(None), SeatRow.bot.is_(None))
                .values(**taker)
            )
            if taken.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(say("server_seat_not_open", number=seat))
            session.flush()
            return self._info(session, table)

    def set_away(self, table_id: int, account_id: int, away: bool, clock: ClockChange | None = None) -> TableInfo:
        with self._session() as session, session.begin():
            table = session.get(TableRow, table_id, with_for_update=True)
            if table is None or table.status != RUNNING:
                raise Conflict(say("server_not_running"))
            marked = session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.account_id == account_id).values(away=away)
            )
            if marked.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(say("server_no_seat"))
            if clock is not None:
                self._move_clocks(session, table, clock)
            session.flush()
            return self._info(session, table)

    def free_seat(self, table_id: int, account_id: int) -> TableInfo:
        with self._session() as session, session.begin():
            table = self._open_table(session, table_id)
            freed = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.account_id == account_id)
                .values(account_id=None)
            )
            if freed.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(say("server_no_seat"))
            session.flush()
            return self._info(session, table)

    def start_table(
        self,
        table_id: int,
        secret: bytes,
        commitment: str,
        steps: Sequence[dict[str, JSON]],
        clock: ClockChange | None = None,
    ) -> TableInfo:
        with self._session() as session, session.begin():
            started = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == OPEN)
                .values(status=RUNNING, secret=secret, commitment=commitment, started_at=utc_now())
            )
            if started.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(say("server_not_open"))
            self._insert_steps(session, table_id, 0, steps)
            table = session.get(TableRow, table_id)
            assert table is not None
            session.refresh(table)
            if clock is not None and table.clock is not None:
                initial = ClockState((table.clock.get("initial"),) * table.players, serial=table.clock_serial)
                self._set_clocks(session, table, clock(initial, utc_now()))
            return self._info(session, table)


def count_steps(storage: SqlStorage, table_id: int) -> int:
    """How many steps ``table_id`` has stored (for tests and checks)."""
    with storage._session() as session, session.begin():
        return session.scalar(select(func.count()).select_from(StepRow).where(StepRow.table_id == table_id)) or 0
