"""The lobby websocket ``/ws/lobby``: the open and running tables as they change, the lobby chat and its
commands."""

from __future__ import annotations

import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from dolmen.server.errors import Reason, ServiceError, error_fields, say, whole
from dolmen.server.hub import LOBBY, Notice
from dolmen.server.lobby import can_see, is_seated
from dolmen.server.protocol import PROTOCOL, BadMessage, Chat, Ping, parse_client_message
from dolmen.server.socket_common import (
    JSON,
    WORDS,
    BadCommand,
    Outbox,
    TokenBucket,
    number,
    origin_allowed,
    parse_command,
)
from dolmen.server.storage import OPEN, RUNNING, Account

log = logging.getLogger("dolmen.server")
LOBBY_COMMANDS = "/join ID [SEAT], /leave ID, /back ID, /start ID, /bot ID LEVEL|NAME[:LEVEL] [SEAT], /watch ID"


class LobbyConnection(Outbox):
    """The lobby's socket: the open and running tables as they change, and the lobby chat."""

    def __init__(self, websocket: WebSocket, services: Any, account: Account | None) -> None:
        super().__init__(websocket)
        self.services = services
        self.account = account
        self.bucket = TokenBucket(services.settings.socket_rate, services.settings.socket_burst)

    def notify(self, notice: Notice) -> None:
        self.enqueue(notice)

    def name(self) -> str:
        return "lobby"

    async def _messages(self, notice: Notice) -> list[dict[str, JSON]]:
        message = await self._message(notice)
        return [] if message is None else [{**message, "version": 0, "epoch": 0}]

    async def _message(self, notice: Notice) -> dict[str, JSON] | None:
        lobby = self.services.lobby
        match notice["kind"]:
            case "hello":
                tables = [*await lobby.tables(OPEN, self.account), *await lobby.tables(RUNNING, self.account)]
                chat = await self.services.chat.lines(None)
                return {
                    "type": "lobby",
                    "protocol": PROTOCOL,
                    "account": self.account.name if self.account else None,
                    "tables": [info.to_json() for info in tables],
                    "chat": [line.to_json() for line in chat],
                }
            case "table":
                info = await lobby.table(notice["table"])
                if not can_see(info, self.account):
                    return None  # a private table is news to its seated players only
                return {"type": "table", "table": info.to_json(invite=is_seated(info, self.account))}
            case "chat":
                return {"type": "chat", **notice["chat"]}
            case "direct":
                message: dict[str, JSON] = notice["message"]
                return message
        return None

    async def receive(self, text: str | None) -> None:
        """Handle one frame of the client (``None``: a binary one). Every frame counts against the rate limit
        (``socket_rate``, as at a table). A refusal is an ``error`` to this client alone; so is an unexpected
        failure (logged), which leaves the socket open."""
        if not self.bucket.take():
            self.error("rate_limited", say("server_too_many_messages", rate=whole(self.bucket.rate)))
            return
        if text is None:
            self.error("malformed", say("server_binary_frame"))
            return
        try:
            await self._handle(text)
        except Exception:
            log.exception("lobby: cannot handle a message")
            self.error("internal", say("server_internal"))

    async def _handle(self, text: str) -> None:
        try:
            message = parse_client_message(text)
        except BadMessage as exc:
            self.error(exc.code, exc.message)
            return
        match message:
            case Chat() if self.account is not None:
                try:
                    if message.text.startswith("/"):
                        await self._command(self.account, message.text)
                    else:
                        await self.services.chat.say(self.account, None, message.text)
                except ServiceError as exc:
                    self.error(exc.code, exc.message, exc.reason)
                except BadCommand as exc:
                    self.error(exc.code, exc.message)
            case Chat():
                self.error("not_authenticated", say("server_log_in_to_chat"))
            case Ping():
                self.notify({"kind": "direct", "message": {"type": "pong"}})
            case _:
                self.error("malformed", say("server_lobby_messages"))

    async def _command(self, account: Account, text: str) -> None:
        """``/join ID [SEAT]``, ``/leave ID``, ``/back ID``, ``/start ID``, ``/bot ID LEVEL|NAME[:LEVEL] [SEAT]``,
        ``/watch ID`` do what the lobby's buttons do (the same services); the table as it is then is answered in
        a ``command`` message (everyone else hears of the change as of any other). :class:`BadCommand` for a
        command that does not parse."""
        word, *args = text[1:].split() or [""]
        table_id = number(args[0]) if args else None
        if word not in WORDS or table_id is None:
            raise BadCommand("unknown_command", say("server_commands", commands=LOBBY_COMMANDS))
        command = parse_command(word, args[1:], LOBBY_COMMANDS)
        lobby, tables = self.services.lobby, self.services.tables
        match command.word:
            case "join":
                info = await lobby.join(account, table_id, command.seat)
            case "leave":
                info = await tables.leave(account, table_id)
            case "back":
                info = await tables.come_back(account, table_id)
            case "start":
                info = await tables.start(account, table_id)
            case "bot":
                assert command.bot is not None
                info = await lobby.add_bot(account, table_id, command.bot, command.seat)
            case _:
                info = await lobby.visible_table(table_id, account)
        table = info.to_json(invite=is_seated(info, account))
        self.notify({"kind": "direct", "message": {"type": "command", "command": command.word, "table": table}})

    def error(self, code: str, message: str, reason: Reason = None) -> None:
        self.notify({"kind": "direct", "message": {"type": "error", **error_fields(code, message, reason)}})


async def lobby_socket(websocket: WebSocket) -> None:
    """``/ws/lobby``: tables as they open, fill, start and end, and the lobby chat."""
    services = websocket.app.state.services
    if not origin_allowed(websocket, services.settings.allowed_origins):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    account = await services.accounts.account_for(websocket.cookies.get(services.cookie_name))
    await websocket.accept()
    connection = LobbyConnection(websocket, services, account)
    services.hub.subscribe(LOBBY, connection.notify)
    connection.start()
    try:
        await services.presence.opened(account)
        connection.notify({"kind": "hello"})
        while not connection.stopped():
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            await connection.receive(received.get("text"))
    except WebSocketDisconnect:
        pass
    finally:
        services.hub.unsubscribe(LOBBY, connection.notify)
        await services.presence.closed(account)
        await connection.stop()
