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

from dolmen.engine.events import Event
from dolmen.games.rtta.actions import END_BUY, Action
from dolmen.games.rtta.components import CARAVANS, GOOD_TYPES, GOOD_VALUE, GRANARIES, KEEP_GOODS
from dolmen.games.rtta.log import log_bought, log_discarded
from dolmen.games.rtta.steps import BUY, DISCARD

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState


def _granary_rate(s: RttaState, seat: int) -> int:
    return s.edition.granary_coins if s.devs[seat] >> GRANARIES & 1 else 0


_SUBMASKS = tuple(tuple(m for m in range(32) if m & ~full == 0) for full in range(32))
"""``_SUBMASKS[mask]``: every subset of ``mask``, ascending."""
_BITS = tuple(tuple(1 << g for g in range(GOOD_TYPES) if mask >> g & 1) for mask in range(32))
_LOW_GOOD = {1 << g: g for g in range(GOOD_TYPES)}
_WOOD_VALUE, _STONE_VALUE, _POTTERY_VALUE, _CLOTH_VALUE, _SPEARHEADS_VALUE = GOOD_VALUE


def has_buy_option(s: RttaState) -> bool:
    """Whether coins, every goods track and (with Granaries) all food reach a development not owned yet."""
    p = s.active
    devs = s.devs[p]
    wood, stone, pottery, cloth, spearheads = s.goods[p]
    budget = (
        s.coins
        + _granary_rate(s, p) * s.food[p]
        + _WOOD_VALUE[wood]
        + _STONE_VALUE[stone]
        + _POTTERY_VALUE[pottery]
        + _CLOTH_VALUE[cloth]
        + _SPEARHEADS_VALUE[spearheads]
    )
    for cost, dev in s.edition.by_cost:
        if cost > budget:
            return False
        if not devs >> dev & 1:
            return True
    return False


def track_values(goods: list[int] | tuple[int, ...]) -> tuple[tuple[int, ...], list[int]]:
    """The subsets of non-empty tracks (bit masks, ascending) and what each subset is worth when spent."""
    full = 0
    for g in range(GOOD_TYPES):
        if goods[g]:
            full |= 1 << g
    masks = _SUBMASKS[full]
    values = [0] * 32
    for mask in masks[1:]:
        low = mask & -mask
        good = _LOW_GOOD[low]
        values[mask] = values[mask ^ low] + GOOD_VALUE[good][goods[good]]
    return masks, values


def payments(masks: tuple[int, ...], values: list[int], need: int, food: int, rate: int) -> list[tuple[int, int]]:
    """Undominated ``(tracks mask, food)`` payments worth ``need`` beyond the coins: no track can be dropped
    without needing more food (Granaries ``rate`` coins per food, ``food`` at most)."""
    found = []
    if not rate:
        for mask in masks:
            if values[mask] >= need:
                for bit in _BITS[mask]:
                    if values[mask ^ bit] >= need:
                        break
                else:
                    found.append((mask, 0))
        return found
    least = [-1] * 32
    for mask in masks:
        short = need - values[mask]
        if short <= 0:
            least[mask] = 0
        elif -(-short // rate) <= food:
            least[mask] = -(-short // rate)
    for mask in masks:
        f = least[mask]
        if f >= 0 and all(least[mask ^ bit] < 0 or least[mask ^ bit] > f for bit in _BITS[mask]):
            found.append((mask, f))
    return found


def buy_actions(s: RttaState) -> tuple[Action, ...]:
    """``end buy`` and every undominated way to buy each affordable development not owned yet."""
    p = s.active
    devs = s.devs[p]
    rate = _granary_rate(s, p)
    food = s.food[p]
    coins = s.coins
    masks, values = track_values(s.goods[p])
    budget = coins + values[masks[-1]] + rate * food
    costs = s.edition.costs
    by_cost: dict[int, list[tuple[int, int]]] = {}
    actions: list[Action] = [END_BUY]
    for dev in s.edition.developments:
        cost = costs[dev]
        if cost > budget or devs >> dev & 1:
            continue
        found = by_cost.get(cost)
        if found is None:
            found = by_cost[cost] = payments(masks, values, cost - coins, food, rate)
        actions.extend([("buy", dev, mask, f) for mask, f in found])
    return tuple(actions)


def enter_buy(s: RttaState) -> bool:
    if has_buy_option(s):
        s.step = BUY
        return True
    s.coins = 0
    return False


def apply_buy(s: RttaState, action: Action) -> None:
    _, dev, tracks, food = action
    p = s.active
    if s.log is not None:
        log_bought(s, dev, tracks, food)
    s.devs[p] |= 1 << dev
    goods = s.goods[p]
    for g in range(GOOD_TYPES):
        if tracks >> g & 1:
            goods[g] = 0
    s.food[p] -= food
    s.coins = 0
    s.next_stage()


def apply_end_buy(s: RttaState, action: Action) -> None:
    if s.log is not None:
        s.log.append(Event("buy_passed", {"seat": s.active, "coins": s.coins}))
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
        _discard(s, options[0][1])
        return False
    s.step = DISCARD
    return True


def _discard(s: RttaState, vector: tuple[int, ...]) -> None:
    if s.log is not None:
        log_discarded(s, vector)
    goods = s.goods[s.active]
    for g in range(GOOD_TYPES):
        goods[g] -= vector[g]


def apply_discard(s: RttaState, action: Action) -> None:
    _discard(s, action[1])
    s.next_stage()
