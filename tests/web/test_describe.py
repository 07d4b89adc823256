"""``GET /api/games/{game}/describe?options=JSON``: the engine's ``describe(options)`` as it is, so that the
client draws track lengths, costs and effects from the game instead of keeping its own copy."""

from __future__ import annotations

import json
from urllib.parse import quote

from dolmen.games import get_game
from tests.web.conftest import Server


def test_describe_is_the_engines_for_these_options(server: Server) -> None:
    late = {"edition": "late", "trade": True}
    doc = server.client.get(f"/api/games/rtta/describe?options={quote(json.dumps(late))}").json()
    assert doc == json.loads(json.dumps(get_game("rtta").describe(late)))
    assert {d["name"] for d in doc["developments"]} >= {"shipping", "smithing", "commerce"}  # docs/rtta.md
    modules = {"modules": ["extension", "igloos"]}
    doc = server.client.get(f"/api/games/stoneage/describe?options={quote(json.dumps(modules))}").json()
    assert doc == json.loads(json.dumps(get_game("stoneage").describe(modules)))
    assert server.client.get("/api/games/stoneage/describe").json()["modules"] == []  # the defaults


def test_bad_options_and_unknown_games(server: Server) -> None:
    bad = server.client.get(f"/api/games/rtta/describe?options={quote(json.dumps({'edition': 'iron'}))}")
    assert bad.status_code == 422 and "edition" in bad.json()["message"]
    assert bad.json()["reason"] == {"event": "options_edition", "given": "'iron'"}
    for options in ("{not json", "[1, 2]"):
        answer = server.client.get(f"/api/games/rtta/describe?options={quote(options)}")
        assert answer.status_code == 422 and answer.json()["error"] == "invalid"
    assert server.client.get("/api/games/chess/describe").json()["error"] == "not_found"


def test_the_limits_the_client_shows_are_describes(server: Server) -> None:
    """What the offer builder and the board's free places read, so that the client types no rule number: the
    items an offer may name with the most a side may hold (shared/rules/rtta.md: food 15, wood 8, stone 7,
    pottery 6, cloth 5, spearheads 4), and how many players share a site at each player count — the herd's zone
    any player may join with mammoths (shared/rules/stoneage.md "Mammoth herd"), the others one player at 2 and two
    at 3 (seed 003)."""
    rtta = server.client.get("/api/games/rtta/describe").json()
    items = {item["name"]: item["max"] for item in rtta["trade"]["items"]}
    assert items == {"food": 15, "wood": 8, "stone": 7, "pottery": 6, "cloth": 5, "spearheads": 4}
    options = quote(json.dumps({"modules": ["mammoths"]}))
    stoneage = server.client.get(f"/api/games/stoneage/describe?options={options}").json()
    forest = next(loc for loc in stoneage["locations"] if loc["id"] == "forest")
    assert forest["players_sharing"] == {"2": 1, "3": 2, "4": 4}
    assert stoneage["herd_zone_players_sharing"] == {"2": 2, "3": 3, "4": 4}
    assert stoneage["village_limit"] == {"2": 2, "3": 2, "4": 3}
    assert "herd_zone_players_sharing" not in server.client.get("/api/games/stoneage/describe").json()
