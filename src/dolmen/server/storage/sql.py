"""Storage in a SQL database through SQLAlchemy 2 (SQLite or PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import cast

from sqlalchemy import Engine, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from dolmen.server.storage import (
    FINISHED,
    JSON,
    OPEN,
    PLAIN,
    RUNNING,
    Account,
    ChatLine,
    ClockChange,
    ClockState,
    Conflict,
    NameTaken,
    NewSeat,
    RateFunction,
    Rating,
    Seat,
    StepAppend,
    StorageError,
    TableInfo,
    TableSetup,
    TimeOut,
    VersionConflict,
    name_key,
)
from dolmen.server.storage.models import (
    AccountRow,
    ChatRow,
    HeartbeatRow,
    RatingRow,
    SeatRow,
    SessionRow,
    StepRow,
    TableRow,
)


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored one is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.language, row.password_hash, row.email)


def _maybe_aware(moment: datetime | None) -> datetime | None:
    return None if moment is None else _aware(moment)


def _clock_state(row: TableRow) -> ClockState | None:
    """The clocks a row holds (``None``: untimed or not started)."""
    state = row.clock_state
    if state is None:
        return None
    started = datetime.fromisoformat(state["started"]) if state.get("started") else None
    return ClockState(
        tuple(state["time_left"]), tuple(state["running"]), started, _maybe_aware(row.deadline), row.clock_serial
    )


def _clock_values(clocks: ClockState) -> dict[str, JSON]:
    """The columns that hold ``clocks``."""
    started = clocks.started.isoformat() if clocks.started else None
    state = {"time_left": list(clocks.time_left), "running": list(clocks.running), "started": started}
    return {"clock_state": state, "deadline": clocks.deadline, "clock_serial": clocks.serial}


class _Conflicted(Exception):
    """A table of a batch was not at the version its request expected (the batch is rolled back)."""


_STEPS = cast(Table, StepRow.__table__)
_TABLES = cast(Table, TableRow.__table__)
# the group commit's statements, one execution for a whole batch (bound names differ from the columns')
_MOVE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("t_id"), _TABLES.c.version == bindparam("t_from"))
    .values(version=bindparam("t_to"))
)
_MOVE_TIMED = (
    update(_TABLES)
    .where(
        _TABLES.c.id == bindparam("t_id"),
        _TABLES.c.version == bindparam("t_from"),
        _TABLES.c.clock_serial == bindparam("t_prev"),
    )
    .values(
        version=bindparam("t_to"),
        clock_state=bindparam("t_state"),
        deadline=bindparam("t_deadline"),
        clock_serial=bindparam("t_serial"),
    )
)
_FINISH = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("t_id"))
    .values(status=FINISHED, result=bindparam("t_result"), finished_at=bindparam("t_at"))
)


class SqlStorage:
    """:class:`~dolmen.server.storage.Storage` on a SQLAlchemy engine (see ``database.make_engine``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    # -- accounts and sessions ------------------------------------------------------------------------
    def create_account(self, name: str, password_hash: str, language: str, email: str | None = None) -> Account:
        row = AccountRow(
            name=name,
            name_key=name_key(name),
            password_hash=password_hash,
            language=language,
            email=email,
            created_at=_now(),
        )
        try:
            with self._session() as session, session.begin():
                session.add(row)
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return _account(row)

    def find_account(self, name: str) -> Account | None:
        with self._session() as session, session.begin():
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            return _account(row) if row else None

    def get_account(self, account_id: int) -> Account | None:
        with self._session() as session, session.begin():
            row = session.get(AccountRow, account_id)
            return _account(row) if row else None

    def update_account(self, account_id: int, *, language: str | None = None, email: str | None = None) -> Account:
        with self._session() as session, session.begin():
            row = session.get(AccountRow, account_id)
            if row is None:
                raise Conflict(f"no account {account_id}")
            if language is not None:
                row.language = language
            if email is not None:
                row.email = email or None
            return _account(row)

    def mark_seen(self, account_ids: Sequence[int], now: datetime) -> None:
        if not account_ids:
            return
        with self._session() as session, session.begin():
            session.execute(update(AccountRow).where(AccountRow.id.in_(list(account_ids))).values(seen_at=now))

    def seen_at(self, account_id: int) -> datetime | None:
        with self._session() as session, session.begin():
            return _maybe_aware(session.scalar(select(AccountRow.seen_at).where(AccountRow.id == account_id)))

    def add_session(self, token_hash: str, account_id: int, expires_at: datetime) -> None:
        with self._session() as session, session.begin():
            session.add(
                SessionRow(token_hash=token_hash, account_id=account_id, created_at=_now(), expires_at=expires_at)
            )

    def session_account(self, token_hash: str, now: datetime) -> Account | None:
        with self._session() as session, session.begin():
            found = session.execute(
                select(SessionRow.expires_at, AccountRow)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.token_hash == token_hash)
            ).first()
            if found is None or _aware(found[0]) <= now:
                return None
            return _account(found[1])

    def drop_session(self, token_hash: str) -> None:
        with self._session() as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    # -- tables ---------------------------------------------------------------------------------------
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
                created_at=_now(),
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
            raise Conflict("you already have a seat at this table") from exc

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
                raise Conflict(f"seat {seat} is not open")
            session.flush()
            return self._info(session, table)

    def set_away(self, table_id: int, account_id: int, away: bool, clock: ClockChange | None = None) -> TableInfo:
        with self._session() as session, session.begin():
            table = session.get(TableRow, table_id, with_for_update=True)
            if table is None or table.status != RUNNING:
                raise Conflict("the table is not running")
            marked = session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.account_id == account_id).values(away=away)
            )
            if marked.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict("you have no seat at this table")
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
                raise Conflict("you have no seat at this table")
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
                .values(status=RUNNING, secret=secret, commitment=commitment, started_at=_now())
            )
            if started.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict("the table is not open")
            self._insert_steps(session, table_id, 0, steps)
            table = session.get(TableRow, table_id)
            assert table is not None
            session.refresh(table)
            if clock is not None and table.clock is not None:
                initial = ClockState((table.clock.get("initial"),) * table.players, serial=table.clock_serial)
                self._set_clocks(session, table, clock(initial, _now()))
            return self._info(session, table)

    # -- steps ----------------------------------------------------------------------------------------
    def append_steps(
        self,
        table_id: int,
        from_version: int,
        steps: Sequence[dict[str, JSON]],
        result: dict[str, JSON] | None = None,
        clocks: ClockState | None = None,
    ) -> None:
        try:
            with self._session() as session, session.begin():
                self._insert_steps(session, table_id, from_version, steps, clocks)
                if result is not None:
                    session.execute(
                        update(TableRow)
                        .where(TableRow.id == table_id)
                        .values(status=FINISHED, result=result, finished_at=_now())
                    )
        except IntegrityError as exc:
            raise VersionConflict(f"table {table_id} already has a step after version {from_version}") from exc

    def append_batch(self, batch: Sequence[StepAppend]) -> list[StorageError | None]:
        if len(batch) == 1:  # no savepoint needed
            only = batch[0]
            try:
                self.append_steps(only.table_id, only.from_version, only.steps, only.result, only.clocks)
            except VersionConflict as exc:
                return [exc]
            return [None]
        if self._append_all_at_once(batch):
            return [None] * len(batch)
        # one of them conflicts (rare: another process moved a table first): each alone, in a savepoint
        outcomes: dict[int, StorageError | None] = {}
        with self._session() as session, session.begin():
            # in the order of the tables' rows, so that two processes' batches lock them in one order (no deadlock)
            for index in sorted(range(len(batch)), key=lambda i: batch[i].table_id):
                request = batch[index]
                try:
                    with session.begin_nested():  # a savepoint: a conflict undoes this request alone
                        self._append(session, request)
                    outcomes[index] = None
                except IntegrityError:
                    conflict = f"table {request.table_id} already has a step after version {request.from_version}"
                    outcomes[index] = VersionConflict(conflict)
                except VersionConflict as exc:
                    outcomes[index] = exc
        return [outcomes[index] for index in range(len(batch))]

    def _append_all_at_once(self, batch: Sequence[StepAppend]) -> bool:
        """Every request of ``batch`` in one transaction of three statements at most, whatever its size (the hot
        path); ``False``, with nothing stored, when any of them conflicts."""
        if not self.engine.dialect.supports_sane_multi_rowcount or any(not r.steps for r in batch):
            return False
        now = _now()
        rows = [
            {"table_id": r.table_id, "version": r.from_version + offset, "step": step, "created_at": now}
            for r in sorted(batch, key=lambda r: r.table_id)
            for offset, step in enumerate(r.steps, start=1)
        ]
        moves: dict[bool, list[dict[str, JSON]]] = {False: [], True: []}
        for r in sorted(batch, key=lambda r: r.table_id):
            move = {"t_id": r.table_id, "t_from": r.from_version, "t_to": r.from_version + len(r.steps)}
            if r.clocks is not None:
                values = _clock_values(r.clocks)
                move.update(t_prev=r.clocks.serial - 1, t_state=values["clock_state"], t_deadline=values["deadline"])
                move["t_serial"] = values["clock_serial"]
            moves[r.clocks is not None].append(move)
        finished = [{"t_id": r.table_id, "t_result": r.result, "t_at": now} for r in batch if r.result is not None]
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(_STEPS), rows)
                moved = 0
                for timed, params in moves.items():
                    if params:
                        moved += connection.execute(_MOVE_TIMED if timed else _MOVE, params).rowcount
                if moved != len(batch):
                    raise _Conflicted
                if finished:
                    connection.execute(_FINISH, finished)
        except (IntegrityError, _Conflicted):
            return False
        return True

    def _append(self, session: Session, request: StepAppend) -> None:
        self._insert_steps(session, request.table_id, request.from_version, request.steps, request.clocks)
        if request.result is not None:
            session.execute(
                update(TableRow)
                .where(TableRow.id == request.table_id)
                .values(status=FINISHED, result=request.result, finished_at=_now())
            )

    def _insert_steps(
        self,
        session: Session,
        table_id: int,
        from_version: int,
        steps: Sequence[dict[str, JSON]],
        clocks: ClockState | None = None,
    ) -> None:
        if not steps:
            return
        now = _now()
        session.execute(
            insert(StepRow),
            [
                {"table_id": table_id, "version": from_version + offset, "step": step, "created_at": now}
                for offset, step in enumerate(steps, start=1)
            ],
        )
        # one guarded update moves the version and the clocks: the hot path costs no more statements timed
        guard = update(TableRow).where(TableRow.id == table_id, TableRow.version == from_version)
        if clocks is not None:
            guard = guard.where(TableRow.clock_serial == clocks.serial - 1).values(**_clock_values(clocks))
        moved = session.execute(guard.values(version=from_version + len(steps)))
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            raise VersionConflict(f"table {table_id} is no longer at version {from_version} with those clocks")

    def remove_last_step(self, table_id: int, version: int, clock: ClockChange | None = None) -> TableInfo:
        with self._session() as session, session.begin():
            moved = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.version == version, TableRow.status == RUNNING)
                .values(version=version - 1, epoch=TableRow.epoch + 1)
            )
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                raise VersionConflict(f"table {table_id} is not at version {version}")
            session.execute(delete(StepRow).where(StepRow.table_id == table_id, StepRow.version == version))
            table = session.get(TableRow, table_id)
            assert table is not None
            session.refresh(table)
            if clock is not None:
                self._move_clocks(session, table, clock)
            return self._info(session, table)

    def table_steps(self, table_id: int, since: int = 0) -> list[dict[str, JSON]]:
        with self._session() as session, session.begin():
            return list(
                session.scalars(
                    select(StepRow.step)
                    .where(StepRow.table_id == table_id, StepRow.version > since)
                    .order_by(StepRow.version)
                )
            )

    def table_secret(self, table_id: int) -> bytes | None:
        with self._session() as session, session.begin():
            return session.scalar(select(TableRow.secret).where(TableRow.id == table_id))

    # -- clocks ---------------------------------------------------------------------------------------
    def _set_clocks(self, session: Session, table: TableRow, clocks: ClockState) -> None:
        for name, value in _clock_values(clocks).items():
            setattr(table, name, value)
        session.flush()

    def _move_clocks(self, session: Session, table: TableRow, clock: ClockChange) -> None:
        """Apply ``clock`` to the stored clocks of ``table`` (a row read in this transaction), if it has any."""
        old = _clock_state(table)
        if old is not None:
            self._set_clocks(session, table, clock(old, _now()))

    def expired_tables(self, now: datetime, limit: int = 100) -> list[tuple[int, int, datetime]]:
        with self._session() as session, session.begin():
            rows = session.execute(
                select(TableRow.id, TableRow.version, TableRow.deadline)
                .where(TableRow.status == RUNNING, TableRow.deadline.is_not(None), TableRow.deadline <= now)
                .order_by(TableRow.deadline)
                .limit(limit)
            ).all()
            return [(table_id, version, _aware(deadline)) for table_id, version, deadline in rows if deadline]

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
            old = _clock_state(table)
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
            lost = (now - _aware(beat.beat)).total_seconds()
            beat.beat = now
            if lost <= longest_pause:
                return 0.0
            shift = timedelta(seconds=lost)
            tables = session.scalars(
                select(TableRow).where(TableRow.status == RUNNING, TableRow.clock_state.is_not(None))
            ).all()
            for table in tables:
                clocks = _clock_state(table)
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

    # -- ratings --------------------------------------------------------------------------------------
    def rate_table(self, table_id: int, ranks: dict[int, int], rate: RateFunction) -> bool:
        with self._session() as session, session.begin():
            table = session.get(TableRow, table_id, with_for_update=True)
            if table is None or table.status != FINISHED or table.rated:
                return False
            rows = {
                row.account_id: row
                for row in session.scalars(
                    select(RatingRow)
                    .where(RatingRow.game == table.game, RatingRow.account_id.in_(list(ranks)))
                    .with_for_update()
                )
            }
            current = {a: ((rows[a].mu, rows[a].sigma) if a in rows else None) for a in ranks}
            for account_id, (mu, sigma) in (rate(current, ranks) if ranks else {}).items():
                row = rows.get(account_id)
                if row is None:
                    session.add(RatingRow(account_id=account_id, game=table.game, mu=mu, sigma=sigma, games=1))
                else:
                    row.mu, row.sigma, row.games = mu, sigma, row.games + 1
            table.rated = True
            return True

    def unrated_tables(self) -> list[int]:
        with self._session() as session, session.begin():
            query = select(TableRow.id).where(TableRow.status == FINISHED, TableRow.rated.is_(False))
            return list(session.scalars(query.order_by(TableRow.id)))

    def ratings(self, game: str, limit: int = 100) -> list[Rating]:
        with self._session() as session, session.begin():
            rows = session.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.account_id)
                .limit(limit)
            ).all()
            return [Rating(r.account_id, name, r.game, r.mu, r.sigma, r.games) for r, name in rows]

    def account_ratings(self, account_id: int) -> list[Rating]:
        with self._session() as session, session.begin():
            rows = session.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.account_id == account_id)
                .order_by(RatingRow.game)
            ).all()
            return [Rating(r.account_id, name, r.game, r.mu, r.sigma, r.games) for r, name in rows]

    # -- chat -----------------------------------------------------------------------------------------
    def add_chat(self, table_id: int | None, account_id: int, text: str) -> ChatLine:
        with self._session() as session, session.begin():
            row = ChatRow(table_id=table_id, account_id=account_id, text=text, created_at=_now())
            session.add(row)
            session.flush()
            name = session.scalar(select(AccountRow.name).where(AccountRow.id == account_id)) or "?"
            return ChatLine(row.id, table_id, account_id, name, text, _aware(row.created_at))

    def chat(self, table_id: int | None, limit: int = 50) -> list[ChatLine]:
        with self._session() as session, session.begin():
            where = ChatRow.table_id.is_(None) if table_id is None else ChatRow.table_id == table_id
            rows = session.execute(
                select(ChatRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == ChatRow.account_id)
                .where(where)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
            return [
                ChatLine(row.id, row.table_id, row.account_id, name, row.text, _aware(row.created_at))
                for row, name in reversed(rows)
            ]

    # -- helpers --------------------------------------------------------------------------------------
    def _open_table(self, session: Session, table_id: int) -> TableRow:
        table = session.get(TableRow, table_id, with_for_update=True)
        if table is None:
            raise Conflict(f"no table {table_id}")
        if table.status != OPEN:
            raise Conflict("the table has already started")
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
            created_at=_aware(row.created_at),
            setup=TableSetup(row.mode, row.clock, row.away_bot, row.private, row.invite),
            epoch=row.epoch,
            clocks=_clock_state(row),
        )


def count_steps(storage: SqlStorage, table_id: int) -> int:
    """How many steps ``table_id`` has stored (for tests and checks)."""
    with storage._session() as session, session.begin():
        return session.scalar(select(func.count()).select_from(StepRow).where(StepRow.table_id == table_id)) or 0
