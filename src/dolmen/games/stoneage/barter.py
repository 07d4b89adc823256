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
from typing import Final

from dolmen.games.stoneage.payments import _exact

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
