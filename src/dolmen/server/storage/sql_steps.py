"""A game's steps in SQL (a part of sql.py's SqlStorage): appended under the unique (table, version) key, alone
or a batch at a time (the group commit), taken back, read."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

from sqlalchemy import Engine, Table, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from dolmen.server.storage import (
    FINISHED,
    JSON,
    RUNNING,
    ClockChange,
    ClockState,
    StepAppend,
    StorageError,
    TableInfo,
    VersionConflict,
    sql_batch_pg,
)
from dolmen.server.storage.models import StepRow, TableRow
from dolmen.server.storage.sql_base import SqlBase, clock_values, utc_now


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


class SqlSteps(SqlBase):
    """Appending, taking back and reading steps."""

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
                        .values(status=FINISHED, result=result, finished_at=utc_now())
                    )
        except IntegrityError as exc:
            raise VersionConflict(f"table {table_id} already has a step after version {from_version}") from exc

    def append_batch(self, batch: Sequence[StepAppend]) -> list[StorageError | None]:
        if self.engine.dialect.name == "postgresql":
            stored = self._append_in_one_statement(batch)
            if stored is not None:
                return stored
        elif self._append_all_at_once(batch):  # the hot path, even for one request (the ORM's costs 3-5 times more)
            return [None] * len(batch)
        if len(batch) == 1:  # no savepoint needed: its conflict, told as append_steps tells it
            only = batch[0]
            try:
                self.append_steps(only.table_id, only.from_version, only.steps, only.result, only.clocks)
            except VersionConflict as exc:
                return [exc]
            return [None]
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

    @functools.cached_property
    def _loop_committer(self) -> sql_batch_pg.LoopCommitter:
        return sql_batch_pg.LoopCommitter(self.engine)

    async def append_batch_on_loop(self, batch: Sequence[StepAppend]) -> list[StorageError | None] | None:
        """:meth:`append_batch` awaited on the running event loop (PostgreSQL's hot path); ``None``, with nothing
        stored, when the batch is to be given to :meth:`append_batch` in a thread instead."""
        if self.engine.dialect.name != "postgresql" or not _one_per_table(batch):
            return None
        moved = await self._loop_committer.append(batch, utc_now())
        return None if moved is None else _outcomes(batch, moved)

    async def close_on_loop(self) -> None:
        """Close what :meth:`append_batch_on_loop` opened on this loop."""
        if "_loop_committer" in self.__dict__:
            await self._loop_committer.close()

    @functools.cached_property
    def _commit_engine(self) -> Engine:
        return sql_batch_pg.commit_engine(self.engine)

    def _append_in_one_statement(self, batch: Sequence[StepAppend]) -> list[StorageError | None] | None:
        """PostgreSQL's hot path (sql_batch_pg.py): each request stored or conflicting alone in one statement;
        ``None``, with nothing stored, when the batch must be stored request by request instead."""
        if not _one_per_table(batch):
            return None
        try:
            moved = sql_batch_pg.append_all(self._commit_engine, batch, utc_now())
        except IntegrityError:
            return None
        except OperationalError as exc:
            if exc.connection_invalidated:  # the server restarted since: the pool is renewed, and this batch
                return None  # is stored request by request on the checked connections (who stored it first wins)
            if getattr(exc.orig, "sqlstate", None) != sql_batch_pg.DEADLOCK_DETECTED:
                raise
            return None  # another process's batch locked our rows in another order
        return _outcomes(batch, moved)

    def _append_all_at_once(self, batch: Sequence[StepAppend]) -> bool:
        """Every request of ``batch`` in one transaction of three statements at most, whatever its size (the hot
        path); ``False``, with nothing stored, when any of them conflicts."""
        if not self.engine.dialect.supports_sane_multi_rowcount or any(not r.steps for r in batch):
            return False
        now = utc_now()
        rows = [
            {"table_id": r.table_id, "version": r.from_version + offset, "step": step, "created_at": now}
            for r in sorted(batch, key=lambda r: r.table_id)
            for offset, step in enumerate(r.steps, start=1)
        ]
        moves: dict[bool, list[dict[str, JSON]]] = {False: [], True: []}
        for r in sorted(batch, key=lambda r: r.table_id):
            move = {"t_id": r.table_id, "t_from": r.from_version, "t_to": r.from_version + len(r.steps)}
            if r.clocks is not None:
                values = clock_values(r.clocks)
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
                .values(status=FINISHED, result=request.result, finished_at=utc_now())
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
        now = utc_now()
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
            guard = guard.where(TableRow.clock_serial == clocks.serial - 1).values(**clock_values(clocks))
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


def _one_per_table(batch: Sequence[StepAppend]) -> bool:
    """Whether ``batch`` has one request with steps per table (what the one-statement path stores)."""
    return len({r.table_id for r in batch}) == len(batch) and all(r.steps for r in batch)


def _outcomes(batch: Sequence[StepAppend], moved: set[int]) -> list[StorageError | None]:
    return [
        None
        if r.table_id in moved
        else VersionConflict(f"table {r.table_id} is no longer at version {r.from_version} with those clocks")
        for r in batch
    ]
