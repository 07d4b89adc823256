"""Refusals on the wire carry the engine's catalogue message beside the English text (docs/protocol.md,
"Errors in the reader's language"): a table socket's ``error`` for an illegal action, and table creation refused
by the engine's options check."""

from __future__ import annotations

from typing import Any

from dolmen.engine.messages import ENGLISH_SEATS, Catalogue
from tests.web.conftest import Server


def _receive(socket: Any, kind: str) -> dict[str, Any]:
    for _ in range(20):  # a bounded wait: the first messages are the table and its state
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_an_illegal_action_is_refused_with_its_message(server: Server) -> None:
    client, _ = server.sign_up("ann")
    table = client.post("/api/tables", json={"game": "rtta", "players": 2, "seats": [None, None]}).json()
    bob, _ = server.sign_up("bob")
    assert bob.post(f"/api/tables/{table['id']}/join").status_code == 200
    assert client.post(f"/api/tables/{table['id']}/start").status_code == 200
    with bob.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        state = _receive(socket, "state")
        socket.send_json({"type": "act", "action": "buy empire", "version": state["version"]})
        error = _receive(socket, "error")
    # Seat 1 acts out of turn (seed 002 "Turn order"): the kernel's refusal, with seats by number.
    assert error["code"] == "illegal"
    reason = error["reason"]
    assert reason == {"event": "refused_others_act", "seat": 1, "acting_seats": [0]}
    assert Catalogue("en").render(reason, ENGLISH_SEATS) == error["message"]
    assert Catalogue("fr").render(reason, ["ann", "bob"]) == "bob ne peut pas jouer maintenant : c'est à ann de jouer"


def test_a_table_the_engine_refuses_is_refused_with_its_message(server: Server) -> None:
    client, _ = server.sign_up("cy")
    answer = client.post("/api/tables", json={"game": "stoneage", "players": 5})
    assert answer.status_code == 422
    assert answer.json()["reason"] == {"event": "options_need_extension", "players": 5}
    assert "need the extension" in answer.json()["message"]
