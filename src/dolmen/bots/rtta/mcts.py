"""The ``mcts`` bot for *Roll Through the Ages*: the generic MCTS (:mod:`dolmen.bots.search.mcts`) with the game's
knowledge plugged in.

- **Playouts** follow the greedy rules (:func:`dolmen.bots.rtta.choices.greedy_action`): no trade offers, dice
  by the turn's needs. They stop after :data:`PLAYOUT_STEPS` steps.
- **Evaluation** at the cap: each seat's expected final score by the fitted board value
  (:mod:`dolmen.bots.rtta.values`); the active seat's turn in progress is finished by the planner first
  (the dice it shows are collected, its workers and coins spent). Solo, that expected score is the reward (the
  scale of :func:`dolmen.bots.outcome_reward` solo); with opponents it becomes a share of the win by a softmax
  of the expected scores, spread by the turns left, plus the margin term of ``outcome_reward``.
- **Candidate actions.** The search considers, at every decision, a short list of sensible actions instead of
  every legal one (:func:`candidates`): around the greedy reroll (it, keeping everything, and the greedy choice
  with one face more or less rerolled), the greedy and the planner's builds plus each chunk that completes a
  target, one payment (the cheapest) per development, no trade offers. Playing RTTA has hundreds of reroll,
  build and payment variants that differ by little; a few hundred iterations are better spent on a dozen.
  The root's list is worked out before the search; below the root the search's ``candidates`` hook lists them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final, cast

from dolmen.bots.rtta.choices import greedy_action
from dolmen.bots.rtta.plan import Planner
from dolmen.bots.rtta.rules import food_choice
from dolmen.bots.rtta.values import DEFAULT_WEIGHTS, board_value, turns_left
from dolmen.bots.search.budget import Budget, level_budget
from dolmen.bots.search.mcts import MCTSBot
from dolmen.bots.search.rewards import MARGIN_WEIGHT
from dolmen.bots.search.tree import Widening
from dolmen.engine.core import JSON, Game, State
from dolmen.engine.core import Action as KernelAction
from dolmen.engine.driver import Policy
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import END_BUILD, END_BUY, END_TRADE, KEEP, Action, Kind, can_reroll
from dolmen.games.rtta.board import board_of
from dolmen.games.rtta.buying import granary_rate, payment_value
from dolmen.games.rtta.components import FACES, TARGET_BOXES
from dolmen.games.rtta.harvest import collect_board
from dolmen.games.rtta.scoring import Scorer
from dolmen.games.rtta.state import RttaState

PLAYOUT_STEPS: Final = 4
"""Playout steps before the evaluation: from a reroll, the roll and the next decision; the planner then
finishes the turn (longer playouts scored worse: they add the next turn's dice as noise)."""
EXPLORATION: Final = 0.7
PREPARATION: Final = 0.02
"""Seconds kept from a time budget for the work before the search (so ``mcts:hard`` stays within 1 s)."""
SPREAD: Final = (2.0, 1.5)
"""The softmax temperature of the multiplayer evaluation: ``a + b * sqrt(turns left)`` points."""
_PLANNED_STEPS = frozenset({steps.BUILD, steps.TRADE, steps.ANSWER, steps.BUY, steps.DISCARD, steps.SMITHING})
_ROLLED_STEPS = frozenset({steps.REROLL, steps.LEADERSHIP, steps.FOOD})


# -- playouts and evaluation ----------------------------------------------------------------------------------
def rollout(state: Any, seat: int, legal: Sequence[KernelAction], rng: random.Random) -> KernelAction:
    """The greedy rules (they read the full state; cheap), on every legal action (the candidates are for the
    tree: a playout never builds them)."""
    return greedy_action(state, seat, cast(Sequence[Action], legal))


def expected_scores(state: RttaState) -> list[float]:
    """Each seat's expected final score: the board value, the active seat's turn finished by the planner."""
    values = []
    active = state.active
    for seat in range(state.players):
        if seat == active and state.step in _PLANNED_STEPS | _ROLLED_STEPS:
            values.append(_finished_turn_value(state, seat))
            continue
        turns = turns_left(state, seat, finished=seat == active and state.step == steps.OVER)
        row = DEFAULT_WEIGHTS.row(turns) if turns > 0 else None
        values.append(board_value(Scorer(state, seat), row, *board_of(state, seat)))
    return values


def _finished_turn_value(state: RttaState, seat: int) -> float:
    planner = Planner(state, seat, DEFAULT_WEIGHTS)
    board = board_of(state, seat)
    if state.step in _ROLLED_STEPS:
        food_dice = food_choice(state, seat)[1] if state.step == steps.FOOD else 0
        after, workers, coins = collect_board(board, tuple(state.dice), food_dice, state.solo)
        return planner.finish(after, workers, coins).value
    workers = state.workers if state.step == steps.BUILD else 0
    return planner.finish(board, workers, state.coins, can_build=state.step == steps.BUILD).value


def evaluate(state: Any) -> tuple[float, ...]:
    """The reward per seat of an unfinished playout (see the module docstring)."""
    scores = expected_scores(state)
    if len(scores) == 1:
        return (scores[0],)
    turns = max(turns_left(state, seat) for seat in range(state.players))
    spread = SPREAD[0] + SPREAD[1] * math.sqrt(turns)
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    rewards = []
    for seat, own in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        margin = (own - best_other) / (abs(own) + abs(best_other) + 1)
        rewards.append((1 - MARGIN_WEIGHT) * weights[seat] / total + MARGIN_WEIGHT * (1 + margin) / 2)
    return tuple(rewards)


# -- candidate actions ------------------------------------------------------------------------------------------
def candidates(state: RttaState, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
    """The actions the search considers (a sub-list of ``legal``, never empty)."""
    if len(legal) <= 2:
        return legal
    greedy = greedy_action(state, seat, legal)
    match state.step:
        case steps.REROLL:
            found = _reroll_neighbours(state, greedy)
        case steps.BUILD:
            found = _build_candidates(state, seat, legal, greedy)
        case steps.BUY:
            found = _buy_candidates(state, seat, legal)
        case steps.TRADE:
            found = [END_TRADE, greedy]
        case _:
            return legal if len(legal) <= 12 else [greedy]
    lookup = legal if len(legal) > 64 or not isinstance(legal, list | tuple) else frozenset(legal)
    unique = [a for a in dict.fromkeys(found) if a in lookup]
    return unique or [greedy]


def _reroll_neighbours(state: RttaState, greedy: Action) -> list[Action]:
    dice = state.dice
    chosen = list(greedy[1]) if greedy[0] == Kind.REROLL else [0] * FACES
    found: list[Action] = [greedy, KEEP]
    for face in range(FACES):
        if not can_reroll(face, state.solo):
            continue
        for step in (-1, 1):
            counts = chosen[:]
            counts[face] += step
            if 0 <= counts[face] <= dice[face] and any(counts):
                found.append((Kind.REROLL, tuple(counts)))
    return found


def _build_candidates(state: RttaState, seat: int, legal: Sequence[Action], greedy: Action) -> list[Action]:
    found: list[Action] = [greedy, END_BUILD]
    plan = Planner(state, seat, DEFAULT_WEIGHTS).finish(board_of(state, seat), state.workers, state.coins)
    if plan.engineer:
        found.append((Kind.ENGINEER, plan.engineer))
    found.extend((Kind.BUILD, target, boxes) for target, boxes in plan.builds[:1])
    progress = state.progress[seat]
    build = Kind.BUILD
    for action in legal:
        if action[0] == build and progress[action[1]] + action[2] == TARGET_BOXES[action[1]]:
            found.append(action)
    return found


def _buy_candidates(state: RttaState, seat: int, legal: Sequence[Action]) -> list[Action]:
    cheapest: dict[int, tuple[int, Action]] = {}
    buy = Kind.BUY
    goods, rate = state.goods[seat], granary_rate(state.edition, state.devs[seat])
    for action in legal:
        if action[0] == buy:
            _, dev, tracks, food = action
            spent = payment_value(goods, tracks, food, rate)
            if dev not in cheapest or spent < cheapest[dev][0]:
                cheapest[dev] = (spent, action)
    return [END_BUY, *(action for _, action in cheapest.values())]


def tree_candidates(state: State, seat: int, legal: Sequence[KernelAction]) -> Sequence[KernelAction]:
    """The search's ``candidates`` hook: :func:`candidates` of an RTTA state."""
    assert isinstance(state, RttaState)
    return candidates(state, seat, cast(Sequence[Action], legal))


class RttaMCTS:
    """MCTS over the candidate actions, with greedy playouts and the board-value evaluation."""

    def __init__(self, search: MCTSBot) -> None:
        self.search = search

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[KernelAction], rng: random.Random) -> KernelAction:
        if len(legal) == 1:
            return legal[0]
        state = game.state_from_view(view, rng)
        assert isinstance(state, RttaState)
        seat = state.actors()[0]
        options = candidates(state, seat, cast(Sequence[Action], legal))
        if len(options) == 1:
            return options[0]
        return self.search.act(game, view, options, rng)


def make_mcts(level: str | None, *, timed: bool) -> Policy:
    budget = level_budget(level, timed=timed)
    if budget.seconds is not None:
        # Rebuilding the state and listing the root's candidates happen before the search's clock starts.
        budget = Budget(budget.iterations, budget.seconds - PREPARATION)
    bot = MCTSBot(
        budget,
        exploration=EXPLORATION,
        rollout=rollout,
        evaluate=evaluate,
        playout_steps=PLAYOUT_STEPS,
        widening=Widening(above=48),
        resample_every=1_000_000,
        candidates=tree_candidates,
    )
    return RttaMCTS(bot)
