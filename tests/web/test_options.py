"""``GET /api/games/{game}/options``: what a new table may be — each option's values (every one the engine's
``check_options`` accepts, none it refuses), the modes and the bounds of their clocks — and the engine's word on
one choice, so that the lobby's form keeps no copy of them."""

from __future__ import annotations

import json
from urllib.parse import quote

from dolmen.engine.errors import OptionsError
from dolmen.games import get_game
from tests.web.conftest import SETTINGS, Server


def _accepted(game: str, options: dict[str, object]) -> bool:
    try:
        get_game(game).check_options(get_game(game).min_players, options)
    except OptionsError:
        return False
    return True


def test_every_option_with_the_values_the_engine_accepts(server: Server) -> None:
    rtta = server.client.get("/api/games/rtta/options").json()
    assert rtta["options"] == [
        {"name": "edition", "default": "bronze", "kind": "one", "values": ["bronze", "late"]},  # docs/rtta.md
        {"name": "trade", "default": False, "kind": "flag"},
    ]
    stoneage = {o["name"]: o for o in server.client.get("/api/games/stoneage/options").json()["options"]}
    assert set(stoneage) == set(get_game("stoneage").default_options())
    modules = stoneage["modules"]
    assert modules["kind"] == "many" and modules["default"] == []
    # docs/stoneage.md "Options": the six modules of seed 003, each accepted alone and all together
    assert modules["values"] == ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"]
    assert all(_accepted("stoneage", {"modules": [m]}) for m in modules["values"])
    assert _accepted("stoneage", {"modules": modules["values"]})
    assert not _accepted("stoneage", {"modules": ["dragons"]})
    assert stoneage["open_cards"] == {"name": "open_cards", "default": False, "kind": "flag"}


def test_the_modes_and_their_clocks_are_the_servers(server: Server) -> None:
    doc = server.client.get("/api/games/rtta/options").json()
    realtime, turn = doc["modes"]["realtime"], doc["modes"]["turn"]
    assert realtime["initial"] == {"min": 1, "max": 86400, "default": 900}  # docs/protocol.md "Modes and clocks"
    assert realtime["increment"] == {"min": 0, "max": 3600, "default": 15}
    assert turn["per_move"] == {"min": SETTINGS.min_per_move, "max": 14 * 86400, "default": 86400}
    assert doc["away_bot"] == SETTINGS.away_bot
    # the bounds are the ones table creation checks: just outside them is refused
    client, _ = server.sign_up("ann")
    base = {"game": "rtta", "players": 1}
    for mode, clock, status in (
        ("realtime", {"initial": realtime["initial"]["max"], "increment": realtime["increment"]["max"]}, 201),
        ("realtime", {"initial": realtime["initial"]["max"] + 1, "increment": 0}, 422),
        ("turn", {"per_move": turn["per_move"]["min"]}, 201),
        ("turn", {"per_move": turn["per_move"]["min"] - 1}, 422),
    ):
        answer = client.post("/api/tables", json={**base, "mode": mode, "clock": clock})
        assert answer.status_code == status, (mode, clock, answer.text)


def test_a_choice_checked_by_the_engine(server: Server) -> None:
    def check(game: str, players: int, options: dict[str, object]) -> dict[str, object]:
        query = f"players={players}&options={quote(json.dumps(options))}"
        answer: dict[str, object] = server.client.get(f"/api/games/{game}/options?{query}").json()["check"]
        return answer

    # The Late Bronze Age always trades (docs/rtta.md "Options"): the engine completes the options so
    assert check("rtta", 2, {"edition": "late"}) == {"players": 2, "options": {"edition": "late", "trade": True}}
    five = check("stoneage", 5, {"modules": ["winter"]})
    assert five["players"] == 5 and "extension" in str(five["error"])  # 5 players need the extension
    assert five["reason"] == {"event": "options_need_extension", "players": 5}  # to say in the reader's language
    assert check("stoneage", 5, {"modules": ["winter", "extension"]})["options"] == {
        "modules": ["extension", "winter"],
        "open_cards": False,
    }
    assert "error" in check("rtta", 5, {})
    assert "error" in check("rtta", 2, {"colour": "red"})
    assert server.client.get("/api/games/rtta/options?players=2&options=[1]").status_code == 422
    assert server.client.get("/api/games/rtta/options?players=0").status_code == 422
    assert server.client.get("/api/games/chess/options").json()["error"] == "not_found"
