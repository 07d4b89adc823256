"""Clocks and deadlines in SQL (a part of sql.py's SqlStorage): expired tables, a timeout claimed once, clocks
resumed after a pause, turn notifications claimed once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from dolmen.server.storage import RUNNING, ClockState, TableInfo, TimeOut
from dolmen.server.storage.models import HeartbeatRow, SeatRow, TableRow
from dolmen.server.storage.sql_base import SqlBase, aware, clock_state


class SqlClocks(SqlBase):
    """Deadlines and heartbeats."""

    def expired_tables(self, now: datetime, limit: int = 100) -> list[tuple[int, int, datetime]]:
        with self._session() as session, session.begin():
            rows = session.execute(
                select(TableRow.id, TableRow.version, TableRow.deadline)
                .where(TableRow.status == RUNNING, TableRow.deadline.is_not(None), TableRow.deadline <= now)
                .order_by(TableRow.deadline)
                .limit(limit)
            ).all()
            return [(table_id, version, aware(deadline)) for table_id, version, deadline in rows if deadline]

    def claim_timeout(
        self,
        table_id: int,
        version: int,
        deadline: datetime,
        now: datetime,
        fire: Callable[[ClockState, datetime], TimeOut],
    ) -> TableInfo | None:
        with self._session() as session, session.begin():
            claimed = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.version == version, TableRow.status == RUNNING)
                .where(TableRow.deadline == deadline)
                .values(deadline=None)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            table = session.get(TableRow, table_id)
            assert table is not None
            session.refresh(table)
            old = clock_state(table)
            assert old is not None
            out = fire(replace(old, deadline=deadline), now)
            self._set_clocks(session, table, out.clocks)
            if out.seats:
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat.in_(list(out.seats)))
                    .where(SeatRow.account_id.is_not(None))
                    .values(away=True)
                )
            session.flush()
            return self._info(session, table)

    def resume_clocks(self, now: datetime, longest_pause: float) -> float:
        try:
            return self._resume_clocks(now, longest_pause)
        except IntegrityError:
            return 0.0  # two processes beat first at once: the other one's row is there now

    def _resume_clocks(self, now: datetime, longest_pause: float) -> float:
        with self._session() as session, session.begin():
            beat = session.get(HeartbeatRow, 1, with_for_update=True)
            if beat is None:
                session.add(HeartbeatRow(id=1, beat=now))
                return 0.0
            lost = (now - aware(beat.beat)).total_seconds()
            beat.beat = now
            if lost <= longest_pause:
                return 0.0
            shift = timedelta(seconds=lost)
            tables = session.scalars(
                select(TableRow).where(TableRow.status == RUNNING, TableRow.clock_state.is_not(None))
            ).all()
            for table in tables:
                clocks = clock_state(table)
                if clocks is not None and clocks.started is not None:
                    deadline = clocks.deadline + shift if clocks.deadline else None
                    shifted = replace(clocks, started=clocks.started + shift, deadline=deadline)
                    self._set_clocks(session, table, replace(shifted, serial=clocks.serial + 1))
            return lost

    def claim_notification(self, table_id: int, seat: int, now: datetime, interval: float) -> bool:
        with self._session() as session, session.begin():
            since = now - timedelta(seconds=interval)
            claimed = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .where((SeatRow.notified_at.is_(None)) | (SeatRow.notified_at <= since))
                .values(notified_at=now)
            )
            return bool(claimed.rowcount == 1)  # type: ignore[attr-defined]
