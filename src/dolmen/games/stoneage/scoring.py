"""Final scoring (seed 004 "Score final"; rules page "End and score").

Points so far + green culture sets (each set of different symbols scores its size squared) + sand figures
(farmers × agriculture, toolmakers × total tool value, hut builders × buildings, shamans × people) + 1 per good
left (never food). Ties: agriculture + total tool value + people; still tied, shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dolmen.engine.core import Result, rank_by
from dolmen.games.stoneage.components import CARDS, CULTURES, FIGURES, TOOL_TILES

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def culture_counts(hand: tuple[int, ...]) -> list[int]:
    """How many cards of each culture symbol ``hand`` holds."""
    counts = [0] * len(CULTURES)
    for card in hand:
        culture = CARDS[card].culture
        if culture >= 0:
            counts[culture] += 1
    return counts


def set_points(size: int) -> int:
    """What a set of ``size`` different culture symbols scores: its size squared."""
    return size * size


def symbol_points(size: float) -> float:
    """What one more symbol adds to a set of ``size`` different symbols: ``set_points(size + 1) - set_points(size)``
    (the bots ask it of projected, fractional sizes)."""
    return 2 * size + 1


def goods_points(goods: tuple[int, ...]) -> int:
    """What goods left at the end score: 1 point each (never food)."""
    return sum(goods)


def culture_points(hand: tuple[int, ...]) -> int:
    """Sets of different culture symbols, each scoring its size squared: 6 different + 2 doubles = 36 + 4."""
    counts = culture_counts(hand)
    points, layer = 0, 1
    while True:
        size = sum(1 for c in counts if c >= layer)
        if not size:
            return points
        points += set_points(size)
        layer += 1


def figures(hand: tuple[int, ...]) -> list[int]:
    """How many figures of each kind (farmer, toolmaker, hut builder, shaman) a hand shows."""
    totals = [0] * len(FIGURES)
    for card in hand:
        spec = CARDS[card]
        if spec.figure >= 0:
            totals[spec.figure] += spec.figures
    return totals


def tool_value(state: StoneAgeState, seat: int) -> int:
    """The total value of ``seat``'s tool tiles (one-use tools do not count)."""
    return sum(state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES])


def figure_factors(state: StoneAgeState, seat: int) -> tuple[int, int, int, int]:
    """What each figure kind multiplies for ``seat`` (in the order of ``FIGURES``): farmers the agriculture,
    toolmakers the total tool value, hut builders the buildings, shamans the people."""
    return (state.agriculture[seat], tool_value(state, seat), len(state.built[seat]), state.people[seat])


def figure_points(state: StoneAgeState, seat: int) -> int:
    totals = figures(state.hands[seat])
    return sum(count * factor for count, factor in zip(totals, figure_factors(state, seat), strict=True))


def culture_sets(hand: tuple[int, ...]) -> list[int]:
    """The sizes of the sets of different culture symbols, largest first (each scores its size squared)."""
    counts = culture_counts(hand)
    return [size for layer in range(1, max(counts) + 1) if (size := sum(1 for c in counts if c >= layer))]


def breakdown(state: StoneAgeState, seat: int) -> dict[str, Any]:
    """``seat``'s final score part by part (JSON): the points scored in play (hunger penalties already taken
    off, and shown apart), each culture set, each figure kind's figures × what it multiplies, the goods."""
    sets = culture_sets(state.hands[seat])
    totals = figures(state.hands[seat])
    factors = figure_factors(state, seat)
    multipliers = {
        FIGURES[kind]: {"figures": totals[kind], "times": factors[kind], "points": totals[kind] * factors[kind]}
        for kind in range(len(FIGURES))
    }
    parts: dict[str, Any] = {
        "points": state.score[seat],
        "penalties": state.penalties[seat],
        "culture": {"sets": sets, "points": sum(set_points(size) for size in sets)},
        "multipliers": multipliers,
        "goods": goods_points(state.goods(seat)),
    }
    parts["total"] = final_score(state, seat)
    return parts


def final_score(state: StoneAgeState, seat: int) -> int:
    hand = state.hands[seat]
    return state.score[seat] + culture_points(hand) + figure_points(state, seat) + goods_points(state.goods(seat))


def tiebreak(state: StoneAgeState, seat: int) -> int:
    return state.agriculture[seat] + tool_value(state, seat) + state.people[seat]


def result(state: StoneAgeState) -> Result:
    seats = range(state.players)
    return rank_by(
        [final_score(state, seat) for seat in seats],
        [tiebreak(state, seat) for seat in seats],
        state.end_reason,
    )
