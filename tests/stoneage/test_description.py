"""``StoneAge().describe(options)``: the static tables a client shows, as JSON, with the numbers of the rules
page ("Base game", "Modules") and nothing of a module that is off."""

from __future__ import annotations

import json

import pytest

from dolmen.engine import OptionsError
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.module_components import MODULES

GAME = StoneAge()


def test_the_base_game_tables() -> None:
    """Rules page "Base game": 36 cards, 28 buildings, values 2–6, sites of 7 shared by 1 (2 players) or 2
    (3 players), the hut for 2, the tool track up to 4,4,4, village limits 2, 2, 3."""
    doc = GAME.describe()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["players"] == {"min": 2, "max": 4}
    assert [(r["id"], r["value"]) for r in doc["resources"]] == list(
        zip(("food", "wood", "clay", "stone", "gold"), (2, 3, 4, 5, 6), strict=True)
    )
    assert sum(card["copies"] for card in doc["cards"]) == 36
    assert sum(tile["copies"] for tile in doc["buildings"]) == 28
    sites = {loc["id"]: loc for loc in doc["locations"]}
    assert sites["hunting"]["capacity"] is None and sites["hunting"]["name"] == "hunting grounds"
    assert sites["clay"]["name"] == "clay pit" and sites["clay"]["divisor"] == 4
    assert sites["forest"]["players_sharing"] == {"2": 1, "3": 2, "4": 4}
    assert sites["hut"]["capacity"] == 2
    assert [sites[f"card {n}"]["cost"] for n in range(1, 5)] == [1, 2, 3, 4]
    assert doc["village_limit"] == {"2": 2, "3": 2, "4": 3}
    assert doc["tool_track"][1] == [1, 0, 0] and doc["tool_track"][-1] == [4, 4, 4] and len(doc["tool_track"]) == 13
    wwc = next(tile for tile in doc["buildings"] if tile["id"] == "wwc")
    assert wwc == {"id": "wwc", "copies": 1, "kind": "fixed", "cost": ["wood", "wood", "clay"], "points": 10}
    pottery = next(card for card in doc["cards"] if card["id"] == "pottery-food7")
    assert pottery["culture"] == "pottery" and pottery["effect"] == "food" and pottery["amount"] == 7
    assert doc["figures"]["shaman"] == "people"
    assert not {"extension", "mammoth_tiles", "wild_animals", "igloos", "winter", "new_huts"} & set(doc)


def test_every_module_adds_its_pieces() -> None:
    """Rules page "Modules": the merchant and the fifth card (3 jewels), 6 new huts, 16 mammoth tiles, winter
    points 6 and 5, four animals, four igloos at wood + stone for 5 points."""
    doc = GAME.describe({"modules": list(MODULES)})
    assert doc["players"]["max"] == 5
    assert sum(tile["copies"] for tile in doc["buildings"]) == 34
    sites = {loc["id"]: loc for loc in doc["locations"]}
    assert sites["merchant"]["jewels"] == 2 and sites["card 5"] == {
        "id": "card 5",
        "name": "card 5",
        "kind": "card",
        "capacity": 1,
        "cost": 3,
        "paid_in": "jewel",
    }
    assert doc["extension"]["barter"][9] == {"level": 9, "give": 1, "receive": [1, 2]}
    assert len(doc["mammoth_tiles"]) == 16
    assert doc["mammoth_tiles"][0]["top"] == {"reward": "food", "amount": 6}
    assert doc["winter"] == {"card_gold_points": 6, "insulation_points": 5}
    assert [animal["penalty"] for animal in doc["wild_animals"]] == [1, 2, 2, 3]
    assert doc["igloos"] == {"count": 4, "cost": ["wood", "stone"], "points": 5, "food_saved": 2}
    assert next(tile for tile in doc["buildings"] if tile["id"] == "mason")["income"] == "stone"


def test_unknown_modules_are_refused() -> None:
    with pytest.raises(OptionsError):
        GAME.describe({"modules": ["dragons"]})
