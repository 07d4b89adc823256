"""Integration: a real uvicorn in a subprocess, real websocket clients, on SQLite and on PostgreSQL.

Complete games of both titles with every module (Roll Through the Ages' two editions with trade; Stone Age with
five players, every module and hidden cards), real-time and turn-based, between scripted people and bots. Every
message sent to each spectator and each person's socket is kept and scanned: none holds the dice secret before
the end; every view and log event is the engine's own for that viewer at that version (so no seat's hidden cards
reach anyone else, checked besides on the hands themselves); no other message carries any game state. The record
downloaded at the end replays to the same result with dice drawn from the revealed secret."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from dolmen.engine import Record, Table
from dolmen.engine.record import verify
from dolmen.games import get_game
from dolmen.games.stoneage.module_components import MODULES
from dolmen.server.protocol import MAX_LEGAL
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import VIEWS, Player, Server, Socket, play_all, play_scripted, spectator_socket, watch


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    running = Server(fresh_database(request.param, request)).start()
    yield running
    running.stop()


def _names(prefix: str, n: int) -> list[str]:
    import secrets

    tag = secrets.token_hex(3)
    return [f"{prefix}{i}_{tag}" for i in range(n)]


def _watch_in_thread(socket: Socket) -> tuple[threading.Thread, list[object]]:
    out: list[object] = []

    def run() -> None:
        try:
            out.append(watch(socket))
        except BaseException as exc:
            out.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def _assert_no_secret_before_end(messages: list[dict[str, object]], raw: list[str], secret: str) -> None:
    for message, text in zip(messages, raw, strict=True):
        view = message.get("view")
        if isinstance(view, dict) and view.get("over"):
            break
        assert secret not in text
        assert '"secret"' not in text


GAME_STATE = frozenset({"view", "events", "board", "legal", "secret", "cards", "steps"})
"""Keys that carry a game's state: only view messages (``state``, ``update``, ``resync``) may hold them."""


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(inner) for inner in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(inner) for inner in value))
    return set()


def _assert_no_state_outside_views(socket: Socket) -> None:
    """Every message that is not a view (``table``, ``chat``, ``error``, ``pong``…) carries no game state."""
    others = [m for m in socket.received if m["type"] not in VIEWS]
    assert others, "a client always gets its table message"
    for message in others:
        assert not _keys(message) & GAME_STATE, message


def _assert_every_message_is_the_engines(record: Record, clients: list[tuple[int | None, Socket]]) -> None:
    """Replay ``record`` step by step with its revealed secret: every view message a client received is the
    engine's view for that client's viewer at that version, and its events the engine's events since ``since``
    for that viewer — nothing more (Stone Age: another seat's hidden cards appear in no view)."""
    game = get_game(record.game)
    assert record.secret is not None
    table = Table(game, record.players, record.options, secret=bytes.fromhex(record.secret))
    waiting: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    for viewer, socket in clients:
        for message in socket.received:
            if message["type"] in VIEWS:
                assert message["seat"] == viewer
                waiting[message["version"]].append((viewer, message))
    hidden_hands = record.game == "stoneage" and not record.options.get("open_cards")
    for step in record.steps:
        if "chance" in step:
            table.roll()
        else:
            table.submit(step["seat"], step["action"], table.version, by=step.get("by"))
        for viewer, message in waiting.pop(table.version, []):
            assert message["view"] == json.loads(json.dumps(table.view(viewer)))
            assert message["events"] == json.loads(json.dumps(table.events(viewer, message["since"])))
            if hidden_hands and not table.is_over():
                others = [p for n, p in enumerate(message["view"]["board"]["seats"]) if n != viewer]
                assert all(place["cards"] is None for place in others)
    assert not waiting, "messages at versions the record never reached"


