"""The Stone Age ``mcts``: the generic search (:mod:`dolmen.bots.mcts`, built with ``mcts_factory``) with Stone
Age knowledge plugged in.

- **What is searched.** Placements (they decide a game) and any decision the heuristics do not know (a module's).
  The small decisions with a clear best answer (resolution order, tools, payments, dice for all, feeding)
  follow the greedy rules of :mod:`dolmen.bots.stoneage_choices`.
- **The root** considers :data:`CANDIDATES` placements: the round plan's placements in its order (the first is
  the greedy bot's choice), then the best by each placement's own value.
- **Below the root** every decision follows the greedy rules: the search's sampled states are
  :class:`GuidedState`, whose decisions offer only the rules' choice (against greedy opponents, an exact model
  of them). The tree branches on the root's candidates and on chance, and the iterations go to telling the
  candidates apart rather than to exploring forty replies to each.
- **Common random numbers.** The ``k``-th iteration through any candidate meets the same dice and cards
  (:class:`GuidedGame`), so that candidates are compared on the same luck.
- **Horizon and evaluation.** A playout ends when the round after the current one begins
  (:data:`HORIZON_ROUNDS`). Every seat's projected final score there
  (:func:`dolmen.bots.stoneage_projection.projected_score`: the terms of the bots' position value weighed by how
  well they forecast final scores in played games) becomes its reward by :func:`projected_rewards`: a softmax
  share of the win whose temperature grows with the rounds left, blended with the lead over the best other seat.
  A finished game is scored the same way from its final scores.
- **Stopping.** Every candidate's reward in every scenario is kept, and the search stops as soon as the paired
  differences settle the answer (:func:`dolmen.bots.pairing.settled`).
- **The answer** is the plan's placement unless another candidate's mean reward beats it by :data:`DEVIATION`:
  small differences are noise, and the plan is a sound default.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Final

from dolmen.bots import LEVELS, Budget, MCTSBot, SearchReport, Widening, mcts_factory, register_bot
from dolmen.bots.mcts import acting_seat
from dolmen.bots.pairing import settled
from dolmen.bots.stoneage_choices import KNOWN, choose, kind
from dolmen.bots.stoneage_placement import placement_scorer, round_plan
from dolmen.bots.stoneage_projection import projected_score
from dolmen.bots.stoneage_values import outlook, rounds_left
from dolmen.engine.core import JSON, Action, Game, Result, State, rank_by
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
candidates on the same scenarios (:func:`dolmen.bots.pairing.settled`)."""
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


@dataclass(frozen=True, slots=True)
class ProjectedResult(Result):
    """The "result" of a guided state at its horizon: projected scores and the rewards they are worth."""

    rewards: tuple[float, ...] = ()


class GuidedState(StoneAgeState):
    """A sampled Stone Age state whose every decision offers only the greedy rules' choice and whose game
    "ends" when round :attr:`horizon` begins, scored by :func:`projected_rewards` (see the module docstring)."""

    __slots__ = ()
    horizon: ClassVar[int] = 1_000

    def actors(self) -> tuple[int, ...]:
        return () if self.round >= self.horizon else self._actors

    def legal_actions(self, seat: int) -> Sequence[Hashable]:
        if self.round >= self.horizon:
            return []
        legal = super().legal_actions(seat)
        if len(legal) <= 1:
            return legal
        # the rules draw from a generator only to look ahead at an unknown action kind: a fixed one keeps the
        # guided choice a function of the state
        return [choose(self, seat, legal, random.Random(len(legal)))]

    def _apply_action(self, seat: int, action: Hashable) -> None:
        game = self.game
        if isinstance(game, GuidedGame) and game.fresh:
            game.begin_scenario(action)
        super()._apply_action(seat, action)

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The chance outcome of the search's current scenario for this event (see :class:`GuidedGame`)."""
        game = self.game
        if not isinstance(game, GuidedGame):
            return super().sample_chance(rng)
        event = (self.round, self.turn, self.step, self.roll_res, self.roll_count, self.target, self.pick_seat)
        reveal = self.reveals[0] if self.reveals else -1
        return super().sample_chance(random.Random(hash((game.seed, game.scenario, reveal, *event))))

    def result(self) -> Result:
        if self._actors:
            projected = [projected_score(self, seat) for seat in range(self.players)]
            ranked = rank_by([round(value) for value in projected], [0] * self.players, PROJECTED)
            rewards = projected_rewards(projected, rounds_left(self))
            outcome = ProjectedResult(ranked.scores, ranked.winners, ranked.ranks, PROJECTED, ranked.tiebreak, rewards)
        else:
            final = super().result()
            rewards = tuple(reward(final))
            outcome = ProjectedResult(final.scores, final.winners, final.ranks, final.reason, final.tiebreak, rewards)
        game = self.game
        if isinstance(game, GuidedGame):
            game.note(rewards)
        return outcome

    def clone(self) -> GuidedState:
        other: Any = super().clone()
        other.__class__ = type(self)
        return other


