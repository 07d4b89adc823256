"""The trade step: offers between the active player and each opponent, and ships' swaps with the bank.

Seed 002, "Trading Game"; seed 000, "Commerce" (trade is a standard step of *The Late Bronze Age*, after
building) and "Navigation" (one swap per ship per turn). Rulings (shared/rules/rtta.md): an offer names exact
quantities both ways, the other seat accepts or declines; an offer breaking a track maximum or that a side
cannot pay is illegal; at most 5 offers per trade step.

An offer is the net transfer vector from the active player to one opponent over (food, wood, stone, pottery,
cloth, spearheads). The legal offers are every non-zero vector within what each side has and can hold: far too
many to list, so :class:`TradeActions` is a lazy sequence enumerating them by mixed radix.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import ACCEPT, DECLINE, END_TRADE, Action
from dolmen.games.rtta.components import GOOD_MAX, GOOD_TYPES, MAX_FOOD, MAX_OFFERS

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

ANSWERS: tuple[Action, ...] = (ACCEPT, DECLINE)
_TOPS = (MAX_FOOD, *GOOD_MAX)
_SWAPS = tuple(tuple(("swap", a, b) for b in range(GOOD_TYPES)) for a in range(GOOD_TYPES))


class OfferSpace:
    """The offers to one opponent: vectors v with ``low[i] <= v[i] <= high[i]``, v != 0, in mixed radix (the
    last component varies fastest)."""

    __slots__ = ("count", "high", "low", "seat", "strides", "zero")

    def __init__(self, seat: int, low: list[int], high: list[int]) -> None:
        self.seat, self.low, self.high = seat, low, high
        strides = [0] * 6
        size = 1
        zero = 0
        for i in range(5, -1, -1):
            strides[i] = size
            zero -= low[i] * size
            size *= high[i] - low[i] + 1
        self.strides = strides
        self.zero = zero
        self.count = size - 1

    def vector(self, index: int) -> tuple[int, ...]:
        if index >= self.zero:
            index += 1
        low, strides = self.low, self.strides
        out = [0] * 6
        for i in range(6):
            digit, index = divmod(index, strides[i])
            out[i] = low[i] + digit
        return tuple(out)

    def index(self, vector: tuple[int, ...]) -> int:
        index = sum((vector[i] - self.low[i]) * self.strides[i] for i in range(6))
        return index - 1 if index > self.zero else index

    def __contains__(self, vector: tuple[int, ...]) -> bool:
        low, high = self.low, self.high
        return any(vector) and all(low[i] <= vector[i] <= high[i] for i in range(6))


def offer_space(s: RttaState, seat: int) -> OfferSpace:
    """What the active player may offer ``seat``: give what they have and ``seat`` can hold, get what ``seat``
    has and they can hold."""
    p = s.active
    mine = [s.food[p], *s.goods[p]]
    theirs = [s.food[seat], *s.goods[seat]]
    low = [0] * 6
    high = [0] * 6
    for i in range(6):
        top, m, t = _TOPS[i], mine[i], theirs[i]
        low[i] = -(t if t < top - m else top - m)
        high[i] = m if m < top - t else top - t
    return OfferSpace(seat, low, high)


def can_offer(s: RttaState) -> bool:
    """Whether some non-zero offer to some opponent is possible (cheaper than building the spaces)."""
    if s.offers >= MAX_OFFERS:
        return False
    p = s.active
    mine = [s.food[p], *s.goods[p]]
    for seat in range(s.players):
        if seat != p:
            theirs = [s.food[seat], *s.goods[seat]]
            for i in range(6):
                if (mine[i] and theirs[i] < _TOPS[i]) or (theirs[i] and mine[i] < _TOPS[i]):
                    return True
    return False


class TradeActions(Sequence[Action]):
    """``end trade``, the ship swaps, then every offer to each opponent in seat order (lazy)."""

    __slots__ = ("fixed", "spaces", "total")

    def __init__(self, fixed: list[Action], spaces: list[OfferSpace]) -> None:
        self.fixed = fixed
        self.spaces = spaces
        self.total = len(fixed) + sum(space.count for space in spaces)

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.total))]
        if index < 0:
            index += self.total
        if not 0 <= index < self.total:
            raise IndexError("trade action index out of range")
        if index < len(self.fixed):
            return self.fixed[index]
        index -= len(self.fixed)
        for space in self.spaces:
            if index < space.count:
                return ("offer", space.seat, space.vector(index))
            index -= space.count
        raise IndexError("trade action index out of range")  # pragma: no cover - guarded above

    def __iter__(self) -> Iterator[Action]:
        yield from self.fixed
        for space in self.spaces:
            for index in range(space.count):
                yield ("offer", space.seat, space.vector(index))

    def __contains__(self, action: Any) -> bool:
        if not isinstance(action, tuple) or not action:
            return False
        if action[0] == "offer" and len(action) == 3:
            vector = action[2]
            if not isinstance(vector, tuple) or len(vector) != 6:
                return False
            return any(space.seat == action[1] and vector in space for space in self.spaces)
        return action in self.fixed

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        if value not in self:
            raise ValueError(f"{value!r} is not a legal trade action")
        if value in self.fixed:
            return self.fixed.index(value)
        base = len(self.fixed)
        for space in self.spaces:
            if value[0] == "offer" and value[1] == space.seat and value[2] in space:
                return base + space.index(value[2])
            base += space.count
        raise ValueError(f"{value!r} is not a legal trade action")


def swap_actions(s: RttaState) -> list[Action]:
    if not s.swaps:
        return []
    goods = s.goods[s.active]
    return [
        _SWAPS[a][b]
        for a in range(GOOD_TYPES)
        if goods[a]
        for b in range(GOOD_TYPES)
        if b != a and goods[b] < GOOD_MAX[b]
    ]


def offer_spaces(s: RttaState) -> list[OfferSpace]:
    if s.offers >= MAX_OFFERS:
        return []
    p = s.active
    spaces = [offer_space(s, o) for o in range(s.players) if o != p]
    return [space for space in spaces if space.count]


def trade_actions(s: RttaState) -> TradeActions:
    return TradeActions([END_TRADE, *swap_actions(s)], offer_spaces(s))


def has_trade_decision(s: RttaState) -> bool:
    return can_offer(s) or bool(swap_actions(s))


def enter_trade(s: RttaState) -> bool:
    s.offers = 0
    s.swaps = s.ships[s.active]
    if has_trade_decision(s):
        s.step = steps.TRADE
        return True
    return False


def _continue_trade(s: RttaState) -> None:
    s.step = steps.TRADE
    if not has_trade_decision(s):
        s.next_stage()


def apply_offer(s: RttaState, action: Action) -> None:
    s.offer = (action[1], action[2])
    s.step = steps.ANSWER


def apply_answer(s: RttaState, action: Action) -> None:
    """The offered seat accepts (the transfer happens) or declines (nothing changes); the offer counts."""
    assert s.offer is not None
    seat, vector = s.offer
    if action == ACCEPT:
        p = s.active
        s.food[p] -= vector[0]
        s.food[seat] += vector[0]
        mine, theirs = s.goods[p], s.goods[seat]
        for g in range(GOOD_TYPES):
            mine[g] -= vector[g + 1]
            theirs[g] += vector[g + 1]
    s.offer = None
    s.offers += 1
    _continue_trade(s)


def apply_swap(s: RttaState, action: Action) -> None:
    goods = s.goods[s.active]
    goods[action[1]] -= 1
    goods[action[2]] += 1
    s.swaps -= 1
    _continue_trade(s)


def apply_end_trade(s: RttaState, action: Action) -> None:
    s.next_stage()
