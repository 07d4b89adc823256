"""The in-memory twin of :class:`~dolmen.server.storage.sql.SqlStorage`, for fast service tests. Same
contract, same errors; one lock makes each method atomic."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from dolmen.server.errors import say
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


@dataclass
class _Table:
    info: TableInfo
    secret: bytes | None = None
    steps: list[dict[str, JSON]] = field(default_factory=list)
    rated: bool = False
    notified: dict[int, datetime] = field(default_factory=dict)


class MemoryStorage:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._accounts: dict[int, Account] = {}
        self._sessions: dict[str, tuple[int, datetime]] = {}
        self._tables: dict[int, _Table] = {}
        self._chat: list[ChatLine] = []
        self._ratings: dict[tuple[int, str], tuple[float, float, int]] = {}
        self._seen: dict[int, datetime] = {}
        self._beat: datetime | None = None

    # -- accounts and sessions ------------------------------------------------------------------------
    def create_account(self, name: str, password_hash: str, language: str, email: str | None = None) -> Account:
        with self._lock:
            if any(name_key(a.name) == name_key(name) for a in self._accounts.values()):
                raise NameTaken(name)
            account = Account(len(self._accounts) + 1, name, language, password_hash, email)
            self._accounts[account.id] = account
            return account

    def find_account(self, name: str) -> Account | None:
        with self._lock:
            return next((a for a in self._accounts.values() if name_key(a.name) == name_key(name)), None)

    def get_account(self, account_id: int) -> Account | None:
        return self._accounts.get(account_id)

    def update_account(self, account_id: int, *, language: str | None = None, email: str | None = None) -> Account:
        with self._lock:
            account = self._accounts.get(account_id)
            if account is None:
                raise Conflict(say("server_no_account", account=account_id))
            if language is not None:
                account = replace(account, language=language)
            if email is not None:
                account = replace(account, email=email or None)
            self._accounts[account_id] = account
            return account

    def mark_seen(self, account_ids: Sequence[int], now: datetime) -> None:
        with self._lock:
            for account_id in account_ids:
                self._seen[account_id] = now

    def seen_at(self, account_id: int) -> datetime | None:
        return self._seen.get(account_id)

    def add_session(self, token_hash: str, account_id: int, expires_at: datetime) -> None:
        with self._lock:
            self._sessions[token_hash] = (account_id, expires_at)

    def session_account(self, token_hash: str, now: datetime) -> Account | None:
        found = self._sessions.get(token_hash)
        if found is None or found[1] <= now:
            return None
        return self._accounts.get(found[0])

    def drop_session(self, token_hash: str) -> None:
        with self._lock:
            self._sessions.pop(token_hash, None)

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
        with self._lock:
            table_id = len(self._tables) + 1
            info = TableInfo(
                id=table_id,
                game=game,
                players=players,
                options=copy.deepcopy(options),
                take_backs=take_backs,
                creator_id=creator_id,
                status=OPEN,
                seats=tuple(Seat(n, s.account_id, self._name(s.account_id), s.bot) for n, s in enumerate(seats)),
                version=0,
                commitment=None,
                result=None,
                created_at=datetime.now(UTC),
                setup=setup,
            )
            self._tables[table_id] = _Table(info)
            return info

    def get_table(self, table_id: int) -> TableInfo | None:
        table = self._tables.get(table_id)
        return table.info if table else None

    def list_tables(self, status: str, limit: int = 100) -> list[TableInfo]:
        with self._lock:
            found = [t.info for t in self._tables.values() if t.info.status == status]
            return sorted(found, key=lambda info: -info.id)[:limit]

    def running_table_ids(self) -> list[int]:
        return sorted(i for i, t in self._tables.items() if t.info.status == RUNNING)

    def account_tables(self, account_id: int, limit: int = 100) -> list[TableInfo]:
        with self._lock:
            found = [t.info for t in self._tables.values() if t.info.seat_of(account_id) is not None]
            return sorted(found, key=lambda info: -info.id)[:limit]

    def take_seat(self, table_id: int, seat: int, account_id: int) -> TableInfo:
        with self._lock:
            table = self._open(table_id)
            seats = list(table.info.seats)
            if not 0 <= seat < len(seats) or not seats[seat].is_open:
                raise Conflict(say("server_seat_not_open", number=seat))
            if table.info.seat_of(account_id) is not None:
                raise Conflict(say("server_already_seated"))
            seats[seat] = Seat(seat, account_id, self._name(account_id))
            table.info = replace(table.info, seats=tuple(seats))
            return table.info

    def seat_bot(self, table_id: int, seat: int, bot: str) -> TableInfo:
        with self._lock:
            table = self._open(table_id)
            seats = list(table.info.seats)
            if not 0 <= seat < len(seats) or not seats[seat].is_open:
                raise Conflict(say("server_seat_not_open", number=seat))
            seats[seat] = Seat(seat, bot=bot)
            table.info = replace(table.info, seats=tuple(seats))
            return table.info

    def set_away(self, table_id: int, account_id: int, away: bool, clock: ClockChange | None = None) -> TableInfo:
        with self._lock:
            table = self._tables.get(table_id)
            if table is None or table.info.status != RUNNING:
                raise Conflict(say("server_not_running"))
            seat = table.info.seat_of(account_id)
            if seat is None:
                raise Conflict(say("server_no_seat"))
            seats = list(table.info.seats)
            seats[seat] = replace(seats[seat], away=away)
            table.info = replace(table.info, seats=tuple(seats))
            self._move_clocks(table, clock)
            return table.info

    def free_seat(self, table_id: int, account_id: int) -> TableInfo:
        with self._lock:
            table = self._open(table_id)
            seat = table.info.seat_of(account_id)
            if seat is None:
                raise Conflict(say("server_no_seat"))
            seats = list(table.info.seats)
            seats[seat] = Seat(seat)
            table.info = replace(table.info, seats=tuple(seats))
            return table.info

    def start_table(
        self,
        table_id: int,
        secret: bytes,
        commitment: str,
        steps: Sequence[dict[str, JSON]],
        clock: ClockChange | None = None,
    ) -> TableInfo:
        with self._lock:
            table = self._open(table_id)
            table.secret = secret
            table.steps = [copy.deepcopy(s) for s in steps]
            rule = table.info.setup.clock
            clocks = None if rule is None else ClockState((rule.get("initial"),) * table.info.players)
            table.info = replace(table.info, status=RUNNING, commitment=commitment, version=len(steps), clocks=clocks)
            self._move_clocks(table, clock)
            return table.info

    # -- steps ----------------------------------------------------------------------------------------
    def append_steps(
        self,
        table_id: int,
        from_version: int,
        steps: Sequence[dict[str, JSON]],
        result: dict[str, JSON] | None = None,
        clocks: ClockState | None = None,
    ) -> None:
        with self._lock:
            table = self._tables[table_id]
            if len(table.steps) != from_version:
                raise VersionConflict(f"table {table_id} already has a step after version {from_version}")
            stored = table.info.clocks
            if clocks is not None and (stored is None or stored.serial != clocks.serial - 1):
                raise VersionConflict(f"the clocks of table {table_id} changed meanwhile")
            table.steps.extend(copy.deepcopy(s) for s in steps)
            changes: dict[str, JSON] = {"version": len(table.steps)}
            if result is not None:
                changes.update(status=FINISHED, result=copy.deepcopy(result))
            if clocks is not None:
                changes["clocks"] = clocks
            table.info = replace(table.info, **changes)

    def append_batch(self, batch: Sequence[StepAppend]) -> list[StorageError | None]:
        outcomes: list[StorageError | None] = []
        for request in batch:
            try:
                self.append_steps(request.table_id, request.from_version, request.steps, request.result, request.clocks)
                outcomes.append(None)
            except VersionConflict as exc:
                outcomes.append(exc)
        return outcomes

    def remove_last_step(self, table_id: int, version: int, clock: ClockChange | None = None) -> TableInfo:
        with self._lock:
            table = self._tables[table_id]
            if len(table.steps) != version or table.info.status != RUNNING:
                raise VersionConflict(f"table {table_id} is not at version {version}")
            table.steps.pop()
            table.info = replace(table.info, version=version - 1, epoch=table.info.epoch + 1)
            self._move_clocks(table, clock)
            return table.info

    def table_steps(self, table_id: int, since: int = 0) -> list[dict[str, JSON]]:
        with self._lock:
            return copy.deepcopy(self._tables[table_id].steps[since:])

    def table_secret(self, table_id: int) -> bytes | None:
        table = self._tables.get(table_id)
        return table.secret if table else None

    # -- clocks ---------------------------------------------------------------------------------------
    def _move_clocks(self, table: _Table, clock: ClockChange | None) -> None:
        if clock is not None and table.info.clocks is not None:
            table.info = replace(table.info, clocks=clock(table.info.clocks, datetime.now(UTC)))

    def expired_tables(self, now: datetime, limit: int = 100) -> list[tuple[int, int, datetime]]:
        with self._lock:
            found = [
                (i, t.info.version, t.info.clocks.deadline)
                for i, t in self._tables.items()
                if t.info.status == RUNNING
                and t.info.clocks
                and t.info.clocks.deadline
                and t.info.clocks.deadline <= now
            ]
        return sorted(found, key=lambda row: row[2])[:limit]

    def claim_timeout(
        self,
        table_id: int,
        version: int,
        deadline: datetime,
        now: datetime,
        fire: Callable[[ClockState, datetime], TimeOut],
    ) -> TableInfo | None:
        with self._lock:
            table = self._tables.get(table_id)
            if table is None or table.info.status != RUNNING or table.info.version != version:
                return None
            clocks = table.info.clocks
            if clocks is None or clocks.deadline != deadline:
                return None
            out = fire(clocks, now)
            seats = tuple(
                replace(s, away=True) if s.seat in out.seats and s.account_id is not None else s
                for s in table.info.seats
            )
            table.info = replace(table.info, clocks=out.clocks, seats=seats)
            return table.info

    def resume_clocks(self, now: datetime, longest_pause: float) -> float:
        with self._lock:
            last, self._beat = self._beat, now
            lost = 0.0 if last is None else (now - last).total_seconds()
            if lost <= longest_pause:
                return 0.0
            shift = timedelta(seconds=lost)
            for table in self._tables.values():
                clocks = table.info.clocks
                if table.info.status == RUNNING and clocks is not None and clocks.started is not None:
                    deadline = clocks.deadline + shift if clocks.deadline else None
                    shifted = replace(
                        clocks, started=clocks.started + shift, deadline=deadline, serial=clocks.serial + 1
                    )
                    table.info = replace(table.info, clocks=shifted)
            return lost

    def claim_notification(self, table_id: int, seat: int, now: datetime, interval: float) -> bool:
        with self._lock:
            notified = self._tables[table_id].notified
            last = notified.get(seat)
            if last is not None and (now - last).total_seconds() < interval:
                return False
            notified[seat] = now
            return True

    # -- ratings --------------------------------------------------------------------------------------
    def rate_table(self, table_id: int, ranks: dict[int, int], rate: RateFunction) -> bool:
        with self._lock:
            table = self._tables.get(table_id)
            if table is None or table.info.status != FINISHED or table.rated:
                return False
            game = table.info.game
            current = {
                a: self._ratings.get((a, game), (0.0, 0.0, 0))[:2] if (a, game) in self._ratings else None
                for a in ranks
            }
            for account_id, (mu, sigma) in (rate(current, ranks) if ranks else {}).items():
                games = self._ratings.get((account_id, game), (0.0, 0.0, 0))[2]
                self._ratings[(account_id, game)] = (mu, sigma, games + 1)
            table.rated = True
            return True

    def unrated_tables(self) -> list[int]:
        with self._lock:
            return sorted(i for i, t in self._tables.items() if t.info.status == FINISHED and not t.rated)

    def ratings(self, game: str, limit: int = 100) -> list[Rating]:
        with self._lock:
            found = [self._rating(a, g) for a, g in self._ratings if g == game]
        return sorted(found, key=lambda r: (-r.ordinal, r.account_id))[:limit]

    def account_ratings(self, account_id: int) -> list[Rating]:
        with self._lock:
            return sorted((self._rating(a, g) for a, g in self._ratings if a == account_id), key=lambda r: r.game)

    def _rating(self, account_id: int, game: str) -> Rating:
        mu, sigma, games = self._ratings[(account_id, game)]
        return Rating(account_id, self._name(account_id) or "?", game, mu, sigma, games)

    # -- chat -----------------------------------------------------------------------------------------
    def add_chat(self, table_id: int | None, account_id: int, text: str) -> ChatLine:
        with self._lock:
            line = ChatLine(
                len(self._chat) + 1, table_id, account_id, self._name(account_id) or "?", text, datetime.now(UTC)
            )
            self._chat.append(line)
            return line

    def chat(self, table_id: int | None, limit: int = 50) -> list[ChatLine]:
        with self._lock:
            return [line for line in self._chat if line.table_id == table_id][-limit:]

    # -- helpers --------------------------------------------------------------------------------------
    def _name(self, account_id: int | None) -> str | None:
        account = self._accounts.get(account_id) if account_id is not None else None
        return account.name if account else None

    def _open(self, table_id: int) -> _Table:
        table = self._tables.get(table_id)
        if table is None:
            raise Conflict(say("server_no_table", table=table_id))
        if table.info.status != OPEN:
            raise Conflict(say("server_already_started"))
        return table
