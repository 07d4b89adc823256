"""Chat commands typed in the lobby's chat (docs/protocol.md "The lobby"): ``/join ID``, ``/leave ID``,
``/bot ID NAME[:LEVEL]``, ``/start ID``, ``/watch ID`` do what the lobby's requests do, through the same
services; the one who typed gets a ``command`` message with the table, the others the usual ``table`` news;
a refusal is an ``error`` and changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import Server

JSON = Any


def _say(socket: Any, text: str) -> dict[str, JSON]:
    """Type ``text`` in the lobby chat; the answer: a ``command`` or an ``error`` (news of tables skipped)."""
    socket.send_json({"type": "chat", "text": text})
    while True:
        message: dict[str, JSON] = socket.receive_json()
        if message["type"] in ("command", "error"):
            return message


def _open_table(client: TestClient, seats: list[str | None], private: bool = False) -> int:
    body = {"game": "rtta", "players": len(seats), "seats": seats, "private": private}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table_id: int = answer.json()["id"]
    return table_id


def test_join_leave_bot_and_start_from_the_lobby_chat(server: Server) -> None:
    ann, _ = server.sign_up("ann")
    bob, _ = server.sign_up("bob")
    table = _open_table(ann, [None, None, None])
    with bob.websocket_connect("/ws/lobby") as bob_socket, ann.websocket_connect("/ws/lobby") as ann_socket:
        assert bob_socket.receive_json()["type"] == "lobby" and ann_socket.receive_json()["type"] == "lobby"
        joined = _say(bob_socket, f"/join {table}")
        assert joined["command"] == "join" and joined["table"]["seats"][1]["name"] == "bob"
        assert server.client.get(f"/api/tables/{table}").json()["seats"][1]["name"] == "bob"
        news = ann_socket.receive_json()  # the others hear of it as of a join by the button
        assert news["type"] == "table" and news["table"]["seats"][1]["name"] == "bob"

        left = _say(bob_socket, f"/leave {table}")
        assert left["command"] == "leave" and left["table"]["seats"][1]["open"]
        assert _say(bob_socket, f"/join {table} 2")["table"]["seats"][2]["name"] == "bob"  # a chosen seat

        refused = _say(bob_socket, f"/start {table}")  # only the creator starts a table
        assert refused == {**refused, "type": "error", "code": "forbidden"}
        seated = _say(ann_socket, f"/bot {table} random")
        assert seated["table"]["seats"][1]["bot"] == "random"
        started = _say(ann_socket, f"/start {table}")
        assert started["command"] == "start" and started["table"]["status"] == "running"
        assert server.client.get(f"/api/tables/{table}").json()["status"] == "running"

        watched = _say(bob_socket, f"/watch {table}")
        assert watched["command"] == "watch" and watched["table"]["id"] == table


def test_refusals_change_nothing(server: Server) -> None:
    ann, _ = server.sign_up("ann")
    bob, _ = server.sign_up("bob")
    private = _open_table(ann, [None, None], private=True)
    public = _open_table(ann, [None, None])
    with bob.websocket_connect("/ws/lobby") as socket:
        socket.receive_json()
        for text in ("/dance", "/join", "/join abc", "/bot 1", f"/join {public}x", "/join ²"):
            answer = _say(socket, text)
            assert answer["code"] == "unknown_command" and "/watch ID" in answer["message"], text
        # a private table, as if it did not exist
        assert _say(socket, f"/join {private}")["code"] == "not_found"
        assert _say(socket, f"/watch {private}")["code"] == "not_found"
        assert _say(socket, "/join 999")["code"] == "not_found"
        assert _say(socket, f"/join {public} 7")["code"] == "conflict"  # no seat 7
        assert _say(socket, f"/bot {public} nobody")["code"] == "forbidden"  # not the creator
        # a seat that is no number is refused, not read as "the first open seat"
        for seat in ("²", "99999999999999999999"):
            refused = _say(socket, f"/join {public} {seat}")
            assert refused["code"] == "invalid" and refused["reason"] == {"event": "server_bad_seat", "given": seat}
        assert _say(socket, f"/join {public} 1 1")["code"] == "unknown_command"
        # each refusal carries its catalogue message, for the reader's language
        assert _say(socket, f"/join {public} 7")["reason"] == {"event": "server_seat_not_open", "number": 7}
        assert _say(socket, f"/bot {public} nobody")["reason"] == {"event": "server_creator_seats_bots"}
        assert _say(socket, f"/join {private}")["reason"] == {"event": "server_no_table", "table": private}
        assert _say(socket, "/dance")["reason"]["event"] == "server_commands"
    seats = server.client.get(f"/api/tables/{public}").json()["seats"]
    assert [s["name"] for s in seats] == ["ann", None]
    with server.client.websocket_connect("/ws/lobby") as anonymous:
        anonymous.receive_json()
        assert _say(anonymous, f"/join {public}")["code"] == "not_authenticated"
