"""A bot never gets more than its seat's view, on the real server path: a uvicorn server (SQLite, PostgreSQL)
whose bot worker processes run ``tests.server.recording_bots``, which writes down every view a bot is sent
before the bot chooses. Complete games between a scripted person and bots; then, replaying the record with its
revealed secret, every view a bot was sent is the engine's view of that bot's own seat at a version where it was
to act — in Stone Age without open cards no other seat's civilization cards — and carries nothing of the dice
secret: neither the secret itself nor anything that depends on it (the same steps under another secret give the
very same view, so no future die can be read from it)."""

from __future__ import annotations

import json
import secrets
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dolmen.engine import Record, Table
from dolmen.engine.dice import new_secret
from dolmen.games import get_game
from dolmen.games.stoneage.module_components import MODULES
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import Player, Server, play_scripted
from tests.server.recording_bots import recorded


@pytest.fixture(scope="module", params=BACKENDS)
def recording(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("views")
    running = Server(
        fresh_database(request.param, request),
        bot_target="tests.server.recording_bots:choose",
        env={"DOLMEN_TEST_VIEWS": str(folder)},
    ).start()
    yield running, folder
    running.stop()


def _canon(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("stoneage", [None, "greedy", "random", "mcts:easy"], {"modules": list(MODULES), "open_cards": False}),
        ("rtta", [None, "greedy", "mcts:easy"], {"edition": "late"}),
    ],
    ids=["stoneage-hidden-cards", "rtta-late"],
)
def test_a_bot_is_sent_its_seats_view_and_nothing_more(
    recording: tuple[Server, Path], game: str, seats: list[str | None], options: dict[str, Any]
) -> None:
    server, folder = recording
    (folder / "views.jsonl").unlink(missing_ok=True)  # the module's earlier games are over: no bot is asked now
    person = Player(server, f"solo_{secrets.token_hex(3)}")
    body = {"game": game, "players": len(seats), "seats": seats, "options": options, "mode": "turn"}
    table = person.post("/api/tables", body)
    socket = person.socket(table["id"])
    person.post(f"/api/tables/{table['id']}/start")
    final = play_scripted(socket, seed=21, timeout=300)
    socket.close()
    assert final["view"]["over"]
    record = Record.from_json(person.get(f"/api/tables/{table['id']}/record"))
    asked = recorded(folder)

    bot_seats = {n for n, spec in enumerate(seats) if spec}
    assert {a["seat"] for a in asked} == bot_seats
    assert all(a["game"] == game and a["spec"] == seats[a["seat"]] for a in asked)  # no fallback was needed
    bot_moves = [s for s in record.steps if s.get("seat") in bot_seats]
    assert len(asked) >= len(bot_moves)  # each move a bot made was asked of it, through a worker

    # the engine's view of each bot seat at every version it was to act, under the secret and under another
    assert record.secret is not None
    rules = get_game(game)
    table_now = Table(rules, record.players, record.options, secret=bytes.fromhex(record.secret))
    twin = Table(rules, record.players, record.options, secret=new_secret())
    own: dict[int, set[str]] = defaultdict(set)
    for step in [*record.steps, None]:
        for seat in set(table_now.state.actors()) & bot_seats:
            board = table_now.view(seat)["board"]
            assert _canon(board) == _canon(twin.view(seat)["board"])  # nothing in it depends on the secret
            own[seat].add(_canon(board))
        if step is not None:
            table_now.extend([step])  # the dice checked against the secret
            twin.extend([step], verify=False)

    hidden_seen = 0
    for ask in asked:
        seat, view = ask["seat"], ask["view"]
        assert view["viewer"] == seat
        assert _canon(view) in own[seat], "a view that is not the engine's view of the bot's own seat"
        text = json.dumps(view)
        assert record.secret not in text and "secret" not in set(_keys(view))
        if game == "stoneage":
            others = [place for n, place in enumerate(view["seats"]) if n != seat]
            assert all(place["cards"] is None for place in others)
            hidden_seen += sum(1 for place in others if place["card_count"])
    if game == "stoneage":
        assert hidden_seen  # other seats held cards, and they stayed hidden
