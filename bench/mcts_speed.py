"""How much the searching bots search: MCTS iterations per CPU second on one core, for the generic ``mcts`` and
each game's own ``mcts``, at fixed four-player positions (so that two builds search the same trees).

On an idle core this is how many iterations ``mcts:hard`` (timed: 1 s a decision, at most 5,000 iterations)
reaches in its second. Each search has an iteration budget (deterministic), the positions come from fixed-seed
games. Run: ``.venv/bin/python bench/mcts_speed.py [SECONDS_PER_RUN] [--runs N] [--compare
.venv-compiled/bin/python]`` (docs/bots.md, "The compiled build and the search").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from dolmen.bots import make_bot
from dolmen.bots.rtta.mcts import RttaMCTS
from dolmen.bots.rtta.mcts import candidates as rtta_candidates
from dolmen.bots.search.budget import Budget
from dolmen.bots.search.mcts import MCTSBot
from dolmen.bots.stoneage.mcts import HORIZON_ROUNDS, Guidance, StoneAgeMCTS, placement_candidates
from dolmen.engine import CHANCE, Action, Game, State
from dolmen.games.rtta import RollThroughTheAges, RttaState
from dolmen.games.stoneage import StoneAge, StoneAgeState
from sidebyside import main

ITERATIONS = 100
"""Iterations of each search."""
POSITIONS = 6

Search = Callable[[State, int, Sequence[Action], random.Random], int]
"""Searches from ``state`` for ``seat`` among ``legal`` and returns the iterations made."""


def positions(
    game: Game, options: dict[str, Any] | None, keep: Callable[[State, Sequence[Action]], bool]
) -> list[State]:
    """Up to :data:`POSITIONS` positions of a random four-player game (seed 1) where ``keep`` says yes, one in
    every few such decisions."""
    rng = random.Random(1)
    state = game.new_state(4, options)
    found: list[State] = []
    seen = 0
    while state.actors() and len(found) < POSITIONS:
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        legal = state.legal_actions(who)
        if len(legal) > 1 and keep(state, legal):
            seen += 1
            if seen % 7 == 1:
                found.append(state.clone())
        state.apply_action(who, legal[rng.randrange(len(legal))])
    return found


def generic(game: Game) -> Search:
    bot = MCTSBot(Budget(ITERATIONS))

    def search(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> int:
        return bot.search(game, state.view(seat), legal, rng).iterations

    return search


def rtta_own(game: Game) -> Search:
    bot = make_bot(f"mcts:{ITERATIONS}", game="rtta", timed=False)
    assert isinstance(bot, RttaMCTS)

    def search(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> int:
        assert isinstance(state, RttaState)
        return bot.search.search(game, state.view(seat), rtta_candidates(state, seat, legal), rng).iterations

    return search


def stoneage_own(game: Game) -> Search:
    bot = make_bot(f"mcts:{ITERATIONS}", game="stoneage", timed=False)
    assert isinstance(bot, StoneAgeMCTS)

    def search(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> int:
        assert isinstance(state, StoneAgeState)
        searcher = bot.searcher(Guidance(state.round + HORIZON_ROUNDS))
        return searcher.search(game, state.view(seat), placement_candidates(state, seat, legal, 4), rng).iterations

    return search


def rtta_choice(state: State, legal: Sequence[Action]) -> bool:
    return isinstance(state, RttaState) and len(rtta_candidates(state, state.actors()[0], legal)) > 1


def placement(state: State, legal: Sequence[Action]) -> bool:
    return state.action_text(legal[0]).startswith("place")


RTTA, STONE_AGE = RollThroughTheAges(), StoneAge()
CASES: dict[str, tuple[Game, dict[str, Any] | None, Callable[[Game], Search], Callable[..., bool]]] = {
    "rtta 4p, generic mcts": (RTTA, {"edition": "bronze"}, generic, rtta_choice),
    "rtta 4p, rtta mcts": (RTTA, {"edition": "bronze"}, rtta_own, rtta_choice),
    "stoneage 4p, generic mcts": (STONE_AGE, None, generic, placement),
    "stoneage 4p, stoneage mcts": (STONE_AGE, None, stoneage_own, placement),
}


def iterations_per_second(label: str, seconds: float) -> tuple[float, float]:
    """Search the case's positions in turn for about ``seconds`` of CPU time; iterations per CPU second, and the
    number of searches."""
    game, options, make, keep = CASES[label]
    found, search = positions(game, options, keep), make(game)
    rng = random.Random(2)
    iterations = searches = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = found[searches % len(found)]
        seat = state.actors()[0]
        iterations += search(state.clone(), seat, state.legal_actions(seat), rng)
        searches += 1
    return iterations / (time.process_time() - started), float(searches)


if __name__ == "__main__":
    main(
        "mcts iterations (four players, fixed positions)",
        {label: (lambda s, label=label: iterations_per_second(label, s)) for label in CASES},
        __file__,
        unit="it/s",
        detail="searches",
    )
