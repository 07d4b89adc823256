"""Options and text forms (docs/stoneage.md): every form round-trips, bad text is a MalformedStep, bad options
an OptionsError; the modules' forms too (seed 003 "Extensions")."""

from __future__ import annotations

import pytest

from dolmen.engine import MalformedStep, OptionsError
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.actions import PICK
from dolmen.games.stoneage.components import BUILDINGS, CARDS
from dolmen.games.stoneage.module_components import MAMMOTH_TILES, MODULES, WILD_ANIMALS
from dolmen.games.stoneage.texts import action_text

ACTIONS = [
    "place hunting 3",
    "place forest 7",
    "place clay 1",
    "place quarry 2",
    "place river 4",
    "place toolmaker",
    "place hut",
    "place field",
    "place card 4",
    "place building 3",
    "resolve card 1",
    "resolve river",
    "tools none",
    "tools 3 1",
    "tools 4 4 4 once 4 3 2",
    "tools once 2",
    "pay wood clay clay gold",
    "buy",
    "decline",
    "take stone stone",
    "pick 6",
    "feed resources wood stone",
    "feed penalty",
    # modules
    "place card 5",
    "place building 5",
    "place merchant",
    "place igloo",
    "place animal",
    "resolve merchant",
    "resolve igloo",
    "pay jewel jewel jewel",
    "pay wood jewel",
    "barter stone for gold",
    "barter wood clay for gold",
    "barter jewel for gold gold",
    "barter wood for jewel jewel",
    "jewels 0",
    "jewels 3",
    "tame food",
    "tame gold",
    "tame stop",
    "winter gold",
    "insulate",
    "draw",
    "skip",
    "reward top",
    "reward bottom",
]
MALFORMED = [
    "",
    "place",
    "place mountain 2",
    "place forest",
    "place forest 0",
    "place hut 2",
    "place card 6",
    "place building 0",
    "place building 6",
    "place merchant 1",
    "place igloo 2",
    "resolve",
    "tools",
    "tools 3 once",
    "tools x",
    "pay",
    "pay food",
    "take jewel",
    "pick 0",
    "pick",
    "feed",
    "feed resources",
    "buy now",
    "dance",
    "take jewel",
    "feed resources jewel",
    "barter",
    "barter stone",
    "barter stone for",
    "barter for gold",
    "barter food for gold",
    "jewels",
    "jewels x",
    "tame jewel",
    "tame",
    "winter stone",
    "insulate now",
    "reward",
    "reward middle",
]

STATE = StoneAge().new_state(2)
"""Text forms do not depend on the state: any one reads and writes them."""


@pytest.mark.parametrize("text", ACTIONS)
def test_action_text_round_trips(text: str) -> None:
    assert STATE.action_text(STATE.parse_action(text)) == text


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_action_text_is_rejected(text: str) -> None:
    with pytest.raises(MalformedStep):
        STATE.parse_action(text)


def test_outcome_text_round_trips_for_every_card_and_tile() -> None:
    texts = ["dice 1 1 6", "dice 6", *(f"card {c.id}" for c in CARDS), *(f"building {b.id}" for b in BUILDINGS)]
    texts += [f"card {animal.id}" for animal in WILD_ANIMALS] + [f"mammoth {tile.id}" for tile in MAMMOTH_TILES]
    texts += [f"herd {zone}" for zone in ("hunting", "forest", "clay", "quarry", "river")]
    for text in texts:
        assert STATE.outcome_text(STATE.parse_outcome(text)) == text


@pytest.mark.parametrize(
    "text",
    ["dice", "dice 0", "dice 7", "card", "card joker", "building wwww", "roll 1", "herd field", "mammoth x", "herd"],
)
def test_malformed_outcome_text_is_rejected(text: str) -> None:
    with pytest.raises(MalformedStep):
        STATE.parse_outcome(text)


def test_options_defaults_and_errors() -> None:
    """Options ``{"modules": [], "open_cards": false}``; the six modules of seed 003 combine freely and are
    normalised to their canonical order; 5 players need the extension (seed 003 "Permet de jouer à cinq")."""
    game = StoneAge()
    assert game.check_options(3, {}) == {"modules": [], "open_cards": False}
    assert game.check_options(2, {"open_cards": True})["open_cards"] is True
    assert game.check_options(2, {"modules": ["igloos", "mammoths"]})["modules"] == ["mammoths", "igloos"]
    assert game.check_options(5, {"modules": list(reversed(MODULES))})["modules"] == list(MODULES)
    assert game.check_options(5, {"modules": ["extension"]})["modules"] == ["extension"]
    with pytest.raises(OptionsError, match="5 players need the extension"):
        game.check_options(5, {"modules": ["mammoths"]})
    with pytest.raises(OptionsError, match="unknown module"):
        game.check_options(2, {"modules": ["dragons"]})
    with pytest.raises(OptionsError, match="twice"):
        game.check_options(2, {"modules": ["winter", "winter"]})
    for players, options in (
        (1, {}),
        (5, {}),
        (6, {"modules": ["extension"]}),
        (2, {"open_cards": "yes"}),
        (2, {"speed": 1}),
        (2, {"modules": "x"}),
    ):
        with pytest.raises(OptionsError):
            game.check_options(players, options)


def test_a_foreign_value_equal_to_an_action_does_not_lend_it_its_text() -> None:
    """``(PICK, True)`` equals ``(PICK, 1)`` and hashes alike; formatting it first (a refusal's text) must not make
    the legal action read ``pick True`` in every record written afterwards."""
    assert action_text((PICK, True)) == "pick True"
    assert action_text((PICK, 1)) == "pick 1"
