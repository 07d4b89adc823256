"""Options and player counts from outside (a request body, a command line, a saved file) are JSON of any shape:
every game refuses a wrong one with :class:`OptionsError`, never another exception (a server would answer 500)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from dolmen.engine.errors import OptionsError
from dolmen.games import GAMES, get_game

ODD_VALUES: list[Any] = [None, True, 0, 1.5, "", "late", "x", [], {}, [[]], [{}], ["extension", []], {"a": 1}]
ODD_PLAYERS: list[Any] = [None, True, 0, 9, "2", 2.0, [], {}]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_odd_options_are_refused_as_options_errors(name: str) -> None:
    game = get_game(name)
    keys = [*game.default_options(), "no_such_option"]
    refused = 0
    for key, value in itertools.product(keys, ODD_VALUES):
        try:
            full = game.check_options(game.min_players, {key: value})
        except OptionsError:  # anything else fails the test
            refused += 1
        else:
            assert set(full) == set(game.default_options())  # accepted: complete, normalised options
    assert refused >= len(ODD_VALUES)  # at least every value of the unknown option


@pytest.mark.parametrize("name", sorted(GAMES))
def test_odd_player_counts_are_refused_as_options_errors(name: str) -> None:
    game = get_game(name)
    for players in ODD_PLAYERS:
        with pytest.raises(OptionsError):
            game.check_options(players, {})


def test_an_unhashable_rtta_edition_is_an_options_error() -> None:
    with pytest.raises(OptionsError, match="edition"):
        get_game("rtta").check_options(2, {"edition": []})
