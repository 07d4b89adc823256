"""What an action would do, before a person chooses it: the browser client's previews.

``GET /api/tables/{id}/preview?version=V&action=TEXT&action=TEXT…`` answers, for the asking person's own seat at
a running table, what each action would do at version ``V``: the log events the rules would emit, as that seat
would read them (``{"action", "events"}``), or why the action is refused (``{"action", "error"}``). The engine
applies each action to a copy of the table's state — as ``dolmen play``'s ``what ACTION`` does — so nothing
is computed here, nothing changes, no chance is drawn (a roll or a card that would follow is not foretold) and
the events are filtered for the seat like the log. Anyone but the table's players is refused (``403``); a
private table answers ``404`` to anyone without a seat there or its invite (``&invite=TOKEN``), as if it did
not exist, as the table itself does.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request

from dolmen.engine.errors import DolmenError
from dolmen.engine.table import Table
from dolmen.server.errors import Forbidden, Invalid, NotFound, Refused, say
from dolmen.server.http import Invite, TableId, optional_account
from dolmen.server.lobby import can_see
from dolmen.server.storage import Account

JSON = Any
MAX_PREVIEWS = 40
"""The most actions one request previews."""
MAX_TEXT = 1000
"""The longest action text previewed (as the socket's ``act``)."""


def preview(table: Table, seat: int, text: str) -> dict[str, JSON]:
    """What ``text`` would do for ``seat`` at ``table`` now: the events ``seat`` would read, or the refusal."""
    state = table.state.clone()
    state.log = []
    try:
        state.apply_action(seat, state.parse_action(text))
    except DolmenError as exc:
        refused: dict[str, JSON] = {"action": text, "error": str(exc)}
        if exc.reason is not None:
            refused["reason"] = exc.reason  # the same refusal, to render in the reader's language
        return refused
    seen = (event.for_viewer(seat) for event in state.log)
    return {"action": text, "events": [event.to_json() for event in seen if event is not None]}


def mount_preview(app: FastAPI) -> None:
    """Add ``GET /api/tables/{id}/preview`` to ``app`` (its services are read from ``app.state`` per request)."""

    async def previews(
        table_id: TableId,
        request: Request,
        account: Annotated[Account | None, Depends(optional_account)],
        version: Annotated[int, Query(ge=0)],
        action: Annotated[list[str], Query(min_length=1, max_length=MAX_PREVIEWS)],
        invite: Invite = None,
    ) -> dict[str, JSON]:
        """What each ``action`` would do for your seat at table version ``version`` (the log events you would
        read, or the reason it is refused); nothing changes."""
        if any(len(text) > MAX_TEXT for text in action):
            raise Invalid(say("server_action_too_long", most=MAX_TEXT))
        services = request.app.state.services
        live = await services.tables.live(table_id)
        info = live.info if live is not None else await services.lobby.table(table_id)
        if not can_see(info, account, invite):
            raise NotFound(say("server_no_table", table=table_id))  # a private table, as if it did not exist
        if live is None:
            raise Refused(say("server_not_started"))
        seat = live.seat_of(account)
        if seat is None:
            raise Forbidden(say("server_preview_players_only"))
        table = live.table
        if version != table.version:
            raise Refused(say("server_stale_version", version=version, current=table.version))
        return {"version": version, "seat": seat, "previews": [preview(table, seat, text) for text in action]}

    app.add_api_route("/api/tables/{table_id}/preview", previews, methods=["GET"], summary="Preview actions")
