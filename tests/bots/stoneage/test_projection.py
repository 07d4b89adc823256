"""The calibrated projection of the Stone Age MCTS (:mod:`dolmen.bots.stoneage.projection`): a weighted sum of
:func:`position_terms` per rounds left, interpolated between the table's rows."""

from __future__ import annotations

import math

import pytest

from dolmen.bots.stoneage import projection
from dolmen.bots.stoneage.projection import TERM_WEIGHTS, projected_score
from dolmen.bots.stoneage.values import rounds_left
from dolmen.bots.stoneage.worth import POSITION_TERMS, position_terms, position_value
from tests.bots.stoneage.test_bots import mid_game


def test_every_row_weighs_each_term_and_a_constant() -> None:
    assert all(len(row) == len(POSITION_TERMS) + 1 for row in TERM_WEIGHTS)
    assert len(position_terms(mid_game(), 0)) == len(POSITION_TERMS)


def test_plain_weights_give_back_the_position_value(monkeypatch: pytest.MonkeyPatch) -> None:
    state = mid_game()
    monkeypatch.setattr(projection, "TERM_WEIGHTS", ((1.0,) * len(POSITION_TERMS) + (0.0,),) * 3)
    for seat in range(state.players):
        assert math.isclose(projected_score(state, seat), position_value(state, seat))


def test_rows_are_interpolated_by_the_rounds_left(monkeypatch: pytest.MonkeyPatch) -> None:
    state = mid_game()
    zero = (0.0,) * len(POSITION_TERMS)
    # the constant alone: row r is worth 10·r, so the projection is 10 × the rounds left (within the table)
    monkeypatch.setattr(projection, "TERM_WEIGHTS", tuple((*zero, 10.0 * r) for r in range(40)))
    assert math.isclose(projected_score(state, 0), 10.0 * rounds_left(state))
    # beyond the table the last row serves
    monkeypatch.setattr(projection, "TERM_WEIGHTS", ((*zero, 0.0), (*zero, 7.0)))
    assert rounds_left(state) > 1 and projected_score(state, 0) == 7.0
