"""Random games played step by step with the log on, for the tests of events, catalogues and views: 2–5
players with every module on, each module alone, and none (seed 003: the modules combine freely)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from dolmen.engine import CHANCE
from dolmen.engine.events import Event
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.module_components import MODULES

GAME = StoneAge()
TABLES: tuple[tuple[int, tuple[str, ...]], ...] = (
    (2, ()),
    (3, ()),
    (4, ()),
    (2, MODULES),
    (3, MODULES),
    (4, MODULES),
    (5, MODULES),
    (5, ("extension",)),
    *((2 + i % 3, (module,)) for i, module in enumerate(MODULES)),
)
"""Player counts and modules of the walked games."""


@dataclass
class Step:
    """One applied step: the state before it (a clone), the state after it, and the events it emitted."""

    before: StoneAgeState
    after: StoneAgeState
    events: list[Event]


def walk(players: int, modules: tuple[str, ...], seed: int, open_cards: bool = False) -> Iterator[Step]:
    """Play a random game to its end with the log on, yielding every step."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"modules": list(modules), "open_cards": open_cards})
    while state.actors():
        before = state.clone()
        state.log = []
        actor = state.actors()[0]
        if actor == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(actor)
            state.apply_action(actor, legal[rng.randrange(len(legal))])
        events, state.log = state.log, None
        yield Step(before, state, events)
