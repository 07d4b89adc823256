"""Bad input over a real server: each gets a clear error to that client alone and changes nothing.

Wrong passwords, stale versions (a resync, never silence), illegal and malformed actions, an action for
another seat, a spectator acting, malformed and oversized messages, a foreign Origin, reconnecting with ``?v=``;
the chat commands, ``/bot LEVEL`` among them; numbers that are no numbers (``²``) or too large for the database;
clients flooding a table's socket or the lobby's.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from dolmen.server.sockets import COMMANDS
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import PASSWORD, Player, Server, Socket, spectator_socket


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    running = Server(fresh_database(request.param, request)).start()
    yield running
    running.stop()


def _name(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(3)}"


def test_accounts_wrong_password_reveals_nothing(server: Server) -> None:
    ada = Player(server, _name("ada"))
    assert ada.get("/api/me")["name"] == ada.name
    http = httpx.Client(base_url=server.base)
    wrong = http.post("/api/session", json={"name": ada.name, "password": "not the password"})
    unknown = http.post("/api/session", json={"name": _name("nobody"), "password": "not the password"})
    assert wrong.status_code == unknown.status_code == 401
    said = {"error": "wrong_credentials", "message": "wrong name or password"}
    assert wrong.json() == unknown.json() == {**said, "reason": {"event": "server_wrong_credentials"}}
    assert "dolmen_session" not in wrong.cookies
    assert http.get("/api/me").status_code == 401
    right = http.post("/api/session", json={"name": ada.name.upper(), "password": PASSWORD})
    assert right.status_code == 200
    cookie = right.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert http.get("/api/me").json()["name"] == ada.name
    assert http.delete("/api/session").status_code == 204
    assert http.get("/api/me").status_code == 401
    taken = http.post("/api/accounts", json={"name": ada.name.lower(), "password": PASSWORD})
    assert taken.status_code == 409
    short = http.post("/api/accounts", json={"name": _name("eve"), "password": "short"})
    assert short.status_code == 422


def test_lobby_rules(server: Server) -> None:
    ada, bob, cy = (Player(server, _name(n)) for n in ("ada", "bob", "cy"))
    bad = ada.http.post("/api/tables", json={"game": "chess", "players": 2})
    assert bad.status_code == 422
    bad_bot = ada.http.post("/api/tables", json={"game": "rtta", "players": 2, "seats": [None, "nobot"]})
    assert bad_bot.status_code == 422 and "nobot" in bad_bot.json()["message"]
    too_many = ada.http.post("/api/tables", json={"game": "rtta", "players": 7})
    assert too_many.status_code == 422
    table = ada.post("/api/tables", {"game": "rtta", "players": 2, "seats": [None, None], "take_backs": True})
    tid = table["id"]
    assert table["seats"][0]["name"] == ada.name and table["seats"][1]["open"]
    assert tid in [t["id"] for t in bob.get("/api/tables?status=open")]
    assert ada.http.post(f"/api/tables/{tid}/start").status_code == 409  # a seat is open
    assert ada.http.post(f"/api/tables/{tid}/join").status_code == 409  # already seated
    bob.post(f"/api/tables/{tid}/join")
    assert cy.http.post(f"/api/tables/{tid}/join").status_code == 409  # full
    bob.post(f"/api/tables/{tid}/leave")
    cy.post(f"/api/tables/{tid}/join", {"seat": 1})
    assert bob.http.post(f"/api/tables/{tid}/start").status_code == 403  # not the creator
    assert httpx.post(f"{server.base}/api/tables/{tid}/start").status_code == 401
    assert ada.post(f"/api/tables/{tid}/start")["status"] == "running"
    assert ada.http.post(f"/api/tables/{tid}/start").status_code == 409
    assert cy.post(f"/api/tables/{tid}/leave")["seats"][1]["away"]  # a bot plays for cy meanwhile
    assert not cy.post(f"/api/tables/{tid}/back")["seats"][1]["away"]
    assert bob.http.post(f"/api/tables/{tid}/back").status_code == 409  # no seat there
    assert tid in [t["id"] for t in bob.get("/api/tables?status=running")]
    assert ada.http.get(f"/api/tables/{tid}/record").status_code == 409  # not before the end
    mine = ada.get("/api/me/tables")
    assert [t["id"] for t in mine] == [tid] and isinstance(mine[0]["your_turn"], bool)
    assert [t["id"] for t in bob.get("/api/me/tables")] == []
    assert cy.get("/api/me/tables")[0]["your_turn"] != mine[0]["your_turn"]
    assert ada.http.get("/api/tables/99999").status_code == 404
    assert "/api/tables" in ada.get("/openapi.json")["paths"]


def _two_player_table(server: Server) -> tuple[Player, Player, int]:
    ada, bob = Player(server, _name("ada")), Player(server, _name("bob"))
    tid = ada.post("/api/tables", {"game": "rtta", "players": 2})["id"]
    bob.post(f"/api/tables/{tid}/join")
    ada.post(f"/api/tables/{tid}/start")
    return ada, bob, tid


def _first_view(socket: Socket) -> dict[str, object]:
    return socket.until(lambda m: m["type"] == "state")


def test_bad_actions_and_messages(server: Server) -> None:
    ada, bob, tid = _two_player_table(server)
    sockets = {0: ada.socket(tid), 1: bob.socket(tid)}
    views = {seat: _first_view(s) for seat, s in sockets.items()}
    version = views[0]["version"]
    actor = views[0]["view"]["actors"][0]
    other = 1 - actor
    mover, waiter = sockets[actor], sockets[other]
    legal = views[actor]["legal"]["actions"]
    assert legal and views[other]["legal"]["actions"] == []
    spectator = spectator_socket(server, tid)
    assert spectator.until(lambda m: m["type"] == "state")["seat"] is None

    def error_for(socket: Socket, message: object) -> dict[str, object]:
        socket.send(message)
        reply = socket.until(lambda m: m["type"] in ("error", "resync"))
        assert reply["version"] == version
        return reply

    assert error_for(mover, {"type": "act", "action": "build great-wall 3", "version": version})["code"] == "illegal"
    assert error_for(mover, {"type": "act", "action": "dance wildly", "version": version})["code"] == (
        "malformed_action"
    )
    # the other seat acting now, and asking for a seat that is not its own
    assert error_for(waiter, {"type": "act", "action": legal[0], "version": version})["code"] == "illegal"
    assert error_for(waiter, {"type": "act", "action": legal[0], "version": version, "seat": actor})["code"] == (
        "not_your_seat"
    )
    assert error_for(spectator, {"type": "act", "action": legal[0], "version": version})["code"] == "spectator"
    for junk in (
        "not json",
        "[1, 2]",
        '{"type": "dance"}',
        '{"type": "act", "action": "keep"}',
        '{"type": "act", "action": "keep", "version": "3"}',
        '{"type": "act", "action": "keep", "version": 1, "extra": true}',
        b"\x00\x01binary",
    ):
        assert error_for(mover, junk)["code"] == "malformed"
    assert error_for(mover, {"type": "chat", "text": "x" * 5000})["code"] == "too_large"
    assert error_for(mover, "x" * 20000)["code"] == "too_large"
    # a stale version gets a resync with the current view, never silence
    resync = error_for(mover, {"type": "act", "action": legal[0], "version": version - 1})
    assert resync["type"] == "resync" and resync["view"]["version"] == version and resync["legal"]["actions"]
    # nothing changed, and the socket still works
    mover.send({"type": "ping"})
    assert mover.until_type("pong")["version"] == version
    assert ada.get(f"/api/tables/{tid}")["version"] == version
    # the errors went to their senders alone
    waiter.send({"type": "ping"})
    waiter.until_type("pong")
    assert not [m for m in waiter.received[1:] if m["type"] in ("resync",)]
    codes = [m["code"] for m in waiter.received if m["type"] == "error"]
    assert codes == ["illegal", "not_your_seat"]
    # a good action goes through, and everyone hears of it with the new version
    mover.send({"type": "act", "action": legal[0], "version": version})
    update = mover.until(lambda m: m["type"] == "update")
    assert update["version"] > version and update["since"] == version
    assert all(e["version"] > version for e in update["events"])
    assert spectator.until(lambda m: m["type"] == "update")["version"] == update["version"]
    # chat on the table socket reaches everyone; a spectator without an account cannot chat
    waiter.send({"type": "chat", "text": "well played"})
    assert mover.until_type("chat")["text"] == "well played"
    assert spectator.until_type("chat")["from"] == (bob.name if other == 1 else ada.name)
    spectator.send({"type": "chat", "text": "hi"})
    assert spectator.until_type("error")["code"] == "not_authenticated"
    for s in (*sockets.values(), spectator):
        s.close()


def test_reconnect_with_version_gets_what_it_missed(server: Server) -> None:
    ada, bob, tid = _two_player_table(server)
    first = ada.socket(tid)
    state = _first_view(first)
    start = state["version"]
    first.close()
    actor = state["view"]["actors"][0]
    mover = (ada if actor == 0 else bob).socket(tid)
    view = _first_view(mover)
    mover.send({"type": "act", "action": view["legal"]["actions"][0], "version": view["version"]})
    now = mover.until(lambda m: m["type"] == "update")["version"]
    again = ada.socket(tid, since=start)
    catch_up = again.until(lambda m: m["type"] in ("update", "state"))
    assert catch_up["type"] == "update" and catch_up["since"] == start and catch_up["version"] == now
    assert all(start < e["version"] <= now for e in catch_up["events"])
    future = ada.socket(tid, since=now + 50)
    assert future.until(lambda m: m["type"] in ("update", "state"))["type"] == "state"
    for s in (again, future, mover):
        s.close()


def test_foreign_origin_and_unknown_table_are_refused(server: Server) -> None:
    ada, _bob, tid = _two_player_table(server)
    with pytest.raises(InvalidStatus):
        ada.socket(tid, origin="http://evil.example")
    with pytest.raises(InvalidStatus):
        ada.socket(99999)


HUGE = "99999999999999999999"
"""Too large for the database's integers (SQLite's are 64-bit, PostgreSQL's ``integer`` 32-bit)."""


