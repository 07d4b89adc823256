"""Step 1, rolling: Preservation, the roll and up to two rerolls, Leadership, and the chance outcomes.

Dice are counts per face (``state.dice``); a reroll names the faces of the dice it picks up, since dice showing
the same face are interchangeable. Seed 002, "1. Roll Dice and Collect Goods and Food"; skulls stay set aside
except in solo play ("Rules for Solitaire Play").
"""

from __future__ import annotations

import random
from bisect import bisect_right
from functools import cache
from itertools import accumulate, product
from math import factorial
from typing import TYPE_CHECKING, Final

from dolmen.engine.events import Event
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import KEEP, PRESERVE, ROLL, Action, Kind, can_reroll
from dolmen.games.rtta.board import Board, board_of
from dolmen.games.rtta.components import (
    FACE_NAMES,
    FACES,
    FOOD_OR_WORKERS,
    LEADERSHIP,
    MAX_CITIES,
    MAX_FOOD,
    POTTERY,
    PRESERVATION,
    PRESERVATION_POTTERY,
    REROLLS,
    SKULL,
)
from dolmen.games.rtta.harvest import collect
from dolmen.games.rtta.log import faces

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

PRESERVATION_CHOICES: Final[tuple[Action, ...]] = (ROLL, PRESERVE)


def start_turn(s: RttaState) -> None:
    """Reset the turn's counters and wait for Preservation or the first roll."""
    s.dice = [0] * FACES
    s.workers = s.coins = s.offers = s.swaps = 0
    s.offer = None
    p = s.active
    if s.devs[p] >> PRESERVATION & 1 and s.goods[p][POTTERY] >= PRESERVATION_POTTERY:
        s.step = steps.PRESERVE
    else:
        begin_roll(s)


def begin_roll(s: RttaState) -> None:
    s.to_roll = s.cities[s.active]
    s.rerolls_left = REROLLS
    s.step = steps.ROLL


def preserved_food(food: int) -> int:
    """[ruling] Preservation doubles the food, up to the food track's 15 (seed 000, "Conservation")."""
    return min(MAX_FOOD, 2 * food)


def preserve_on_board(board: Board) -> Board:
    """The board after Preservation: 1 pottery spent, the food doubled up to 15 (seed 000, "Conservation")."""
    goods = list(board.goods)
    goods[POTTERY] -= PRESERVATION_POTTERY
    return board._replace(food=preserved_food(board.food), goods=tuple(goods))


def apply_preservation(s: RttaState, action: Action) -> None:
    """[ruling] Preservation before the first roll: 1 pottery doubles the food, up to 15 (seed 000)."""
    p = s.active
    if action == PRESERVE:
        before = s.food[p]
        after = preserve_on_board(board_of(s, p))
        s.goods[p][POTTERY] = after.goods[POTTERY]
        s.food[p] = after.food
        if s.log is not None:
            args = {"seat": p, "pottery": PRESERVATION_POTTERY, "food_before": before, "food": s.food[p]}
            s.log.append(Event("preserved", args))
    elif s.log is not None:
        s.log.append(Event("preservation_unused", {"seat": p}))
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
    counts: tuple[int, ...] = action[1]
    c0, c1, c2, c3, c4, c5 = counts
    dice = s.dice  # in place, unrolled over the six faces: every playout rerolls at every turn
    dice[0] -= c0
    dice[1] -= c1
    dice[2] -= c2
    dice[3] -= c3
    dice[4] -= c4
    dice[5] -= c5
    s.to_roll = c0 + c1 + c2 + c3 + c4 + c5
    s.rerolls_left -= 1
    s.step = steps.ROLL
    if s.log is not None:
        s.log.append(Event("picked_up", {"seat": s.active, "dice": faces(counts), "kept": faces(s.dice)}))


def apply_keep(s: RttaState, action: Action) -> None:
    if s.step == steps.REROLL:
        if s.log is not None:
            s.log.append(Event("kept", {"seat": s.active, "dice": faces(s.dice)}))
        end_rolling(s)
    else:
        if s.log is not None:
            s.log.append(Event("leadership_unused", {"seat": s.active}))
        choose_food(s)


def apply_leadership(s: RttaState, action: Action) -> None:
    if s.log is not None:
        s.log.append(Event("leadership", {"seat": s.active, "face": FACE_NAMES[action[1]]}))
    s.dice[action[1]] -= 1
    s.to_roll = 1
    s.step = steps.LEADERSHIP_ROLL