@pytest.mark.parametrize(
    ("game", "seats", "options", "mode"),
    [
        ("rtta", [None, None, "greedy"], {"trade": True}, "realtime"),  # the bronze edition with its trade variant
        ("rtta", [None, "random", None], {"edition": "late"}, "turn"),  # trade offers: lazy legal lists
        ("stoneage", [None, "greedy"], {}, "turn"),
        (
            "stoneage",
            [None, "random", "greedy", None, "mcts:easy"],
            {"modules": list(MODULES), "open_cards": False},
            "realtime",
        ),
    ],
    ids=["rtta-bronze-trade", "rtta-late-turn-based", "stoneage-turn-based", "stoneage-5-every-module"],
)
def test_complete_game_people_bots_and_a_spectator(
    server: Server, game: str, seats: list[str | None], options: dict[str, object], mode: str
) -> None:
    humans = sum(1 for s in seats if s is None)
    players = [Player(server, name) for name in _names(game, humans)]
    body = {"game": game, "players": len(seats), "options": options, "seats": seats, "mode": mode}
    table = players[0].post("/api/tables", body)
    for player in players[1:]:
        player.post(f"/api/tables/{table['id']}/join")
    spectator = spectator_socket(server, table["id"])
    assert spectator.until_type("table")["table"]["status"] == "open"
    sockets = [p.socket(table["id"]) for p in players]
    started = players[0].post(f"/api/tables/{table['id']}/start")
    assert started["status"] == "running" and len(started["commitment"]) == 64
    watcher, watched = _watch_in_thread(spectator)
    finals = play_all(sockets, seed=7, timeout=240)
    watcher.join(60)
    assert not isinstance(watched[0], BaseException), watched[0]

    for message in (m for s in sockets for m in s.received if m["type"] in VIEWS):  # trade's lists are long
        legal = message["legal"]
        assert len(legal["actions"]) == min(legal["count"], MAX_LEGAL) and legal["more"] == (legal["count"] > MAX_LEGAL)
    final_version = finals[0]["version"]
    assert all(f["version"] == final_version and f["view"]["over"] for f in finals)
    secret = finals[0]["view"]["secret"]
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == started["commitment"]
    for index, socket in enumerate([spectator, *sockets]):
        # an opponent's messages and a spectator's never hold the secret before the end
        _assert_no_secret_before_end(socket.received, socket.raw, secret)
        _assert_no_state_outside_views(socket)
        versions = [m["version"] for m in socket.received if m["type"] in VIEWS]
        assert versions == sorted(versions), f"client {index} saw versions go back"

    info = players[0].get(f"/api/tables/{table['id']}")
    assert info["status"] == "finished" and info["version"] == final_version
    record = Record.from_json(players[1 % len(players)].get(f"/api/tables/{table['id']}/record"))
    assert len(record.steps) == final_version
    state = verify(get_game(game), record)  # the dice are the secret's, the secret is the commitment's
    assert state.is_over() and state.result().to_json()["scores"] == finals[0]["view"]["result"]["scores"]
    people = [s["seat"] for s in info["seats"] if s["name"] is not None]
    _assert_every_message_is_the_engines(record, [(None, spectator), *zip(people, sockets, strict=True)])
    assert all(m["clocks"]["mode"] == mode for m in spectator.received if m["type"] in VIEWS)
    for s in [spectator, *sockets]:
        s.close()


def test_bots_only_table_watched(server: Server) -> None:
    (owner,) = [Player(server, n) for n in _names("owner", 1)]
    table = owner.post("/api/tables", {"game": "rtta", "players": 2, "seats": ["greedy", "random"], "join": False})
    spectator = spectator_socket(server, table["id"])
    owner.post(f"/api/tables/{table['id']}/start")
    final = watch(spectator, timeout=60)
    assert final["view"]["over"] and final["legal"]["actions"] == []
    assert owner.get(f"/api/tables/{table['id']}")["status"] == "finished"
    assert [t["id"] for t in owner.get("/api/tables?status=finished")].count(table["id"]) == 1


