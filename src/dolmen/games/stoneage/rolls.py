"""Dice rolls as chance steps: a gathering's, a card's, a "dice for all" and the modules' (seed 004 "Les dés").

A roll is pending while ``state.step`` is ``ROLL_DICE``: ``roll_count`` dice for ``roll_res`` (a resource, or a
code of ``steps``). Its outcome is the sorted faces, ``(DICE, faces)``, each sorted roll with its probability.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import factorial
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import DICE
from dolmen.games.stoneage.components import DIE_FACES
from dolmen.games.stoneage.steps import CONTEST, ROLL_DICE

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

FACES: Final = range(1, DIE_FACES + 1)
PLAIN_RANDOM: Final = random.Random
RANDOM: Final = random.Random.random
"""The C method ``random.Random.random``: for a plain generator (``type(rng) is PLAIN_RANDOM``) it is called
directly instead of looking ``rng.random`` up at every draw (compiled, a bound method built and freed: about 550
instructions, 2% of a four-player game). A subclass (a table's dice stream) is asked through its attribute."""


def uniform(rng: random.Random) -> float:
    """``rng.random()`` (see :data:`RANDOM`)."""
    if type(rng) is PLAIN_RANDOM:
        return RANDOM(rng)
    return rng.random()


def start_roll(state: StoneAgeState, dice: int, resource: int) -> None:
    """A chance step rolls ``dice`` dice: gathering ``resource``, or a roll named by a code of ``steps``."""
    state.roll_count = dice
    state.roll_res = resource
    state.step = ROLL_DICE


def sorted_faces(faces: Any) -> tuple[int, ...]:
    """``tuple(sorted(faces))``, without building it again when ``faces`` is a sorted tuple already (every roll
    :meth:`StoneAgeState.sample_chance` draws)."""
    if type(faces) is not tuple:
        return tuple(sorted(faces))
    for i in range(1, len(faces)):
        if faces[i] < faces[i - 1]:
            return tuple(sorted(faces))
    return faces


def roll_queue(state: StoneAgeState) -> list[dict[str, int]]:
    """Who still rolls in the modules' one-by-one rolls (the mammoth contest, driving off a wild animal), with how
    many dice (their people there), for the views."""
    on = state.on_herd if state.roll_res == CONTEST else state.on_animal
    return [{"seat": seat, "dice": on[seat]} for seat in state.roll_queue]


@lru_cache(maxsize=16)
def dice_distribution(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted roll of ``dice`` dice with its probability."""
    rolls: dict[tuple[int, ...], int] = {}
    for faces in _sorted_rolls(dice, 1):
        ways = factorial(dice)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        rolls[faces] = ways
    total = DIE_FACES**dice
    return tuple((faces, ways / total) for faces, ways in rolls.items())


def _sorted_rolls(dice: int, low: int) -> list[tuple[int, ...]]:
    if dice == 0:
        return [()]
    return [(face, *rest) for face in range(low, DIE_FACES + 1) for rest in _sorted_rolls(dice - 1, face)]


def roll_outcomes(state: StoneAgeState) -> list[tuple[Any, float]]:
    return [((DICE, faces), p) for faces, p in dice_distribution(state.roll_count)]


def is_possible_roll(state: StoneAgeState, kind: Any, value: Any) -> bool:
    return (
        kind == DICE
        and isinstance(value, tuple)
        and len(value) == state.roll_count
        and all(isinstance(face, int) and face in FACES for face in value)
    )
