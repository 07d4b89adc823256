"""Drive a game from start to end: chance from one seeded generator, seats from policies (bots or people).

A policy receives only its seat's view, the legal actions and its own generator, never the state or the
game's generator, so thinking never changes the game's dice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from dolmen.engine.core import CHANCE, JSON, Action, Game, State
from dolmen.engine.errors import IllegalStep
from dolmen.engine.record import Record


class Policy(Protocol):
    """Anything that chooses an action for one seat."""

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    needs_view = False  # it never reads the view, so drivers may skip building it (the simulate hot loop)

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def seat_rng(seed: int | str | None, seat: int) -> random.Random:
    """The generator of ``seat``'s policy, derived from the game seed and independent of the dice."""
    return random.Random(f"dolmen-seat:{seed}:{seat}")


def chance_rng(seed: int | str | None) -> random.Random:
    """The generator that draws the game's chance outcomes."""
    return random.Random(f"dolmen-chance:{seed}")


def play_game(
    game: Game,
    players: int,
    options: Mapping[str, JSON] | None,
    seed: int | str | None,
    policies: Sequence[Policy],
    *,
    record: bool = True,
    max_steps: int = 1_000_000,
) -> tuple[State, Record | None]:
    """Play one game to its end and return the final state and (optionally) its record."""
    state = game.new_state(players, options)
    full_options = game.check_options(players, options or {})
    rec = Record(game.name, players, full_options, seed) if record else None
    dice = chance_rng(seed)
    rngs = [seat_rng(seed, seat) for seat in range(players)]
    for _ in range(max_steps):
        actors = state.actors()
        if not actors:
            break
        if actors[0] == CHANCE:
            outcome = state.sample_chance(dice)
            if rec is not None:
                rec.add_chance(state, outcome)
            state._apply_chance(outcome)
            continue
        seat = actors[0]
        legal = state.legal_actions(seat)
        policy = policies[seat]
        view = state.view(seat) if getattr(policy, "needs_view", True) else {}
        action = policy.act(game, view, legal, rngs[seat])
        if rec is not None:
            rec.add_action(state, seat, action)
        if action not in legal:
            raise IllegalStep(f"the policy of seat {seat} chose {state.action_text(action)!r}, which is not legal")
        state._apply_action(seat, action)
    else:
        raise RuntimeError(f"game did not end within {max_steps} steps")
    if rec is not None:
        rec.result = state.result().to_json()
    return state, rec


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> State:
    """Play ``state`` to the end in place with uniformly random actions and chance drawn from ``rng``: the
    engine's hot loop, used by benchmarks and search."""
    for _ in range(max_steps):
        actors = state.actors()
        if not actors:
            return state
        if actors[0] == CHANCE:
            state._apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(actors[0])
            state._apply_action(actors[0], legal[rng.randrange(len(legal))])
    raise RuntimeError(f"game did not end within {max_steps} steps")