PROJECTED: Final = "projected at the search horizon"


@cache
def guided_class(horizon: int) -> type[GuidedState]:
    """The guided state class whose game stops when round ``horizon`` begins."""
    return type(f"GuidedState{horizon}", (GuidedState,), {"__slots__": (), "horizon": horizon})


class GuidedGame(Game):
    """The Stone Age game as one search sees it: its sampled states are guided, with their horizon at round
    ``horizon``, and share common random numbers.

    The ``k``-th iteration through a root candidate plays scenario ``k``: every chance event (a seat's roll at a
    site, a card revealed on a space) is drawn from a generator seeded by ``seed``, the scenario and what the
    event is, so that every candidate meets the same dice and cards and the search compares candidates rather
    than luck."""

    def __init__(self, game: Game, horizon: int, seed: float = 0.0, seat: int = 0) -> None:
        self.game = game
        self.horizon = horizon
        self.seed = seed
        self.seat = seat
        self.scenario = 0
        self.fresh = False
        self.visits: dict[Hashable, int] = {}
        self.playing: Hashable = None
        self.outcomes: dict[Hashable, dict[int, float]] = {}
        """Per root action, ``seat``'s reward in each scenario played through it (for :func:`settled`)."""
        self.name = game.name  # type: ignore[misc]
        self.min_players = game.min_players  # type: ignore[misc]
        self.max_players = game.max_players  # type: ignore[misc]

    def begin_scenario(self, action: Hashable) -> None:
        """The iteration's first action (the root's) is ``action``: play its next scenario."""
        self.fresh = False
        self.scenario = self.visits.get(action, 0)
        self.visits[action] = self.scenario + 1
        self.playing = action

    def note(self, rewards: Sequence[float]) -> None:
        """The current scenario ended with ``rewards`` (per seat)."""
        self.outcomes.setdefault(self.playing, {})[self.scenario] = rewards[self.seat]

    def default_options(self) -> dict[str, Any]:
        return self.game.default_options()

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        return self.game.check_options(players, options)

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> State:
        return self.game.new_state(players, options)

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> State:
        state: Any = self.game.state_from_view(view, rng)
        if type(state) is StoneAgeState:
            state.__class__ = guided_class(self.horizon)
            state.game = self
            self.fresh = True
        return state


def rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A playout's action: the greedy rules' (a guided state offers only that one)."""
    if len(legal) == 1 or not isinstance(state, StoneAgeState):
        return legal[rng.randrange(len(legal))]
    return choose(state, seat, legal, rng, fast=True)


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's reward for an unfinished game (:func:`projected_rewards` of the projected final scores)."""
    if not isinstance(state, StoneAgeState):
        raise TypeError("the Stone Age evaluation needs a Stone Age state")
    return projected_rewards([projected_score(state, seat) for seat in range(state.players)], rounds_left(state))


def reward(result: Result) -> Sequence[float]:
    """A guided state's horizon: its projected rewards; a finished game: :func:`projected_rewards` of the final
    scores (the tie-break deciding exact ties), with no rounds left."""
    if isinstance(result, ProjectedResult):
        return result.rewards
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
        guided = GuidedGame(game, state.round + HORIZON_ROUNDS, rng.random(), seat)
        if kinds != {PLACE}:
            return self.mcts.act(guided, view, legal, rng)
        candidates = placement_candidates(state, seat, legal, CANDIDATES)
        if len(candidates) == 1:
            return candidates[0]
        planned = candidates[0]
        report = self.mcts.search(
            guided, view, candidates, rng, stop=lambda: settled(guided.outcomes, planned, DEVIATION, z=STOP_SIGMAS)
        )
        return preferred(report, planned)


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


register_bot(
    "mcts",
    make_mcts,
    game="stoneage",
    levels=tuple(LEVELS),
    summary="MCTS over the placements the heuristics rate best, greedy play below the root, playouts cut "
    "after two rounds and scored by projected final scores",
)
