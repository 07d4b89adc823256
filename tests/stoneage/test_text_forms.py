"""Options and text forms (docs/stoneage.md): every form round-trips, bad text is a MalformedStep, bad options
an OptionsError."""

from __future__ import annotations

import pytest

from dolmen.engine import MalformedStep, OptionsError
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.components import BUILDINGS, CARDS

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
]
MALFORMED = [
    "",
    "place",
    "place mountain 2",
    "place forest",
    "place forest 0",
    "place hut 2",
    "place card 5",
    "place building 0",
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
]


@pytest.mark.parametrize("text", ACTIONS)
def test_action_text_round_trips(text: str) -> None:
    assert StoneAgeState.action_text(StoneAgeState.parse_action(text)) == text


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_action_text_is_rejected(text: str) -> None:
    with pytest.raises(MalformedStep):
        StoneAgeState.parse_action(text)


def test_outcome_text_round_trips_for_every_card_and_tile() -> None:
    texts = ["dice 1 1 6", "dice 6", *(f"card {c.id}" for c in CARDS), *(f"building {b.id}" for b in BUILDINGS)]
    for text in texts:
        assert StoneAgeState.outcome_text(StoneAgeState.parse_outcome(text)) == text


@pytest.mark.parametrize("text", ["dice", "dice 0", "dice 7", "card", "card joker", "building wwww", "roll 1"])
def test_malformed_outcome_text_is_rejected(text: str) -> None:
    with pytest.raises(MalformedStep):
        StoneAgeState.parse_outcome(text)


def test_options_defaults_and_errors() -> None:
    """Options ``{"modules": [], "open_cards": false}``; modules are not available yet."""
    game = StoneAge()
    assert game.check_options(3, {}) == {"modules": [], "open_cards": False}
    assert game.check_options(2, {"open_cards": True})["open_cards"] is True
    with pytest.raises(OptionsError, match="module mammoths is not available yet"):
        game.check_options(2, {"modules": ["mammoths"]})
    with pytest.raises(OptionsError, match="unknown module"):
        game.check_options(2, {"modules": ["dragons"]})
    for players, options in ((1, {}), (5, {}), (2, {"open_cards": "yes"}), (2, {"speed": 1}), (2, {"modules": "x"})):
        with pytest.raises(OptionsError):
            game.check_options(players, options)