def test_play_again(server: Server) -> None:
    ada, bob = (Player(server, n) for n in _names("again", 2))
    table = ada.post("/api/tables", {"game": "rtta", "players": 3, "seats": [None, "greedy", None]})
    bob.post(f"/api/tables/{table['id']}/join")
    assert ada.http.post(f"/api/tables/{table['id']}/again").status_code == 409  # not over (not even started)
    ada.post(f"/api/tables/{table['id']}/start")
    sockets = [ada.socket(table["id"]), bob.socket(table["id"])]
    play_all(sockets, seed=3)
    assert Player(server, _names("eve", 1)[0]).http.post(f"/api/tables/{table['id']}/again").status_code == 403
    new = bob.post(f"/api/tables/{table['id']}/again")
    assert new["status"] == "open" and new["options"] == table["options"] and new["creator"] != table["creator"]
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [(None, None), (None, "greedy"), (bob.name, None)]
    assert sockets[0].until_type("again")["table"] == new["id"]
    ada.post(f"/api/tables/{new['id']}/join", {"seat": 0})
    assert bob.post(f"/api/tables/{new['id']}/start")["status"] == "running"
    for s in sockets:
        s.close()


def test_games_between_people_change_ratings(server: Server) -> None:
    ada, bob = (Player(server, n) for n in _names("rated", 2))
    table = ada.post("/api/tables", {"game": "rtta", "players": 2})
    bob.post(f"/api/tables/{table['id']}/join")
    ada.post(f"/api/tables/{table['id']}/start")
    finals = play_all([ada.socket(table["id"]), bob.socket(table["id"])], seed=5)
    ranks = finals[0]["view"]["result"]["ranks"]
    for _ in range(100):  # the rating is computed just after the end
        profiles = [ada.get(f"/api/players/{p.name}") for p in (ada, bob)]
        if all("rtta" in p["ratings"] for p in profiles):
            break
        time.sleep(0.05)
    mus = [p["ratings"]["rtta"]["mu"] for p in profiles]
    assert all(p["ratings"]["rtta"]["games"] == 1 for p in profiles)
    if ranks[0] != ranks[1]:
        assert (mus[0] > mus[1]) == (ranks[0] < ranks[1])
    board = [r["name"] for r in ada.get("/api/ratings/rtta")]
    assert ada.name in board and bob.name in board
    assert profiles[0]["games"][0]["id"] == table["id"]
    # games with a bot in a seat do not count
    assert ada.http.get("/api/ratings/chess").status_code == 422


def test_a_bot_plays_for_a_person_away_until_they_come_back(server: Server) -> None:
    ada, bob = (Player(server, n) for n in _names("away", 2))
    table = ada.post("/api/tables", {"game": "rtta", "players": 2})
    tid = table["id"]
    bob.post(f"/api/tables/{tid}/join")
    ada.post(f"/api/tables/{tid}/start")
    left = bob.post(f"/api/tables/{tid}/leave")
    assert left["status"] == "running" and left["seats"][1]["away"] and left["seats"][1]["name"] == bob.name
    mine = ada.socket(tid)
    reached = play_scripted(mine, seed=11, stop_at=20)
    assert reached["version"] >= 20 or reached["view"]["over"]
    assert not bob.post(f"/api/tables/{tid}/back")["seats"][1]["away"]
    mine.close()
    play_all([ada.socket(tid), bob.socket(tid)], seed=12)  # a new socket starts from a full state
    record = Record.from_json(ada.get(f"/api/tables/{tid}/record"))
    by_bot = [n for n, step in enumerate(record.steps) if step.get("by") == "bot"]
    assert by_bot and all(record.steps[n]["seat"] == 1 for n in by_bot)
    verify(get_game("rtta"), record)
    time.sleep(0.3)
    assert "rtta" not in ada.get(f"/api/players/{bob.name}")["ratings"]  # a game with a bot for a person
