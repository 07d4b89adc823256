"""The replay of a finished game, for the browser client's replay viewer: what a spectator saw after each step.

``GET /api/tables/{id}/replay?from=A&to=B`` answers the frames of versions ``A`` to ``B`` (at most
:data:`MAX_FRAMES`): each the spectator's view envelope (as a table socket sends it) and the log events the step
that led there produced, for a spectator's eyes, with the step's document. Only finished tables are replayed:
their record, dice secret included, is public by then (``GET /api/tables/{id}/record``), so a frame shows
nothing that was not published; hands stay hidden in mid-game frames as they were to spectators. A private
table's replay is for its seated players and the holders of its invite (``&invite=TOKEN``) only: to anyone else
it answers ``404``, as the table itself does.

The frames come from the engine: the stored steps are replayed through :class:`~dolmen.engine.table.Table`
(``Table.restore`` up to ``A``, then each step with the table's own ``roll`` and ``submit``), so every die is
drawn again from the secret and checked against the record. One replay is kept per recently asked table (its
steps, its secret and a table at the version last served), so that stepping forwards chunk by chunk costs each
step once.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request

from dolmen.engine.errors import RecordError
from dolmen.engine.table import Table
from dolmen.games import get_game
from dolmen.server.errors import Invalid, NotFound, Refused, say
from dolmen.server.http import Invite, TableId, optional_account
from dolmen.server.lobby import can_see
from dolmen.server.storage import FINISHED, Account, TableInfo

JSON = Any
MAX_FRAMES = 100
"""The most frames one request answers."""
KEPT_REPLAYS = 16
"""How many tables' replays are kept in memory (the least recently asked goes first)."""


class Replay:
    """A finished game's stored steps and secret, and a table at the version last served. Thread-safe: one
    request at a time moves the table."""

    def __init__(self, info: TableInfo, steps: Sequence[Mapping[str, JSON]], secret: bytes) -> None:
        self.info = info
        self.steps = list(steps)
        self.secret = secret
        self._table: Table | None = None
        self._lock = threading.Lock()

    @property
    def last(self) -> int:
        """The version of the final position."""
        return len(self.steps)

    def frames(self, start: int, end: int) -> list[dict[str, JSON]]:
        """The frames of versions ``start`` to ``end`` (both included; ``0 <= start <= end <= last``)."""
        with self._lock:
            table = self._table_at(start)
            out = [self._frame(table)]
            for _ in range(start, end):
                self._advance(table)
                out.append(self._frame(table))
            return out

    def _table_at(self, version: int) -> Table:
        table = self._table
        if table is None or table.version > version:
            info = self.info
            table = Table.restore(get_game(info.game), info.players, info.options, self.steps[:version], self.secret)
            self._table = table
        while table.version < version:
            self._advance(table)
        return table

    def _advance(self, table: Table) -> None:
        """Play the next recorded step on ``table``: a die or card drawn from the secret, or the seat's action."""
        number = table.version + 1
        step = self.steps[table.version]
        if "chance" in step:
            table.roll()
            if table.steps(number - 1)[0] != dict(step):
                raise RecordError("this chance step is not the one the dice secret draws", number)
        else:
            table.submit(step["seat"], step["action"], table.version, by=step.get("by"))

    def _frame(self, table: Table) -> dict[str, JSON]:
        version = table.version
        return {
            "version": version,
            "step": table.steps(version - 1)[0] if version else None,
            "events": table.events(None, version - 1) if version else [],
            "view": table.view(None),
        }


class ReplayCache:
    """The replays of the :data:`KEPT_REPLAYS` tables asked for last."""

    def __init__(self) -> None:
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def replay(
        self, services: Any, table_id: int, account: Account | None = None, invite: str | None = None
    ) -> Replay:
        """The replay of finished table ``table_id`` for ``account`` (or the holder of ``invite``);
        :class:`Refused` while it is not finished, :class:`NotFound` for a private table they may not see."""
        kept = self._replays.get(table_id)
        if kept is not None:
            if not can_see(kept.info, account, invite):
                raise NotFound(say("server_no_table", table=table_id))
            self._replays.move_to_end(table_id)
            return kept
        info: TableInfo = await services.lobby.visible_table(table_id, account, invite)
        if info.status != FINISHED:
            raise Refused(say("server_replay_not_yet"))
        steps = await asyncio.to_thread(services.storage.table_steps, table_id, 0)
        secret = await asyncio.to_thread(services.storage.table_secret, table_id)
        assert secret is not None, "a finished table has its secret"
        replay = Replay(info, steps, secret)
        self._replays[table_id] = replay
        while len(self._replays) > KEPT_REPLAYS:
            self._replays.popitem(last=False)
        return replay


def mount_replay(app: FastAPI) -> None:
    """Add ``GET /api/tables/{id}/replay`` to ``app`` (its services are read from ``app.state`` per request)."""
    cache = ReplayCache()

    async def replay(
        table_id: TableId,
        request: Request,
        account: Annotated[Account | None, Depends(optional_account)],
        start: Annotated[int, Query(alias="from", ge=0)] = 0,
        end: Annotated[int | None, Query(alias="to", ge=0)] = None,
        invite: Invite = None,
    ) -> dict[str, JSON]:
        """The frames of a finished game from version ``from`` to ``to`` (at most 100; by default the 50 from
        ``from``): each the spectator's view, the step and its log events. A private table: for its players and
        the holders of its ``invite``."""
        game = await cache.replay(request.app.state.services, table_id, account, invite)
        last = game.last
        stop = min(start + 49, last) if end is None else end
        if start > last or stop > last:
            raise Invalid(say("server_replay_versions", last=last))
        if stop < start:
            raise Invalid(say("server_replay_order"))
        if stop - start + 1 > MAX_FRAMES:
            raise Invalid(say("server_replay_frames", most=MAX_FRAMES))
        frames = await asyncio.to_thread(game.frames, start, stop)
        info = game.info
        return {
            "table": info.id,
            "game": info.game,
            "players": info.players,
            "options": info.options,
            "last": last,
            "frames": frames,
        }

    app.add_api_route("/api/tables/{table_id}/replay", replay, methods=["GET"], summary="Replay a finished game")
