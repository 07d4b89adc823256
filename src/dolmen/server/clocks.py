"""Clocks: a real-time table gives each person an initial time plus an increment per turn; a turn-based table a
deadline per move. When a person's time runs out their seat becomes *away* and the table's ``away_bot`` plays it.

The clocks live in the database, not in a process (several ``dolmen serve`` may share one database): per seat
the time left, per table the seats whose time runs, since when, and the deadline at which the first of them
times out. Every change is computed by the pure functions here, inside the transaction that stores the step,
the leave or the return (:data:`~dolmen.server.storage.ClockChange`). A :class:`ClockSweeper` in every process
looks for passed deadlines and fires each **exactly once**: the storage claims it with one guarded update (the
table still at that version with that deadline), so a deadline armed by a process that died is fired by another.

Only people's seats are timed (a bot's seat, or a seat a bot plays for an away person, is not). Rules:

- *real-time*: the seats acting now run; at every change each running seat is charged the time since the
  clocks last moved. A seat whose turn ends (it no longer acts) gains the increment. A seat that ran out of
  time has 0 left: once back, each of its moves must come within one increment (its time stays at 0).
- *turn-based*: the seats acting now must move within ``per_move`` seconds of their turn coming (of their last
  move when several moves make a turn).
- *downtime*: time when no server process was running is not charged. Every process beats a heartbeat row at
  each sweep; the first process back after a gap longer than :attr:`ClockSweeper.longest_pause` shifts every
  running table's clocks by the gap, once (:meth:`Storage.resume_clocks`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from dolmen.server.errors import Invalid, say, whole
from dolmen.server.storage import REALTIME, TURN, ClockChange, ClockState, Storage, TableInfo, TableSetup, TimeOut

JSON = Any
DEFAULT_REALTIME = {"initial": 900.0, "increment": 15.0}
DEFAULT_PER_MOVE = 86400.0
MAX_INITIAL = 24 * 3600.0
MAX_INCREMENT = 3600.0
MAX_PER_MOVE = 14 * 86400.0
log = logging.getLogger("dolmen.server")


def check_clock(mode: str, clock: JSON, *, given: bool, min_per_move: float) -> dict[str, float] | None:
    """The clock of a new table from the request: the mode's default when not ``given``, ``None`` (untimed)
    for ``null``; :class:`Invalid` when out of bounds."""
    if not given:
        return dict(DEFAULT_REALTIME) if mode == REALTIME else {"per_move": DEFAULT_PER_MOVE}
    if clock is None:
        return None
    if not isinstance(clock, dict):
        raise Invalid(say("server_clock_not_object"))
    if mode == REALTIME:
        keys, example = {"initial", "increment"}, '{"initial": 900, "increment": 15}'
    else:
        keys, example = {"per_move"}, '{"per_move": 86400}'
    if set(clock) != keys or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in clock.values()):
        raise Invalid(say("server_clock_shape", mode=mode, example=example))
    values = {key: float(value) for key, value in clock.items()}
    if mode == REALTIME:
        if not 1 <= values["initial"] <= MAX_INITIAL or not 0 <= values["increment"] <= MAX_INCREMENT:
            raise Invalid(say("server_clock_realtime", initial=whole(MAX_INITIAL), increment=whole(MAX_INCREMENT)))
    elif not min_per_move <= values["per_move"] <= MAX_PER_MOVE:
        raise Invalid(say("server_clock_per_move", least=whole(min_per_move), most=whole(MAX_PER_MOVE)))
    return values


def people_acting(info: TableInfo, actors: Iterable[int], over: bool) -> tuple[int, ...]:
    """The people's seats acting now, not away (none once the game is over)."""
    if over:
        return ()
    seats = info.seats
    return tuple(sorted(s for s in set(actors) if s >= 0 and seats[s].account_id is not None and not seats[s].away))


def running_seats(info: TableInfo, actors: Iterable[int], over: bool) -> tuple[int, ...]:
    """The seats whose time runs: the people acting (:func:`people_acting`) at a timed table."""
    return () if info.setup.clock is None else people_acting(info, actors, over)


def _allowance(setup: TableSetup, left: float | None) -> float:
    """How long a running seat may take from the moment its time started."""
    clock = setup.clock or {}
    if setup.mode == TURN:
        return clock["per_move"]
    return left if left is not None and left > 0 else clock["increment"]


def _deadline(
    setup: TableSetup, time_left: tuple[float | None, ...], running: tuple[int, ...], now: datetime
) -> datetime | None:
    if not running:
        return None
    return now + timedelta(seconds=min(_allowance(setup, time_left[s]) for s in running))


