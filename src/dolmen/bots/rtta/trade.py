"""Trading for the *Roll Through the Ages* bots: what the seat's food and goods are worth, when to accept an offer,
and which ship swaps to make.

The bots make no offers of their own (an offer costs the trade step nothing but helps an opponent as much as
it helps the bot): as the active player they make the swaps that raise their goods' value and end the trade
step. Offered a trade, a seat accepts only when :func:`trade_value` of its own food and goods rises.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dolmen.games.rtta.actions import ACCEPT, DECLINE, END_TRADE, Action, Kind
from dolmen.games.rtta.components import goods_value
from dolmen.games.rtta.state import RttaState
from dolmen.games.rtta.trading import after_offer, after_swap

COIN_POINTS: Final = 0.12
"""Points a coin of goods is worth to a seat (what it helps to buy)."""
FOOD_POINTS: Final = (0.6, 0.15, 0.02)
"""Points a unit of food is worth: up to one per city (next feeding), up to two per city, beyond."""


def trade_value(food: int, goods: Sequence[int], cities: int) -> float:
    """What food and goods are worth to a seat with ``cities`` cities, in points."""
    low = min(food, cities)
    mid = min(food, 2 * cities) - low
    high = food - low - mid
    first, second, third = FOOD_POINTS
    return first * low + second * mid + third * high + COIN_POINTS * goods_value(goods)


def offer_gain(state: RttaState, seat: int) -> float:
    """How much the pending offer would change ``seat``'s :func:`trade_value` if accepted (``seat`` is either
    side of it)."""
    assert state.offer is not None
    to, vector = state.offer
    food, goods = after_offer(state.food[seat], state.goods[seat], vector, seat == to)
    cities = state.cities[seat]
    return trade_value(food, goods, cities) - trade_value(state.food[seat], state.goods[seat], cities)


def answer_choice(state: RttaState, seat: int) -> Action:
    """Accept only an offer that leaves the seat better off by :func:`trade_value`."""
    return ACCEPT if offer_gain(state, seat) > 1e-9 else DECLINE


def trade_choice(state: RttaState, seat: int, legal: Sequence[Action]) -> Action:
    """The ship swap that raises the goods' value most, or ``end trade``. ``legal`` is the lazy trade list: only
    its head (``end trade`` and the swaps, before any offer) is read."""
    goods = state.goods[seat]
    base = goods_value(goods)
    best, best_gain = END_TRADE, 0
    offer, swap = Kind.OFFER, Kind.SWAP
    for index in range(len(legal)):
        action = legal[index]
        if action[0] == offer:
            break  # offers come after ``end trade`` and the swaps
        if action[0] != swap:
            continue
        gain = goods_value(after_swap(goods, action[1], action[2])) - base
        if gain > best_gain:
            best, best_gain = action, gain
    return best
