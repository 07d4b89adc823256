"""Bots: policies that see only their seat's view, the legal actions and their own generator.

``make_bot("NAME[:LEVEL]", game=...)`` builds one. Generic bots play every kernel game: ``random`` (uniform
over the legal actions) and ``mcts`` (Monte Carlo tree search, levels ``easy``/``medium``/``hard`` or an
iteration count). The layout follows the architecture:

- :mod:`dolmen.bots.search` — the generic search: MCTS (:mod:`~dolmen.bots.search.mcts`), its tree, budgets,
  rewards and paired comparisons; it knows no game.
- :mod:`dolmen.bots.rtta`, :mod:`dolmen.bots.stoneage` — each game's own bots and the heuristics behind them.
- :mod:`dolmen.bots.roster` — the table of every bot by name and game (a game's implementation of a name
  replaces the generic one for that game); :mod:`dolmen.bots.registry` builds bots from it.

The arena that ranks bots is an application above this package (:mod:`dolmen.arena`).
"""

from __future__ import annotations

from dolmen.bots.registry import BotEntry, BotFactory, BotListing, BotRegistry, split_spec
from dolmen.bots.roster import ROSTER
from dolmen.bots.search.budget import LEVELS, Budget, level_budget
from dolmen.bots.search.mcts import MCTSBot, SearchReport, mcts_factory
from dolmen.bots.search.rewards import Evaluator, RewardFunction, RolloutPolicy, neutral_reward, outcome_reward
from dolmen.bots.search.tree import Widening
from dolmen.engine.driver import Policy, RandomPolicy
from dolmen.engine.errors import OptionsError

RandomBot = RandomPolicy
"""The ``random`` bot: uniform over the legal actions (indexes them, so lazy action sets are fine)."""


def make_random(level: str | None, *, timed: bool) -> Policy:
    """The ``random`` bot's factory (it has no levels)."""
    if level is not None:
        raise OptionsError(f"the random bot has no levels (got {level!r})")
    return RandomBot()


BOTS = BotRegistry(ROSTER)
"""The registry :func:`make_bot` uses: the table :data:`dolmen.bots.roster.ROSTER`, plus any bot added from
outside Dolmen with :func:`register_bot`."""


def register_bot(
    name: str,
    factory: BotFactory | str,
    *,
    game: str | None = None,
    levels: tuple[str, ...] = (),
    summary: str = "",
) -> None:
    """Make ``name`` (for ``game``, or generic when ``None``) available to :func:`make_bot`: for bots that live
    outside Dolmen (Dolmen's own are rows of :data:`~dolmen.bots.roster.ROSTER`). ``factory`` may be the
    factory or its ``"module:attribute"``."""
    BOTS.register(name, factory, game=game, levels=levels, summary=summary)


def make_bot(spec: str, game: str | None = None, *, timed: bool = True) -> Policy:
    """A fresh bot from ``NAME[:LEVEL]`` for ``game`` (a game name; ``None`` allows only generic bots).

    ``timed=False`` drops time budgets so the bot is deterministic given its generator (arena default)."""
    return BOTS.make(spec, game, timed=timed)


__all__ = [
    "BOTS",
    "LEVELS",
    "ROSTER",
    "BotEntry",
    "BotFactory",
    "BotListing",
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
    "make_random",
    "mcts_factory",
    "neutral_reward",
    "outcome_reward",
    "register_bot",
    "split_spec",
]
