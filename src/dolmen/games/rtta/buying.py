"""Buying a development (step 4) and discarding down to 6 goods (step 5).

Seed 002, "4. Buy a Development" (coins plus whole goods tracks, no change, each development once) and Table 3
(Granaries: food turned in for coins; seed 000: 6 coins each in *The Late Bronze Age*); "5. Discard Goods in
Excess of 6" and Table 3 (Caravans). [ruling] Granaries food counts only toward a purchase in the buy step.

Payments offered are the undominated ones: a payment that spends a track or food the purchase does not need
would only throw goods away (no change is given), so each ``buy`` names a minimal set of tracks and the least
food that, with the turn's coins, reaches the cost.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from dolmen.games.rtta.actions import END_BUY, Action
from dolmen.games.rtta.components import CARAVANS, GOOD_TYPES, GOOD_VALUE, GRANARIES, KEEP_GOODS
from dolmen.games.rtta.steps import BUY, DISCARD

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState


def _granary_rate(s: RttaState, seat: int) -> int:
    return s.edition.granary_coins if s.devs[seat] >> GRANARIES & 1 else 0


def has_buy_option(s: RttaState) -> bool:
    p = s.active
    devs = s.devs[p]
    goods = s.goods[p]
    budget = s.coins + _granary_rate(s, p) * s.food[p] + sum(GOOD_VALUE[g][goods[g]] for g in range(GOOD_TYPES))
    costs = s.edition.costs
    return any(budget >= costs[d] for d in s.edition.developments if not devs >> d & 1)


def payments(coins: int, goods: tuple[int, ...], food: int, rate: int, cost: int) -> list[tuple[int, int]]:
    """Undominated ``(tracks mask, food)`` payments reaching ``cost``: no track can be dropped without needing
    more food."""
    values = [0] * 32
    masks = [0]
    for g in range(GOOD_TYPES):
        if goods[g]:
            bit, value = 1 << g, GOOD_VALUE[g][goods[g]]
            for mask in masks[:]:
                values[mask | bit] = values[mask] + value
                masks.append(mask | bit)
    least_food: dict[int, int] = {}
    for mask in masks:
        need = cost - coins - values[mask]
        if need <= 0:
            least_food[mask] = 0
        elif rate and -(-need // rate) <= food:
            least_food[mask] = -(-need // rate)
    found = []
    for mask in sorted(least_food):
        f = least_food[mask]
        if all(least_food.get(mask ^ (1 << g), f + 1) > f for g in range(GOOD_TYPES) if mask >> g & 1):
            found.append((mask, f))
    return found


def buy_actions(s: RttaState) -> list[Action]:
    """``end buy`` and every undominated way to buy each affordable development not owned yet."""
    p = s.active
    devs = s.devs[p]
    goods = tuple(s.goods[p])
    rate = _granary_rate(s, p)
    costs = s.edition.costs
    by_cost: dict[int, list[tuple[int, int]]] = {}
    actions: list[Action] = [END_BUY]
    for dev in s.edition.developments:
        if devs >> dev & 1:
            continue
        cost = costs[dev]
        if cost not in by_cost:
            by_cost[cost] = payments(s.coins, goods, s.food[p], rate, cost)
        actions.extend(("buy", dev, mask, food) for mask, food in by_cost[cost])
    return actions


def enter_buy(s: RttaState) -> bool:
    if has_buy_option(s):
        s.step = BUY
        return True
    s.coins = 0
    return False


def apply_buy(s: RttaState, action: Action) -> None:
    _, dev, tracks, food = action
    p = s.active
    s.devs[p] |= 1 << dev
    goods = s.goods[p]
    for g in range(GOOD_TYPES):
        if tracks >> g & 1:
            goods[g] = 0
    s.food[p] -= food
    s.coins = 0
    s.next_stage()


def apply_end_buy(s: RttaState, action: Action) -> None:
    s.coins = 0
    s.next_stage()


@cache
def discard_options(goods: tuple[int, ...]) -> tuple[Action, ...]:
    """Every way to discard down to exactly 6 goods units: one action naming the units taken off each track."""
    kept: list[tuple[int, ...]] = [()]
    for g in range(GOOD_TYPES):
        kept = [(*k, n) for k in kept for n in range(min(goods[g], KEEP_GOODS - sum(k)) + 1)]
    return tuple(("discard", tuple(goods[g] - k[g] for g in range(GOOD_TYPES))) for k in kept if sum(k) == KEEP_GOODS)


def enter_discard(s: RttaState) -> bool:
    """Discard when over 6 goods without Caravans; a single way to do it happens by itself."""
    p = s.active
    goods = s.goods[p]
    if goods[0] + goods[1] + goods[2] + goods[3] + goods[4] <= KEEP_GOODS or s.devs[p] >> CARAVANS & 1:
        return False
    options = discard_options(tuple(goods))
    if len(options) == 1:
        _discard(goods, options[0][1])
        return False
    s.step = DISCARD
    return True


def _discard(goods: list[int], vector: tuple[int, ...]) -> None:
    for g in range(GOOD_TYPES):
        goods[g] -= vector[g]


def apply_discard(s: RttaState, action: Action) -> None:
    _discard(s.goods[s.active], action[1])
    s.next_stage()
