"""The Stone Age placement search keeps each candidate's reward per scenario (common random numbers) and stops
as soon as the paired comparisons settle its answer (:mod:`dolmen.bots.search.pairing`)."""

from __future__ import annotations

import random

from dolmen.bots import make_bot
from dolmen.bots.search.mcts import STOP_EVERY
from dolmen.bots.search.pairing import settled
from dolmen.bots.stoneage.mcts import DEVIATION, Guidance, StoneAgeMCTS, placement_candidates
from dolmen.games.stoneage import StoneAge
from tests.bots.stoneage.test_bots import mid_game
from tests.stoneage.helpers import seat

GAME = StoneAge()


def test_a_placement_search_notes_every_scenario_and_stops_once_settled() -> None:
    state = mid_game(seed=5)
    who = seat(state)
    candidates = placement_candidates(state, who, state.legal_actions(who), 5)
    bot = make_bot("mcts:3000", game="stoneage", timed=False)
    assert isinstance(bot, StoneAgeMCTS)
    guidance = Guidance(state.round + 1, 0.25)
    outcomes = guidance.scenarios.outcomes
    planned = candidates[0]
    report = bot.searcher(guidance).search(
        GAME, state.view(who), candidates, random.Random(2), stop=lambda: settled(outcomes, planned, DEVIATION)
    )
    assert report.iterations < 3000 and report.iterations % STOP_EVERY == 0
    assert settled(outcomes, planned, DEVIATION)
    # the k-th pass through a candidate played scenario k, and each pass's reward was noted
    for entry in report.actions:
        assert sorted(outcomes[entry.action]) == list(range(entry.visits))
