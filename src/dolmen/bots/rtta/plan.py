"""The rest of a turn, planned on the board value of :mod:`dolmen.bots.rtta.values`: how to spend workers (cities,
monuments, Engineering), which development to buy and with what, what to discard.

A :class:`Planner` is made for one seat at one point of its turn (its table, scorer and turns left are fixed);
boards are the game's :class:`dolmen.games.rtta.board.Board` values ``(food, goods, progress, cities, devs,
disasters)``, so that the dice search can try hundreds of them. Building is planned chunk by chunk: each step
adds the one chunk (a box, the boxes that finish a target, or every worker left) that gives the best board,
until no chunk gains.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from dolmen.bots.rtta.values import (
    CITY_BOX_FEATURE,
    CITY_FEATURE,
    FOOD_HIGH_FEATURE,
    FOOD_LOW_FEATURE,
    MONUMENT_FEATURE,
    MONUMENT_SQ_FEATURE,
    Weights,
    board_value,
    features,
    turns_left,
)
from dolmen.games.rtta.actions import Action
from dolmen.games.rtta.board import Board, Goods
from dolmen.games.rtta.building import build_on_board, engineer_on_board
from dolmen.games.rtta.buying import buy_on_board, discard_options, must_discard, purchases
from dolmen.games.rtta.components import CITIES, ENGINEERING, STONE, TARGET_BOXES, goods_value
from dolmen.games.rtta.scoring import Scorer
from dolmen.games.rtta.state import RttaState

BuildPlan = tuple[tuple[int, int], ...]
"""``(target, boxes)`` chunks in the order to tick them."""
Purchase = Action | None
"""A ``buy`` action, or ``None`` for no purchase."""


class TurnPlan(NamedTuple):
    """How to finish the turn, and the value of the board it leaves."""

    value: float
    engineer: int
    builds: BuildPlan
    purchase: Purchase
    discard: Goods | None


class Planner:
    """Plans the end of ``seat``'s turn (it must be the active seat) on ``weights``."""

    def __init__(self, state: RttaState, seat: int, weights: Weights) -> None:
        self.scorer = Scorer(state, seat)
        self.edition = state.edition
        turns = turns_left(state, seat)
        self.row: tuple[float, ...] | None = weights.row(turns) if turns > 0 else None
        self.goal = state.edition.end_developments
        self.build_rows = state.build_rows
        self._buy_gains: dict[tuple[int, Goods, int], tuple[float, Purchase, Goods | None]] = {}
        self._build_gains: dict[tuple[int, int], tuple[float, BuildPlan]] = {}
        self._base: Board | None = None

    def row_for(self, devs: int) -> tuple[float, ...] | None:
        """The weights for a board owning ``devs``: none (the game ends) once the development goal is reached."""
        return None if devs.bit_count() >= self.goal else self.row

    def value(self, board: Board) -> float:
        return board_value(self.scorer, self.row_for(board.devs), *board)

    # -- building --------------------------------------------------------------------------------------------
    def build_gain(self, board: Board, target: int, before: int, after: int, cities: int) -> float:
        """What ticking boxes ``before`` -> ``after`` of ``target`` adds to the board's value (with ``cities``
        cities at that moment)."""
        boxes = TARGET_BOXES[target]
        row = self.row_for(board.devs)
        if target < CITIES:
            if after < boxes:
                return 0.0 if row is None else row[CITY_BOX_FEATURE] * (after - before) / boxes
            gain = float(self.scorer.completion_points(target, board.devs))
            if row is not None:
                food = board.food
                low_before = food if food < cities else cities
                low_after = food if food < cities + 1 else cities + 1
                gain += row[CITY_FEATURE] - row[CITY_BOX_FEATURE] * before / boxes
                gain += (row[FOOD_LOW_FEATURE] - row[FOOD_HIGH_FEATURE]) * (low_after - low_before)
            return gain
        m = target - CITIES
        points = self.scorer.monument_points[m]
        share_before = before / boxes
        gain = 0.0
        if row is not None and before:
            gain -= points * (row[MONUMENT_FEATURE] * share_before + row[MONUMENT_SQ_FEATURE] * share_before**2)
        if after == boxes:
            gain += self.scorer.completion_points(target, board.devs)
        elif row is not None:
            share = after / boxes
            gain += points * (row[MONUMENT_FEATURE] * share + row[MONUMENT_SQ_FEATURE] * share * share)
        return gain

    def plan_build(self, board: Board, workers: int) -> tuple[float, BuildPlan, Goods, int]:
        """The chunks to build with ``workers``: ``(value gained, chunks, progress after, cities after)``."""
        after = board
        chunks: list[tuple[int, int]] = []
        total = 0.0
        while workers > 0:
            progress, cities = after.progress, after.cities
            best_gain, best_target, best_n = 1e-9, -1, 0
            for target, boxes, _ in self.build_rows:
                before = progress[target]
                left = boxes - before
                if left <= 0:
                    continue
                for n in {1, left if left < workers else workers}:
                    gain = self.build_gain(board, target, before, before + n, cities)
                    if gain > best_gain:
                        best_gain, best_target, best_n = gain, target, n
            if best_target < 0:
                break
            after = build_on_board(after, best_target, best_n)
            workers -= best_n
            total += best_gain
            chunks.append((best_target, best_n))
        return total, tuple(chunks), after.progress, after.cities

    # -- buying and discarding -------------------------------------------------------------------------------
    def best_discard(self, goods: Goods, devs: int) -> Goods | None:
        """What to discard (units per track) to keep the most valuable units (``components.KEEP_GOODS``);
        ``None`` when nothing must go."""
        return most_valuable_discard(goods) if must_discard(goods, devs) else None

    def plan_buy(self, board: Board, coins: int) -> tuple[float, Purchase, Goods | None]:
        """The best purchase (or none) and discard after it: ``(value of the board left, purchase, discard)``."""
        best_value = -1e18
        best: tuple[Purchase, Goods | None] = (None, None)
        for purchase, after in self._purchases(board, coins):
            discard = self.best_discard(after.goods, after.devs)
            if discard is not None:
                after = after._replace(goods=tuple(g - d for g, d in zip(after.goods, discard, strict=True)))
            value = self.value(after)
            if value > best_value:
                best_value, best = value, (purchase, discard)
        return best_value, *best

    def _purchases(self, board: Board, coins: int) -> list[tuple[Purchase, Board]]:
        """No purchase, and every undominated payment for every affordable development not owned (the ``buy``
        actions of :func:`dolmen.games.rtta.buying.purchases`), each with the board it leaves."""
        options: list[tuple[Purchase, Board]] = [(None, board)]
        for action in purchases(self.edition, board.devs, board.goods, board.food, coins):
            options.append((action, buy_on_board(board, action)))
        return options

    # -- the whole rest of the turn --------------------------------------------------------------------------
    def finish(self, board: Board, workers: int, coins: int, *, can_build: bool = True) -> TurnPlan:
        """The best way to finish the turn from the build step (``can_build=False``: from the buy step)."""
        best: TurnPlan | None = None
        stone = board.goods[STONE]
        engineer_options = range(stone + 1) if can_build and board.devs >> ENGINEERING & 1 else range(1)
        for engineer in engineer_options:
            start, engineered = engineer_on_board(board, engineer) if engineer else (board, 0)
            if can_build:
                _, builds, progress, cities = self.plan_build(start, workers + engineered)
                start = start._replace(progress=progress, cities=cities)
            else:
                builds = ()
            value, purchase, discard = self.plan_buy(start, coins)
            if best is None or value > best.value:
                best = TurnPlan(value, engineer, builds, purchase, discard)
        assert best is not None
        return best

    # -- fast estimates for the dice search ------------------------------------------------------------------
    def set_base(self, board: Board) -> None:
        """Fix the board the gains of :meth:`quick_value` are measured from (the start of the roll)."""
        self._base = board
        self._buy_gains.clear()
        self._build_gains.clear()

    def quick_value(self, board: Board, workers: int, coins: int) -> float:
        """An estimate of :meth:`finish` for the dice search: building and buying are planned separately from
        ``board`` (their interactions — Empire's and Architecture's bonuses, food per city — are ignored) and
        both are memoised, keyed by workers and food, and by coins, goods and food."""
        base_value = self.value(board)
        best = -1e18
        stone = board.goods[STONE]
        top = stone if board.devs >> ENGINEERING & 1 else 0
        for engineer in range(top + 1):
            start, engineered = engineer_on_board(board, engineer) if engineer else (board, 0)
            key = (workers + engineered, board.food)
            build = self._build_gains.get(key)
            if build is None:
                gain, builds, _, _ = self.plan_build(board, key[0])
                build = self._build_gains[key] = (gain, builds)
            start_value = self.value(start) if engineer else base_value
            buy_key = (coins, start.goods, board.food)
            buy = self._buy_gains.get(buy_key)
            if buy is None:
                # The gain is relative to its own board: boards sharing the key differ only in parts the
                # purchase does not touch (disasters, say).
                value, purchase, discard = self.plan_buy(start, coins)
                buy = self._buy_gains[buy_key] = (value - start_value, purchase, discard)
            total = start_value + build[0] + buy[0]
            if total > best:
                best = total
        return best


@cache
def most_valuable_discard(goods: Goods) -> Goods:
    """The units to discard (per track), among the game's discard options, that keep the most valuable
    ``components.KEEP_GOODS`` (the discard step must be due). Kept per goods: the planners ask it for the same few
    boards again and again."""
    best: Goods | None = None
    best_kept = -1
    for action in discard_options(goods):
        vector = action[1]
        kept = goods_value([g - d for g, d in zip(goods, vector, strict=True)])
        if kept > best_kept:
            best, best_kept = vector, kept
    assert best is not None
    return best


def features_of(board: Board, scorer: Scorer) -> list[float]:
    """The feature vector of a board (for fitting the weights)."""
    return features(scorer, board.food, board.goods, board.progress, board.cities, board.devs)