def after_change(setup: TableSetup, running: tuple[int, ...], acted: int | None = None) -> ClockChange:
    """The clocks after a step of seat ``acted`` (``None``: a leave, a return, the start), when ``running``
    are the seats whose time runs from now on."""

    def change(old: ClockState, now: datetime) -> ClockState:
        if setup.mode == TURN:
            if running == old.running and acted not in old.running and old.deadline is not None:
                return replace(old, serial=old.serial + 1)  # another seat's step (a bot's): no new day
            deadline = _deadline(setup, old.time_left, running, now)
            return ClockState(old.time_left, running, now if running else None, deadline, old.serial + 1)
        increment = (setup.clock or {})["increment"]
        elapsed = (now - old.started).total_seconds() if old.started is not None else 0.0
        left = list(old.time_left)
        for seat in old.running:
            before = left[seat] or 0.0
            if before > 0:
                after = max(0.0, before - elapsed)
                left[seat] = after + increment if after > 0 and seat not in running else after
        new = tuple(left)
        return ClockState(new, running, now if running else None, _deadline(setup, new, running, now), old.serial + 1)

    return change


def time_out(setup: TableSetup) -> Callable[[ClockState, datetime], TimeOut]:
    """Firing a passed deadline: the running seats whose allowance is spent lose their time (real-time: 0
    left) and go away; the others are charged as at a step."""

    def fire(old: ClockState, now: datetime) -> TimeOut:
        elapsed = (now - old.started).total_seconds() if old.started is not None else 0.0
        spent = tuple(s for s in old.running if elapsed >= _allowance(setup, old.time_left[s]) - 0.001)
        left = list(old.time_left)
        if setup.mode == REALTIME:
            for seat in old.running:
                left[seat] = 0.0 if seat in spent else max(0.0, (left[seat] or 0.0) - elapsed)
        running = tuple(s for s in old.running if s not in spent)
        new = tuple(left)
        clocks = ClockState(new, running, now if running else None, _deadline(setup, new, running, now), old.serial + 1)
        return TimeOut(clocks, spent)

    return fire


def clocks_message(info: TableInfo, now: datetime) -> dict[str, JSON] | None:
    """The ``clocks`` of a ``state``/``update``/``resync`` message: each seat's time left at ``now``
    (real-time), the running seats and their deadline; ``None`` for an untimed table (docs/protocol.md)."""
    clocks, setup = info.clocks, info.setup
    if clocks is None or setup.clock is None:
        return None
    elapsed = (now - clocks.started).total_seconds() if clocks.started is not None else 0.0
    remaining: list[float | None] = []
    for seat, left in enumerate(clocks.time_left):
        if setup.mode == TURN or left is None:
            remaining.append(None)
        elif seat in clocks.running:
            remaining.append(round(max(0.0, _allowance(setup, left) - elapsed), 1))
        else:
            remaining.append(round(left, 1))
    return {
        "mode": setup.mode,
        "remaining": remaining,
        "running": list(clocks.running),
        "deadline": clocks.deadline.isoformat() if clocks.deadline else None,
        "server_time": now.isoformat(),
    }


TimeOutHandler = Callable[[int, int, datetime, datetime], Awaitable[object]]


class ClockSweeper:
    """Every ``interval`` seconds: beat the heartbeat (shifting the clocks after a downtime), then fire the
    deadlines that have passed through ``fire`` (the table service's ``time_out``), each claimed once."""

    def __init__(
        self,
        storage: Storage,
        fire: TimeOutHandler,
        interval: float = 1.0,
        longest_pause: float = 10.0,
        also: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.storage = storage
        self.fire = fire
        self.interval = interval
        self.longest_pause = max(longest_pause, 2 * interval)
        """A gap between beats longer than this means every server was down: its time is not charged."""
        self.also = also
        """Something else to do at each sweep (renewing the presence of connected accounts)."""
        self._task: asyncio.Task[None] | None = None

    async def sweep(self, now: datetime) -> None:
        lost = await asyncio.to_thread(self.storage.resume_clocks, now, self.longest_pause)
        if lost:
            log.info("no server ran for %.1f s: the clocks resume where they stopped", lost)
        for table_id, version, deadline in await asyncio.to_thread(self.storage.expired_tables, now):
            try:
                await self.fire(table_id, version, deadline, now)
            except Exception:  # one table's trouble must not stop the clocks of the others
                log.exception("cannot time out table %s", table_id)
        if self.also is not None:
            await self.also()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                await self.sweep(datetime.now(UTC))
            except Exception:
                log.exception("clock sweep failed")
            await asyncio.sleep(self.interval)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
