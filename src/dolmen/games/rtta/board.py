"""One seat's board as a small value: what the rules of collecting, feeding, disasters and scoring read.

The state keeps each part in its own per-seat list (the fastest layout for playouts); a :class:`Board` is the
same seat's parts in one immutable tuple, for the rule functions that work on a board alone and for the bots,
which try many boards per decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

Goods = tuple[int, ...]


class Board(NamedTuple):
    """``food``; ``goods`` units per track (wood .. spearheads); ``progress``: boxes ticked per city (4th to 7th)
    then per monument; ``cities`` built; ``devs`` developments owned (a bit mask); ``disasters`` points."""

    food: int
    goods: Goods
    progress: Goods
    cities: int
    devs: int
    disasters: int


def board_of(state: RttaState, seat: int) -> Board:
    return Board(
        state.food[seat],
        tuple(state.goods[seat]),
        tuple(state.progress[seat]),
        state.cities[seat],
        state.devs[seat],
        state.disasters[seat],
    )
