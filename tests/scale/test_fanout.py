"""Several server processes share the tables (issue 12): a move made through one process reaches the clients of
the others, and two moves for one table arriving at two processes at once are serialized by the database's
unique (table, version) key — one wins, the other client gets a ``resync``."""

from __future__ import annotations

import secrets
import threading

import psycopg

from tests.scale.conftest import Cluster
from tests.server.harness import VIEWS, Player, Socket, spectator_socket


def test_a_move_through_one_process_reaches_the_others(cluster: Cluster) -> None:
    first, second = cluster.servers
    tag = secrets.token_hex(3)
    ada, bob = Player(first, f"ada_{tag}"), Player(second, f"bob_{tag}", sign_up=True)
    table = ada.post("/api/tables", {"game": "rtta", "players": 2})["id"]
    bob.post(f"/api/tables/{table}/join")
    ada.post(f"/api/tables/{table}/start")
    sockets = [ada.socket(table), bob.socket(table)]
    watcher = spectator_socket(second, table)
    last = [socket.until(lambda m: m["type"] in VIEWS) for socket in sockets]
    for _ in range(12):  # whoever acts moves through their process; the other process's client sees the move
        version = last[0]["version"]
        actor = last[0]["view"]["actors"][0]
        sockets[actor].send({"type": "act", "action": last[actor]["legal"]["actions"][0], "version": version})
        last = [socket.view_at(version + 1) for socket in sockets]
        assert last[0]["version"] == last[1]["version"] > version
        assert last[1 - actor]["events"], "the client of the other process heard of the move"
        if last[0]["view"]["over"]:
            break
    assert watcher.view_at(last[0]["version"])["version"] == last[0]["version"]


def test_every_socket_of_the_other_process_gets_each_move(cluster: Cluster) -> None:
    """Several sockets of one table on the process that did not make the move: the first to look reads the steps
    from the database, the others wait for that read (none may look at the table before it and miss the step)."""
    first, second = cluster.servers
    tag = secrets.token_hex(3)
    ada, bob = Player(first, f"ada_{tag}"), Player(second, f"bob_{tag}")
    table = ada.post("/api/tables", {"game": "rtta", "players": 2})["id"]
    bob.post(f"/api/tables/{table}/join")
    ada.post(f"/api/tables/{table}/start")
    players = [ada.socket(table), bob.socket(table)]
    watchers = [spectator_socket(second, table) for _ in range(3)]
    last = [socket.until(lambda m: m["type"] in VIEWS) for socket in players]
    for _ in range(12):
        version = last[0]["version"]
        actor = last[0]["view"]["actors"][0]
        players[actor].send({"type": "act", "action": last[actor]["legal"]["actions"][0], "version": version})
        last = [socket.view_at(version + 1) for socket in players]
        seen = [watcher.view_at(version + 1)["version"] for watcher in watchers]
        assert seen == [last[0]["version"]] * 3
        if last[0]["view"]["over"]:
            break


def test_conflicting_moves_at_two_processes_one_wins_the_other_resyncs(cluster: Cluster) -> None:
    first, second = cluster.servers
    tag = secrets.token_hex(3)
    ada = Player(first, f"ada_{tag}")
    table = ada.post("/api/tables", {"game": "rtta", "players": 2, "seats": [None, "random"]})["id"]
    ada.post(f"/api/tables/{table}/start")
    again = Player(second, ada.name, sign_up=False)
    again.post("/api/session", {"name": ada.name, "password": "correct horse battery"})
    rounds = 0
    for _ in range(5):
        tabs = [ada.socket(table), again.socket(table)]  # one tab on each process
        views = [tab.until(lambda m: m["type"] in VIEWS and bool(m["legal"]["actions"]), 60) for tab in tabs]
        version = max(v["version"] for v in views)
        views = [tab.view_at(version) if v["version"] < version else v for tab, v in zip(tabs, views, strict=True)]
        actions = views[0]["legal"]["actions"]
        if len(actions) < 2 or views[1]["version"] != version:
            for tab in tabs:
                tab.close()
            continue
        barrier = threading.Barrier(2)
        messages = [{"type": "act", "action": actions[i], "version": version} for i in range(2)]
        threads = [threading.Thread(target=_send_together, args=(tabs[i], messages[i], barrier)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for tab in tabs:  # a client's messages are answered in order: whatever its act brought comes before pong
            tab.send({"type": "ping"})
        resynced = [_resynced_before_pong(tab) for tab in tabs]
        assert sorted(resynced) == [False, True], "one move won, the other client got a resync"
        assert stored_step(cluster, table, version + 1)["action"] == actions[resynced.index(False)]
        rounds += 1
        for tab in tabs:
            tab.close()
    assert rounds >= 3


def _send_together(tab: Socket, message: dict[str, object], barrier: threading.Barrier) -> None:
    barrier.wait()
    tab.send(message)


def _resynced_before_pong(tab: Socket) -> bool:
    resynced = False
    while (message := tab.recv(30))["type"] != "pong":
        resynced |= message["type"] == "resync"
    return resynced


def stored_step(cluster: Cluster, table: int, version: int) -> dict[str, object]:
    with psycopg.connect(cluster.postgres.url) as db:
        row = db.execute("SELECT step FROM steps WHERE table_id = %s AND version = %s", (table, version)).fetchone()
    assert row is not None
    step: dict[str, object] = row[0]
    return step
