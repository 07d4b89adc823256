"""Chat: the lobby's and each table's lines, stored and then published to whoever listens there."""

from __future__ import annotations

import asyncio

from dolmen.server.errors import Invalid, NotFound, say
from dolmen.server.hub import LOBBY, Hub
from dolmen.server.storage import Account, ChatLine, Storage

MAX_CHAT = 500


class ChatService:
    def __init__(self, storage: Storage, hub: Hub) -> None:
        self.storage = storage
        self.hub = hub

    async def say(self, account: Account, table_id: int | None, text: str) -> ChatLine:
        """Store ``account``'s line at ``table_id`` (``None``: the lobby), then publish it there."""
        text = text.strip()
        if not text:
            raise Invalid(say("server_chat_empty"))
        if len(text) > MAX_CHAT:
            raise Invalid(say("server_chat_too_long", most=MAX_CHAT))
        if table_id is not None and await asyncio.to_thread(self.storage.get_table, table_id) is None:
            raise NotFound(say("server_no_table", table=table_id))
        line = await asyncio.to_thread(self.storage.add_chat, table_id, account.id, text)
        self.hub.publish(LOBBY if table_id is None else table_id, {"kind": "chat", "chat": line.to_json()})
        return line

    async def lines(self, table_id: int | None, limit: int = 50) -> list[ChatLine]:
        """The last ``limit`` lines at ``table_id`` (``None``: the lobby), oldest first."""
        return await asyncio.to_thread(self.storage.chat, table_id, limit)
