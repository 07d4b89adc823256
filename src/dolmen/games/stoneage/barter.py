"""Barter (the extension): the exchanges a player may make once per round while paying for a card or a
building (seed 003 "Lors de l'achat d'une carte ou d'un bâtiment et une seule fois par tour"; rules page
"L'Extension").

A barter is its own step, taken while the purchase is being paid: ``barter stone for gold`` gives ``given``
from the player's stock and brings ``received``; the payment that follows must contain all of ``received``
(what barter brings is spent in that purchase), and the purchase can no longer be declined. Sizes by barter
level (``module_components.barter_exchange``): 2 for 1, 1 for 1, or 1 for 1 or 2. Food is never bartered.
Vectors are 5 long: wood, clay, stone, gold, jewel.

Our ruling (docs/stoneage.md): what is given and what is received share no kind (a kind for itself is no
exchange). Jewels may be given, and received only where jewels pay (the fifth card space): a barter is offered
only when some payment of the purchase can then spend all it brings.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from dolmen.games.stoneage.actions import BARTER
from dolmen.games.stoneage.components import BUILDINGS, FIXED, N_OF_K
from dolmen.games.stoneage.module_components import JEWEL
from dolmen.games.stoneage.payments import _exact, can_pay, flexible_payments

Counts = tuple[int, ...]
Exchange = tuple[int, tuple[int, ...]]
"""``(given size, received sizes)`` of one barter."""
KINDS: Final = 5
HOLDING_CAP: Final = 2
"""No barter gives more than 2 units: for listing exchanges, holdings are capped here."""
NOTHING_DUE: Final[Counts] = (0, 0, 0, 0, 0)


@lru_cache(maxsize=4096)
def _received(size: int) -> tuple[Counts, ...]:
    return _exact((size,) * KINDS, size)


@lru_cache(maxsize=65536)
def exchanges(holdings: Counts, exchange: Exchange) -> tuple[tuple[Counts, Counts], ...]:
    """Every ``(given, received)`` of one barter from ``holdings`` (5 long, capped at ``HOLDING_CAP``), the two
    sharing no kind."""
    given_size, received_sizes = exchange
    ways: list[tuple[Counts, Counts]] = []
    for given in _exact(holdings, given_size):
        for size in received_sizes:
            for received in _received(size):
                if not any(g and r for g, r in zip(given, received, strict=True)):
                    ways.append((given, received))
    return tuple(ways)


def cap(holdings: Counts) -> Counts:
    return tuple(h if h < HOLDING_CAP else HOLDING_CAP for h in holdings)


def contains(payment: Counts, due: Counts) -> bool:
    """Whether ``payment`` (4 or 5 long) spends all of ``due`` (5 long)."""
    return all(p >= d for p, d in zip((*payment, 0, 0)[:KINDS], due, strict=True))


CARD_IN_GOODS: Final = 0
CARD_IN_JEWELS: Final = 1
BUILDING_TILE: Final = 2
Purchase = tuple[int, int]
"""``(CARD_IN_GOODS, cost)``, ``(CARD_IN_JEWELS, cost)`` or ``(BUILDING_TILE, tile)``: what a barter pays for."""
STOCK_CAP: Final = 7
"""No purchase needs more than 5 of a kind, nor a barter more than 2: stocks are capped here for memoising."""


def _spends(purchase: Purchase, stock: Counts, received: Counts) -> bool:
    """Whether, after a barter leaving ``stock``, some payment of ``purchase`` spends all of ``received``."""
    kind, value = purchase
    if kind == CARD_IN_GOODS:
        return not received[JEWEL] and sum(received) <= value <= sum(stock[:JEWEL])
    if kind == CARD_IN_JEWELS:
        return not any(received[:JEWEL]) and received[JEWEL] <= value <= stock[JEWEL]
    tile = BUILDINGS[value]
    if received[JEWEL]:
        return False
    if tile.kind == FIXED:
        return contains(tile.cost, received) and can_pay(stock[:JEWEL], tile.cost)
    if tile.kind == N_OF_K:
        return any(contains(way, received) for way in flexible_payments(stock[:JEWEL], N_OF_K, tile.n, tile.k))
    return True  # "1 to 7 goods": paying just what barter brought will do


@lru_cache(maxsize=65536)
def _offers(stock: Counts, trade: Exchange, purchase: Purchase) -> tuple[Any, ...]:
    offers = []
    for given, received in exchanges(cap(stock), trade):
        after = tuple(s - g + r for s, g, r in zip(stock, given, received, strict=True))
        if _spends(purchase, after, received):
            offers.append((BARTER, given, received))
    return tuple(offers)


def barters(payables: Counts, trade: Exchange, purchase: Purchase) -> tuple[Any, ...]:
    """The barter actions a player holding ``payables`` (goods and jewels) may make with ``trade`` whose yield
    ``purchase`` can spend."""
    if not trade[0]:
        return ()
    stock = tuple(h if h < STOCK_CAP else STOCK_CAP for h in payables)
    return _offers(stock, trade, purchase)
