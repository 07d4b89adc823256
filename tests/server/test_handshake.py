"""The websockets as uvicorn serves them (``app.uvicorn_options``), over a real server on SQLite and PostgreSQL:
no per-message compression is negotiated, a frame past the maximum closes the socket (1009) and changes
nothing, and the lobby's handshake checks the Origin and the session as the table's does."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from dolmen.server.protocol import MAX_FRAME
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import Player, Server, started_pair


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    running = Server(fresh_database(request.param, request)).start()
    yield running
    running.stop()


def _cookie(player: Player) -> dict[str, str]:
    return {"Cookie": f"dolmen_session={player.http.cookies.get('dolmen_session')}"}


def test_permessage_deflate_offered_is_not_taken(server: Server) -> None:
    _ada, _bob, table = started_pair(server, {})
    for path in (f"/ws/tables/{table['id']}", "/ws/lobby"):
        # the client offers permessage-deflate (websockets' default, said explicitly here)
        with connect(f"ws://127.0.0.1:{server.port}{path}", compression="deflate", origin=server.base) as ws:  # type: ignore[arg-type]
            offered = ws.request.headers.get("Sec-WebSocket-Extensions") if ws.request else None
            assert offered is not None and "permessage-deflate" in offered
            assert ws.response is not None and ws.response.headers.get("Sec-WebSocket-Extensions") is None
            assert ws.protocol.extensions == []
            assert json.loads(ws.recv(10))["type"] in ("table", "lobby")


def test_a_frame_past_the_maximum_closes_the_socket_and_changes_nothing(server: Server) -> None:
    ada, bob, table = started_pair(server, {})
    tid = table["id"]
    sockets = {0: ada.socket(tid), 1: bob.socket(tid)}
    states = {seat: s.until_type("state") for seat, s in sockets.items()}
    version = states[0]["version"]
    actor = states[0]["view"]["actors"][0]
    action = states[actor]["legal"]["actions"][0]
    # the actor's legal action, padded past the largest frame the server reads
    act = json.dumps({"type": "act", "action": action, "version": version})
    big = act[:-1] + " " * (MAX_FRAME + 1 - len(act)) + "}"
    assert len(big.encode()) == MAX_FRAME + 1
    mover = sockets[actor]
    mover.send(big)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            mover.recv(10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert ada.get(f"/api/tables/{tid}")["version"] == version
    # the other seat's socket is still open and hears of no step
    other = sockets[1 - actor]
    other.send({"type": "ping"})
    assert other.until_type("pong")["version"] == version
    # a frame of exactly the maximum is read (and answered: too large a message, not a closed socket)
    again = (ada if actor == 0 else bob).socket(tid)
    again.until_type("state")
    again.send(" " * (MAX_FRAME - 2) + "{}")
    assert again.until_type("error")["code"] == "too_large"
    assert ada.get(f"/api/tables/{tid}")["version"] == version
    for s in (other, again):
        s.close()


def test_the_lobby_handshake_checks_the_origin(server: Server) -> None:
    ada = Player(server, f"ada_{secrets.token_hex(3)}")
    url = f"ws://127.0.0.1:{server.port}/ws/lobby"
    for foreign in ("http://evil.example", f"http://evil.example:{server.port}", "null"):
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin=foreign, additional_headers=_cookie(ada)).__enter__()  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
    with connect(url, origin=server.base, additional_headers=_cookie(ada)) as own:  # type: ignore[arg-type]
        assert json.loads(own.recv(10))["account"] == ada.name
    with connect(url) as no_origin:  # not a browser: no Origin header
        assert json.loads(no_origin.recv(10))["account"] is None


def test_the_lobby_handshake_checks_the_session(server: Server) -> None:
    ada = Player(server, f"ada_{secrets.token_hex(3)}")
    url = f"ws://127.0.0.1:{server.port}/ws/lobby"
    cookie = _cookie(ada)
    with connect(url, origin=server.base, additional_headers=cookie) as mine:  # type: ignore[arg-type]
        assert json.loads(mine.recv(10))["account"] == ada.name
    forged = {"Cookie": f"dolmen_session={secrets.token_urlsafe(32)}"}
    with connect(url, origin=server.base, additional_headers=forged) as anyone:  # type: ignore[arg-type]
        assert json.loads(anyone.recv(10))["account"] is None
        anyone.send(json.dumps({"type": "chat", "text": "/join 1"}))
        assert json.loads(anyone.recv(10))["code"] == "not_authenticated"
    assert ada.http.delete("/api/session").status_code == 204  # revoked: the old cookie names no one now
    with connect(url, origin=server.base, additional_headers=cookie) as revoked:  # type: ignore[arg-type]
        assert json.loads(revoked.recv(10))["account"] is None
