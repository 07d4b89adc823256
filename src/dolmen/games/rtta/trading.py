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
from operator import mul, sub
from typing import TYPE_CHECKING, Any, overload

from dolmen.engine.events import Event
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import ACCEPT, DECLINE, END_TRADE, Action, Kind
from dolmen.games.rtta.components import GOOD_MAX, GOOD_NAMES, GOOD_TYPES, MAX_OFFERS, TRADE_MAX, TRADE_NAMES
from dolmen.games.rtta.log import log_offer

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

ANSWERS: tuple[Action, ...] = (ACCEPT, DECLINE)
_TOPS = TRADE_MAX
_FOOD_MAX, _WOOD_MAX, _STONE_MAX, _POTTERY_MAX, _CLOTH_MAX, _SPEAR_MAX = _TOPS
_ITEMS = len(TRADE_NAMES)
_BACKWARD = tuple(range(_ITEMS - 1, -1, -1))
_OFFER = Kind.OFFER  # a module constant: reading an enum member off its class is slow on CPython 3.11
_SWAPS = tuple(tuple((Kind.SWAP, a, b) for b in range(GOOD_TYPES)) for a in range(GOOD_TYPES))


def after_offer(food: int, goods: Sequence[int], vector: Sequence[int], receives: bool) -> tuple[int, list[int]]:
    """One side's food and goods once an offer is accepted: ``vector`` is what the active player gives (food
    then the five goods; negative: gets); ``receives`` for the seat the offer was made to, else the active
    player."""
    # Unrolled over the five tracks: random playouts answer offers all the time.
    f, wood, stone, pottery, cloth, spears = vector
    if receives:
        return food + f, [goods[0] + wood, goods[1] + stone, goods[2] + pottery, goods[3] + cloth, goods[4] + spears]
    return food - f, [goods[0] - wood, goods[1] - stone, goods[2] - pottery, goods[3] - cloth, goods[4] - spears]


def after_swap(goods: Sequence[int], give: int, get: int) -> list[int]:
    """The goods once a ship swaps one unit of ``give`` for one of ``get`` with the bank (seed 000,
    "Navigation")."""
    after = list(goods)
    after[give] -= 1
    after[get] += 1
    return after


class OfferSpace:
    """The offers to one opponent: vectors v with ``-lows[i] <= v[i] <= highs[i]``, v != 0, in mixed radix
    (the last component varies fastest). Built in the hot loop: the constructor only stores."""

    __slots__ = ("_strides", "_zero", "count", "highs", "lows", "seat")

    def __init__(self, seat: int, lows: tuple[int, ...], highs: tuple[int, ...], count: int) -> None:
        self.seat, self.lows, self.highs, self.count = seat, lows, highs, count
        self._strides: list[int] | None = None
        self._zero = 0

    def _layout(self) -> list[int]:
        strides = [1] * _ITEMS
        for i in range(_ITEMS - 2, -1, -1):
            strides[i] = strides[i + 1] * (self.lows[i + 1] + self.highs[i + 1] + 1)
        self._zero = sum(map(mul, self.lows, strides))
        self._strides = strides
        return strides

    def vector(self, index: int) -> tuple[int, ...]:
        if self._strides is None:
            self._layout()
        if index >= self._zero:
            index += 1
        lows, highs, out = self.lows, self.highs, [0] * _ITEMS
        for i in _BACKWARD:
            index, digit = divmod(index, lows[i] + highs[i] + 1)
            out[i] = digit - lows[i]
        return tuple(out)

    def index(self, vector: tuple[int, ...]) -> int:
        strides = self._strides or self._layout()
        index = sum((vector[i] + self.lows[i]) * strides[i] for i in range(_ITEMS))
        return index - 1 if index > self._zero else index

    def __contains__(self, vector: tuple[int, ...]) -> bool:
        lows, highs = self.lows, self.highs
        return (
            all(type(v) is int for v in vector)
            and any(vector)
            and all(-lows[i] <= vector[i] <= highs[i] for i in range(_ITEMS))
        )


def _offer_space(seat: int, mine: list[int], my_room: list[int], theirs: list[int]) -> OfferSpace:
    """The active player gives up to what they have and ``seat`` can hold, gets up to what ``seat`` has and they
    can hold. Unrolled over the six components: this runs at every trade decision of every playout."""
    tf, tw, ts, tp, tc, tx = theirs
    rf, rw, rs, rp, rc, rx = my_room
    mf, mw, ms, mp, mc, mx = mine
    lf = tf if tf < rf else rf
    lw = tw if tw < rw else rw
    ls = ts if ts < rs else rs
    lp = tp if tp < rp else rp
    lc = tc if tc < rc else rc
    lx = tx if tx < rx else rx
    hf, hw, hs, hp, hc, hx = (
        _FOOD_MAX - tf,
        _WOOD_MAX - tw,
        _STONE_MAX - ts,
        _POTTERY_MAX - tp,
        _CLOTH_MAX - tc,
        _SPEAR_MAX - tx,
    )
    hf = mf if mf < hf else hf
    hw = mw if mw < hw else hw
    hs = ms if ms < hs else hs
    hp = mp if mp < hp else hp
    hc = mc if mc < hc else hc
    hx = mx if mx < hx else hx
    count = (lf + hf + 1) * (lw + hw + 1) * (ls + hs + 1) * (lp + hp + 1) * (lc + hc + 1) * (lx + hx + 1) - 1
    return OfferSpace(seat, (lf, lw, ls, lp, lc, lx), (hf, hw, hs, hp, hc, hx), count)


