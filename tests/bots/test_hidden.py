"""Hidden information: bots decide from their seat's view alone (tests/bots/cards.py, a card game where each
seat holds a card the other cannot see)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from dolmen.arena import run_arena
from dolmen.bots import Budget, MCTSBot
from tests.bots.cards import HighCard, HighCardState

HISTORIES: list[list[str]] = [[], ["check"], ["bet"], ["check", "bet"]]


def dealt(mine: int, theirs: int, history: list[str], cards: int = 5) -> HighCardState:
    """A hand where the seat to act after ``history`` holds ``mine`` and the other seat ``theirs``."""
    seat = len(history) % 2
    state = HighCard().new_state(2, {"cards": cards})
    state.apply_chance((mine, theirs) if seat == 0 else (theirs, mine))
    for action in history:
        state.apply_action(state.actors()[0], action)
    return state


def test_a_view_shows_the_own_card_and_not_the_other() -> None:
    state = dealt(4, 2, [])
    assert state.view(0)["hand"] == 4 and state.view(1)["hand"] == 2
    assert 2 not in state.view(0).values() and state.view(0)["shown"] is None


def test_decisions_are_identical_for_true_states_that_differ_only_in_the_hidden_card() -> None:
    bot = MCTSBot(Budget(150))
    for history in HISTORIES:
        seat = len(history) % 2
        for mine in (1, 3, 5):
            reports = []
            for theirs in (c for c in range(1, 6) if c != mine):
                state = dealt(mine, theirs, history)
                reports.append(bot.search(HighCard(), state.view(seat), state.legal_actions(seat), random.Random(9)))
            assert all(report.actions == reports[0].actions for report in reports)


def test_only_the_view_reaches_the_search_and_the_unseen_card_is_sampled() -> None:
    class Spy(HighCard):
        def __init__(self) -> None:
            self.views: list[Mapping[str, Any]] = []
            self.sampled: set[int | None] = set()

        def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> HighCardState:
            self.views.append(view)
            state = super().state_from_view(view, rng)
            self.sampled.add(state.hands[1])
            return state

    spy = Spy()
    state = dealt(3, 5, [])
    MCTSBot(Budget(100)).act(spy, state.view(0), state.legal_actions(0), random.Random(0))
    assert all(view == state.view(0) for view in spy.views) and len(spy.views) == 100
    assert spy.sampled == {1, 2, 4, 5}  # every card the seat cannot rule out, never only the true one


def test_mcts_calls_with_the_best_card_and_folds_with_the_worst() -> None:
    """Facing a bet, the highest card wins any showdown and the lowest loses it (folding loses less)."""
    bot = MCTSBot(Budget(300))
    for history in (["bet"], ["check", "bet"]):
        seat = len(history) % 2
        for seed in range(3):
            best = dealt(5, 2, history)
            worst = dealt(1, 4, history)
            assert bot.act(HighCard(), best.view(seat), best.legal_actions(seat), random.Random(seed)) == "call"
            assert bot.act(HighCard(), worst.view(seat), worst.legal_actions(seat), random.Random(seed)) == "fold"


@pytest.mark.slow
def test_mcts_wins_more_chips_than_random_at_cards() -> None:
    report = run_arena(HighCard(), "mcts:60,random", 400, 5, options={"cards": 5}, workers=1)
    mcts, rand = report["bots"]
    # Each seat starts with 3 chips and a hand moves at most 2 (standard deviation 1.6 chips: 0.08 for a mean
    # of 400 hands). Random against random breaks even; MCTS wins about 0.4 chips a hand.
    assert mcts["mean_score_ci95"][0] > 3.0 and mcts["mean_score"] > 3.2
    assert rand["mean_score_ci95"][1] < 3.0
