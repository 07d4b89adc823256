"""Faults of a multi-process set-up (issue 12): a server process SIGKILLed mid-game while the other carries on,
its clients reconnecting through nginx with nothing acknowledged lost; a bot worker SIGKILLed mid-search (its job
is retried by the other); Redis restarted; PostgreSQL restarted. The games go on after each."""

from __future__ import annotations

import random
import secrets
import time

from tests.scale.conftest import Cluster
from tests.scale.test_fanout import stored_step
from tests.server.harness import JSON, VIEWS, Player, Socket, play_scripted, spectator_socket
from tests.server.test_crash import _play_until


def _bots_table(player: Player, game: str = "stoneage", players: int = 2) -> int:
    body = {"game": game, "players": players, "seats": ["greedy"] * players, "join": False, "mode": "turn"}
    table: int = player.post("/api/tables", body)["id"]
    player.post(f"/api/tables/{table}/start")
    return table


def _moves_on(socket: Socket, beyond: int, timeout: float = 60.0) -> JSON:
    return socket.until(lambda m: m["type"] in VIEWS and (m["version"] > beyond or m["view"]["over"]), timeout)


def _upstream(socket: Socket) -> int:
    """The port of the server process nginx sent ``socket`` to."""
    assert socket.ws.response is not None
    return int(socket.ws.response.headers["X-Upstream"].rsplit(":", 1)[1])


def test_a_server_killed_mid_game_its_clients_reconnect_through_nginx(cluster: Cluster) -> None:
    assert cluster.nginx is not None
    ada = Player(cluster.nginx, f"ada_{secrets.token_hex(3)}")  # type: ignore[arg-type]
    body = {"game": "rtta", "players": 2, "seats": [None, "greedy"], "clock": {"initial": 600, "increment": 5}}
    duel = ada.post("/api/tables", body)["id"]
    ada.post(f"/api/tables/{duel}/start")
    bots = _bots_table(ada)
    socket = ada.socket(duel)
    victim = cluster.by_port(_upstream(socket))
    survivor = next(s for s in cluster.servers if s is not victim)
    watcher = spectator_socket(survivor, bots)
    acked: dict[int, str] = {}
    reached: JSON = _play_until(socket, 12, acked, random.Random(1))
    assert acked and not reached["view"]["over"]
    seen_bots = watcher.until(lambda m: m["type"] in VIEWS)
    victim.kill()
    try:
        last_acked = reached["version"]
        socket = ada.socket(duel, since=last_acked, epoch=0)  # nginx sends it to the survivor
        assert _upstream(socket) == survivor.port
        first = socket.until(lambda m: m["type"] in VIEWS)
        assert first["type"] == "update" and first["since"] == last_acked  # nothing acknowledged was lost
        socket.close()
        final = play_scripted(ada.socket(duel), seed=2, timeout=90, stop_at=last_acked + 15)
        assert final["version"] >= last_acked + 15 or final["view"]["over"]
        for version, text in acked.items():
            assert stored_step(cluster, duel, version + 1) == {"seat": 0, "action": text}
        assert _moves_on(watcher, seen_bots["version"] + 5)["version"] > seen_bots["version"]
    finally:
        victim.start(timeout=60)


def test_a_worker_killed_mid_search_costs_a_retry(cluster: Cluster) -> None:
    # the next greedy move at seat 2 never answers: a seat that only this test's table has (the bots' tables of
    # the tests before it may still be playing, at seats 0 and 1)
    (cluster.faults / "hang-2").write_text("1")
    hung = cluster.faults / "hung-2"
    ada = Player(cluster.servers[0], f"ada_{secrets.token_hex(3)}")
    table = _bots_table(ada, "rtta", players=3)
    watcher = spectator_socket(cluster.servers[1], table)
    deadline = time.monotonic() + 30
    while not hung.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hung.exists(), "no worker took the move"
    version = ada.get(f"/api/tables/{table}")["version"]
    thinker = next(w for w in cluster.workers if w.pid == int(hung.read_text()))
    thinker.kill()
    try:
        # the job's heartbeat stops: the other worker's sweep retries it, long before the bot timeout (20 s)
        moved = _moves_on(watcher, version, timeout=15)
        assert moved["version"] > version
    finally:
        hung.unlink()
        cluster.workers[cluster.workers.index(thinker)] = thinker.again()


def test_redis_restarted(cluster: Cluster) -> None:
    first, second = cluster.servers
    tag = secrets.token_hex(3)
    ada, bob = Player(first, f"ada_{tag}"), Player(second, f"bob_{tag}")
    table = ada.post("/api/tables", {"game": "rtta", "players": 2})["id"]
    bob.post(f"/api/tables/{table}/join")
    ada.post(f"/api/tables/{table}/start")
    bots = _bots_table(ada)
    ada_socket, bob_socket = ada.socket(table), bob.socket(table)
    start = ada_socket.until(lambda m: m["type"] in VIEWS)
    cluster.redis.restart()
    # a move right after the restart reaches the other process: its hub subscribed again (and re-read its tables)
    ada_socket.send({"type": "act", "action": start["legal"]["actions"][0], "version": start["version"]})
    assert bob_socket.view_at(start["version"] + 1, timeout=30)["version"] > start["version"]
    # the bot jobs queued in Redis were lost with it: the stalled table asks again
    watcher = spectator_socket(second, bots)
    now = watcher.until(lambda m: m["type"] in VIEWS)
    assert _moves_on(watcher, now["version"] + 3, timeout=30)["version"] > now["version"]


def test_postgres_restarted(cluster: Cluster) -> None:
    first, second = cluster.servers
    ada = Player(first, f"ada_{secrets.token_hex(3)}")
    table = ada.post("/api/tables", {"game": "rtta", "players": 2, "seats": [None, "greedy"]})["id"]
    ada.post(f"/api/tables/{table}/start")
    bots = _bots_table(ada)
    cluster.postgres.restart()
    again = Player(second, ada.name, sign_up=False)
    again.post("/api/session", {"name": ada.name, "password": "correct horse battery"})
    socket = again.socket(table)
    final = play_scripted(socket, seed=3, timeout=60, stop_at=20, tolerate=("refused",))
    assert final["version"] >= 20 or final["view"]["over"]
    watcher = spectator_socket(first, bots)
    now = watcher.until(lambda m: m["type"] in VIEWS)
    assert _moves_on(watcher, now["version"] + 3, timeout=30)["version"] > now["version"]
