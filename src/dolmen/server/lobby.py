"""The lobby: create, list, join, leave and start tables; watching needs no seat (open the table's socket).

Game rules are not checked here but asked of the engine: the player count and the options of a game
(:meth:`Game.check_options`) and the bot names (:func:`dolmen.bots.make_bot`).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from dolmen.bots import BOTS, make_bot
from dolmen.engine.errors import DolmenError
from dolmen.games import GAMES, get_game
from dolmen.server.clocks import check_clock
from dolmen.server.config import Settings
from dolmen.server.errors import Forbidden, Invalid, NotFound, Refused, say
from dolmen.server.hub import LOBBY, Hub
from dolmen.server.storage import (
    FINISHED,
    MODES,
    OPEN,
    REALTIME,
    STATUSES,
    Account,
    Conflict,
    NewSeat,
    Storage,
    TableInfo,
    TableSetup,
)

JSON = Any
SEARCH_BOT = "mcts"
"""The bot a bare level names (``/bot hard``): the search bot every game has (its own, or the generic one)."""
UNSET: Any = object()
"""``clock`` not given at creation: the mode's default clock (``None`` means untimed)."""


def can_see(info: TableInfo, account: Account | None, invite: str | None = None) -> bool:
    """Whether ``account`` (or whoever holds ``invite``) may see a table: any public one; a private one only
    its seated players and the holders of its invite token."""
    if not info.setup.private:
        return True
    if account is not None and info.seat_of(account.id) is not None:
        return True
    # bytes: compare_digest refuses str with other than ASCII letters, and an invite in a link may have any
    return bool(invite) and secrets.compare_digest(str(invite).encode(), (info.setup.invite or "").encode())


def bot_spec(game: str, word: str) -> str:
    """The bot ``word`` names at a table of ``game``: a bare level of the game's search bot (``hard``) is that
    bot at that level (``mcts:hard``); a bot's ``NAME[:LEVEL]`` is itself."""
    word = word.strip()
    if ":" in word or word in BOTS.names(game) or SEARCH_BOT not in BOTS.names(game):
        return word
    return f"{SEARCH_BOT}:{word}" if word in BOTS.listing(SEARCH_BOT, game).levels else word


def bot_choices(game: str) -> list[str]:
    """The bots of ``game`` as one writes them: ``greedy``, ``mcts[:easy|medium|hard]``."""
    levels = {name: BOTS.listing(name, game).levels for name in BOTS.names(game)}
    return [f"{name}[:{'|'.join(each)}]" if each else name for name, each in levels.items()]


def is_seated(info: TableInfo, account: Account | None) -> bool:
    return account is not None and info.seat_of(account.id) is not None


