"""Bots: policies that see only their seat's view, the legal actions and their own generator.

``make_bot("NAME[:LEVEL]", game=...)`` builds one. Generic bots play every kernel game: ``random`` (uniform
over the legal actions) and ``mcts`` (Monte Carlo tree search, levels ``easy``/``medium``/``hard`` or an
iteration count). A game's own bots live in ``dolmen/bots/<game>_*.py`` and register themselves with
:func:`register_bot`; a game's implementation of a name replaces the generic one for that game.
"""

from __future__ import annotations

from dolmen.bots.budget import LEVELS, Budget, level_budget
from dolmen.bots.mcts import MCTSBot, SearchReport, mcts_factory
from dolmen.bots.mcts_tree import Widening
from dolmen.bots.registry import BotEntry, BotFactory, BotRegistry, split_spec
from dolmen.bots.rewards import Evaluator, RewardFunction, RolloutPolicy, neutral_reward, outcome_reward
from dolmen.engine.driver import Policy, RandomPolicy
from dolmen.engine.errors import OptionsError

RandomBot = RandomPolicy
"""The ``random`` bot: uniform over the legal actions (indexes them, so lazy action sets are fine)."""


def _random_factory(level: str | None, *, timed: bool) -> Policy:
    if level is not None:
        raise OptionsError(f"the random bot has no levels (got {level!r})")
    return RandomBot()


BOTS = BotRegistry(discover_package=__name__)
"""The registry :func:`make_bot` uses. Bots join it only at import time, through :func:`register_bot`."""

BOTS.register("random", _random_factory, summary="uniformly random among the legal actions")
BOTS.register(
    "mcts",
    mcts_factory(),
    levels=tuple(LEVELS),
    summary="Monte Carlo tree search with random playouts (information sets, chance sampled)",
)


def register_bot(
    name: str,
    factory: BotFactory,
    *,
    game: str | None = None,
    levels: tuple[str, ...] = (),
    summary: str = "",
) -> None:
    """Make ``name`` (for ``game``, or generic when ``None``) available to :func:`make_bot`. Call it at the
    top level of a ``dolmen/bots/<game>_*.py`` module; those modules are imported when a bot for that game is
    first asked for."""
    BOTS.register(name, factory, game=game, levels=levels, summary=summary)


def make_bot(spec: str, game: str | None = None, *, timed: bool = True) -> Policy:
    """A fresh bot from ``NAME[:LEVEL]`` for ``game`` (a game name; ``None`` allows only generic bots).

    ``timed=False`` drops time budgets so the bot is deterministic given its generator (arena default)."""
    return BOTS.make(spec, game, timed=timed)


__all__ = [
    "BOTS",
    "LEVELS",
    "BotEntry",
    "BotFactory",
    "BotRegistry",
    "Budget",
    "Evaluator",
    "MCTSBot",
    "RandomBot",
    "RewardFunction",
    "RolloutPolicy",
    "SearchReport",
    "Widening",
    "level_budget",
    "make_bot",
    "mcts_factory",
    "neutral_reward",
    "outcome_reward",
    "register_bot",
    "split_spec",
]
