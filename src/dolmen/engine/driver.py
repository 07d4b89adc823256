"""Drive a game from start to end: chance from one seeded generator, seats from policies (bots or people).

A policy receives only its seat's view, the legal actions and its own generator, never the state or the
game's generator, so thinking never changes the game's dice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, Protocol

from dolmen.engine.core import CHANCE, JSON, Action, Game, State
from dolmen.engine.dice import secret_from_seed
from dolmen.engine.errors import IllegalStep
from dolmen.engine.record import Record
from dolmen.engine.table import Table


class Policy(Protocol):
    """Anything that chooses an action for one seat."""

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    needs_view = False  # it never reads the view, so drivers may skip building it (the simulate hot loop)

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def seat_rng(seed: int | str | None, seat: int) -> random.Random:
    """The generator of ``seat``'s policy, derived from the game seed and independent of the dice. (About 9 µs
    to build, 7 of them CPython's Mersenne Twister seeding, which no other derivation of the same numbers
    avoids: docs/speed.md.)"""
    return random.Random(f"dolmen-seat:{seed}:{seat}")


def chance_rng(seed: int | str | None) -> random.Random:
    """A fast seeded generator for chance outcomes in experiments that need no verifiable dice (benchmarks,
    fitting data); tables draw theirs from a secret (:mod:`dolmen.engine.dice`)."""
    return random.Random(f"dolmen-chance:{seed}")


def run(
    table: Table,
    policies: Mapping[int, Policy],
    rngs: Sequence[random.Random],
    *,
    max_steps: int = 1_000_000,
) -> None:
    """The driving loop every driver shares: apply chance steps, ask the acting seat's policy, submit its
    action against the table's version. Returns when the game is over, or when the acting seat has no policy
    in ``policies`` (a person whose move comes another way: the server's socket, the next call).

    A policy sees its seat's view and legal actions only; its action goes through the table's checks, except for
    :class:`RandomPolicy`'s, an item of the legal list it was given (checking it again, a lazy sequence's ``in``
    costs as much as a step). Any other policy's action, like a person's, is checked.
    """
    views = {seat: getattr(policy, "needs_view", True) for seat, policy in policies.items()}
    trusted = {seat: type(policy) is RandomPolicy for seat, policy in policies.items()}
    for _ in range(max_steps):
        actors = table.actors()
        if not actors:
            return
        seat = actors[0]
        if seat == CHANCE:
            table.roll()
            continue
        policy = policies.get(seat)
        if policy is None:
            return
        legal = table.legal(seat)
        view = table.state.view(seat) if views[seat] else {}
        action = policy.act(table.game, view, legal, rngs[seat])
        if trusted[seat]:
            table.play_chosen(seat, action)
            continue
        try:
            table.play(seat, action, legal)
        except (IllegalStep, TypeError) as exc:
            raise IllegalStep(f"the policy of seat {seat} chose an illegal action: {exc}") from exc
    raise RuntimeError(f"game did not end within {max_steps} steps")


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
    """Play one game to its end on a :class:`Table` and return the final state and (optionally) its record.

    With a ``seed`` the dice secret is derived from it (:func:`dice.secret_from_seed`: the same seed plays the
    same game, and the record verifies); without one it is fresh. Each seat's policy has its own generator
    (:func:`seat_rng`), so a bot's thinking never changes the dice.
    """
    secret = secret_from_seed(seed) if seed is not None else None
    table = Table(game, players, options, secret=secret, log=False)
    run(table, dict(enumerate(policies)), [seat_rng(seed, seat) for seat in range(players)], max_steps=max_steps)
    if not table.is_over():
        raise RuntimeError("every seat has a policy, yet the game stopped before its end")
    rec = None
    if record:
        rec = table.record()
        rec.seed = seed
    return table.state, rec


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> State:
    """Play ``state`` to the end in place with uniformly random actions and chance drawn from ``rng``: the
    engine's hot loop, used by benchmarks and search.

    The action is ``legal[rng.randrange(len(legal))]``; for a plain ``random.Random`` the same index is drawn
    without ``randrange``'s Python frames (CPython's ``_randbelow_with_getrandbits`` inlined: a tenth of a
    compiled playout)."""
    plain = type(rng) is random.Random
    getrandbits = rng.getrandbits
    for _ in range(max_steps):
        actors = state.actors()
        if not actors:
            return state
        if actors[0] == CHANCE:
            state._apply_chance(state.sample_chance(rng))
            continue
        legal = state.legal_actions(actors[0])
        n = len(legal)
        if plain and n > 0:
            k = _BITS[n] if n < len(_BITS) else n.bit_length()
            index = getrandbits(k)
            while index >= n:
                index = getrandbits(k)
        else:
            index = rng.randrange(n)
        state._apply_action(actors[0], legal[index])
    raise RuntimeError(f"game did not end within {max_steps} steps")


_BITS: Final = tuple(n.bit_length() for n in range(1024))
"""``n.bit_length()`` of the legal lists' usual lengths."""