class LobbyService:
    def __init__(self, storage: Storage, hub: Hub, settings: Settings | None = None) -> None:
        self.storage = storage
        self.hub = hub
        self.settings = settings or Settings()

    async def create(
        self,
        account: Account,
        game: str,
        players: int,
        options: Mapping[str, JSON] | None = None,
        seats: Sequence[str | None] | None = None,
        take_backs: bool = False,
        join: bool = True,
        *,
        mode: str = REALTIME,
        clock: JSON = UNSET,
        away_bot: str | None = None,
        private: bool = False,
    ) -> TableInfo:
        """A new open table. ``seats[i]`` is ``None`` (open) or a bot ``NAME[:LEVEL]``; with ``join`` the
        creator takes the first open seat. ``mode``, ``clock`` (see :func:`~dolmen.server.clocks.check_clock`),
        ``away_bot`` and ``private`` say how it is played (docs/protocol.md)."""
        if game not in GAMES:
            raise Invalid(say("server_unknown_game", game=game, games=sorted(GAMES)))
        rules = get_game(game)
        try:
            rules.check_players(players)
            full_options = rules.check_options(players, dict(options or {}))
        except DolmenError as exc:
            raise Invalid(str(exc), exc.reason) from None
        wanted = list(seats) if seats is not None else [None] * players
        if len(wanted) != players:
            raise Invalid(say("server_seat_count", players=players, given=len(wanted)))
        new_seats: list[NewSeat] = []
        for spec in wanted:
            if spec is None:
                new_seats.append(NewSeat())
                continue
            self._check_bot(game, spec)
            new_seats.append(NewSeat(bot=spec.strip()))
        if join:
            first_open = next((n for n, s in enumerate(new_seats) if s.bot is None), None)
            if first_open is None:
                raise Invalid(say("server_no_seat_for_you"))
            new_seats[first_open] = NewSeat(account_id=account.id)
        if mode not in MODES:
            raise Invalid(say("server_mode", modes=list(MODES)))
        away = (away_bot or self.settings.away_bot).strip()
        self._check_bot(game, away)
        setup = TableSetup(
            mode=mode,
            clock=check_clock(mode, clock, given=clock is not UNSET, min_per_move=self.settings.min_per_move),
            away_bot=away,
            private=private,
            invite=secrets.token_urlsafe(18) if private else None,
        )
        info = await asyncio.to_thread(
            self.storage.create_table, game, players, full_options, take_backs, account.id, new_seats, setup
        )
        self.hub.publish(LOBBY, {"kind": "table", "table": info.id})
        return info

    async def tables(self, status: str = OPEN, viewer: Account | None = None, limit: int = 100) -> list[TableInfo]:
        """The tables of ``status``, newest first: the public ones, and the private ones ``viewer`` sits at."""
        if status not in STATUSES:
            raise Invalid(say("server_status", statuses=list(STATUSES)))
        found = await asyncio.to_thread(self.storage.list_tables, status, max(1, min(limit, 500)))
        return [info for info in found if can_see(info, viewer)]

    async def visible_table(self, table_id: int, account: Account | None, invite: str | None = None) -> TableInfo:
        """The table if ``account`` (or the ``invite`` holder) may see it; a private one is otherwise
        :class:`NotFound`, as if it did not exist."""
        info = await self.table(table_id)
        if not can_see(info, account, invite):
            raise NotFound(say("server_no_table", table=table_id))
        return info

    async def table(self, table_id: int) -> TableInfo:
        info = await asyncio.to_thread(self.storage.get_table, table_id)
        if info is None:
            raise NotFound(say("server_no_table", table=table_id))
        return info

    async def join(
        self, account: Account, table_id: int, seat: int | None = None, invite: str | None = None
    ) -> TableInfo:
        """Take ``seat`` (the first open one by default); a private table needs its ``invite`` token."""
        info = await self.visible_table(table_id, account, invite)
        if info.status != OPEN:
            raise Refused(say("server_already_started"))
        if seat is None:
            seat = next((s.seat for s in info.seats if s.is_open), None)
            if seat is None:
                raise Refused(say("server_no_open_seat"))
        try:
            info = await asyncio.to_thread(self.storage.take_seat, table_id, seat, account.id)
        except Conflict as exc:
            raise Refused(exc.message) from None
        self._changed(info)
        return info

    async def add_bot(self, account: Account, table_id: int, spec: str, seat: int | None = None) -> TableInfo:
        """The creator gives an open seat (the first one by default) to bot ``NAME[:LEVEL]``, or to the game's
        search bot at ``LEVEL`` when ``spec`` is a bare level (:func:`bot_spec`)."""
        info = await self.table(table_id)
        if info.creator_id != account.id:
            raise Forbidden(say("server_creator_seats_bots"))
        if info.status != OPEN:
            raise Refused(say("server_already_started"))
        spec = bot_spec(info.game, spec)
        self._check_bot(info.game, spec)
        if seat is None:
            seat = next((s.seat for s in info.seats if s.is_open), None)
            if seat is None:
                raise Refused(say("server_no_open_seat"))
        try:
            info = await asyncio.to_thread(self.storage.seat_bot, table_id, seat, spec.strip())
        except Conflict as exc:
            raise Refused(exc.message) from None
        self._changed(info)
        return info

    @staticmethod
    def _check_bot(game: str, spec: str) -> None:
        """:class:`Invalid` unless ``spec`` names a bot of ``game``: the engine's refusal when it says it in the
        catalogue's words, else the server's (which lists the game's bots)."""
        try:
            make_bot(spec, game=game)
        except DolmenError as exc:
            if exc.reason is not None:
                raise Invalid(str(exc), exc.reason) from None
            raise Invalid(say("server_unknown_bot", bot=spec, bots=bot_choices(game))) from None

    async def leave(self, account: Account, table_id: int) -> TableInfo:
        await self.table(table_id)
        try:
            info = await asyncio.to_thread(self.storage.free_seat, table_id, account.id)
        except Conflict as exc:
            raise Refused(exc.message) from None
        self._changed(info)
        return info

    async def again(self, account: Account, table_id: int) -> TableInfo:
        """Play again: a new open table like finished ``table_id``, its bots in their seats, ``account`` in its
        own, the other people's seats open for them; the old table's clients are told where it is."""
        info = await self.table(table_id)
        mine = info.seat_of(account.id)
        if mine is None:
            raise Forbidden(say("server_again_players_only"))
        if info.status != FINISHED:
            raise Refused(say("server_not_over"))
        seats = [
            NewSeat(bot=s.bot) if s.bot else NewSeat(account_id=account.id if s.seat == mine else None)
            for s in info.seats
        ]
        setup = replace(info.setup, invite=secrets.token_urlsafe(18) if info.setup.private else None)
        new = await asyncio.to_thread(
            self.storage.create_table, info.game, info.players, info.options, info.take_backs, account.id, seats, setup
        )
        self.hub.publish(table_id, {"kind": "again", "table": new.id, "invite": new.setup.invite})
        self.hub.publish(LOBBY, {"kind": "table", "table": new.id})
        return new

    async def check_startable(self, account: Account, table_id: int) -> TableInfo:
        """The table if ``account`` may start it now (its creator, every seat filled, still open)."""
        info = await self.table(table_id)
        if info.creator_id != account.id:
            raise Forbidden(say("server_creator_starts"))
        if info.status != OPEN:
            raise Refused(say("server_already_started"))
        if any(s.is_open for s in info.seats):
            raise Refused(say("server_seats_to_fill"))
        return info

    def _changed(self, info: TableInfo) -> None:
        self.hub.publish(info.id, {"kind": "table"})
        self.hub.publish(LOBBY, {"kind": "table", "table": info.id})
