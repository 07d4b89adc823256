"""Storage: the small interface the services use, its records and errors.

:class:`Storage` is implemented by :class:`~dolmen.server.storage.sql.SqlStorage` (SQLAlchemy: SQLite or
PostgreSQL) and by its in-memory twin :class:`~dolmen.server.storage.memory.MemoryStorage`. Methods are
synchronous and short; the services call them from a worker thread.

A game is stored as its steps, one row per step under the unique key ``(table_id, version)``: step ``v`` is
the one that brought the table to version ``v``. :meth:`Storage.append_steps` adds steps only after the
current last one, atomically; a second writer trying the same versions gets :class:`VersionConflict` and
nothing is written. :meth:`Storage.append_batch` does the same for several tables in one transaction (a group
commit: one commit, one disk flush, for the moves of many tables).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

JSON = Any

OPEN, RUNNING, FINISHED = "open", "running", "finished"
STATUSES = (OPEN, RUNNING, FINISHED)
REALTIME, TURN = "realtime", "turn"
MODES = (REALTIME, TURN)


class StorageError(Exception):
    """Base class of the storage errors the services translate for clients."""

    @property
    def message(self) -> str:
        """The refusal as raised: for those clients hear of, the server's catalogue message
        (:func:`dolmen.server.errors.say`), which keeps its key and arguments."""
        text: str = self.args[0] if self.args else ""
        return text


class NameTaken(StorageError):
    """An account with that name (compared case-insensitively) already exists."""


class VersionConflict(StorageError):
    """Another writer already stored a step with one of these versions."""


class Conflict(StorageError):
    """The row changed under us: a seat already taken, a table no longer open."""


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    language: str
    password_hash: str
    email: str | None = None
    """Where turn notifications go (none without it)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a table: open (neither set), a person's (``account_id``/``name``) or a bot's (``bot``).
    ``away``: its person left the running game; a bot plays for them until they come back."""

    seat: int
    account_id: int | None = None
    name: str | None = None
    bot: str | None = None
    away: bool = False

    @property
    def is_open(self) -> bool:
        return self.account_id is None and self.bot is None


@dataclass(frozen=True, slots=True)
class ClockState:
    """A running table's clocks as stored: each seat's time left in seconds (real-time tables; ``None`` per seat
    on turn-based ones), the seats whose time runs, since when, and when the first of them times out."""

    time_left: tuple[float | None, ...]
    running: tuple[int, ...] = ()
    started: datetime | None = None
    deadline: datetime | None = None
    serial: int = 0
    """Counts the changes of a table's clocks; storing new clocks needs the serial they were computed from."""


ClockChange = Callable[[ClockState, datetime], ClockState]
"""``(stored clocks, now) -> new clocks``: how a step, a leave or a return moves a table's clocks. Storage calls
it inside the transaction that makes the change, on the clocks it reads there."""


@dataclass(frozen=True, slots=True)
class TableSetup:
    """How a table is played besides its game: real-time or turn-based, its clock (``None``: untimed), the bot
    for absent people, and whether it is private (then ``invite`` is the token that lets others in)."""

    mode: str = REALTIME
    clock: dict[str, float] | None = None
    away_bot: str = "greedy"
    private: bool = False
    invite: str | None = None


PLAIN = TableSetup()
"""A public real-time table without a clock."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as the lobby knows it (never its dice secret: see :meth:`Storage.table_secret`)."""

    id: int
    game: str
    players: int
    options: dict[str, JSON]
    take_backs: bool
    creator_id: int
    status: str
    seats: tuple[Seat, ...]
    version: int
    commitment: str | None
    result: dict[str, JSON] | None
    created_at: datetime
    setup: TableSetup = PLAIN
    epoch: int = 0
    """Changes whenever steps clients saw were taken back (stored, so that it holds across restarts)."""
    clocks: ClockState | None = None
    """``None`` until the start, and for untimed tables."""

    def seat_of(self, account_id: int) -> int | None:
        for seat in self.seats:
            if seat.account_id == account_id:
                return seat.seat
        return None

    def to_json(self, *, invite: bool = False) -> dict[str, JSON]:
        """The lobby's JSON; ``invite`` adds the private table's invite token (for its seated players)."""
        doc = {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "take_backs": self.take_backs,
            "creator": self.creator_id,
            "status": self.status,
            "seats": [
                {"seat": s.seat, "name": s.name, "bot": s.bot, "open": s.is_open, "away": s.away} for s in self.seats
            ],
            "version": self.version,
            "commitment": self.commitment,
            "result": self.result,
            "created_at": self.created_at.isoformat(),
            "mode": self.setup.mode,
            "clock": self.setup.clock,
            "away_bot": self.setup.away_bot,
            "private": self.setup.private,
        }
        if invite and self.setup.private:
            doc["invite"] = self.setup.invite
        return doc


