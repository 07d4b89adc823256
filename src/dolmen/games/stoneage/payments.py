"""Enumerating the ways to pay: card costs, flexible buildings, feeding with resources, resources of choice.

Every payment is a tuple of counts of the goods (wood, clay, stone, gold). The enumerations are pure functions
of the (capped) holdings, so they are memoised: playouts ask the same questions again and again.
"""

from __future__ import annotations

from functools import lru_cache

from dolmen.games.stoneage.components import GOODS, N_OF_K

Counts = tuple[int, ...]


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
    """Ways to pay exactly ``size`` goods of any kinds (a card's cost, feeding, goods of one's choice)."""
    capped = tuple(min(h, size) for h in holdings)
    return _exact(capped, size)


@lru_cache(maxsize=65536)
def _flexible(holdings: Counts, kind: int, n: int, k: int) -> tuple[Counts, ...]:
    if kind == N_OF_K:
        return tuple(way for way in _exact(holdings, n) if sum(1 for c in way if c) == k)
    return tuple(way for size in range(1, 8) for way in _exact(holdings, size))


def flexible_payments(holdings: Counts, kind: int, n: int, k: int) -> tuple[Counts, ...]:
    """Ways to pay a flexible building: exactly ``n`` goods of exactly ``k`` kinds (``N_OF_K``), or 1 to 7
    goods of any kinds (``ANY_1_TO_7``)."""
    cap = n if kind == N_OF_K else 7
    return _flexible(tuple(min(h, cap) for h in holdings), kind, n, k)


@lru_cache(maxsize=1024)
def any_goods(size: int) -> tuple[Counts, ...]:
    """Every choice of ``size`` goods from an unlimited supply (a card's "2 resources of your choice")."""
    return _exact((size,) * len(GOODS), size)


def can_pay(holdings: Counts, cost: Counts) -> bool:
    return all(h >= c for h, c in zip(holdings, cost, strict=True))
