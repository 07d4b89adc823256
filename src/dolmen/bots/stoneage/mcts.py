"""The Stone Age ``mcts``: the generic search (:mod:`dolmen.bots.search.mcts`, built with ``mcts_factory``) with Stone
Age knowledge plugged in.

- **What is searched.** Placements (they decide a game) and any decision the heuristics do not know (a module's).
  The small decisions with a clear best answer (resolution order, tools, payments, dice for all, feeding)
  follow the greedy rules of :mod:`dolmen.bots.stoneage.choices`.
- **The root** considers :data:`CANDIDATES` placements: the round plan's placements in its order (the first is
  the greedy bot's choice), then the best by each placement's own value.
- **Below the root** every decision follows the greedy rules: the search's ``candidates`` hook offers only the
  rules' choice (against greedy opponents, an exact model of them), and its playouts take it too. The tree
  branches on the root's candidates and on chance, and the iterations go to telling the candidates apart rather
  than to exploring forty replies to each.
- **Common random numbers.** The ``k``-th iteration through any candidate meets the same dice and cards (the
  search's ``chance`` hook draws from its scenario, :class:`Guidance`), so that candidates are compared on the
  same luck.
- **Horizon and evaluation.** A playout ends when the round after the current one begins
  (:data:`HORIZON_ROUNDS`, the search's ``evaluate_at`` hook). Every seat's projected final score there
  (:func:`dolmen.bots.stoneage.projection.projected_score`: the terms of the bots' position value weighed by how
  well they forecast final scores in played games) becomes its reward by :func:`projected_rewards`: a softmax
  share of the win whose temperature grows with the rounds left, blended with the lead over the best other seat.
  A finished game is scored the same way from its final scores.
- **Stopping.** Every candidate's reward in every scenario is kept
  (:class:`dolmen.bots.search.pairing.Scenarios`), and the search stops as soon as the paired
  differences settle the answer (:func:`dolmen.bots.search.pairing.settled`).
- **The answer** is the plan's placement unless another candidate's mean reward beats it by :data:`DEVIATION`:
  small differences are noise, and the plan is a sound default.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any, Final

from dolmen.bots.search.budget import Budget
from dolmen.bots.search.mcts import MCTSBot, SearchReport, acting_seat, mcts_factory
from dolmen.bots.search.pairing import Scenarios, settled
from dolmen.bots.search.tree import Widening
from dolmen.bots.stoneage.choices import KNOWN, choose, kind
from dolmen.bots.stoneage.placement import placement_scorer, round_plan
from dolmen.bots.stoneage.projection import projected_score
from dolmen.bots.stoneage.values import outlook, rounds_left
from dolmen.engine.core import JSON, Action, Game, Result, State
from dolmen.games.stoneage.actions import PLACE
from dolmen.games.stoneage.state import StoneAgeState

HORIZON_ROUNDS: Final = 1
"""A search looks this many round ends ahead (1: to the end of the current round's feeding)."""
PLAYOUT_STEPS: Final = 400
"""A safety cap on a playout's steps (the horizon comes first: a four-player round is about 40 steps)."""
EXPLORATION: Final = 0.5
"""The UCB1 constant on normalised rewards."""
CANDIDATES: Final = 5
"""Placements a search considers at its root."""
PREPARATION: Final = 0.05
"""Seconds kept from a time budget for the work before the search (so that ``mcts:hard`` stays within 1 s)."""
DEVIATION: Final = 0.01
"""How much better (in reward) a placement must look than the round plan's for the search to prefer it."""
STOP_SIGMAS: Final = 2.0
"""A search stops once the answer is clear at this many standard errors of the paired differences between its
candidates on the same scenarios (:func:`dolmen.bots.search.pairing.settled`)."""
DEVIATION_VISITS: Final = 8
"""Visits a placement needs before the search may prefer it to the plan's."""
LEAD_WEIGHT: Final = 0.3
LEAD_SCALE: Final = 40.0
"""Share of a reward that comes from the lead over the best other seat, and the lead (in points) that earns it
all."""
TIEBREAK: Final = 0.01
"""Weight of the tie-break in a finished game's reward (it decides only exact ties)."""
SPREAD_BASE: Final = 6.0
SPREAD_PER_ROUND: Final = 5.0
"""The softmax temperature in points: ``SPREAD_BASE + SPREAD_PER_ROUND * sqrt(rounds left)``, about how far a
projected score may still move."""


class Guidance:
    """The hooks of one decision's search (see the module docstring): the greedy rules' choice below the root,
    the horizon at round :attr:`horizon`, and chance drawn from the search's current scenario (common random
    numbers: every chance event of scenario ``k`` is drawn from a generator seeded by ``seed``, ``k`` and what
    the event is, so that every root candidate meets the same dice and cards)."""

    def __init__(self, horizon: int, seed: float = 0.0) -> None:
        self.horizon = horizon
        self.seed = seed
        self.scenarios = Scenarios()

    def hooks(self) -> dict[str, Any]:
        """The search hooks (:meth:`dolmen.bots.search.mcts.MCTSBot.with_hooks`)."""
        return {
            "candidates": self.candidates,
            "rollout": self.rollout,
            "evaluate_at": self.evaluate_at,
            "chance": self.chance,
            "scenarios": self.scenarios,
        }

    def candidates(self, state: State, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        """Only the greedy rules' choice (their lookahead meets the search's chance and horizon)."""
        if len(legal) <= 1 or not isinstance(state, StoneAgeState):
            return legal
        # the rules draw from a generator only to look ahead at an unknown action kind: a fixed one keeps the
        # guided choice a function of the state
        return [choose(state, seat, legal, random.Random(len(legal)), chance=self)]

    def rollout(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """A playout's action: uniform among the candidates, that is the greedy rules' choice."""
        options = self.candidates(state, seat, legal)
        return options[rng.randrange(len(options))]

    def evaluate_at(self, state: State) -> bool:
        """The horizon: round :attr:`horizon` has begun."""
        return isinstance(state, StoneAgeState) and state.round >= self.horizon

    def at_horizon(self, state: StoneAgeState) -> bool:
        """The horizon for the rules' lookahead (:class:`dolmen.bots.stoneage.choices.Chance`)."""
        return state.round >= self.horizon

    def chance(self, state: State, rng: random.Random) -> Hashable:
        """The outcome of the current scenario for this event (``rng`` is not used)."""
        assert isinstance(state, StoneAgeState)
        return self.sample(state, rng)

    def sample(self, state: StoneAgeState, rng: random.Random) -> Hashable:
        """The outcome of the current scenario for this event, for the search and the rules' lookahead."""
        event = (state.round, state.turn, state.step, state.roll_res, state.roll_count, state.target, state.pick_seat)
        reveal = state.reveals[0] if state.reveals else -1
        return state.sample_chance(random.Random(hash((self.seed, self.scenarios.current, reveal, *event))))


def rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A playout's action outside a guided search: the greedy rules'."""
    if len(legal) == 1 or not isinstance(state, StoneAgeState):
        return legal[rng.randrange(len(legal))]
    return choose(state, seat, legal, rng, fast=True)


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's reward for an unfinished game (:func:`projected_rewards` of the projected final scores)."""
    if not isinstance(state, StoneAgeState):
        raise TypeError("the Stone Age evaluation needs a Stone Age state")
    return projected_rewards([projected_score(state, seat) for seat in range(state.players)], rounds_left(state))


def reward(result: Result) -> Sequence[float]:
    """A finished game's rewards: :func:`projected_rewards` of the final scores (the tie-break deciding exact ties),
    with no rounds left."""
    tiebreak = result.tiebreak or (0,) * len(result.scores)
    return projected_rewards([score + TIEBREAK * t for score, t in zip(result.scores, tiebreak, strict=True)], 0.0)


def projected_rewards(projected: Sequence[float], rounds: float) -> tuple[float, ...]:
    """Rewards in ``[0, 1]`` from (projected) final scores with ``rounds`` rounds left: a softmax of the scores as
    the share of the win, its temperature growing with the rounds left (a lead is surer near the end), blended
    with the lead over the best other seat (which still separates moves when the game looks decided)."""
    spread = SPREAD_BASE + SPREAD_PER_ROUND * math.sqrt(rounds)
    top = max(projected)
    weights = [math.exp((value - top) / spread) for value in projected]
    total = sum(weights)
    rewards = []
    for seat, own in enumerate(projected):
        lead = own - max(v for other, v in enumerate(projected) if other != seat)
        margin = min(1.0, max(0.0, 0.5 + lead / (2 * LEAD_SCALE)))
        rewards.append((1 - LEAD_WEIGHT) * weights[seat] / total + LEAD_WEIGHT * margin)
    return tuple(rewards)


class StoneAgeMCTS:
    """The Stone Age ``mcts`` policy (see the module docstring): searches placements and unknown decisions,
    follows the greedy rules elsewhere."""

    def __init__(self, search: MCTSBot) -> None:
        self.mcts = search

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = game.state_from_view(view, rng)
        if not isinstance(state, StoneAgeState):
            return self.mcts.act(game, view, legal, rng)
        seat = acting_seat(view, state)
        kinds = {kind(action) for action in legal}
        if kinds <= KNOWN and kinds != {PLACE}:
            return choose(state, seat, legal, rng)
        guidance = Guidance(state.round + HORIZON_ROUNDS, rng.random())
        search = self.searcher(guidance)
        if kinds != {PLACE}:
            return search.act(game, view, legal, rng)
        candidates = placement_candidates(state, seat, legal, CANDIDATES)
        if len(candidates) == 1:
            return candidates[0]
        planned = candidates[0]
        outcomes = guidance.scenarios.outcomes
        report = search.search(
            game, view, candidates, rng, stop=lambda: settled(outcomes, planned, DEVIATION, z=STOP_SIGMAS)
        )
        return preferred(report, planned)

    def searcher(self, guidance: Guidance) -> MCTSBot:
        """The search of one decision: this bot's search with ``guidance``'s hooks."""
        return self.mcts.with_hooks(**guidance.hooks())


def preferred(report: SearchReport, planned: Action) -> Action:
    """The round plan's placement, unless the search found another one better by at least :data:`DEVIATION`
    (with at least :data:`DEVIATION_VISITS` visits): the plan is a sound default and small differences in the
    search's means are noise."""
    stats = {entry.action: entry for entry in report.actions}
    base = stats.get(planned)
    if base is None or base.visits < DEVIATION_VISITS:
        return planned
    best = max(report.actions, key=lambda entry: entry.mean if entry.visits >= DEVIATION_VISITS else -1.0)
    return best.action if best.mean >= base.mean + DEVIATION else planned


def placement_candidates(state: StoneAgeState, seat: int, legal: Sequence[Action], count: int) -> list[Action]:
    """The ``count`` placements the heuristics rate best: the round plan's placements in its order (the first is
    the greedy bot's choice; the search tries the others first too, which matters when others would take
    them), then the best by each placement's own value."""
    view = outlook(state, seat)
    chosen = round_plan(state, view, legal)[:count] or [legal[0]]
    score = placement_scorer(state, view)
    for action in sorted(legal, key=lambda action: -score(action)):
        if len(chosen) >= count:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


_SEARCH = mcts_factory(
    rollout=rollout,
    evaluate=evaluate,
    reward=reward,
    playout_steps=PLAYOUT_STEPS,
    exploration=EXPLORATION,
    widening=Widening(above=48),
    resample_every=1,
)


def make_mcts(level: str | None, *, timed: bool) -> StoneAgeMCTS:
    search = _SEARCH(level, timed=timed)
    assert isinstance(search, MCTSBot)
    budget = search.budget
    if budget.seconds is not None:
        # the view's state and the root's candidates are worked out before the search starts its clock
        search.budget = Budget(budget.iterations, max(budget.seconds / 2, budget.seconds - PREPARATION))
    return StoneAgeMCTS(search)
