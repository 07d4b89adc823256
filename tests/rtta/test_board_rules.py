"""The rules over one board (:class:`dolmen.games.rtta.board.Board`) that the bots' planner applies to many trial
boards leave the board the state's own step leaves: buying (seed 002 "4. Buy a Development", Table 3 Granaries),
building (seed 002 "3. Build Cities and/or Monuments") and Engineering (seed 002, Table 3), on the boards of
random games of every edition and player count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dolmen.games.rtta import RollThroughTheAges, RttaState, steps
from dolmen.games.rtta.actions import Kind
from dolmen.games.rtta.board import Board, board_of
from dolmen.games.rtta.building import build_on_board, engineer_on_board
from dolmen.games.rtta.buying import buy_on_board, must_discard
from dolmen.games.rtta.components import ENGINEERING, GRANARIES, STONE

GAME = RollThroughTheAges()
OPTION_SETS = ({"edition": "bronze"}, {"edition": "bronze", "trade": True}, {"edition": "late"})


def _same_board(after: Board, predicted: Board) -> None:
    """Equal boards; the goods only when no discard follows by itself (it is its own rule, step 5)."""
    assert after._replace(goods=predicted.goods) == predicted
    if not must_discard(predicted.goods, predicted.devs):
        assert after.goods == predicted.goods


def _check(state: RttaState, seat: int, action: Any) -> tuple[int, int]:
    """Apply ``action`` to a clone and compare with the board rule; ``(workers predicted, workers after)``."""
    board = board_of(state, seat)
    trial = state.clone()
    workers = trial.workers
    trial.apply_action(seat, action)
    match action[0]:
        case Kind.BUY:
            _same_board(board_of(trial, seat), buy_on_board(board, action))
        case Kind.BUILD:
            _same_board(board_of(trial, seat), build_on_board(board, action[1], action[2]))
        case Kind.ENGINEER:
            predicted, engineered = engineer_on_board(board, action[1])
            _same_board(board_of(trial, seat), predicted)
            return workers + engineered, trial.workers
    return 0, 0


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_board_rules_leave_what_the_state_leaves(options: dict[str, Any]) -> None:
    """Every ``buy``, ``build`` and ``engineer`` action met in 40 random games of 1 to 4 players (some seats given
    Engineering, Granaries and stone at the start) leaves the board
    that :func:`buy_on_board`, :func:`build_on_board` and :func:`engineer_on_board` predict (and Engineering the
    workers)."""
    rng = random.Random(str(options))
    checked = {Kind.BUY: 0, Kind.BUILD: 0, Kind.ENGINEER: 0}
    for game in range(40):
        state = GAME.new_state(1 + game % 4, options)
        for seat in range(state.players):  # Engineering and Granaries from the start, so that they are met often
            state.devs[seat] |= rng.choice((0, 1 << ENGINEERING, 1 << GRANARIES, 1 << ENGINEERING | 1 << GRANARIES))
            state.goods[seat][STONE] = rng.randint(0, 3)
        while not state.is_over():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            if state.step in (steps.BUY, steps.BUILD):
                for action in legal:
                    if action[0] in checked:
                        predicted, after = _check(state, seat, action)
                        assert predicted == after
                        checked[action[0]] += 1
            state.apply_action(seat, legal[rng.randrange(len(legal))])
    assert min(checked.values()) > 50, checked
