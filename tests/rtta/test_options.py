"""Table options and player counts."""

from __future__ import annotations

from typing import Any

import pytest

from dolmen.engine import OptionsError
from dolmen.games import get_game
from dolmen.games.rtta import RollThroughTheAges

GAME = RollThroughTheAges()


def test_the_registry_finds_the_game() -> None:
    """dolmen.games.get_game('rtta') builds this game."""
    assert isinstance(get_game("rtta"), RollThroughTheAges) and GAME.name == "rtta"


@pytest.mark.parametrize(
    ("players", "options", "full"),
    [
        (2, {}, {"edition": "bronze", "trade": False}),
        (1, {}, {"edition": "bronze", "trade": False}),
        (4, {"trade": True}, {"edition": "bronze", "trade": True}),
        (3, {"edition": "late"}, {"edition": "late", "trade": True}),
        (2, {"edition": "late", "trade": False}, {"edition": "late", "trade": True}),
        (1, {"edition": "late"}, {"edition": "late", "trade": True}),
    ],
)
def test_options_are_completed_late_trades(players: int, options: dict[str, Any], full: dict[str, Any]) -> None:
    """shared/rules/rtta.md "Editions": bronze 1-4 players (default), late with the trade step always on, and
    late solo [ruling]."""
    assert GAME.check_options(players, options) == full
    assert GAME.new_state(players, options).options() == full


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (0, {}, "1 to 4 players"),
        (5, {}, "1 to 4 players"),
        (2, {"edition": "iron"}, "edition must be 'bronze' or 'late'"),
        (2, {"trade": "yes"}, "'trade' must be true or false"),
        (2, {"colour": "red"}, "unknown rtta option"),
    ],
)
def test_bad_options_raise_a_clear_error(players: int, options: dict[str, Any], message: str) -> None:
    """Bad player counts and options raise OptionsError naming the problem (shared/rules/rtta.md editions)."""
    with pytest.raises(OptionsError, match=message):
        GAME.new_state(players, options)