def offer_spaces(s: RttaState) -> list[OfferSpace]:
    """The offers the active player may make to each opponent (none after the fifth offer)."""
    if s.offers >= MAX_OFFERS:
        return []
    p = s.active
    mine = [s.food[p], *s.goods[p]]
    my_room = list(map(sub, _TOPS, mine))
    spaces = []
    for seat in range(s.players):
        if seat != p:
            space = _offer_space(seat, mine, my_room, [s.food[seat], *s.goods[seat]])
            if space.count:
                spaces.append(space)
    return spaces


def can_offer(s: RttaState) -> bool:
    """Whether some non-zero offer to some opponent is possible (cheaper than building the spaces)."""
    if s.offers >= MAX_OFFERS:
        return False
    p = s.active
    mine = [s.food[p], *s.goods[p]]
    for seat in range(s.players):
        if seat != p:
            theirs = [s.food[seat], *s.goods[seat]]
            for i in range(_ITEMS):
                if (mine[i] and theirs[i] < _TOPS[i]) or (theirs[i] and mine[i] < _TOPS[i]):
                    return True
    return False


class TradeActions(Sequence[Action]):
    """``end trade``, the ship swaps, then every offer to each opponent in seat order (lazy)."""

    __slots__ = ("fixed", "spaces", "total")

    def __init__(self, fixed: tuple[Action, ...], spaces: tuple[OfferSpace, ...]) -> None:
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
            return tuple(self[i] for i in range(*index.indices(self.total)))
        if index < 0:
            index += self.total
        if not 0 <= index < self.total:
            raise IndexError("trade action index out of range")
        if index < len(self.fixed):
            return self.fixed[index]
        index -= len(self.fixed)
        for space in self.spaces:
            if index < space.count:
                return (_OFFER, space.seat, space.vector(index))
            index -= space.count
        raise IndexError("trade action index out of range")  # pragma: no cover - guarded above

    def __iter__(self) -> Iterator[Action]:
        yield from self.fixed
        for space in self.spaces:
            for index in range(space.count):
                yield (_OFFER, space.seat, space.vector(index))

    def __contains__(self, action: Any) -> bool:
        if not isinstance(action, tuple) or not action:
            return False
        if action[0] == _OFFER and len(action) == 3:
            vector = action[2]
            if not isinstance(vector, tuple) or len(vector) != _ITEMS:
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
            if value[0] == _OFFER and value[1] == space.seat and value[2] in space:
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


def trade_actions(s: RttaState) -> TradeActions:
    """The trade step's actions. A declined offer changes no track, so the list is kept on the state
    (``trade_cache``) until a transfer or swap changes the boards or the fifth offer ends the offers."""
    cached = s.trade_cache
    if cached is not None and s.offers < MAX_OFFERS:
        return cached
    actions = TradeActions((END_TRADE, *swap_actions(s)), tuple(offer_spaces(s)))
    s.trade_cache = actions if s.offers < MAX_OFFERS else None
    return actions


def has_trade_decision(s: RttaState) -> bool:
    return can_offer(s) or bool(swap_actions(s))


def enter_trade(s: RttaState) -> bool:
    s.trade_cache = None
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
    if s.log is not None:
        log_offer(s, action[1], action[2])
    s.offer = (action[1], action[2])
    s.step = steps.ANSWER


def apply_answer(s: RttaState, action: Action) -> None:
    """The offered seat accepts (the transfer happens) or declines (nothing changes); the offer counts."""
    assert s.offer is not None
    seat, vector = s.offer
    if s.log is not None:
        s.log.append(
            Event("offer_" + ("accepted" if action == ACCEPT else "declined"), {"seat": seat, "from_seat": s.active})
        )
    if action == ACCEPT:
        p = s.active
        s.food[p], s.goods[p] = after_offer(s.food[p], s.goods[p], vector, False)
        s.food[seat], s.goods[seat] = after_offer(s.food[seat], s.goods[seat], vector, True)
    s.offer = None
    s.offers += 1
    s.step = steps.TRADE
    if s.offers >= MAX_OFFERS:
        # [ruling] a trade step holds at most 5 offers; then it ends (ship swaps left unused too)
        if s.log is not None:
            s.log.append(Event("offers_exhausted", {"seat": s.active, "offers": MAX_OFFERS}))
        s.trade_cache = None
        s.next_stage()
    elif action == ACCEPT:
        s.trade_cache = None
        _continue_trade(s)
    # declined: nothing changed, so the offers that were possible still are


def apply_swap(s: RttaState, action: Action) -> None:
    s.goods[s.active] = after_swap(s.goods[s.active], action[1], action[2])
    s.swaps -= 1
    if s.log is not None:
        args = {"seat": s.active, "give": GOOD_NAMES[action[1]], "get": GOOD_NAMES[action[2]], "swaps_left": s.swaps}
        s.log.append(Event("swapped", args))
    s.trade_cache = None
    _continue_trade(s)


def apply_end_trade(s: RttaState, action: Action) -> None:
    if s.log is not None:
        s.log.append(Event("trade_ended", {"seat": s.active}))
    s.next_stage()
