"""The base of the SQL storage's parts (sql.py): sessions, a table's info and clocks, rows to values and back."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from dolmen.server.errors import say
from dolmen.server.storage import JSON, OPEN, Account, ClockChange, ClockState, Conflict, Seat, TableInfo, TableSetup
from dolmen.server.storage.models import AccountRow, SeatRow, TableRow


def utc_now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored one is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def account_of(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.language, row.password_hash, row.email)


def maybe_aware(moment: datetime | None) -> datetime | None:
    return None if moment is None else aware(moment)


def clock_state(row: TableRow) -> ClockState | None:
    """The clocks a row holds (``None``: untimed or not started)."""
    state = row.clock_state
    if state is None:
        return None
    started = datetime.fromisoformat(state["started"]) if state.get("started") else None
    return ClockState(
        tuple(state["time_left"]), tuple(state["running"]), started, maybe_aware(row.deadline), row.clock_serial
    )


def clock_values(clocks: ClockState) -> dict[str, JSON]:
    """The columns that hold ``clocks``."""
    started = clocks.started.isoformat() if clocks.started else None
    state = {"time_left": list(clocks.time_left), "running": list(clocks.running), "started": started}
    return {"clock_state": state, "deadline": clocks.deadline, "clock_serial": clocks.serial}


class SqlBase:
    """The engine, sessions and the helpers every part of :class:`~dolmen.server.storage.sql.SqlStorage` shares."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def _open_table(self, session: Session, table_id: int) -> TableRow:
        table = session.get(TableRow, table_id, with_for_update=True)
        if table is None:
            raise Conflict(say("server_no_table", table=table_id))
        if table.status != OPEN:
            raise Conflict(say("server_already_started"))
        return table

    def _info(self, session: Session, row: TableRow) -> TableInfo:
        seats = session.execute(
            select(SeatRow, AccountRow.name)
            .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id)
            .where(SeatRow.table_id == row.id)
            .order_by(SeatRow.seat)
        ).all()
        return TableInfo(
            id=row.id,
            game=row.game,
            players=row.players,
            options=dict(row.options),
            take_backs=row.take_backs,
            creator_id=row.creator_id,
            status=row.status,
            seats=tuple(Seat(s.seat, s.account_id, name, s.bot, s.away) for s, name in seats),
            version=row.version,
            commitment=row.commitment,
            result=row.result,
            created_at=aware(row.created_at),
            setup=TableSetup(row.mode, row.clock, row.away_bot, row.private, row.invite),
            epoch=row.epoch,
            clocks=clock_state(row),
        )

    def _set_clocks(self, session: Session, table: TableRow, clocks: ClockState) -> None:
        for name, value in clock_values(clocks).items():
            setattr(table, name, value)
        session.flush()

    def _move_clocks(self, session: Session, table: TableRow, clock: ClockChange) -> None:
        """Apply ``clock`` to the stored clocks of ``table`` (a row read in this transaction), if it has any."""
        old = clock_state(table)
        if old is not None:
            self._set_clocks(session, table, clock(old, utc_now()))
