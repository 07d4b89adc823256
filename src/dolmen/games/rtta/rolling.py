"""Step 1, rolling: Preservation, the roll and up to two rerolls, Leadership, and the chance outcomes.

Dice are counts per face (``state.dice``); a reroll names the faces of the dice it picks up, since dice showing
the same face are interchangeable. Seed 002, "1. Roll Dice and Collect Goods and Food"; skulls stay set aside
except in solo play ("Rules for Solitaire Play").
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product
from math import factorial
from typing import TYPE_CHECKING

from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import KEEP, PRESERVE, ROLL, Action
from dolmen.games.rtta.components import FACES, FOOD_OR_WORKERS, LEADERSHIP, MAX_FOOD, POTTERY, PRESERVATION, SKULL
from dolmen.games.rtta.harvest import collect

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

REROLLS: int = 2
"""Rerolls after the first roll (three rolls in all)."""
PRESERVATION_CHOICES: tuple[Action, ...] = (ROLL, PRESERVE)


def start_turn(s: RttaState) -> None:
    """Reset the turn's counters and wait for Preservation or the first roll."""
    s.dice = [0] * FACES
    s.workers = s.coins = s.offers = s.swaps = 0
    s.offer = None
    p = s.active
    if s.devs[p] >> PRESERVATION & 1 and s.goods[p][POTTERY]:
        s.step = steps.PRESERVE
    else:
        begin_roll(s)


def begin_roll(s: RttaState) -> None:
    s.to_roll = s.cities[s.active]
    s.rerolls_left = REROLLS
    s.step = steps.ROLL


def apply_preservation(s: RttaState, action: Action) -> None:
    """[ruling] Preservation before the first roll: 1 pottery doubles the food, up to 15 (seed 000)."""
    if action == PRESERVE:
        p = s.active
        s.goods[p][POTTERY] -= 1
        s.food[p] = min(MAX_FOOD, 2 * s.food[p])
    begin_roll(s)


def after_roll(s: RttaState) -> None:
    """Dice have landed: wait for a reroll decision while rerolls remain and a die may be picked up."""
    if s.rerolls_left and (s.solo or s.dice[SKULL] < s.cities[s.active]):
        s.step = steps.REROLL
    else:
        end_rolling(s)


def end_rolling(s: RttaState) -> None:
    if s.devs[s.active] >> LEADERSHIP & 1:
        s.step = steps.LEADERSHIP
    else:
        choose_food(s)


def choose_food(s: RttaState) -> None:
    if s.dice[FOOD_OR_WORKERS]:
        s.step = steps.FOOD
    else:
        collect(s, 0)


def apply_reroll(s: RttaState, action: Action) -> None:
    counts = action[1]
    dice = s.dice
    total = 0
    for face in range(FACES):
        dice[face] -= counts[face]
        total += counts[face]
    s.to_roll = total
    s.rerolls_left -= 1
    s.step = steps.ROLL


def apply_keep(s: RttaState, action: Action) -> None:
    if s.step == steps.REROLL:
        end_rolling(s)
    else:
        choose_food(s)


def apply_leadership(s: RttaState, action: Action) -> None:
    s.dice[action[1]] -= 1
    s.to_roll = 1
    s.step = steps.LEADERSHIP_ROLL


def apply_food(s: RttaState, action: Action) -> None:
    collect(s, action[1])


def apply_roll_outcome(s: RttaState, outcome: tuple[int, ...]) -> None:
    dice = s.dice
    for face in range(FACES):
        dice[face] += outcome[face]
    s.to_roll = 0
    if s.step == steps.ROLL:
        after_roll(s)
    else:
        choose_food(s)


@cache
def reroll_actions(dice: tuple[int, ...], solo: bool) -> tuple[Action, ...]:
    """``keep`` and every non-empty choice of dice to reroll (skulls stay set aside unless solo)."""
    ranges = [range((n if solo or face != SKULL else 0) + 1) for face, n in enumerate(dice)]
    return (KEEP, *(("reroll", counts) for counts in product(*ranges) if any(counts)))


@cache
def leadership_actions(dice: tuple[int, ...]) -> tuple[Action, ...]:
    """``keep`` or reroll one die of any face shown, a skull too (seed 002, Table 3, Leadership)."""
    return (KEEP, *(("leadership", face) for face in range(FACES) if dice[face]))


@cache
def food_actions(dice_either: int) -> tuple[Action, ...]:
    return tuple(("food", n) for n in range(dice_either + 1))


@cache
def roll_outcomes(k: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of ``k`` dice with its multinomial probability."""
    outcomes = []
    for counts in product(range(k + 1), repeat=FACES):
        if sum(counts) == k:
            ways = factorial(k)
            for n in counts:
                ways //= factorial(n)
            outcomes.append((counts, ways / FACES**k))
    return outcomes


def sample_roll(k: int, rng: random.Random) -> tuple[int, ...]:
    """Roll ``k`` dice one by one: the distribution of :func:`roll_outcomes`."""
    counts = [0, 0, 0, 0, 0, 0]
    draw = rng.random
    for _ in range(k):
        counts[int(draw() * 6)] += 1
    return tuple(counts)
