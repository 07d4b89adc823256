"""Monte Carlo tree search that plays any kernel game, with chance and hidden information.

Each iteration samples a full state consistent with the bot's view (``game.state_from_view(view, rng)``:
the cards it cannot see are drawn, what it can see is exact), descends the tree from the root by UCB1 —
each seat choosing by its own component of the reward vector — samples chance outcomes with the bot's own
generator, adds one node, plays out (uniformly at random unless a game plugs in a rollout policy) until the
game ends or a step cap (then a plugged-in evaluator, or an even game), and backs the reward vector up.

A game plugs its knowledge in through hooks (:class:`MCTSBot`'s keyword arguments, :mod:`dolmen.bots.search.rewards`
for their types), never by changing the game's states: ``rollout`` (the playout policy), ``evaluate`` and
``evaluate_at`` (the horizon: where a playout stops and how it is scored), ``candidates`` (the actions the tree
considers at a decision), ``chance`` (how the search draws chance outcomes, e.g. common random numbers), and
``scenarios`` (:class:`dolmen.bots.search.pairing.Scenarios`: the reward of every root action in every scenario,
for paired comparisons). :meth:`MCTSBot.with_hooks` gives a copy with some hooks replaced, for hooks that depend
on the decision (a horizon a round ahead).

The bot never sees the true state nor the game's generator: thinking cannot change the game's dice, and two
true states that give the same view give the same decisions.

The bot learns which seat it plays from the sampled state (``state.actors()``); a view may carry an
integer ``"viewer"`` key to name the seat when several seats act at once (otherwise the first actor is meant,
as :func:`dolmen.engine.play_game` does). No other view key is needed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dolmen.bots.registry import BotFactory
from dolmen.bots.search.budget import Budget, level_budget
from dolmen.bots.search.pairing import Scenarios
from dolmen.bots.search.rewards import (
    CandidateRule,
    ChanceSampler,
    Evaluator,
    Horizon,
    RewardFunction,
    RolloutPolicy,
    neutral_reward,
    outcome_reward,
)
from dolmen.bots.search.tree import Node, Widening, best_by_ucb, membership, untried_action
from dolmen.engine.core import CHANCE, JSON, Action, Game, State
from dolmen.engine.driver import Policy

PLAYOUT_SAFETY = 100_000
"""Steps after which an uncapped playout is abandoned as an even game (a game that never ends is a bug)."""

CLOCK_EVERY = 63
"""A timed search looks at the clock every 64 playout steps, so a long playout cannot overrun the budget."""

STOP_EVERY = 16
"""A search with a ``stop`` test asks it every this many iterations."""


@dataclass(frozen=True, slots=True)
class ActionStats:
    action: Action
    visits: int
    mean: float
    """Mean reward of the acting seat after this action (on the reward function's scale)."""


@dataclass(frozen=True, slots=True)
class SearchReport:
    """What one search found: the root's actions with their statistics, in the order they were tried."""

    seat: int
    iterations: int
    seconds: float
    actions: tuple[ActionStats, ...] = field(default=())

    def best(self) -> ActionStats:
        """The most visited action (the robust choice), then the better mean, then the first tried."""
        return max(self.actions, key=lambda s: (s.visits, s.mean))


class MCTSBot:
    """Information-set MCTS (open loop over hidden information, closed loop over chance).

    ``exploration`` is the UCB1 constant on rewards normalised to ``[0, 1]``. ``playout_steps`` caps each
    playout (``None``: play to the end); at the cap ``evaluate`` scores the state, or it counts as an even
    game. ``resample_every`` draws a new full state every that many iterations (1: every iteration; a game
    without hidden information may set more, since its views are exact).

    The other hooks default to the plain search: ``candidates(state, seat, legal)`` narrows the actions the tree
    considers at a decision below the root (the root's are the ``legal`` given to :meth:`search`; playouts see
    every legal action); ``evaluate_at(state)`` is true where playouts stop early (a horizon) and ``evaluate``
    scores the state; ``chance(state, rng)`` draws a chance outcome in the search's tree and playouts (default
    ``state.sample_chance(rng)``); ``scenarios`` is told each iteration's root action and, when the iteration ended
    at the game's end or the horizon, the searching seat's reward.
    """

    def __init__(
        self,
        budget: Budget,
        *,
        exploration: float = 0.7,
        rollout: RolloutPolicy | None = None,
        evaluate: Evaluator | None = None,
        reward: RewardFunction = outcome_reward,
        playout_steps: int | None = None,
        widening: Widening | None = None,
        resample_every: int = 1,
        candidates: CandidateRule | None = None,
        evaluate_at: Horizon | None = None,
        chance: ChanceSampler | None = None,
        scenarios: Scenarios | None = None,
    ) -> None:
        if resample_every < 1:
            raise ValueError("resample_every is at least 1")
        if evaluate_at is not None and evaluate is None:
            raise ValueError("a horizon (evaluate_at) needs an evaluation (evaluate)")
        self.budget = budget
        self.exploration = exploration
        self.rollout = rollout
        self.evaluate = evaluate
        self.reward = reward
        self.playout_steps = playout_steps
        self.widening = widening or Widening()
        self.resample_every = resample_every
        self.candidates = candidates
        self.evaluate_at = evaluate_at
        self.chance = chance
        self.scenarios = scenarios

    def with_hooks(self, **hooks: Any) -> MCTSBot:
        """A copy of this bot with the named hooks (constructor keyword arguments) replaced."""
        unknown = set(hooks) - HOOKS
        if unknown:
            raise TypeError(f"not a search hook: {', '.join(sorted(unknown))}")
        other = MCTSBot(  # not copy.copy: compiled, this class is made only through its constructor
            self.budget,
            exploration=self.exploration,
            rollout=self.rollout,
            evaluate=self.evaluate,
            reward=self.reward,
            playout_steps=self.playout_steps,
            widening=self.widening,
            resample_every=self.resample_every,
            candidates=self.candidates,
            evaluate_at=self.evaluate_at,
            chance=self.chance,
            scenarios=self.scenarios,
        )
        for name, value in hooks.items():
            setattr(other, name, value)
        if other.evaluate_at is not None and other.evaluate is None:
            raise ValueError("a horizon (evaluate_at) needs an evaluation (evaluate)")
        return other

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        report = self.search(game, view, legal, rng)
        if not report.actions:
            return legal[rng.randrange(len(legal))]
        return report.best().action

    def search(
        self,
        game: Game,
        view: Mapping[str, JSON],
        legal: Sequence[Action],
        rng: random.Random,
        *,
        stop: Callable[[], bool] | None = None,
    ) -> SearchReport:
        """Search from ``view`` within the budget and report the root's statistics. ``stop``, asked every
        :data:`STOP_EVERY` iterations, ends the search early when it answers true (a game's bot knows when its
        answer can no longer change)."""
        if len(legal) == 0:
            raise ValueError("a bot is asked to act only when it has a legal action")
        started = time.perf_counter()
        sample = game.state_from_view(view, rng)
        seat = acting_seat(view, sample)
        run = _Search(self, sample.players, seat, legal, rng, self.budget.deadline(started))
        iterations = 0
        while not self._is_spent(iterations, started, run.deadline):
            if iterations and iterations % self.resample_every == 0:
                sample = game.state_from_view(view, rng)
            try:
                run.iterate(sample.clone() if self.resample_every > 1 else sample)
            except _OutOfTime:
                break
            iterations += 1
            if stop is not None and iterations % STOP_EVERY == 0 and stop():
                break
        stats = tuple(
            ActionStats(action, child.visits, child.mean(seat)) for action, child in run.root.children.items()
        )
        return SearchReport(seat, iterations, time.perf_counter() - started, stats)

    def _is_spent(self, iterations: int, started: float, deadline: float) -> bool:
        """Out of iterations, or the next iteration (allowing twice the mean so far) could end past the deadline:
        a timed search stops early rather than late."""
        limit = self.budget.iterations
        if limit is not None and iterations >= limit:
            return True
        if deadline == float("inf"):
            return False
        now = time.perf_counter()
        return now >= deadline or (iterations > 0 and now + 2 * (now - started) / iterations > deadline)


HOOKS = frozenset({"rollout", "evaluate", "reward", "candidates", "evaluate_at", "chance", "scenarios"})
"""The hooks :meth:`MCTSBot.with_hooks` replaces."""


def acting_seat(view: Mapping[str, JSON], state: State) -> int:
    """The seat the bot plays: the view's ``"viewer"`` when it names an acting seat, else the first actor."""
    actors = state.actors()
    viewer = view.get("viewer")
    if isinstance(viewer, int) and not isinstance(viewer, bool) and viewer in actors:
        return viewer
    if not actors or actors[0] == CHANCE:
        raise ValueError("the view shows nobody to act: a bot is asked only when its seat acts")
    return actors[0]


class _OutOfTime(Exception):
    """The time budget ran out in the middle of a playout: the iteration is dropped."""


class _Search:
    """One search: the tree, the bot's generator and the range of rewards seen (for normalisation)."""

    def __init__(
        self, bot: MCTSBot, players: int, seat: int, legal: Sequence[Action], rng: random.Random, deadline: float
    ) -> None:
        self.bot = bot
        self.players = players
        self.seat = seat
        self.legal = legal
        self.rng = rng
        self.deadline = deadline
        self.root_lookup = membership(legal)
        self.root = Node(players)
        self.low = float("inf")
        self.high = float("-inf")
        self.sample = bot.chance or _sample_chance
        self.ended = False
        """Whether the current iteration's rewards are the game's end or the horizon (not a step cap)."""

    def iterate(self, state: State) -> None:
        """One iteration on ``state`` (a sampled full state, consumed)."""
        path = [self.root]
        self.ended = True
        rewards = self._descend(state, path)
        if rewards is None:
            rewards = self._playout(state)
        scenarios = self.bot.scenarios
        if scenarios is not None and self.ended:
            scenarios.note(rewards[self.seat])
        self._back_up(path, rewards)

    def _descend(self, state: State, path: list[Node]) -> Sequence[float] | None:
        """Follow the tree, adding one node; the final rewards if the game ended on the way, else ``None``."""
        node = self.root
        bot, rng = self.bot, self.rng
        horizon, candidates = bot.evaluate_at, bot.candidates
        while True:
            actors = state.actors()
            if not actors:
                return bot.reward(state.result())
            if horizon is not None and horizon(state):
                return bot.evaluate(state)  # type: ignore[misc]
            if actors[0] == CHANCE:
                outcome = self.sample(state, rng)
                state._apply_chance(outcome)
                if node.outcomes is None:
                    node.outcomes = {}
                child = node.outcomes.get(outcome)
                if child is None:
                    child = node.outcomes[outcome] = Node(self.players)
                    path.append(child)
                    return None
                node = child
                path.append(node)
                continue
            if node is self.root:
                seat, legal = self.seat, self.legal
            else:
                seat = actors[0]
                legal = state.legal_actions(seat)
                if candidates is not None:
                    legal = candidates(state, seat, legal)
            action, existing = self._choose(node, seat, legal)
            if node is self.root and bot.scenarios is not None:
                bot.scenarios.begin(action)
            state._apply_action(seat, action)
            if existing is None:
                child = node.children[action] = Node(self.players)
                child.available = 1
                path.append(child)
                return None
            node = existing
            path.append(node)

    def _choose(self, node: Node, seat: int, legal: Sequence[Action]) -> tuple[Action, Node | None]:
        """The action to follow from ``node``: a new one while widening allows, else the best by UCB1."""
        children = node.children
        if len(legal) == 1:
            return legal[0], children.get(legal[0])
        if children:
            lookup = self.root_lookup if legal is self.legal else membership(legal)
            available = [(action, child) for action, child in children.items() if action in lookup]
        else:
            available = []
        if len(available) < self.bot.widening.limit(len(legal), node.visits):
            fresh = untried_action(children, legal, self.bot.widening, self.rng)
            if fresh is not None:
                for _, child in available:
                    child.available += 1
                return fresh, None
        scale = 1.0 / (self.high - self.low) if self.high > self.low else 0.0
        action, child = best_by_ucb(available, seat, self.low, scale, self.bot.exploration)
        return action, child

    def _playout(self, state: State) -> Sequence[float]:
        bot, rng = self.bot, self.rng
        rollout = bot.rollout
        steps = bot.playout_steps if bot.playout_steps is not None else PLAYOUT_SAFETY
        watch = self.deadline != float("inf")
        horizon, sample = bot.evaluate_at, self.sample
        for step in range(steps):
            if watch and step & CLOCK_EVERY == CLOCK_EVERY and time.perf_counter() > self.deadline:
                raise _OutOfTime
            actors = state.actors()
            if not actors:
                return bot.reward(state.result())
            if horizon is not None and horizon(state):
                return bot.evaluate(state)  # type: ignore[misc]
            if actors[0] == CHANCE:
                state._apply_chance(sample(state, rng))
                continue
            seat = actors[0]
            legal = state.legal_actions(seat)
            if rollout is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = rollout(state, seat, legal, rng)
            state._apply_action(seat, action)
        if state.is_over():
            return bot.reward(state.result())
        if horizon is not None and horizon(state):
            return bot.evaluate(state)  # type: ignore[misc]
        self.ended = False
        if bot.evaluate is not None:
            return bot.evaluate(state)
        return neutral_reward(self.players)

    def _back_up(self, path: list[Node], rewards: Sequence[float]) -> None:
        low, high = min(rewards), max(rewards)
        if low < self.low:
            self.low = low
        if high > self.high:
            self.high = high
        seats = range(self.players)
        for node in path:
            node.visits += 1
            totals = node.totals
            for seat in seats:
                totals[seat] += rewards[seat]


def _sample_chance(state: State, rng: random.Random) -> Any:
    return state.sample_chance(rng)


def mcts_factory(
    *,
    rollout: RolloutPolicy | None = None,
    evaluate: Evaluator | None = None,
    reward: RewardFunction = outcome_reward,
    playout_steps: int | None = None,
    exploration: float = 0.7,
    widening: Widening | None = None,
    resample_every: int = 1,
    candidates: CandidateRule | None = None,
    evaluate_at: Horizon | None = None,
) -> BotFactory:
    """A :class:`BotFactory` for MCTS bots with these hooks, at the levels of :mod:`dolmen.bots.search.budget`; a
    game's ``mcts`` can be one, named in :data:`dolmen.bots.roster.ROSTER` as e.g.
    ``"dolmen.bots.rtta.mcts:make_mcts"`` with ``make_mcts = mcts_factory(evaluate=...)``."""

    def factory(level: str | None, *, timed: bool) -> Policy:
        return MCTSBot(
            level_budget(level, timed=timed),
            exploration=exploration,
            rollout=rollout,
            evaluate=evaluate,
            reward=reward,
            playout_steps=playout_steps,
            widening=widening,
            resample_every=resample_every,
            candidates=candidates,
            evaluate_at=evaluate_at,
        )

    return factory


make_mcts = mcts_factory()
"""The generic ``mcts`` bot's factory: random playouts, the default reward."""
