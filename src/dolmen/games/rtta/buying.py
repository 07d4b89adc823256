"""Buying a development (step 4) and discarding down to 6 goods (step 5).

Seed 002, "4. Buy a Development" (coins plus whole goods tracks, no change, each development once) and Table 3
(Granaries: food turned in for coins; seed 000: 6 coins each in *The Late Bronze Age*); "5. Discard Goods in
Excess of 6" and Table 3 (Caravans). [ruling] Granaries food counts only toward a purchase in the buy step.

Payments offered are the undominated ones: a payment that spends a track or food the purchase does not need
would only throw goods away (no change is given), so each ``buy`` names a minimal set of tracks and the least
food that, with the turn's coins, reaches the cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Final

from dolmen.engine.events import Event
from dolmen.games.rtta.actions import END_BUY, Action, Kind
from dolmen.games.rtta.board import Board, Goods
from dolmen.games.rtta.components import CARAVANS, GOOD_TYPES, GOOD_VALUE, GRANARIES, KEEP_GOODS, Edition
from dolmen.games.rtta.log import log_bought, log_discarded
from dolmen.games.rtta.steps import BUY, DISCARD

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState


def granary_rate(edition: Edition, devs: int) -> int:
    """Coins each food is worth toward a purchase: with Granaries 4 (6 in *The Late Bronze Age*), else none."""
    return edition.granary_coins if devs >> GRANARIES & 1 else 0


def payment_value(goods: Sequence[int], tracks: int, food: int, rate: int) -> int:
    """What the goods ``tracks`` (a bit mask, each track spent whole) and ``food`` at ``rate`` coins are worth."""
    return food * rate + sum(GOOD_VALUE[g][goods[g]] for g in range(GOOD_TYPES) if tracks >> g & 1)


def must_discard(goods: Sequence[int], devs: int) -> bool:
    """Whether a seat discards at the end of its turn: more than 6 goods units and no Caravans (seed 002, step
    5)."""
    return sum(goods) > KEEP_GOODS and not devs >> CARAVANS & 1


_BUY: Final = Kind.BUY  # a module constant: reading an enum member off its class is slow on CPython 3.11
_MASKS: Final = 1 << GOOD_TYPES
_SUBMASKS: Final = tuple(tuple(m for m in range(_MASKS) if m & ~full == 0) for full in range(_MASKS))
"""``_SUBMASKS[mask]``: every subset of ``mask``, ascending."""
_BITS: Final = tuple(tuple(1 << g for g in range(GOOD_TYPES) if mask >> g & 1) for mask in range(_MASKS))
_LOW_GOOD: Final = tuple(bit.bit_length() - 1 if bit & (bit - 1) == 0 else -1 for bit in range(_MASKS // 2 + 1))
"""``_LOW_GOOD[1 << g]`` is ``g`` (a tuple indexed by the bit: no hashing)."""
_WOOD_VALUE: Final = GOOD_VALUE[0]
_STONE_VALUE: Final = GOOD_VALUE[1]
_POTTERY_VALUE: Final = GOOD_VALUE[2]
_CLOTH_VALUE: Final = GOOD_VALUE[3]
_SPEARHEADS_VALUE: Final = GOOD_VALUE[4]


def has_buy_option(s: RttaState) -> bool:
    """Whether coins, every goods track and (with Granaries) all food reach a development not owned yet."""
    p = s.active
    devs = s.devs[p]
    wood, stone, pottery, cloth, spearheads = s.goods[p]
    budget = (
        s.coins
        + granary_rate(s.edition, devs) * s.food[p]
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


def track_values(goods: Sequence[int]) -> tuple[tuple[int, ...], list[int]]:
    """The subsets of non-empty tracks (bit masks, ascending) and what each subset is worth when spent."""
    full = 0
    for g in range(GOOD_TYPES):
        if goods[g]:
            full |= 1 << g
    masks = _SUBMASKS[full]
    values = [0] * _MASKS
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
    least = [-1] * _MASKS
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


def purchases(edition: Edition, devs: int, goods: Sequence[int], food: int, coins: int) -> list[Action]:
    """Every undominated way to buy each affordable development not owned yet (``buy`` actions, in the order of
    the edition's developments): the seat owns ``devs``, holds ``goods`` and ``food``, and has ``coins``."""
    rate = granary_rate(edition, devs)
    masks, values = track_values(goods)
    budget = coins + values[masks[-1]] + rate * food
    costs = edition.costs
    by_cost: dict[int, list[tuple[int, int]]] = {}
    found: list[Action] = []
    for dev in edition.developments:
        cost = costs[dev]
        if cost > budget or devs >> dev & 1:
            continue
        ways = by_cost.get(cost)
        if ways is None:
            ways = by_cost[cost] = payments(masks, values, cost - coins, food, rate)
        for mask, f in ways:
            found.append((_BUY, dev, mask, f))
    return found


def goods_left(goods: Sequence[int], tracks: int) -> Goods:
    """The goods after paying with the tracks ``tracks`` (a bit mask): each track spent is spent whole (seed 002,
    "4. Buy a Development")."""
    return tuple(0 if tracks >> g & 1 else goods[g] for g in range(GOOD_TYPES))


def buy_on_board(board: Board, action: Action) -> Board:
    """The board after the ``buy`` ``action``: the development owned, its goods tracks and food spent (what
    :func:`apply_buy` leaves; the bots' planner tries many)."""
    _, dev, tracks, food = action
    return board._replace(food=board.food - food, goods=goods_left(board.goods, tracks), devs=board.devs | 1 << dev)


def buy_actions(s: RttaState) -> tuple[Action, ...]:
    """``end buy`` and every undominated way to buy each affordable development not owned yet."""
    p = s.active
    return (END_BUY, *purchases(s.edition, s.devs[p], s.goods[p], s.food[p], s.coins))


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
        rate = granary_rate(s.edition, s.devs[p])
        log_bought(s, dev, tracks, food, rate, s.coins + payment_value(s.goods[p], tracks, food, rate))
    s.devs[p] |= 1 << dev
    s.goods[p][:] = goods_left(s.goods[p], tracks)
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
    return tuple(
        (Kind.DISCARD, tuple(goods[g] - k[g] for g in range(GOOD_TYPES))) for k in kept if sum(k) == KEEP_GOODS
    )


def enter_discard(s: RttaState) -> bool:
    """Discard when over 6 goods without Caravans; a single way to do it happens by itself."""
    p = s.active
    goods = s.goods[p]
    if not must_discard(goods, s.devs[p]):
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
