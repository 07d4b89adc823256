"""The table websocket ``/ws/tables/{id}``: one per browser tab, a seat's or a spectator's.

A connection has two tasks: the receiver parses what the client sends and calls the table service; the sender
is the only one that writes to the socket. It reads a bounded queue of notices (from the hub, or replies of
the receiver) and builds each message for its own viewer from the table in memory, so a slow client only
delays itself, and the updates it missed are merged into one. Every message carries the table's ``version``.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from dolmen.engine.errors import DolmenError, IllegalStep, MalformedStep
from dolmen.engine.table import StaleVersion
from dolmen.server.errors import Reason, ServiceError, error_fields, say, whole
from dolmen.server.hub import Notice
from dolmen.server.live import LiveTable, check_seat, view_for
from dolmen.server.lobby import is_seated
from dolmen.server.protocol import (
    MAX_ID,
    MAX_LEGAL,
    PROTOCOL,
    Act,
    BadMessage,
    Chat,
    Ping,
    Undo,
    parse_client_message,
)
from dolmen.server.socket_common import BadCommand, Outbox, TokenBucket, number, origin_allowed, parse_command
from dolmen.server.storage import Account, TableInfo, VersionConflict

JSON = Any
COMMANDS = "/join [SEAT], /leave, /back, /start, /bot LEVEL|NAME[:LEVEL] [SEAT], /watch"
log = logging.getLogger("dolmen.server")


def legal_payload(live: LiveTable, seat: int | None) -> dict[str, JSON]:
    """The seat's legal action texts (at most :data:`MAX_LEGAL`; ``more`` when the list goes on); none while a
    bot plays the seat for its away person."""
    table = live.table
    if seat is None or seat not in table.actors() or live.info.seats[seat].away:
        return {"actions": [], "count": 0, "more": False}
    legal = table.legal(seat)
    count = len(legal)
    texts = [table.action_text(action) for action in itertools.islice(legal, MAX_LEGAL)]
    return {"actions": texts, "count": count, "more": count > MAX_LEGAL}


class Connection(Outbox):
    """One browser tab's socket at one table: its seat (or none), what it has been sent, its rate limit."""

    def __init__(
        self, websocket: WebSocket, services: Any, table_id: int, account: Account | None, invite: str | None = None
    ) -> None:
        super().__init__(websocket)
        self.services = services
        self.table_id = table_id
        self.account = account
        self.invite = invite
        """The invite token the socket was opened with (a private table's)."""
        self.sent = -1
        """The version up to which this client has the events (-1: it has no view yet)."""
        self.epoch = 0
        self.step_pending = False
        self.bucket = TokenBucket(services.settings.socket_rate, services.settings.socket_burst)

    # -- notices in -----------------------------------------------------------------------------------
    def notify(self, notice: Notice) -> None:
        if notice["kind"] == "step":
            if self.step_pending:
                return  # the sender will send everything up to the newest version anyway
            self.step_pending = True
        self.enqueue(notice)

    async def reply(self, notice: Notice) -> None:
        await self.queue.put(notice)

    # -- messages out ---------------------------------------------------------------------------------
    close_on_error = True

    def name(self) -> str:
        return f"table {self.table_id}"

    async def _messages(self, notice: Notice) -> list[dict[str, JSON]]:
        if notice["kind"] == "step":
            # before looking at the table: a step noticed while this look waits (for another process's steps to
            # be read) may be newer than what it finds, and gets a look of its own
            self.step_pending = False
        live = await self.services.tables.live(self.table_id)
        epoch = live.epoch if live else 0
        return [{**message, "epoch": epoch} for message in await self._build(live, notice)]

    async def _build(self, live: LiveTable | None, notice: Notice) -> list[dict[str, JSON]]:
        version = live.table.version if live else 0
        match notice["kind"]:
            case "hello":
                info = live.info if live else await self.services.lobby.table(self.table_id)
                out = [self._table(info, version)]
                if live is not None:
                    out.append(self._catch_up(live, notice.get("since"), notice.get("epoch", 0)))
                return out
            case "table":
                info = live.info if live else await self.services.lobby.table(self.table_id)
                out = [self._table(info, version)]
                if live is not None and self.sent < 0:
                    out.append(self._state(live, "state"))
                return out
            case "step":
                if live is None:
                    return []
                if self.sent < 0:
                    return [self._state(live, "state")]
                if live.epoch != self.epoch or live.table.version < self.sent:
                    return [self._state(live, "state")]  # a take-back: the log changed, send it whole
                if live.table.version == self.sent:
                    return []
                return [self._update(live, self.sent)]
            case "clock":
                if live is None or self.sent < 0 or live.epoch != self.epoch or live.table.version < self.sent:
                    return []  # a view follows anyway
                return [self._update(live, self.sent)]  # the clocks (and who is away) changed, not the game
            case "resync":
                assert live is not None
                return [self._state(live, "resync", reason=notice["reason"])]
            case "chat":
                return [{"type": "chat", "version": version, **notice["chat"]}]
            case "again":
                message = {"type": "again", "version": version, "table": notice["table"]}
                if notice.get("invite"):
                    message["invite"] = notice["invite"]
                return [message]
            case "direct":
                return [{**notice["message"], "version": version}]
        return []

    def _seat(self, live: LiveTable | None) -> int | None:
        return live.seat_of(self.account) if live else None

    def _table(self, info: TableInfo, version: int) -> dict[str, JSON]:
        seat = info.seat_of(self.account.id) if self.account else None
        table = info.to_json(invite=is_seated(info, self.account))
        return {"type": "table", "version": version, "protocol": PROTOCOL, "seat": seat, "table": table}

    def _catch_up(self, live: LiveTable, since: int | None, epoch: int) -> dict[str, JSON]:
        """What a client reconnecting with ``?v=since&e=epoch`` missed, or everything when its steps are gone."""
        if since is not None and 0 <= since <= live.table.version and epoch == live.epoch:
            return self._update(live, since)
        return self._state(live, "state")

    def _state(self, live: LiveTable, kind: str, **extra: JSON) -> dict[str, JSON]:
        """A full view: the log from the start, the view and the legal actions."""
        message = self._update(live, 0)
        message["type"] = kind
        message.update(extra)
        return message

    def _update(self, live: LiveTable, since: int) -> dict[str, JSON]:
        seat = self._seat(live)
        table = live.table
        message = {
            "type": "update",
            "version": table.version,
            "since": since,
            "seat": seat,
            "events": table.events(seat, since),
            "view": view_for(table, seat),
            "legal": legal_payload(live, seat),
            "clocks": live.clocks_now(),
        }
        self.sent, self.epoch = table.version, live.epoch
        return message

    # -- messages in ----------------------------------------------------------------------------------
    async def receive(self, text: str | None) -> None:
        """Handle one frame of the client (``None``: a binary one). Every frame counts against the rate limit. A
        refusal is an ``error`` to this client alone; so is an unexpected failure (logged), which leaves the
        socket open."""
        if not self.bucket.take():
            await self.error("rate_limited", say("server_too_many_messages", rate=whole(self.bucket.rate)))
            return
        if text is None:
            await self.error("malformed", say("server_binary_frame"))
            return
        try:
            await self._handle(text)
        except Exception:
            log.exception("table %s: cannot handle a message", self.table_id)
            await self.error("internal", say("server_internal"))

    async def _handle(self, text: str) -> None:
        try:
            message = parse_client_message(text)
        except BadMessage as exc:
            await self.error(exc.code, exc.message)
            return
        try:
            match message:
                case Act():
                    await self._act(message)
                case Undo():
                    await self._undo(message)
                case Chat() if message.text.startswith("/"):
                    await self._command(message.text)
                case Chat():
                    if self.account is None:
                        await self.error("not_authenticated", say("server_log_in_to_chat"))
                        return
                    await self.services.chat.say(self.account, self.table_id, message.text)
                case Ping():
                    await self.reply({"kind": "direct", "message": {"type": "pong"}})
        except (StaleVersion, VersionConflict) as exc:
            await self.reply({"kind": "resync", "reason": str(exc)})
        except MalformedStep as exc:
            await self.error("malformed_action", str(exc), exc.reason)
        except IllegalStep as exc:
            await self.error("illegal", str(exc), exc.reason)
        except ServiceError as exc:
            await self.error(exc.code, exc.message, exc.reason)
        except BadCommand as exc:
            await self.error(exc.code, exc.message)
        except DolmenError as exc:
            await self.error("refused", str(exc), exc.reason)

    async def _command(self, text: str) -> None:
        """``/join [SEAT]``, ``/leave``, ``/back``, ``/start``, ``/bot LEVEL|NAME[:LEVEL] [SEAT]`` (a bare level: the
        game's search bot at that level), ``/watch`` typed in the chat do what the lobby's buttons do; everyone sees
        the result in a ``table`` message. :class:`BadCommand` for a command that does not parse."""
        word, *args = text[1:].split() or [""]
        command = parse_command(word, args, COMMANDS)
        lobby, account = self.services.lobby, self.account
        if command.word == "watch":
            await self.reply({"kind": "table"})
            return
        if account is None:
            await self.error("not_authenticated", say("server_log_in_first"))
            return
        match command.word:
            case "join":
                await lobby.join(account, self.table_id, command.seat, self.invite)
            case "leave":
                await self.services.tables.leave(account, self.table_id)
            case "back":
                await self.services.tables.come_back(account, self.table_id)
            case "start":
                await self.services.tables.start(account, self.table_id)
            case "bot":
                assert command.bot is not None
                await lobby.add_bot(account, self.table_id, command.bot, command.seat)

    async def _act(self, message: Act) -> None:
        live = await self._live()
        if live is None:
            return
        seat = self._my_seat(live, message.seat)
        if seat is not None:
            await self.services.tables.act(self.table_id, seat, message.action, message.version)

    async def _undo(self, message: Undo) -> None:
        live = await self._live()
        if live is None:
            return
        seat = self._my_seat(live, None)
        if seat is not None:
            await self.services.tables.undo(self.table_id, seat, message.version)

    async def _live(self) -> LiveTable | None:
        live = await self.services.tables.live(self.table_id)
        if live is None:
            await self.error("not_started", say("server_not_started"))
        return live

    def _my_seat(self, live: LiveTable, seat: int | None) -> int | None:
        try:
            return check_seat(live, self.account, seat)
        except ServiceError:
            mine = live.seat_of(self.account)
            if mine is None:
                code, said = "spectator", say("server_spectator")
            else:
                code, said = "not_your_seat", say("server_not_your_seat", number=seat, mine=mine)
            self.notify({"kind": "direct", "message": {"type": "error", **error_fields(code, said)}})
            return None

    async def error(self, code: str, message: str, reason: Reason = None) -> None:
        """An ``error`` to this client (``message`` a :class:`~dolmen.engine.messages.Message` brings its
        ``reason``)."""
        await self.reply({"kind": "direct", "message": {"type": "error", **error_fields(code, message, reason)}})


