"""Clocks over a real server: a real-time seat whose time runs out and a turn-based seat that misses its
deadline are played by the table's away bot until their person comes back; complete games go on to the end.
The list of my tables shows first the turn-based tables waiting for me."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator

import pytest

from dolmen.engine import Record
from dolmen.engine.record import verify
from dolmen.games import get_game
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import VIEWS, Player, Server, Socket, play_all, play_scripted, started_pair


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    running = Server(fresh_database(request.param, request), min_per_move=1.0).start()
    yield running
    running.stop()


def _first_state(socket: Socket) -> dict[str, object]:
    return socket.until(lambda m: m["type"] == "state")


def _until_away(socket: Socket, seat: int, away: bool, timeout: float = 60.0) -> dict[str, object]:
    return socket.until(lambda m: m["type"] == "table" and m["table"]["seats"][seat]["away"] is away, timeout)


def test_realtime_a_seat_out_of_time_is_played_by_the_bot_until_its_person_is_back(server: Server) -> None:
    ada, bob, table = started_pair(server, {"clock": {"initial": 4, "increment": 8}, "away_bot": "random"})
    assert (table["mode"], table["away_bot"]) == ("realtime", "random")
    assert table["clock"] == {"initial": 4.0, "increment": 8.0}
    tid = table["id"]
    sockets = [ada.socket(tid), bob.socket(tid)]
    states = [_first_state(s) for s in sockets]
    clocks = states[0]["clocks"]
    assert clocks["mode"] == "realtime" and clocks["deadline"] and clocks["server_time"]
    idle = states[0]["view"]["actors"][0]
    assert clocks["running"] == [idle] and 0 < clocks["remaining"][idle] <= 4 and clocks["remaining"][1 - idle] == 4
    assert all(m["epoch"] == 0 for s in sockets for m in s.received)
    # the seat to act does nothing: its time runs out, it is away, the bot plays it
    _until_away(sockets[idle], idle, True)
    moved = sockets[1 - idle].until(lambda m: m["type"] in VIEWS and m["version"] > states[0]["version"])
    assert moved["clocks"]["remaining"][idle] == 0.0
    sockets[idle].send({"type": "chat", "text": "/back"})
    _until_away(sockets[idle], idle, False)
    # back with no time left: each move within one increment
    running = sockets[idle].until(
        lambda m: m["type"] in VIEWS and idle in m["clocks"]["running"] and m["legal"]["actions"], 120
    )
    assert 0 < running["clocks"]["remaining"][idle] <= 8
    # on a loaded machine a move may still come too late: the seat is away again and its act refused
    finals = play_all(sockets, seed=4, timeout=240, tolerate=("conflict",))
    assert all(f["view"]["over"] for f in finals) and finals[0]["clocks"]["running"] == []
    record = Record.from_json(ada.get(f"/api/tables/{tid}/record"))
    by_bot = [step for step in record.steps if step.get("by") == "bot"]
    assert any(step["seat"] == idle for step in by_bot)  # (on a loaded machine the other may run out too)
    verify(get_game("rtta"), record)
    time.sleep(0.3)
    assert "rtta" not in ada.get(f"/api/players/{ada.name}")["ratings"]  # a bot played for a person: unrated
    for s in sockets:
        s.close()


def test_turn_based_a_missed_deadline_and_a_complete_game_against_the_away_bot(server: Server) -> None:
    tag = secrets.token_hex(3)
    refused = Player(server, f"cy_{tag}").http.post(
        "/api/tables", json={"game": "rtta", "players": 2, "mode": "turn", "clock": {"per_move": 0.5}}
    )
    assert refused.status_code == 422
    ada, bob, table = started_pair(server, {"mode": "turn", "clock": {"per_move": 2}})
    assert table["mode"] == "turn" and table["clock"] == {"per_move": 2.0} and table["away_bot"] == "greedy"
    tid = table["id"]
    sockets = [ada.socket(tid), bob.socket(tid)]
    state = _first_state(sockets[0])
    idle = state["view"]["actors"][0]
    clocks = state["clocks"]
    assert clocks["mode"] == "turn" and clocks["remaining"] == [None, None] and clocks["running"] == [idle]
    _until_away(sockets[1 - idle], idle, True)
    mine = ada.get("/api/me/tables")
    assert mine[0]["id"] == tid and mine[0]["mode"] == "turn"
    final = play_scripted(sockets[1 - idle], seed=8, timeout=240)  # the other person against the away bot
    assert final["view"]["over"]
    record = Record.from_json(bob.get(f"/api/tables/{tid}/record"))
    assert any(step.get("by") == "bot" for step in record.steps)
    assert all(step["seat"] == idle for step in record.steps if step.get("by"))
    for s in sockets:
        s.close()


def _pass_the_turn(socket: Socket, mine: int, seed: int) -> dict[str, object]:
    """Play seat ``mine`` at random until another seat is to act; returns that view."""
    rng = random.Random(seed)
    acted_at = -1
    while True:
        message = socket.until(lambda m: m["type"] in VIEWS, 60)
        actors = message["view"]["actors"]
        if actors and mine not in actors and "chance" not in actors:
            return message
        actions = message["legal"]["actions"]
        if actions and message["version"] != acted_at:
            acted_at = message["version"]
            socket.send({"type": "act", "action": rng.choice(actions), "version": message["version"]})


def test_my_tables_list_first_the_turn_based_tables_waiting_for_me(server: Server) -> None:
    tag = secrets.token_hex(3)
    ada, bob = Player(server, f"ada_{tag}"), Player(server, f"bob_{tag}")
    turn = {"game": "rtta", "players": 2, "mode": "turn"}

    def started(creator: Player, joiner: Player) -> int:
        tid: int = creator.post("/api/tables", turn)["id"]
        joiner.post(f"/api/tables/{tid}/join")
        creator.post(f"/api/tables/{tid}/start")
        return tid

    # the first seat (the creator's) acts first in Roll Through the Ages
    older_mine = started(ada, bob)
    theirs = started(bob, ada)
    waiting = ada.post("/api/tables", turn)["id"]  # open: nobody's turn
    newer_mine = started(ada, bob)

    def listed(player: Player) -> list[tuple[int, bool]]:
        return [(t["id"], t["your_turn"]) for t in player.get("/api/me/tables")]

    assert listed(ada) == [(newer_mine, True), (older_mine, True), (waiting, False), (theirs, False)]
    assert listed(bob) == [(theirs, True), (newer_mine, False), (older_mine, False)]
    # bob plays his turn at his table: now it waits for ada, and comes up among her tables to play
    socket = bob.socket(theirs)
    passed = _pass_the_turn(socket, 0, seed=7)
    assert passed["view"]["actors"] == [1]
    assert listed(ada) == [(newer_mine, True), (theirs, True), (older_mine, True), (waiting, False)]
    assert listed(bob) == [(newer_mine, False), (theirs, False), (older_mine, False)]
    socket.close()
