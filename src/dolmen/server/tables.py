"""Playing tables: start, act, undo, chat; bots; restoring running tables at start.

Each running table lives in memory as the engine's :class:`~dolmen.engine.table.Table` (the only place rules
are computed) plus a lock: steps of one table are applied one at a time, and every step is committed to storage
**before** anyone hears of it. Across processes the storage's unique ``(table, version)`` arbitrates: a writer
that loses gets :class:`VersionConflict`, rebuilds the table from storage and the client is told to resync.

Several processes (a :attr:`~dolmen.server.hub.Hub.shared` hub): a notice from another process marks the table
*behind* (:meth:`TableService.follow`) and the next look at it reads the missing steps from storage first
(:meth:`TableService.live`), so a process never shows a version storage does not hold, and a lost notice costs a
read. Bots then think in ``dolmen worker`` processes (:mod:`dolmen.server.bot_queue`): a table asks for each
bot move once per (table, version, seat), and re-asks when a table with a bot to move has stalled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from dolmen.engine.dice import commitment as commit_to
from dolmen.engine.dice import new_secret
from dolmen.engine.errors import DolmenError
from dolmen.engine.table import StaleVersion, Table
from dolmen.games import get_game
from dolmen.server.bots import BotFailed, BotRunner, fallback_chain
from dolmen.server.clocks import time_out
from dolmen.server.commits import CommitQueue
from dolmen.server.errors import NotFound, Refused, say
from dolmen.server.hub import LOBBY, Hub, Notice
from dolmen.server.live import BotQueue, LiveTable, view_for
from dolmen.server.lobby import LobbyService
from dolmen.server.notify import TurnNotifier
from dolmen.server.ratings import RatingService
from dolmen.server.storage import (
    OPEN,
    RUNNING,
    Account,
    Conflict,
    Storage,
    TableInfo,
    VersionConflict,
)

JSON = Any
FORGET_FINISHED = 600.0
log = logging.getLogger("dolmen.server")


class TableService:
    def __init__(
        self,
        storage: Storage,
        hub: Hub,
        lobby: LobbyService,
        bots: BotRunner,
        ratings: RatingService | None = None,
        notifier: TurnNotifier | None = None,
        queue: BotQueue | None = None,
    ) -> None:
        self.storage = storage
        self.commits = CommitQueue(storage)
        """Steps are stored through this group commit (many tables' moves in one transaction)."""
        self.queue = queue
        """Bot moves are asked of this queue instead of :attr:`bots` (which a ``dolmen worker`` uses)."""
        self.shared = getattr(hub, "shared", False)
        self.ratings = ratings
        self.notifier = notifier
        self.hub = hub
        self.lobby = lobby
        self.bots = bots
        self._live: dict[int, LiveTable] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._closed = False
        self.fallbacks = 0
        """How many bot moves were not played by the seat's own bot at the first try (crash, hang, illegal)."""
        self._background: set[asyncio.Task[bool]] = set()

    # -- starting and loading -------------------------------------------------------------------------
    async def start(self, account: Account, table_id: int) -> TableInfo:
        """Start an open table (its creator, every seat filled): draw the dice secret, apply the first chance
        steps and store them with the secret, all in one transaction.

        The table's loading lock is held from the transaction until the table is in memory: a look at the table
        meanwhile (a socket's first message) waits and finds this one. Without it, that look loaded a copy from
        storage which replaced this table in memory — read before the first move, a version behind storage: the
        mover was sent the old view again and the game waited on a move already made."""
        info = await self.lobby.check_startable(account, table_id)
        secret = new_secret()
        table = self._new_table(info, secret)
        table.advance()
        clock = LiveTable(replace(info, status=RUNNING), table).clock_change()
        async with self._loading.setdefault(table_id, asyncio.Lock()):
            try:
                info = await asyncio.to_thread(
                    self.storage.start_table, table_id, secret, commit_to(secret), table.steps(0), clock
                )
            except Conflict as exc:
                raise Refused(exc.message) from None
            live = LiveTable(info, table)
            self._live[table_id] = live
        if self.notifier is not None:
            self.notifier.turn_came(info, live.waiting_for())
        self.hub.publish(table_id, {"kind": "table"})
        self.hub.publish(table_id, {"kind": "step", "version": table.version})
        self.hub.publish(LOBBY, {"kind": "table", "table": table_id})
        self._schedule_bots(live)
        return info

    async def live(self, table_id: int) -> LiveTable | None:
        """The table in memory, rebuilt from its stored steps and secret when needed; ``None`` while it is open
        (not started yet)."""
        live = self._live.get(table_id)
        if live is not None:
            if live.behind:
                await self._catch_up(live)
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self._live.get(table_id)
            if live is None:
                live = await self._load(table_id)
        return live

    async def _load(self, table_id: int) -> LiveTable | None:
        info = await asyncio.to_thread(self.storage.get_table, table_id)
        if info is None:
            raise NotFound(say("server_no_table", table=table_id))
        if info.status == OPEN:
            return None
        steps = await asyncio.to_thread(self.storage.table_steps, table_id, 0)
        secret = await asyncio.to_thread(self.storage.table_secret, table_id)
        assert secret is not None, "a started table has its secret"
        game = get_game(info.game)
        table = Table.restore(game, info.players, info.options, steps, secret, take_backs=info.take_backs)
        live = LiveTable(info, table)
        self._live[table_id] = live
        if info.status == RUNNING:
            # A crash between a step and its chance steps cannot happen (they are stored together), but the
            # table must never wait on chance: apply and store whatever is due.
            async with live.lock:
                before = table.version
                if table.advance():
                    await self._commit(live, before)
            self._schedule_bots(live)
        else:
            self._forget_later(live)
        return live

    def _forget_later(self, live: LiveTable) -> None:
        """A finished table leaves memory after a while; it is rebuilt from storage when asked for again."""
        asyncio.get_running_loop().call_later(FORGET_FINISHED, self._live.pop, live.id, None)

    async def restore_running(self) -> int:
        """Load every running table (at server start) so that their bots resume; returns how many."""
        ids = await asyncio.to_thread(self.storage.running_table_ids)
        for table_id in ids:
            try:
                await self.live(table_id)
            except Exception:  # one broken table must not keep the others down
                log.exception("cannot restore table %s", table_id)
        return len(ids)

    def _new_table(self, info: TableInfo, secret: bytes) -> Table:
        return Table(get_game(info.game), info.players, info.options, secret=secret, take_backs=info.take_backs)

    # -- playing --------------------------------------------------------------------------------------
    async def act(self, table_id: int, seat: int, action: str, version: int, *, by: str | None = None) -> int:
        """Play ``action`` (text) for ``seat`` against ``version``; commit it and its chance steps, then
        broadcast. Raises :class:`StaleVersion`, :class:`~dolmen.engine.errors.MalformedStep` or
        :class:`~dolmen.engine.errors.IllegalStep` with nothing changed."""
        live = await self._running(table_id)
        async with live.lock:
            if by is None and live.info.seats[seat].away:
                raise Refused(say("server_away"))
            before, waiting = live.table.version, live.waiting_for()
            live.table.submit(seat, action, version, by=by)
            live.table.advance()
            await self._commit(live, before, seat, waiting)
        self._changed(live)
        return live.table.version

    async def undo(self, table_id: int, seat: int, version: int) -> int:
        """Take back ``seat``'s last action (the engine says when it may): its step is deleted from storage and
        the table goes back one version; every client gets a full view."""
        live = await self._running(table_id)
        async with live.lock:
            before = live.table.version
            live.table.undo(seat, version)
            try:
                live.info = await asyncio.to_thread(self.storage.remove_last_step, live.id, before, live.clock_change())
            except BaseException:
                await self._reload(live)
                raise
        self._changed(live)
        return live.table.version

    async def _running(self, table_id: int) -> LiveTable:
        live = await self.live(table_id)
        if live is None:
            raise Refused(say("server_not_started"))
        return live

    async def _commit(
        self, live: LiveTable, before: int, acted: int | None = None, waiting: tuple[int, ...] | None = None
    ) -> None:
        """Store the steps after ``before`` with the clocks they move; on any failure (another writer, or clocks
        changed meanwhile by another process) rebuild the table from storage and re-raise, so memory never holds
        a step that storage does not. The people whose turn came (not among ``waiting`` before) are notified."""
        table = live.table
        steps = table.steps(before)
        result = table.record().result if table.is_over() else None
        old, change = live.info.clocks, live.clock_change(acted)
        clocks = change(old, datetime.now(UTC)) if old is not None and change is not None else None
        try:
            await self.commits.append(live.id, before, steps, result, clocks)
        except BaseException:
            await self._reload(live)
            raise
        if clocks is not None:
            live.info = replace(live.info, clocks=clocks)
        if self.notifier is not None and waiting is not None:
            self.notifier.turn_came(live.info, set(live.waiting_for()) - set(waiting))

    async def _reload(self, live: LiveTable) -> None:
        """Rebuild ``live`` from storage: its record (seats, clocks, epoch) and its steps."""
        info = await asyncio.to_thread(self.storage.get_table, live.id)
        steps = await asyncio.to_thread(self.storage.table_steps, live.id, 0)
        secret = await asyncio.to_thread(self.storage.table_secret, live.id)
        assert secret is not None and info is not None
        live.info = info
        live.table = Table.restore(
            get_game(info.game), info.players, info.options, steps, secret, take_backs=info.take_backs
        )

    # -- following other processes --------------------------------------------------------------------
    def follow(self, table_id: int, notice: Notice) -> None:
        """Another process changed ``table_id`` (its notice came through the hub): if it is in memory, the next
        look at it reads storage first."""
        live = self._live.get(table_id)
        if live is not None and notice.get("kind") in ("step", "table", "clock"):
            live.fall_behind()
            live.moved = time.monotonic()

    async def refresh(self, table_id: int) -> None:
        """Check the table in memory against storage (one read) when other processes write it too: a socket
        opening, a bot's job. Nothing to do for one process alone."""
        live = self._live.get(table_id)
        if live is None or not self.shared:
            return
        info = await asyncio.to_thread(self.storage.get_table, table_id)
        if info is None:
            return
        mine = live.info
        if info.version != live.table.version or (info.epoch, info.seats, info.clocks) != (
            mine.epoch,
            mine.seats,
            mine.clocks,
        ):
            live.fall_behind()
            await self._catch_up(live)

    async def _catch_up(self, live: LiveTable) -> None:
        """Bring ``live`` up to storage: its record (seats, clocks) and the steps it misses, or the whole table
        after a take-back."""
        async with live.lock:
            if not live.behind:
                return  # another look caught it up while this one waited for the lock
            marks = live.marks
            # ``behind`` stays set during the reads: a look meanwhile waits for the lock, never sees the table old
            info = await asyncio.to_thread(self.storage.get_table, live.id)
            assert info is not None
            if info.epoch != live.epoch or info.version < live.table.version:
                await self._reload(live)
            else:
                if info.version > live.table.version:
                    steps = await asyncio.to_thread(self.storage.table_steps, live.id, live.table.version)
                    live.table.extend(steps)
                live.info = info
            # behind again when a notice came during the reads, or storage moved between them
            live.behind = live.marks != marks or live.table.version != info.version
            live.moved = time.monotonic()
        if live.table.is_over():
            self._forget_later(live)

    async def resume(self) -> None:
        """The hub was cut off from the other processes for a while: every table in memory reads storage again
        before it is next looked at (the hub then tells this process's sockets to look)."""
        for live in list(self._live.values()):
            live.fall_behind()

    def _changed(self, live: LiveTable) -> None:
        live.moved = time.monotonic()
        self.hub.publish(live.id, {"kind": "step", "version": live.table.version})
        if live.table.is_over():
            self.hub.publish(LOBBY, {"kind": "table", "table": live.id})
            self._forget_later(live)
            if self.ratings is not None:
                task = asyncio.get_running_loop().create_task(self.ratings.rate_table(live.id))
                self._background.add(task)
                task.add_done_callback(self._background.discard)
            return
        self._schedule_bots(live)

    # -- bots ---------------------------------------------------------------------------------------
    def _schedule_bots(self, live: LiveTable) -> None:
        if self._closed or live.table.is_over():
            return
        if self.queue is not None:
            version = live.table.version
            live.requested = {asked for asked in live.requested if asked[0] == version}
            for seat in live.table.actors():
                if seat >= 0 and live.bot_of(seat) is not None and (version, seat) not in live.requested:
                    live.requested.add((version, seat))
                    self.queue.request(live.id, version, seat)
            return
        for seat in live.table.actors():
            spec = live.bot_of(seat) if seat >= 0 else None
            if spec is not None and seat not in live.thinking:
                live.thinking[seat] = asyncio.get_running_loop().create_task(self._bot_turn(live, seat, spec))

    async def _bot_turn(self, live: LiveTable, seat: int, spec: str) -> None:
        """Let the bot of ``seat`` play one move (the next is scheduled when this one is done). The move is asked
        of :func:`~dolmen.server.bots.fallback_chain` in turn — the bot, again, then simpler bots — and at last
        played at random among the legal actions, so the table never stalls."""
        try:
            await self._play_bot(live, seat, spec, live.table.version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turn of table %s seat %s", live.id, seat)
        finally:
            live.thinking.pop(seat, None)
            if not self._closed and not live.table.is_over():
                asyncio.get_running_loop().call_soon(self._schedule_bots, live)

    async def _play_bot(self, live: LiveTable, seat: int, spec: str, version: int) -> bool:
        """One move of ``seat``'s bot ``spec`` at ``version`` (see :meth:`_bot_turn`); whether it was played
        (not when the table moved on or the seat's person came back)."""
        table = live.table
        if table.is_over() or seat not in table.actors() or live.bot_of(seat) != spec or table.version != version:
            return False
        view = view_for(table, seat)["board"]
        by = "bot" if live.info.seats[seat].away else None
        for attempt, bot in enumerate(fallback_chain(spec)):
            try:
                text = await self.bots.choose(live.info.game, bot, view, seat)
            except BotFailed as exc:
                log.warning("bot %s of table %s seat %s failed: %s", bot, live.id, seat, exc)
                continue
            if live.bot_of(seat) != spec or live.table.version != version:
                return False  # the person came back, or the table moved on: look again
            try:
                await self.act(live.id, seat, text, version, by=by)
            except (StaleVersion, VersionConflict):
                return False
            except DolmenError as exc:
                log.warning("bot %s of table %s seat %s chose %r: %s", bot, live.id, seat, text, exc)
                continue
            self.fallbacks += attempt > 0
            return True
        fallback = self._random_action(live, seat)
        if fallback is None or live.bot_of(seat) != spec:
            return False
        self.fallbacks += 1
        try:
            await self.act(live.id, seat, fallback, version, by=by)
        except (StaleVersion, VersionConflict):
            return False
        return True

    async def play_requested(self, table_id: int, version: int, seat: int) -> bool:
        """Play the move asked of the bot queue (a ``dolmen worker``'s job): ``seat``'s bot at ``version``, read
        from storage; ``False`` when the request is stale (the table moved on, the person came back)."""
        live = await self.live(table_id)
        if live is None:
            return False
        await self.refresh(table_id)
        spec = live.bot_of(seat) if 0 <= seat < len(live.info.seats) else None
        if spec is None:
            return False
        return await self._play_bot(live, seat, spec, version)

    async def kick_bots(self, after: float = 5.0) -> None:
        """With a bot queue: ask again for the bot moves of tables that have not moved for ``after`` seconds
        while a bot is to play (a job lost with Redis, a worker that gave up). The queue runs one job per (table,
        version, seat) at a time and a move asked twice is dropped as stale, so asking again is harmless."""
        if self.queue is None or self._closed:
            return
        now = time.monotonic()
        for live in list(self._live.values()):
            if now - live.moved < after or live.table.is_over():
                continue
            bots_play = any(s >= 0 and live.bot_of(s) is not None for s in live.table.actors())
            if not (bots_play or live.behind):
                continue
            live.moved = now
            try:
                await self.refresh(live.id)
                if live.behind:
                    await self._catch_up(live)
            except Exception:
                log.exception("cannot re-read table %s", live.id)
                continue
            live.requested.clear()
            self._schedule_bots(live)

    def _random_action(self, live: LiveTable, seat: int) -> str | None:
        legal = live.table.legal(seat)
        if not len(legal):
            return None
        return live.table.action_text(legal[random.randrange(len(legal))])

    # -- absent people and clocks ---------------------------------------------------------------------
    async def leave(self, account: Account, table_id: int) -> TableInfo:
        """Leave a table: before the start the seat opens again; during the game the person is *away* and the
        table's ``away_bot`` plays the seat, its steps marked ``"by": "bot"``, until they come back."""
        info = await self.lobby.table(table_id)
        if info.status != RUNNING:
            return await self.lobby.leave(account, table_id)
        return await self._set_away(account, table_id, True)

    async def come_back(self, account: Account, table_id: int) -> TableInfo:
        """The person of an away seat plays it again (their clock runs again: real-time, with the time they
        have, or one increment a move when it ran out)."""
        return await self._set_away(account, table_id, False)

    async def _set_away(self, account: Account, table_id: int, away: bool) -> TableInfo:
        live = await self._running(table_id)
        seat = live.info.seat_of(account.id)
        if seat is None:
            raise Refused(say("server_no_seat"))
        async with live.lock:
            seats = list(live.info.seats)
            seats[seat] = replace(seats[seat], away=away)
            after = LiveTable(replace(live.info, seats=tuple(seats)), live.table)
            try:
                info = await asyncio.to_thread(self.storage.set_away, table_id, account.id, away, after.clock_change())
            except Conflict as exc:
                raise Refused(exc.message) from None
            live.info = info
        self._seats_changed(live)
        return info

    async def time_out(self, table_id: int, version: int, deadline: datetime, now: datetime | None = None) -> bool:
        """Fire ``table_id``'s passed ``deadline`` (the clock sweeper calls this): the seats whose time ran out
        go away and the ``away_bot`` plays them. Claimed in storage, so across processes it happens once;
        ``False`` when another process did it or the table moved on."""
        info = await asyncio.to_thread(self.storage.get_table, table_id)
        if info is None or info.status != RUNNING:
            return False
        live = self._live.get(table_id)
        async with live.lock if live is not None else contextlib.nullcontext():
            claimed = await asyncio.to_thread(
                self.storage.claim_timeout, table_id, version, deadline, now or datetime.now(UTC), time_out(info.setup)
            )
        if claimed is None:
            return False
        live = await self._running(table_id)
        live.info = claimed
        self._seats_changed(live)
        return True

    def _seats_changed(self, live: LiveTable) -> None:
        self.hub.publish(live.id, {"kind": "table"})
        self.hub.publish(live.id, {"kind": "clock"})
        self.hub.publish(LOBBY, {"kind": "table", "table": live.id})
        self._schedule_bots(live)

    async def tables_of(self, account: Account) -> list[tuple[TableInfo, bool]]:
        """The tables where ``account`` has a seat, each with whether it is that seat's turn — not while a bot
        plays the seat for its away person, who is not the one expected to move; the tables waiting for it come
        first (turn-based play survives closing the browser)."""
        infos = await asyncio.to_thread(self.storage.account_tables, account.id)
        out = []
        for info in infos:
            live = await self.live(info.id) if info.status == RUNNING else None
            if live is not None:
                info = live.info
            seat = info.seat_of(account.id)
            acting = live is not None and seat is not None and seat in live.table.actors()
            out.append((info, acting and seat is not None and not info.seats[seat].away))
        return sorted(out, key=lambda pair: not pair[1])

    async def close(self) -> None:
        self._closed = True
        tasks: list[asyncio.Task[Any]] = [task for live in self._live.values() for task in live.thinking.values()]
        tasks += self._background
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.commits.close()