async def _may_watch(services: Any, table_id: int, account: Account | None, invite: str | None) -> bool:
    """Whether the table exists and ``account`` (or the holder of ``invite``) may see it."""
    if not 1 <= table_id <= MAX_ID:
        return False  # no such number in the database (whose integers end there)
    try:
        await services.lobby.visible_table(table_id, account, invite)
    except ServiceError:
        return False
    return True


async def table_socket(websocket: WebSocket, table_id: int) -> None:
    """The handler: check the Origin and the table, find the account from the session cookie, then run the
    connection's two tasks until the client leaves."""
    services = websocket.app.state.services
    if not origin_allowed(websocket, services.settings.allowed_origins):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    account = await services.accounts.account_for(websocket.cookies.get(services.cookie_name))
    invite = websocket.query_params.get("invite")
    if not await _may_watch(services, table_id, account, invite):
        await websocket.close(code=1008, reason="no such table")  # a private one without its invite as well
        return
    # a version or epoch that is not a number counts as not given: the client gets the whole state
    since, epoch = number(websocket.query_params.get("v")), number(websocket.query_params.get("e"))
    await services.tables.refresh(table_id)  # other processes may have moved it (a reconnect after a failover)
    await websocket.accept()
    connection = Connection(websocket, services, table_id, account, invite)
    services.hub.subscribe(table_id, connection.notify)
    connection.start()
    try:
        await services.presence.opened(account)
        await connection.reply({"kind": "hello", "since": since, "epoch": epoch or 0})
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            await connection.receive(received.get("text"))
            if connection.stopped():
                break
    except WebSocketDisconnect:
        pass
    finally:
        services.hub.unsubscribe(table_id, connection.notify)
        await services.presence.closed(account)
        await connection.stop()
        if websocket.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()