@dataclass(frozen=True, slots=True)
class ChatLine:
    id: int
    table_id: int | None
    account_id: int
    name: str
    text: str
    at: datetime

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "from": self.name, "text": self.text, "at": self.at.isoformat()}


@dataclass(frozen=True, slots=True)
class Rating:
    """An account's rating at one game: openskill's ``mu`` and ``sigma``; ``games`` rated so far."""

    account_id: int
    name: str
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown and ranked by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "game": self.game,
            "rating": round(self.ordinal, 2),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
        }


RateFunction = Callable[[dict[int, tuple[float, float] | None], dict[int, int]], dict[int, tuple[float, float]]]
"""``(current ratings by account (None: unrated), ranks by account) -> new (mu, sigma) by account``."""


@dataclass(frozen=True, slots=True)
class TimeOut:
    """What firing a deadline does: the clocks after, and the seats whose time ran out (now away)."""

    clocks: ClockState
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat as asked at creation: a person's account, a bot spec, or open (both ``None``)."""

    account_id: int | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class StepAppend:
    """The arguments of one :meth:`Storage.append_steps`, as one request of :meth:`Storage.append_batch`."""

    table_id: int
    from_version: int
    steps: Sequence[dict[str, JSON]]
    result: dict[str, JSON] | None = None
    clocks: ClockState | None = None