def apply_food(s: RttaState, action: Action) -> None:
    if s.log is not None:
        either = s.dice[FOOD_OR_WORKERS]
        s.log.append(
            Event("food_or_workers", {"seat": s.active, "food_dice": action[1], "workers_dice": either - action[1]})
        )
    collect(s, action[1])


def apply_roll_outcome(s: RttaState, outcome: tuple[int, ...]) -> None:
    o0, o1, o2, o3, o4, o5 = outcome
    dice = s.dice  # in place, unrolled over the six faces: every playout rolls several times a turn
    dice[0] += o0
    dice[1] += o1
    dice[2] += o2
    dice[3] += o3
    dice[4] += o4
    dice[5] += o5
    s.to_roll = 0
    if s.log is not None:
        _log_roll(s, outcome)
    if s.step == steps.ROLL:
        after_roll(s)
    else:
        choose_food(s)


def _log_roll(s: RttaState, outcome: tuple[int, ...]) -> None:
    assert s.log is not None
    if s.step == steps.ROLL:
        number = 1 + REROLLS - s.rerolls_left
        args = {"seat": s.active, "roll": number, "faces": faces(outcome), "dice": faces(s.dice)}
        s.log.append(Event("rolled", args | {"skulls": s.dice[SKULL]}))
    else:
        face = FACE_NAMES[outcome.index(1)]
        s.log.append(Event("leadership_rolled", {"seat": s.active, "face": face, "dice": faces(s.dice)}))


@cache
def reroll_actions(dice: tuple[int, ...], solo: bool) -> tuple[Action, ...]:
    """``keep`` and every non-empty choice of dice to reroll (skulls stay set aside unless solo)."""
    ranges = [range((n if can_reroll(face, solo) else 0) + 1) for face, n in enumerate(dice)]
    return (KEEP, *((Kind.REROLL, counts) for counts in product(*ranges) if any(counts)))


_REROLLS_BY_CODE: Final[dict[int, tuple[Action, ...]]] = {}


def dice_rerolls(dice: list[int], solo: bool) -> tuple[Action, ...]:
    """:func:`reroll_actions` of the dice showing (counts per face), found by their code (three bits per face
    and one for solo: at most 7 dice) without building a tuple to hash: playouts ask it at every reroll."""
    d0, d1, d2, d3, d4, d5 = dice
    key = d0 | d1 << 3 | d2 << 6 | d3 << 9 | d4 << 12 | d5 << 15 | (1 << 18 if solo else 0)
    found = _REROLLS_BY_CODE.get(key)
    if found is None:
        found = _REROLLS_BY_CODE[key] = reroll_actions((d0, d1, d2, d3, d4, d5), solo)
    return found


@cache
def leadership_actions(dice: tuple[int, ...]) -> tuple[Action, ...]:
    """``keep`` or reroll one die of any face shown, a skull too (seed 002, Table 3, Leadership)."""
    return (KEEP, *((Kind.LEADERSHIP, face) for face in range(FACES) if dice[face]))


@cache
def food_actions(dice_either: int) -> tuple[Action, ...]:
    return tuple((Kind.FOOD, n) for n in range(dice_either + 1))


def _compositions(k: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(k,)]
    return [(first, *rest) for first in range(k, -1, -1) for rest in _compositions(k - first, parts - 1)]


def _roll_table(k: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[float, ...]]:
    outcomes = tuple(_compositions(k, FACES))
    ways = []
    for counts in outcomes:
        n = factorial(k)
        for c in counts:
            n //= factorial(c)
        ways.append(n)
    cumulative = tuple(accumulate(ways))
    return outcomes, cumulative, tuple(w / FACES**k for w in ways)


_ROLLS: Final = tuple(_roll_table(k) for k in range(MAX_CITIES + 1))
"""Per number of dice: every multiset of faces (counts per face), the running total of their multinomial
weights (out of 6**k) and their probabilities."""


def roll_outcomes(k: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of ``k`` dice with its multinomial probability."""
    outcomes, _, probabilities = _ROLLS[k]
    return list(zip(outcomes, probabilities, strict=True))


def sample_roll(k: int, rng: random.Random) -> tuple[int, ...]:
    """A roll of ``k`` dice, with the distribution of :func:`roll_outcomes` (the same as rolling each die): one
    uniform draw among the 6**k equally likely sequences, mapped to its multiset."""
    outcomes, cumulative, _ = _ROLLS[k]
    return outcomes[bisect_right(cumulative, int(rng.random() * cumulative[-1]))]
