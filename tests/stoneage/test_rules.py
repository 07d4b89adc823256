"""Rules over small values, which the state and the bots both call (rules page "Civilization cards",
"Buildings", "Actions, feeding, next round"); where the bots use a faster variant, it is proved equal here."""

from __future__ import annotations

import random

import pytest

from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARD_SPACES,
    DISPLAY_COSTS,
    RESOURCE_VALUES,
    card_cost,
    gathering_yield,
    goods_value,
)
from dolmen.games.stoneage.payments import building_payments, cheapest_payment, exact_payments


def test_the_cheapest_payment_is_the_first_of_the_exact_payments() -> None:
    """The bots' fast way to the goods worth least equals the rule's enumeration on many random holdings."""
    rng = random.Random(11)
    for _ in range(5000):
        holdings = tuple(rng.randrange(0, 8) for _ in range(4))
        size = rng.randrange(0, 9)
        ways = exact_payments(holdings, size)
        assert cheapest_payment(holdings, size) == (ways[0] if ways else None)
        for way in ways:  # and it is worth least
            assert goods_value(ways[0]) <= goods_value(way)


def test_a_display_space_costs_its_number_of_goods() -> None:
    """Rules page "Civilization cards": the space next to the deck costs 1, then 2, 3, 4."""
    assert DISPLAY_COSTS == (1, 2, 3, 4) == tuple(card_cost(space) for space in range(CARD_SPACES))


@pytest.mark.parametrize("resource", range(len(RESOURCE_VALUES)))
def test_a_gathering_yields_the_total_divided_by_the_value_rounded_down(resource: int) -> None:
    """Seed 004 "Les ressources": food 2, wood 3, clay 4, stone 5, gold 6 pips a unit."""
    value = RESOURCE_VALUES[resource]
    for total in range(40):
        assert gathering_yield(total, resource) == total // value
    assert gathering_yield(value - 1, resource) == 0 and gathering_yield(value, resource) == 1


def test_building_payments_are_the_fixed_cost_or_the_flexible_ways() -> None:
    """Rules page "Buildings": a fixed tile takes its cost; a flexible one the goods of the buyer's choice."""
    fixed = next(tile for tile in BUILDINGS if tile.id == "wwc")
    assert building_payments((2, 1, 0, 0), fixed) == ((2, 1, 0, 0),)
    assert building_payments((1, 1, 0, 0), fixed) == ()
    flexible = next(tile for tile in BUILDINGS if tile.id == "4of2")
    ways = building_payments((3, 3, 0, 0), flexible)
    assert ways and all(sum(way) == 4 and sum(1 for count in way if count) == 2 for way in ways)
    assert goods_value((1, 1, 1, 1)) == 18 and goods_value((0, 0, 0, 0, 3)) == 0  # jewels are worth nothing