class Storage(Protocol):
    # -- accounts and sessions ------------------------------------------------------------------------
    def create_account(self, name: str, password_hash: str, language: str, email: str | None = None) -> Account: ...
    def find_account(self, name: str) -> Account | None: ...
    def get_account(self, account_id: int) -> Account | None: ...
    def update_account(self, account_id: int, *, language: str | None = None, email: str | None = None) -> Account:
        """Change the language or the email (``""`` removes it) of an account."""
        ...

    def add_session(self, token_hash: str, account_id: int, expires_at: datetime) -> None: ...
    def session_account(self, token_hash: str, now: datetime) -> Account | None: ...
    def drop_session(self, token_hash: str) -> None: ...
    def mark_seen(self, account_ids: Sequence[int], now: datetime) -> None:
        """The accounts have a socket open at ``now`` (a lease any server process renews)."""
        ...

    def seen_at(self, account_id: int) -> datetime | None:
        """When the account last had a socket open (renewed while it does)."""
        ...

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
    ) -> TableInfo: ...
    def get_table(self, table_id: int) -> TableInfo | None: ...
    def list_tables(self, status: str, limit: int = 100) -> list[TableInfo]: ...
    def running_table_ids(self) -> list[int]: ...
    def account_tables(self, account_id: int, limit: int = 100) -> list[TableInfo]:
        """The tables where ``account_id`` has a seat, newest first."""
        ...

    def take_seat(self, table_id: int, seat: int, account_id: int) -> TableInfo:
        """Give open ``seat`` of an open table to ``account_id`` (who holds no other seat there); else
        :class:`Conflict`."""
        ...

    def seat_bot(self, table_id: int, seat: int, bot: str) -> TableInfo:
        """Give open ``seat`` of an open table to bot ``bot``; else :class:`Conflict`."""
        ...

    def set_away(self, table_id: int, account_id: int, away: bool, clock: ClockChange | None = None) -> TableInfo:
        """Mark the seat of ``account_id`` at a running table away (or back), moving its clocks with ``clock``
        in the same transaction; else :class:`Conflict`."""
        ...

    def free_seat(self, table_id: int, account_id: int) -> TableInfo:
        """Open again the seat ``account_id`` holds at an open table; else :class:`Conflict`."""
        ...

    def start_table(
        self,
        table_id: int,
        secret: bytes,
        commitment: str,
        steps: Sequence[dict[str, JSON]],
        clock: ClockChange | None = None,
    ) -> TableInfo:
        """Mark an open table running with its dice secret, its first steps (versions 1..n) and its clocks
        (``clock`` applied to every seat's ``initial`` time); else :class:`Conflict`."""
        ...

    # -- steps ----------------------------------------------------------------------------------------
    def append_steps(
        self,
        table_id: int,
        from_version: int,
        steps: Sequence[dict[str, JSON]],
        result: dict[str, JSON] | None = None,
        clocks: ClockState | None = None,
    ) -> None:
        """Store ``steps`` as versions ``from_version + 1 …`` in one transaction, with the table's new
        ``clocks`` (computed from those of serial ``clocks.serial - 1``); with ``result`` the table is finished
        in the same transaction. :class:`VersionConflict` when any of those versions exists or the clocks
        changed meanwhile (a time-out, a leave or a return, maybe in another process)."""
        ...

    def append_batch(self, batch: Sequence[StepAppend]) -> list[StorageError | None]:
        """Each request of ``batch`` as :meth:`append_steps` would store it, all in one transaction committed
        once; each has its own outcome, in order: ``None`` (stored) or the :class:`VersionConflict` it got, which
        changes nothing of it and nothing of the others. When the transaction itself fails, the exception is
        raised and nothing is stored."""
        ...

    def remove_last_step(self, table_id: int, version: int, clock: ClockChange | None = None) -> TableInfo:
        """Delete step ``version``, the table's last (a take-back), so that the table is at ``version - 1``,
        and move to a new epoch and the clocks ``clock`` makes; returns the table after.
        :class:`VersionConflict` when the table is not at ``version``."""
        ...

    def table_steps(self, table_id: int, since: int = 0) -> list[dict[str, JSON]]: ...
    def table_secret(self, table_id: int) -> bytes | None: ...

    # -- clocks ---------------------------------------------------------------------------------------
    def expired_tables(self, now: datetime, limit: int = 100) -> list[tuple[int, int, datetime]]:
        """Running tables whose deadline has passed: ``(table, version, deadline)``, the earliest first."""
        ...

    def claim_timeout(
        self,
        table_id: int,
        version: int,
        deadline: datetime,
        now: datetime,
        fire: Callable[[ClockState, datetime], TimeOut],
    ) -> TableInfo | None:
        """Fire a deadline exactly once across processes: only while the table is still at ``version`` with
        that ``deadline`` (one guarded update), store the clocks ``fire`` makes at ``now`` and mark its seats away. The
        table after, or ``None`` when someone else fired it or the table moved on."""
        ...

    def resume_clocks(self, now: datetime, longest_pause: float) -> float:
        """The heartbeat of the clocks (every server process calls it regularly). When no process has beaten
        for more than ``longest_pause`` seconds, every server was down: the running tables' clocks are shifted
        by the time lost, once (the first process back does it). Returns the seconds shifted (0: none)."""
        ...

    def claim_notification(self, table_id: int, seat: int, now: datetime, interval: float) -> bool:
        """Whether a turn notification may go to ``seat`` now: at most one per ``interval`` seconds and seat,
        claimed exactly once across processes."""
        ...

    # -- ratings --------------------------------------------------------------------------------------
    def rate_table(self, table_id: int, ranks: dict[int, int], rate: RateFunction) -> bool:
        """Rate finished ``table_id`` once: in one transaction read the ratings of the accounts in ``ranks``
        (account -> rank, 1 = first), store what ``rate`` makes of them and mark the table rated. Empty
        ``ranks`` only marks it (a game that does not count). ``False`` when it was rated already."""
        ...

    def unrated_tables(self) -> list[int]:
        """Finished tables not rated yet (a crash between the end and the rating)."""
        ...

    def ratings(self, game: str, limit: int = 100) -> list[Rating]: ...
    def account_ratings(self, account_id: int) -> list[Rating]: ...

    # -- chat -----------------------------------------------------------------------------------------
    def add_chat(self, table_id: int | None, account_id: int, text: str) -> ChatLine: ...
    def chat(self, table_id: int | None, limit: int = 50) -> list[ChatLine]: ...


def name_key(name: str) -> str:
    """Account names are unique regardless of case."""
    return name.casefold()


__all__ = [
    "FINISHED",
    "MODES",
    "OPEN",
    "PLAIN",
    "REALTIME",
    "RUNNING",
    "STATUSES",
    "TURN",
    "Account",
    "ChatLine",
    "ClockChange",
    "ClockState",
    "Conflict",
    "NameTaken",
    "NewSeat",
    "RateFunction",
    "Rating",
    "Seat",
    "Storage",
    "StorageError",
    "TableInfo",
    "TableSetup",
    "TimeOut",
    "VersionConflict",
    "name_key",
]
