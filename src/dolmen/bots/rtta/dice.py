"""Expectimax over a turn's dice: which dice to reroll, how to use Leadership, food or workers.

Dice are multisets of faces. The value of a final roll is what the rest of the turn makes of it: collect, feed,
disasters (the game's :func:`dolmen.games.rtta.harvest.collect_board`), then the planner's build, purchase and
discard (:meth:`Planner.quick_value`), taking the best split of the 2-food-or-2-workers dice. With Leadership,
a final roll is worth the better of keeping it and rerolling the one die whose reroll has the best expected
value. Before that, a roll with rerolls left is worth the best choice of dice to keep, each choice worth the
exact expectation over the multinomial outcomes of the dice rerolled. Multisets are coded as integers, a few
bits per face (:data:`_BITS`), so that adding a kept set and an outcome is one addition.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Final

from dolmen.bots.rtta.plan import Planner
from dolmen.games.rtta.actions import can_reroll
from dolmen.games.rtta.board import Board
from dolmen.games.rtta.components import FACES, FOOD_OR_WORKERS, MAX_CITIES
from dolmen.games.rtta.harvest import collect_board
from dolmen.games.rtta.rolling import roll_outcomes

_BITS: Final = MAX_CITIES.bit_length()
"""Bits per face: room for every die of a roll (one per city, ``components.MAX_CITIES`` at most)."""
_MASK: Final = (1 << _BITS) - 1
_SHIFT: Final = tuple(_BITS * face for face in range(FACES))


def code(counts: tuple[int, ...] | list[int]) -> int:
    """A multiset of dice (counts per face, each at most ``MAX_CITIES``) as one integer."""
    return sum(n << shift for n, shift in zip(counts, _SHIFT, strict=True))


def counts_of(coded: int) -> tuple[int, ...]:
    return tuple(coded >> shift & _MASK for shift in _SHIFT)


@cache
def _outcomes(k: int) -> tuple[tuple[int, float], ...]:
    """Every roll of ``k`` dice, coded, with its probability."""
    return tuple((code(counts), p) for counts, p in roll_outcomes(k))


@cache
def _sub_multisets(coded: int, solo: bool) -> tuple[int, ...]:
    """Every sub-multiset of ``coded`` the dice one may keep (dice that cannot be rerolled are always kept)."""
    counts = counts_of(coded)
    ranges = [range(n + 1) if can_reroll(face, solo) else range(n, n + 1) for face, n in enumerate(counts)]
    return tuple(code(kept) for kept in product(*ranges))


class DiceSearch:
    """The dice decisions of one turn of the planner's seat, from ``board`` (its board before collecting)."""

    def __init__(self, planner: Planner, board: Board, dice_count: int, *, solo: bool, leadership: bool) -> None:
        self.planner = planner
        self.board = board
        self.dice_count = dice_count
        self.solo = solo
        self.leadership = leadership
        self._turn_end: dict[int, float] = {}
        self._final: dict[int, float] = {}
        self._kept: list[dict[int, float]] = [{}, {}]
        self._rolled: dict[int, float] = {}
        planner.set_base(board)

    # -- values ------------------------------------------------------------------------------------------------
    def food_choice(self, dice: tuple[int, ...]) -> tuple[float, int]:
        """The best number of either-dice to take as food, and the value it gives."""
        best, best_food = -1e18, 0
        for food_dice in range(dice[FOOD_OR_WORKERS] + 1):
            after, workers, coins = collect_board(self.board, dice, food_dice, self.solo)
            value = self.planner.quick_value(after, workers, coins)
            if value > best:
                best, best_food = value, food_dice
        return best, best_food

    def turn_end(self, coded: int) -> float:
        """Value of rolling stopping at ``coded`` (after the food-or-workers choice)."""
        value = self._turn_end.get(coded)
        if value is None:
            value = self._turn_end[coded] = self.food_choice(counts_of(coded))[0]
        return value

    def leadership_values(self, coded: int) -> dict[int, float]:
        """Per face shown, the expected value of rerolling one die of that face with Leadership."""
        values = {}
        for face, shift in enumerate(_SHIFT):
            if coded >> shift & _MASK:
                rest = coded - (1 << shift)
                values[face] = sum(self.turn_end(rest + (1 << s)) for s in _SHIFT) / FACES
        return values

    def final(self, coded: int) -> float:
        """Value of the dice when rolling ends (Leadership's reroll, if owned, still to come)."""
        value = self._final.get(coded)
        if value is None:
            value = self.turn_end(coded)
            if self.leadership:
                value = max(value, *self.leadership_values(coded).values())
            self._final[coded] = value
        return value

    def after_roll(self, coded: int, rerolls_left: int) -> float:
        """Value of dice just rolled with ``rerolls_left`` rerolls to decide."""
        if rerolls_left == 0:
            return self.final(coded)
        if rerolls_left == 1:
            value = self._rolled.get(coded)
            if value is None:
                value = self._rolled[coded] = max(self.choices(coded, 1).values())
            return value
        return max(self.choices(coded, rerolls_left).values())

    def kept(self, kept: int, rerolls_left: int) -> float:
        """Expected value of keeping ``kept`` and rolling the other dice, ``rerolls_left`` rerolls before."""
        table = self._kept[rerolls_left - 1]
        value = table.get(kept)
        if value is None:
            rolled = self.dice_count - sum(counts_of(kept))
            after = rerolls_left - 1
            value = sum(p * self.after_roll(kept + outcome, after) for outcome, p in _outcomes(rolled))
            table[kept] = value
        return value

    def choices(self, coded: int, rerolls_left: int) -> dict[int, float]:
        """Per kept multiset (``coded`` itself: stop rolling), its value."""
        values = {coded: self.final(coded)}
        for kept in _sub_multisets(coded, self.solo):
            if kept != coded:
                values[kept] = self.kept(kept, rerolls_left)
        return values

    # -- decisions -----------------------------------------------------------------------------------------------
    def best_reroll(self, dice: tuple[int, ...], rerolls_left: int) -> tuple[int, ...] | None:
        """The dice to reroll (counts per face), or ``None`` to keep them all."""
        coded = code(dice)
        choices = self.choices(coded, rerolls_left)
        best = max(choices, key=lambda kept: (choices[kept], kept == coded))
        if best == coded:
            return None
        return tuple(n - k for n, k in zip(dice, counts_of(best), strict=True))

    def best_leadership(self, dice: tuple[int, ...]) -> int | None:
        """The face of the die to reroll with Leadership, or ``None`` to keep."""
        coded = code(dice)
        keep = self.turn_end(coded)
        values = self.leadership_values(coded)
        face = max(values, key=values.__getitem__, default=None)
        if face is None or values[face] <= keep:
            return None
        return face
