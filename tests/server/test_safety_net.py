"""A failure the server did not foresee while handling one socket message: the sender gets an ``error``
(``internal``), the failure is logged, the socket stays open and serves the next message — the table's socket
and the lobby's alike. Driven in-process (Starlette's test client, the in-memory storage)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dolmen.server.app import create_app
from dolmen.server.config import Settings
from dolmen.server.storage.memory import MemoryStorage

JSON = Any


@pytest.fixture()
def client() -> Iterator[TestClient]:
    settings = Settings(fast_password_hashing=True, bot_workers=0)
    with TestClient(create_app(settings, storage=MemoryStorage())) as client:
        assert client.post("/api/accounts", json={"name": "ada", "password": "correct horse"}).status_code == 201
        yield client


def _until(socket: Any, kind: str) -> dict[str, JSON]:
    for _ in range(20):
        message: dict[str, JSON] = socket.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def _chat_fails(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*_args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(client.app.state.services.chat, "say", broken)  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", ["/ws/tables/{table}", "/ws/lobby"])
def test_an_unexpected_failure_is_an_error_to_its_sender_and_the_socket_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, path: str
) -> None:
    table = client.post("/api/tables", json={"game": "rtta", "players": 2}).json()["id"]
    _chat_fails(client, monkeypatch)
    with client.websocket_connect(path.format(table=table)) as socket:
        _until(socket, "table" if "tables" in path else "lobby")
        socket.send_json({"type": "chat", "text": "hello"})
        failed = _until(socket, "error")
        assert failed["code"] == "internal" and failed["reason"] == {"event": "server_internal"}
        assert "a bug" not in failed["message"]  # the details are for the log, not the client
        socket.send_json({"type": "ping"})
        assert _until(socket, "pong")
        socket.send_json({"type": "chat", "text": "/dance"})  # the commands still answer
        assert _until(socket, "error")["code"] == "unknown_command"
    assert "cannot handle a message" in caplog.text and "a bug" in caplog.text
