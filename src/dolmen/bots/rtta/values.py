"""What a *Roll Through the Ages* board is worth: the final score its seat can expect from the end of a turn.

``value = score now + sum(weight[R][k] * feature[k])`` where ``R`` is the number of turns the seat still
plays after this point. With ``R = 0`` (the game ends with this turn) the value is the score itself, plus a
thousandth of the goods' value (the tie-break). The features (:data:`FEATURES`) are the parts of a board that
turn into points later: extra cities (dice), boxes ticked toward the next cities and the incomplete monuments,
goods (coins for developments), food (against famine) and each development owned (what it yields in the turns
left). The weights per ``R`` (:mod:`dolmen.bots.rtta.weights`) were fitted to the final scores of played games
(``bench/rtta_bots.py fit``); a weight table for an ``R`` beyond the table uses its last row.

Everything here works on plain ints so that the planners can try many boards per decision; the score itself is
the game's (:class:`dolmen.games.rtta.scoring.Scorer`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dolmen.bots.rtta.weights import FEATURES, SOLO_BRONZE
from dolmen.games.rtta.components import (
    CITIES,
    CITY_BOXES,
    DEVELOPMENT_NAMES,
    MONUMENT_BOXES,
    SOLO_ROUNDS,
    START_CITIES,
    goods_value,
)
from dolmen.games.rtta.scoring import Scorer, end_reason
from dolmen.games.rtta.state import RttaState

CITY_FEATURE, CITY_BOX_FEATURE, MONUMENT_FEATURE, MONUMENT_SQ_FEATURE, GOODS_FEATURE = range(5)
FOOD_LOW_FEATURE, FOOD_HIGH_FEATURE = 5, 6
FIRST_DEV_FEATURE = 7
BIAS_FEATURE = len(FEATURES) - 1
TIEBREAK = 0.001
"""What a coin of goods adds to a board's value when the game ends: the tie-break, and nothing more."""
ENDLESS = 12
"""The most turns left a multiplayer estimate gives (the weight tables are clamped to their last row anyway)."""
ROUNDS_PER_DEVELOPMENT = {False: (1.5, 0.7), True: (1.2, 0.5)}
"""Per edition (is late): rounds a multiplayer game lasts per development the leader lacks, and an offset."""


@dataclass(frozen=True, slots=True)
class Weights:
    """Feature weights per number of turns left: ``rows[R]`` for ``R`` turns left (``rows[0]`` unused)."""

    rows: tuple[tuple[float, ...], ...]

    def row(self, turns_left: int) -> tuple[float, ...]:
        return self.rows[min(turns_left, len(self.rows) - 1)]


DEFAULT_WEIGHTS = Weights(SOLO_BRONZE)


def features(
    scorer: Scorer, food: int, goods: Sequence[int], progress: Sequence[int], cities: int, devs: int
) -> list[float]:
    """The feature vector of a board (see :data:`FEATURES`)."""
    city_boxes = 0.0
    for c in range(CITIES):
        ticked = progress[c]
        if 0 < ticked < CITY_BOXES[c]:
            city_boxes += ticked / CITY_BOXES[c]
    lin = sq = 0.0
    points = scorer.monument_points
    for m in scorer.open_monuments:
        ticked = progress[CITIES + m]
        boxes = MONUMENT_BOXES[m]
        if 0 < ticked < boxes:
            share = ticked / boxes
            lin += points[m] * share
            sq += points[m] * share * share
    low = food if food < cities else cities
    row = [float(cities - START_CITIES), city_boxes, lin, sq, float(goods_value(goods)), float(low), float(food - low)]
    row.extend(float(devs >> d & 1) for d in range(len(DEVELOPMENT_NAMES)))
    row.append(1.0)
    return row


def board_value(
    scorer: Scorer,
    row: tuple[float, ...] | None,
    food: int,
    goods: Sequence[int],
    progress: Sequence[int],
    cities: int,
    devs: int,
    disasters: int,
) -> float:
    """Expected final score of a board between turns; ``row`` the weights for its turns left (``None``: the
    game is over for this seat). Equal to ``score + row · features(...)``, computed without the vector (the
    planners call it in their inner loops)."""
    score = scorer.total(goods, progress, cities, devs, disasters)
    coins = goods_value(goods)
    if row is None:
        return score + TIEBREAK * coins
    low = food if food < cities else cities
    value = (
        score
        + row[BIAS_FEATURE]
        + row[CITY_FEATURE] * (cities - START_CITIES)
        + row[GOODS_FEATURE] * coins
        + row[FOOD_LOW_FEATURE] * low
        + row[FOOD_HIGH_FEATURE] * (food - low)
    )
    for c in range(CITIES):
        ticked = progress[c]
        if 0 < ticked < CITY_BOXES[c]:
            value += row[CITY_BOX_FEATURE] * ticked / CITY_BOXES[c]
    points = scorer.monument_points
    for m in scorer.open_monuments:
        ticked = progress[CITIES + m]
        boxes = MONUMENT_BOXES[m]
        if 0 < ticked < boxes:
            share = ticked / boxes
            value += points[m] * share * (row[MONUMENT_FEATURE] + row[MONUMENT_SQ_FEATURE] * share)
    while devs:
        low_bit = devs & -devs
        value += row[FIRST_DEV_FEATURE + low_bit.bit_length() - 1]
        devs ^= low_bit
    return value


def turns_left(state: RttaState, seat: int, *, finished: bool = True) -> int:
    """Turns ``seat`` still starts after the current point. ``finished``: the active seat's turn counts as
    played (the point is the end of its turn); otherwise it counts as still to come. Solo: the rounds left of
    ``components.SOLO_ROUNDS``. Multiplayer, once the end condition holds, only the seats still to play this round
    get one; otherwise an estimate from how close the leading player is to the development goal."""
    active = state.active
    later_this_round = 1 if seat > active or (seat == active and not finished) else 0
    if end_reason(state) is not None:
        return later_this_round
    if state.solo:
        return SOLO_ROUNDS - state.round + later_this_round
    return rounds_left_estimate(state) + later_this_round


def rounds_left_estimate(state: RttaState) -> int:
    """Rounds after this one a multiplayer game may still last, from the developments the leader lacks: about
    1.5 rounds each in *The Bronze Age* and 1.2 in *The Late Bronze Age*, less a little (measured on greedy
    games of 2 and 4 players)."""
    goal = state.edition.end_developments
    most = max(devs.bit_count() for devs in state.devs)
    per_development, offset = ROUNDS_PER_DEVELOPMENT[state.edition.is_late]
    return max(0, min(ENDLESS, round(per_development * (goal - most) - offset)))