def test_numbers_that_are_not_numbers_or_too_large_are_refused(server: Server) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails; 20 digits overflow the database. Each is refused to its
    sender alone, in words of the catalogue, and changes nothing."""
    ada, bob = Player(server, _name("ada")), Player(server, _name("bob"))
    tid = ada.post("/api/tables", {"game": "rtta", "players": 3})["id"]
    mine, theirs = ada.socket(tid), bob.socket(tid)
    for s in (mine, theirs):
        s.until_type("table")
    for text, given in (("/join ²", "²"), (f"/join {HUGE}", HUGE), ("/bot greedy ²", "²"), ("/join 1 2", None)):
        sender = mine if text.startswith("/bot") else theirs
        sender.send({"type": "chat", "text": text})
        refused = sender.until_type("error")
        if given is None:  # one seat at most
            assert refused["code"] == "unknown_command" and refused["reason"]["event"] == "server_commands"
        else:
            assert refused["code"] == "invalid", refused
            assert refused["reason"] == {"event": "server_bad_seat", "given": given}
        sender.send({"type": "ping"})
        assert sender.until(lambda m: m["type"] in ("pong", "table", "error"))["type"] == "pong"  # still open
    assert [seat["name"] or seat["bot"] for seat in ada.get(f"/api/tables/{tid}")["seats"]] == [ada.name, None, None]
    assert not [m for m in mine.received if m["type"] == "error"][1:]  # bob's refusals went to bob alone
    # a seat number that is a number but no seat of the table: refused by the table, not the database
    theirs.send({"type": "chat", "text": "/join 999999999"})
    assert theirs.until_type("error")["reason"] == {"event": "server_seat_not_open", "number": 999999999}
    assert bob.http.post(f"/api/tables/{tid}/join", json={"seat": int(HUGE)}).status_code == 422
    # over HTTP, a table number past the database's integers is refused before the database sees it
    for path in ("", "/chat", "/record", "/replay", "/preview?version=0&action=keep"):
        assert bob.http.get(f"/api/tables/{HUGE}{path}").status_code == 422, path
        assert bob.http.get(f"/api/tables/{2**31}{path}").status_code == 422, path
    for path in ("join", "leave", "back", "start", "again"):
        assert bob.http.post(f"/api/tables/{HUGE}/{path}").status_code == 422, path
    assert bob.http.post(f"/api/tables/{HUGE}/chat", json={"text": "hello"}).status_code == 422
    missing = bob.http.get(f"/api/tables/{2**31 - 1}")
    assert missing.status_code == 404
    assert missing.json()["reason"] == {"event": "server_no_table", "table": 2**31 - 1}
    with pytest.raises(InvalidStatus):
        bob.socket(int(HUGE))
    mine.send({"type": "chat", "text": "/start"})  # not every seat is taken yet
    assert mine.until_type("error")["reason"] == {"event": "server_seats_to_fill"}
    for s in (mine, theirs):
        s.close()


def test_a_version_that_is_no_number_counts_as_none(server: Server) -> None:
    """``?v=²`` or ``?e=²`` on reconnecting counts as left out (docs/protocol.md): without ``v`` the whole state,
    without ``e`` epoch 0."""
    ada, _bob, tid = _two_player_table(server)
    cases = {("%C2%B2", None): "state", (HUGE, HUGE): "state", ("-1", None): "state", ("0", "%C2%B2"): "update"}
    for (since, epoch), kind in cases.items():
        socket = ada.socket(tid, since=since, epoch=epoch)
        first = socket.until(lambda m: m["type"] in ("update", "state", "error"))
        assert first["type"] == kind and first["since"] == 0, (since, epoch)
        socket.close()


def test_an_invite_of_any_characters_is_only_wrong(server: Server) -> None:
    ada, bob = Player(server, _name("ada")), Player(server, _name("bob"))
    tid = ada.post("/api/tables", {"game": "rtta", "players": 2, "private": True})["id"]
    assert bob.http.get(f"/api/tables/{tid}?invite=%C2%B2").status_code == 404
    assert bob.http.post(f"/api/tables/{tid}/join", json={"invite": "é"}).status_code == 404
    with pytest.raises(InvalidStatus):
        spectator_socket(server, tid, invite="%C3%A9")


def test_take_backs(server: Server) -> None:
    ada, spectator_player = Player(server, _name("ada")), Player(server, _name("bob"))
    tid = ada.post("/api/tables", {"game": "rtta", "players": 1, "take_backs": True})["id"]  # solo
    ada.post(f"/api/tables/{tid}/start")
    mine, other = ada.socket(tid), spectator_player.socket(tid)
    view = _first_view(mine)
    mine.send({"type": "undo", "version": view["version"]})
    assert mine.until_type("error")["code"] == "illegal"  # nothing to take back before any action
    other.send({"type": "undo", "version": view["version"]})
    assert other.until_type("error")["code"] == "spectator"
    rng = random.Random(tid)
    for _ in range(300):  # play until an action that rolls no dice (only those can be taken back)
        before = view
        assert before["legal"]["actions"], "the game ended before an action without dice"
        mine.send({"type": "act", "action": rng.choice(before["legal"]["actions"]), "version": before["version"]})
        view = mine.until(lambda m: m["type"] == "update")
        if view["version"] == before["version"] + 1 and not view["view"]["over"]:
            break
    else:
        pytest.fail("no action without dice in 300 steps")
    mine.send({"type": "undo", "version": view["version"] - 1})
    assert mine.until_type("resync")["version"] == view["version"]  # stale, as for actions
    mine.send({"type": "undo", "version": view["version"]})
    back = mine.until(lambda m: m["type"] == "state")
    assert back["version"] == before["version"] and back["legal"] == before["legal"]
    assert back["view"]["board"] == before["view"]["board"]
    assert other.until(lambda m: m["type"] == "state" and m["version"] == before["version"])
    assert ada.get(f"/api/tables/{tid}")["version"] == before["version"]
    assert back["epoch"] == view["epoch"] + 1  # the steps clients saw were taken back
    # a client that saw the taken-back step reconnects: its (version, epoch) no longer holds, a full state
    stale = ada.socket(tid, since=before["version"], epoch=view["epoch"])
    assert stale.until(lambda m: m["type"] in ("update", "state"))["type"] == "state"
    fresh = ada.socket(tid, since=before["version"], epoch=back["epoch"])
    caught = fresh.until(lambda m: m["type"] in ("update", "state"))
    assert caught["type"] == "update" and caught["epoch"] == back["epoch"]
    mine.send({"type": "act", "action": before["legal"]["actions"][0], "version": before["version"]})
    assert mine.until(lambda m: m["type"] == "update")["version"] > before["version"]
    for s in (mine, other, stale, fresh):
        s.close()


def test_private_tables_need_their_invite(server: Server) -> None:
    from websockets.sync.client import connect

    ada, bob, cy = (Player(server, _name(n)) for n in ("ada", "bob", "cy"))
    lobby = connect(f"ws://127.0.0.1:{server.port}/ws/lobby").__enter__()  # closed below (as harness.Socket)
    assert json.loads(lobby.recv(10))["type"] == "lobby"
    table = ada.post("/api/tables", {"game": "rtta", "players": 2, "private": True, "mode": "turn"})
    tid, invite = table["id"], table["invite"]
    assert table["private"] and len(invite) >= 16 and table["clock"] == {"per_move": 86400.0}
    assert tid in [t["id"] for t in ada.get("/api/tables?status=open")]
    assert tid not in [t["id"] for t in bob.get("/api/tables?status=open")]  # listed to its seated players only
    assert ada.get(f"/api/tables/{tid}")["invite"] == invite
    for path in (f"/api/tables/{tid}", f"/api/tables/{tid}/chat", f"/api/tables/{tid}/record"):
        assert bob.http.get(path).status_code == 404  # as if it did not exist
    assert bob.http.get(f"/api/tables/{tid}?invite=wrong").status_code == 404
    seen = bob.get(f"/api/tables/{tid}?invite={invite}")
    assert seen["id"] == tid and "invite" not in seen  # not seated: no token to pass on
    assert bob.http.post(f"/api/tables/{tid}/join").status_code == 404
    assert bob.http.post(f"/api/tables/{tid}/join", json={"invite": "wrong"}).status_code == 404
    with pytest.raises(InvalidStatus):
        spectator_socket(server, tid)
    watcher = spectator_socket(server, tid, invite=invite)
    assert watcher.until_type("table")["table"]["private"]
    theirs = cy.socket(tid, invite=invite)  # the invite link's socket: /join works there
    theirs.until_type("table")
    theirs.send({"type": "chat", "text": "/join"})
    joined = theirs.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["name"] == cy.name)
    assert joined["table"]["invite"] == invite
    assert tid in [t["id"] for t in cy.get("/api/tables?status=open")]
    ada.post(f"/api/tables/{tid}/start")
    assert tid not in [t["id"] for t in bob.get("/api/tables?status=running")]
    assert watcher.until_type("state")["seat"] is None
    public = ada.post("/api/tables", {"game": "rtta", "players": 2})["id"]
    assert json.loads(lobby.recv(10))["table"]["id"] == public  # the lobby heard nothing of the private table
    lobby.close()
    for s in (watcher, theirs):
        s.close()


def test_a_flooding_client_is_rate_limited_alone(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "dolmen.db"), socket_rate=10.0, socket_burst=30.0).start()  # the defaults
    try:
        _flood(server)
    finally:
        server.stop()


def _flood(server: Server) -> None:
    ada, bob, tid = _two_player_table(server)
    flood, calm = ada.socket(tid), bob.socket(tid)
    _first_view(flood)
    _first_view(calm)
    for _ in range(80):
        flood.send({"type": "ping"})
    answers = [flood.until(lambda m: m["type"] in ("pong", "error")) for _ in range(80)]
    limited = [m for m in answers if m["type"] == "error"]
    assert limited and all(m["code"] == "rate_limited" for m in limited)
    assert len(answers) - len(limited) >= 30
    calm.send({"type": "ping"})
    assert calm.until_type("pong")
    # binary frames count as messages too: the bucket is still nearly empty, so most are limited, not answered
    for _ in range(80):
        flood.send(b"\x00")
    codes = [flood.until_type("error")["code"] for _ in range(80)]
    assert set(codes) <= {"malformed", "rate_limited"} and codes.count("rate_limited") >= 40
    calm.send({"type": "ping"})
    assert calm.until_type("pong")
    flood.close()
    calm.close()


def test_a_flooding_lobby_client_is_rate_limited_alone(tmp_path: Path) -> None:
    """The lobby's socket has the table socket's limit (``socket_rate``, ``socket_burst``); another lobby client
    is not slowed down."""
    server = Server(str(tmp_path / "dolmen.db"), socket_rate=10.0, socket_burst=30.0).start()  # the defaults
    try:
        ada = Player(server, _name("ada"))
        cookie = {"Cookie": f"dolmen_session={ada.http.cookies.get('dolmen_session')}"}
        url = f"ws://127.0.0.1:{server.port}/ws/lobby"
        with connect(url, additional_headers=cookie) as flood, connect(url) as calm:
            for socket in (flood, calm):
                assert json.loads(socket.recv(10))["type"] == "lobby"
            for _ in range(80):
                flood.send(json.dumps({"type": "ping"}))
            answers = [json.loads(flood.recv(10)) for _ in range(80)]
            limited = [m for m in answers if m["type"] == "error"]
            assert limited and {m["code"] for m in limited} == {"rate_limited"}
            assert limited[0]["reason"] == {"event": "server_too_many_messages", "rate": 10}
            assert len(answers) - len(limited) >= 30
            calm.send(json.dumps({"type": "ping"}))
            assert json.loads(calm.recv(10))["type"] == "pong"
    finally:
        server.stop()


def test_chat_commands_do_what_the_buttons_do(server: Server) -> None:
    ada, bob = Player(server, _name("ada")), Player(server, _name("bob"))
    tid = ada.post("/api/tables", {"game": "rtta", "players": 3})["id"]
    mine, theirs, anyone = ada.socket(tid), bob.socket(tid), spectator_socket(server, tid)
    for s in (mine, theirs, anyone):
        s.until_type("table")
    theirs.send({"type": "chat", "text": "/join 2"})
    assert theirs.until_type("table")["table"]["seats"][2]["name"] == bob.name
    theirs.send({"type": "chat", "text": "/bot greedy"})
    assert theirs.until_type("error")["code"] == "forbidden"  # only the creator seats bots
    mine.send({"type": "chat", "text": "/bot nobot"})
    assert mine.until_type("error")["code"] == "invalid"
    mine.send({"type": "chat", "text": "/dance"})
    assert mine.until_type("error")["code"] == "unknown_command"
    anyone.send({"type": "chat", "text": "/join"})
    assert anyone.until_type("error")["code"] == "not_authenticated"
    anyone.send({"type": "chat", "text": "/watch"})
    assert anyone.until_type("table")["seat"] is None
    mine.send({"type": "chat", "text": "/bot random"})
    seated = mine.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["bot"] == "random")
    assert seated["table"]["seats"][1]["bot"] == "random"
    mine.send({"type": "chat", "text": "/start"})
    assert theirs.until(lambda m: m["type"] == "state")["seat"] == 2
    assert ada.get(f"/api/tables/{tid}")["status"] == "running"
    for s in (mine, theirs, anyone):
        s.close()


def test_bot_level_seats_the_games_search_bot_at_that_level(server: Server) -> None:
    ada = Player(server, _name("ada"))
    tid = ada.post("/api/tables", {"game": "stoneage", "players": 4})["id"]
    mine, anyone = ada.socket(tid), spectator_socket(server, tid)
    for s in (mine, anyone):
        s.until_type("table")

    def bots_after(text: str) -> list[str | None]:
        mine.send({"type": "chat", "text": text})
        table = mine.until(lambda m: m["type"] in ("table", "error"))
        assert table["type"] == "table", table
        return [seat["bot"] for seat in table["table"]["seats"]]

    assert bots_after("/bot hard") == [None, "mcts:hard", None, None]  # the first open seat
    assert bots_after("/bot easy 3") == [None, "mcts:hard", None, "mcts:easy"]
    mine.send({"type": "chat", "text": "/bot extreme"})
    refused = mine.until_type("error")
    assert refused["code"] == "invalid" and "extreme" in refused["message"]
    assert "/bot LEVEL|NAME[:LEVEL] [SEAT]" in COMMANDS
    assert bots_after("/bot greedy") == [None, "mcts:hard", "greedy", "mcts:easy"]  # NAME[:LEVEL] as before
    seen = anyone.until(lambda m: m["type"] == "table" and m["table"]["seats"][2]["bot"])  # everyone hears of it
    assert [s["bot"] for s in seen["table"]["seats"]] == [None, "mcts:hard", "greedy", "mcts:easy"]
    assert [s["bot"] for s in ada.get(f"/api/tables/{tid}")["seats"]] == [None, "mcts:hard", "greedy", "mcts:easy"]
    # the lobby's command and the HTTP request take a bare level too (Roll Through the Ages' own search bot)
    other = ada.post("/api/tables", {"game": "rtta", "players": 3})["id"]
    cookie = {"Cookie": f"dolmen_session={ada.http.cookies.get('dolmen_session')}"}
    with connect(f"ws://127.0.0.1:{server.port}/ws/lobby", additional_headers=cookie) as lobby:
        lobby.send(json.dumps({"type": "chat", "text": f"/bot {other} medium 2"}))
        while (answer := json.loads(lobby.recv(10)))["type"] != "command":
            pass
    assert [s["bot"] for s in answer["table"]["seats"]] == [None, None, "mcts:medium"]
    assert ada.post(f"/api/tables/{other}/bot", {"bot": "easy"})["seats"][1]["bot"] == "mcts:easy"
    mine.send({"type": "chat", "text": "/bot medium"})
    assert mine.until_type("error")["code"] == "conflict"  # no seat is open any more
    for s in (mine, anyone):
        s.close()


def test_lobby_socket(server: Server) -> None:
    from websockets.sync.client import connect

    ada = Player(server, _name("ada"))
    cookie = ada.http.cookies.get("dolmen_session")
    url = f"ws://127.0.0.1:{server.port}/ws/lobby"
    with connect(url, additional_headers={"Cookie": f"dolmen_session={cookie}"}) as mine, connect(url) as anyone:
        first = json.loads(mine.recv(10))
        assert first["type"] == "lobby" and first["account"] == ada.name and first["version"] == 0
        assert json.loads(anyone.recv(10))["account"] is None
        tid = ada.post("/api/tables", {"game": "rtta", "players": 2})["id"]
        table = json.loads(anyone.recv(10))
        assert table["type"] == "table" and table["table"]["id"] == tid
        mine.send(json.dumps({"type": "chat", "text": "who plays?"}))
        while (said := json.loads(anyone.recv(10)))["type"] != "chat":
            pass
        assert said["text"] == "who plays?" and said["from"] == ada.name
        anyone.send(json.dumps({"type": "chat", "text": "me"}))
        while (refused := json.loads(anyone.recv(10)))["type"] != "error":
            pass
        assert refused["code"] == "not_authenticated"
        anyone.send("{nonsense")
        assert json.loads(anyone.recv(10))["code"] == "malformed"
    assert "who plays?" in [line["text"] for line in ada.get("/api/chat")]
