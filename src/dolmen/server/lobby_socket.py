"""The lobby websocket ``/ws/lobby``: the open and running tables as they change, the lobby chat and its
commands."""

from __future__ import annotations

from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from dolmen.server.errors import Reason, ServiceError, error_fields
from dolmen.server.hub import LOBBY, Notice
from dolmen.server.lobby import can_see, is_seated
from dolmen.server.protocol import PROTOCOL, BadMessage, Chat, Ping, parse_client_message
from dolmen.server.socket_common import JSON, NUMBER, Outbox, origin_allowed
from dolmen.server.storage import OPEN, RUNNING, Account

LOBBY_COMMANDS = "/join ID [SEAT], /leave ID, /back ID, /start ID, /bot ID LEVEL|NAME[:LEVEL] [SEAT], /watch ID"
LOBBY_WORDS = ("join", "leave", "back", "start", "bot", "watch")


class LobbyConnection(Outbox):
    """The lobby's socket: the open and running tables as they change, and the lobby chat."""

    def __init__(self, websocket: WebSocket, services: Any, account: Account | None) -> None:
        super().__init__(websocket)
        self.services = services
        self.account = account

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

    async def receive(self, text: str) -> None:
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
            case Chat():
                self.error("not_authenticated", "log in to chat")
            case Ping():
                self.notify({"kind": "direct", "message": {"type": "pong"}})
            case _:
                self.error("malformed", "the lobby takes chat and ping messages only")

    async def _command(self, account: Account, text: str) -> None:
        """``/join ID [SEAT]``, ``/leave ID``, ``/back ID``, ``/start ID``, ``/bot ID LEVEL|NAME[:LEVEL] [SEAT]``,
        ``/watch ID`` do what the lobby's buttons do (the same services); the table as it is then is answered in
        a ``command`` message (everyone else hears of the change as of any other)."""
        word, *args = text[1:].split() or [""]
        if word not in LOBBY_WORDS or not args or not NUMBER.fullmatch(args[0]) or (word == "bot" and len(args) < 2):
            self.error("unknown_command", f"commands: {LOBBY_COMMANDS}")
            return
        table_id, rest = int(args[0]), args[1:]
        seat = int(rest[-1]) if rest and NUMBER.fullmatch(rest[-1]) else None
        lobby, tables = self.services.lobby, self.services.tables
        match word:
            case "join":
                info = await lobby.join(account, table_id, seat)
            case "leave":
                info = await tables.leave(account, table_id)
            case "back":
                info = await tables.come_back(account, table_id)
            case "start":
                info = await tables.start(account, table_id)
            case "bot":
                info = await lobby.add_bot(account, table_id, rest[0], seat if len(rest) > 1 else None)
            case _:
                info = await lobby.visible_table(table_id, account)
        table = info.to_json(invite=is_seated(info, account))
        self.notify({"kind": "direct", "message": {"type": "command", "command": word, "table": table}})

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
            text = received.get("text")
            if text is None:
                connection.error("malformed", "send JSON text frames")
                continue
            await connection.receive(text)
    except WebSocketDisconnect:
        pass
    finally:
        services.hub.unsubscribe(LOBBY, connection.notify)
        await services.presence.closed(account)
        await connection.stop()
