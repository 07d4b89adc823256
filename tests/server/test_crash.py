"""Crash safety: SIGKILL the server in the middle of games (a person against a bot in real time, and bots alone
at a turn-based table), start it again on the same database: every acknowledged step is there, the clocks resume
where they stopped (the downtime is not charged), the bots pick up and the games go on."""

from __future__ import annotations

import random
import secrets
import time

import pytest

from dolmen.engine import Record, replay
from dolmen.games import get_game
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import VIEWS, Player, Server, Socket, play_scripted, spectator_socket, watch


def _play_until(socket: Socket, version: int, acked: dict[int, str], rng: random.Random) -> dict[str, object]:
    """Play random legal actions until the table reaches ``version``; ``acked`` collects, by the version they
    were sent at, the actions whose update came back (the server's acknowledgement)."""
    sent: dict[int, str] = {}
    while True:
        message = socket.until(lambda m: m["type"] in VIEWS)
        if message["type"] == "update" and message["since"] in sent:
            acked[message["since"]] = sent.pop(message["since"])
        if message["version"] >= version or message["view"]["over"]:
            return message
        actions = message["legal"]["actions"]
        if actions and message["version"] not in sent and message["version"] not in acked:
            sent[message["version"]] = rng.choice(actions)
            socket.send({"type": "act", "action": sent[message["version"]], "version": message["version"]})


@pytest.mark.parametrize("backend", BACKENDS)
def test_sigkill_mid_game_then_restart(backend: str, request: pytest.FixtureRequest) -> None:
    url = fresh_database(backend, request)
    server = Server(url, clock_pause=2.0).start()
    try:
        ada = Player(server, f"ada_{secrets.token_hex(3)}")
        body = {"game": "rtta", "players": 2, "seats": [None, "greedy"], "clock": {"initial": 60, "increment": 5}}
        duel = ada.post("/api/tables", body)["id"]
        ada.post(f"/api/tables/{duel}/start")
        body = {"game": "stoneage", "players": 2, "seats": ["greedy", "greedy"], "join": False, "mode": "turn"}
        bots_id = ada.post("/api/tables", body)["id"]
        spectator = spectator_socket(server, bots_id)
        ada.post(f"/api/tables/{bots_id}/start")
        socket = ada.socket(duel)
        acked: dict[int, str] = {}
        reached = _play_until(socket, 25, acked, random.Random(1))
        assert not reached["view"]["over"] and acked
        seen_bots = spectator.until(lambda m: m["type"] in VIEWS and m["version"] >= 10)
        if not reached["legal"]["actions"]:  # wait for ada's turn: her clock runs when the server dies
            reached = socket.until(lambda m: m["type"] in VIEWS and m["legal"]["actions"])
        seen = time.monotonic()
        server.kill()
        killed = time.monotonic()
        last_acked = reached["version"]
        left = reached["clocks"]["remaining"][0]
        assert reached["clocks"]["running"] == [0] and left > 10
        assert not seen_bots["view"]["over"], "the bots finished before the crash"
    finally:
        server.stop()

    time.sleep(max(0.0, 8.0 - (time.monotonic() - killed)))  # a downtime of 8 s at least
    restarted = time.monotonic()
    server = Server(url, clock_pause=2.0).start()
    try:
        ada = Player(server, ada.name, sign_up=False)
        ada.post("/api/session", {"name": ada.name, "password": "correct horse battery"})
        table = ada.get(f"/api/tables/{duel}")
        assert table["status"] == "running" and table["version"] >= last_acked
        socket = ada.socket(duel, since=last_acked)
        first = socket.until(lambda m: m["type"] in VIEWS)
        assert first["type"] == "update" and first["since"] == last_acked  # nothing acknowledged was lost
        assert restarted - killed >= 8.0
        # charged: the moments before the kill and after the restart (slow on a loaded machine), never the 8 s
        # of downtime; a second of margin for the message's way to the test. The time after the server's last
        # heartbeat (one a second) before the kill is not charged either: the clock may show up to a beat more.
        up = (killed - seen) + (time.monotonic() - restarted)
        assert left - up - 1.0 < first["clocks"]["remaining"][0] <= left + 1.0 + 0.1
        socket.close()
        socket = ada.socket(duel)
        final = play_scripted(socket, seed=2, timeout=120)
        assert final["view"]["over"]
        bots_final = watch(spectator_socket(server, bots_id), timeout=120)
        assert bots_final["view"]["over"]

        record = Record.from_json(ada.get(f"/api/tables/{duel}/record"))
        for version, text in acked.items():
            assert record.steps[version] == {"seat": 0, "action": text}, f"acknowledged step {version + 1} lost"
        replay(get_game("rtta"), record)
        replay(get_game("stoneage"), Record.from_json(ada.get(f"/api/tables/{bots_id}/record")))
    finally:
        server.stop()
