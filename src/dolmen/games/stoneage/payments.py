"""Enumerating the ways to pay: card costs, buildings, feeding with resources, resources of choice.

Every payment is a tuple of counts of the goods (wood, clay, stone, gold). The enumerations are pure functions
of the (capped) holdings, so they are memoised: playouts ask the same questions again and again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from dolmen.games.stoneage.components import FIXED, GOODS, N_OF_K, BuildingTile

Counts = tuple[int, ...]
Offers = dict[int, tuple[Any, ...]]
"""A cache of legal lists (tuples of actions) by the capped holdings and the size paid (:func:`payment_offers`)."""


@lru_cache(maxsize=65536)
def _exact(holdings: Counts, size: int) -> tuple[Counts, ...]:
    """Every way to take exactly ``size`` goods from ``holdings`` (counts per good), in a stable order."""
    if not holdings:
        return ((),) if size == 0 else ()
    first, rest = holdings[0], holdings[1:]
    ways: list[Counts] = []
    for take in range(min(first, size), -1, -1):
        ways.extend((take, *tail) for tail in _exact(rest, size - take))
    return tuple(ways)


def exact_payments(holdings: Counts, size: int) -> tuple[Counts, ...]:
    """Ways to pay exactly ``size`` goods of any kinds (a card's cost, feeding, goods of one's choice); the
    first takes the goods worth least (:func:`cheapest_payment`)."""
    capped = tuple([h if h < size else size for h in holdings])
    return _exact(capped, size)


_KEY_BASE: Final = 64
"""The base of :func:`payment_offers`' packed keys: more than any count or size it packs (larger are not kept)."""


def payment_offers(cache: Offers, kind: int, holdings: Counts, size: int, last: tuple[int, ...]) -> tuple[Any, ...]:
    """``(kind, way)`` for each of :func:`exact_payments`, then ``last`` (a card's payments and ``decline``, the
    ways to cover a shortage and ``feed penalty``; one ``cache`` for each pair of ``kind`` and ``last``). A pure
    function of the capped holdings and the size, which a playout asks again and again: kept in ``cache``, one
    shared tuple no caller changes, neither built nor freed again. Capped, the keys are few (a few thousand): the
    cache stops growing early, and the garbage collector stops meeting new long-lived tuples (a cache by the
    holdings themselves grew all game long and cost more in collections than it saved)."""
    if size >= _KEY_BASE or len(holdings) != len(GOODS):  # never in a game: not kept
        return _offers(kind, tuple([h if h < size else size for h in holdings]), size, last)
    # the key packs the size and the capped counts into one number (no tuple built or hashed at every call)
    key = size
    for held in holdings:
        key = key * _KEY_BASE + (held if held < size else size)
    legal = cache.get(key)
    if legal is None:
        capped = tuple([h if h < size else size for h in holdings])
        legal = keep(cache, key, _offers(kind, capped, size, last))
    return legal


KEEP_LIMIT: Final = 100_000
"""The most legal lists one cache keeps (:func:`keep`): the keys are bounded by the rules but may be many, and a
long-lived process (a server's bots) must not grow without end; past it a list is built again when asked."""


def keep(cache: dict[int, tuple[Any, ...]], key: int, legal: tuple[Any, ...]) -> tuple[Any, ...]:
    """``cache[key] = legal`` while ``cache`` holds fewer than :data:`KEEP_LIMIT` lists; ``legal``."""
    if len(cache) < KEEP_LIMIT:
        cache[key] = legal
    return legal


def _offers(kind: int, capped: Counts, size: int, last: tuple[int, ...]) -> tuple[Any, ...]:
    return (*[(kind, way) for way in _exact(capped, size)], last)


def cheapest_payment(holdings: Counts, size: int) -> Counts | None:
    """The first of :func:`exact_payments` (the ``size`` goods worth least: wood first, then clay, stone,
    gold), or ``None`` when there is none; the bots' faster way to it (a test proves them equal)."""
    if sum(holdings) < size:
        return None
    counts = []
    for held in holdings:
        take = min(held, size)
        counts.append(take)
        size -= take
    return tuple(counts)


@lru_cache(maxsize=65536)
def _flexible(holdings: Counts, kind: int, n: int, k: int) -> tuple[Counts, ...]:
    if kind == N_OF_K:
        return tuple(way for way in _exact(holdings, n) if sum(1 for c in way if c) == k)
    return tuple(way for size in range(1, 8) for way in _exact(holdings, size))


def flexible_payments(holdings: Counts, kind: int, n: int, k: int) -> tuple[Counts, ...]:
    """Ways to pay a flexible building: exactly ``n`` goods of exactly ``k`` kinds (``N_OF_K``), or 1 to 7
    goods of any kinds (``ANY_1_TO_7``)."""
    cap = n if kind == N_OF_K else 7
    return _flexible(tuple([h if h < cap else cap for h in holdings]), kind, n, k)


@lru_cache(maxsize=1024)
def any_goods(size: int) -> tuple[Counts, ...]:
    """Every choice of ``size`` goods from an unlimited supply (a card's "2 resources of your choice")."""
    return _exact((size,) * len(GOODS), size)


def can_pay(holdings: Counts, cost: Counts) -> bool:
    """Whether ``holdings`` cover ``cost`` (counts of the same goods)."""
    if len(holdings) != len(cost):
        raise ValueError("holdings and cost count different goods")
    for i in range(len(cost)):  # noqa: SIM110 (no generator in the hot loop)
        if holdings[i] < cost[i]:
            return False
    return True


def building_payments(holdings: Counts, tile: BuildingTile) -> tuple[Counts, ...]:
    """Ways to pay for ``tile`` from ``holdings``: its cost if it is fixed and can be paid, else
    :func:`flexible_payments`."""
    if tile.kind == FIXED:
        return (tile.cost,) if can_pay(holdings, tile.cost) else ()
    return flexible_payments(holdings, tile.kind, tile.n, tile.k)
