"""Storage: the small interface the services use, its records and errors.

:class:`Storage` is implemented by :class:`~dolmen.server.storage.sql.SqlStorage` (SQLAlchemy: SQLite or
PostgreSQL) and by its in-memory twin :class:`~dolmen.server.storage.memory.MemoryStorage`. Methods are
synchronous and short; the services call them from a worker thread.

A game is stored as its steps, one row per step under the unique key ``(table_id, version)``: step ``v`` is
the one that brought the table to version ``v``. :meth:`Storage.append_steps` adds steps only after the
current last one, atomically; a second writer trying the same versions gets :class:`VersionConflict` and
nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

JSON = Any

OPEN, RUNNING, FINISHED = "open", "running", "finished"
STATUSES = (OPEN, RUNNING, FINISHED)


class StorageError(Exception):
    """Base class of the storage errors the services translate for clients."""


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

    def seat_of(self, account_id: int) -> int | None:
        for seat in self.seats:
            if seat.account_id == account_id:
                return seat.seat
        return None

    def to_json(self) -> dict[str, JSON]:
        return {
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
        }


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
class NewSeat:
    """A seat as asked at creation: a person's account, a bot spec, or open (both ``None``)."""

    account_id: int | None = None
    bot: str | None = None


class Storage(Protocol):
    # -- accounts and sessions ------------------------------------------------------------------------
    def create_account(self, name: str, password_hash: str, language: str) -> Account: ...
    def find_account(self, name: str) -> Account | None: ...
    def get_account(self, account_id: int) -> Account | None: ...
    def add_session(self, token_hash: str, account_id: int, expires_at: datetime) -> None: ...
    def session_account(self, token_hash: str, now: datetime) -> Account | None: ...
    def drop_session(self, token_hash: str) -> None: ...

    # -- tables ---------------------------------------------------------------------------------------
    def create_table(
        self,
        game: str,
        players: int,
        options: dict[str, JSON],
        take_backs: bool,
        creator_id: int,
        seats: Sequence[NewSeat],
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

    def set_away(self, table_id: int, account_id: int, away: bool) -> TableInfo:
        """Mark the seat of ``account_id`` at a running table away (or back); else :class:`Conflict`."""
        ...

    def free_seat(self, table_id: int, account_id: int) -> TableInfo:
        """Open again the seat ``account_id`` holds at an open table; else :class:`Conflict`."""
        ...

    def start_table(self, table_id: int, secret: bytes, commitment: str, steps: Sequence[dict[str, JSON]]) -> TableInfo:
        """Mark an open table running with its dice secret and its first steps (versions 1..n); else
        :class:`Conflict`."""
        ...

    # -- steps ----------------------------------------------------------------------------------------
    def append_steps(
        self,
        table_id: int,
        from_version: int,
        steps: Sequence[dict[str, JSON]],
        result: dict[str, JSON] | None = None,
    ) -> None:
        """Store ``steps`` as versions ``from_version + 1 …`` in one transaction; with ``result`` the table is
        finished in the same transaction. :class:`VersionConflict` when any of those versions exists."""
        ...

    def remove_last_step(self, table_id: int, version: int) -> None:
        """Delete step ``version``, the table's last (a take-back), so that the table is at ``version - 1``;
        :class:`VersionConflict` when the table is not at ``version``."""
        ...

    def table_steps(self, table_id: int, since: int = 0) -> list[dict[str, JSON]]: ...
    def table_secret(self, table_id: int) -> bytes | None: ...

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
    "OPEN",
    "RUNNING",
    "STATUSES",
    "Account",
    "ChatLine",
    "Conflict",
    "NameTaken",
    "NewSeat",
    "RateFunction",
    "Rating",
    "Seat",
    "Storage",
    "StorageError",
    "TableInfo",
    "VersionConflict",
    "name_key",
]
