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
from typing import TYPE_CHECKING, Any, Final, overload

from dolmen.engine.events import Event
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import ACCEPT, DECLINE, END_TRADE, Action, Kind
from dolmen.games.rtta.components import GOOD_MAX, GOOD_NAMES, GOOD_TYPES, MAX_OFFERS, TRADE_MAX, TRADE_NAMES
from dolmen.games.rtta.log import log_offer

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

# The module's constants are Final: compiled, a Final name is a C static, any other a dictionary look-up per use.
ANSWERS: Final[tuple[Action, ...]] = (ACCEPT, DECLINE)
_ACCEPT: Final[Action] = ACCEPT
_END_ONLY: Final[tuple[Action, ...]] = (END_TRADE,)
_TOPS: Final = TRADE_MAX
_FOOD_MAX: Final = TRADE_MAX[0]
_WOOD_MAX: Final = TRADE_MAX[1]
_STONE_MAX: Final = TRADE_MAX[2]
_POTTERY_MAX: Final = TRADE_MAX[3]
_CLOTH_MAX: Final = TRADE_MAX[4]
_SPEAR_MAX: Final = TRADE_MAX[5]
_ITEMS: Final = len(TRADE_NAMES)
_OFFER: Final = Kind.OFFER  # a module constant: reading an enum member off its class is slow on CPython 3.11
_SWAPS: Final = tuple(tuple((Kind.SWAP, a, b) for b in range(GOOD_TYPES)) for a in range(GOOD_TYPES))
_GOOD_MAX: Final = GOOD_MAX

Six = tuple[int, int, int, int, int, int]
"""One number per item of an offer (food, wood, stone, pottery, cloth, spearheads): a C struct when compiled."""


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
    (the last component varies fastest, the zero vector is skipped). Built in the hot loop, unrolled over the
    six items: ``lows`` and ``highs`` are fixed-size tuples, held unboxed when compiled."""

    __slots__ = ("_zero", "count", "highs", "lows", "seat")

    def __init__(self, seat: int, lows: Six, highs: Six, count: int) -> None:
        self.seat, self.lows, self.highs, self.count = seat, lows, highs, count
        l0, l1, l2, l3, l4, l5 = lows
        _, h1, h2, h3, h4, h5 = highs
        # the index the zero vector would have: the digits of ``lows`` in the mixed radix (Horner's rule)
        zero = l0 * (l1 + h1 + 1) + l1
        zero = zero * (l2 + h2 + 1) + l2
        zero = zero * (l3 + h3 + 1) + l3
        zero = zero * (l4 + h4 + 1) + l4
        self._zero = zero * (l5 + h5 + 1) + l5

    def vector(self, index: int) -> Six:
        if index >= self._zero:
            index += 1
        l0, l1, l2, l3, l4, l5 = self.lows
        h0, h1, h2, h3, h4, h5 = self.highs
        radix = l5 + h5 + 1
        d5 = index % radix
        index //= radix
        radix = l4 + h4 + 1
        d4 = index % radix
        index //= radix
        radix = l3 + h3 + 1
        d3 = index % radix
        index //= radix
        radix = l2 + h2 + 1
        d2 = index % radix
        index //= radix
        radix = l1 + h1 + 1
        d1 = index % radix
        index //= radix
        d0 = index % (l0 + h0 + 1)
        return (d0 - l0, d1 - l1, d2 - l2, d3 - l3, d4 - l4, d5 - l5)

    def index(self, vector: tuple[int, ...]) -> int:
        lows, highs = self.lows, self.highs
        index = 0
        for i in range(_ITEMS):
            index = index * (lows[i] + highs[i] + 1) + vector[i] + lows[i]
        return index - 1 if index > self._zero else index

    def __contains__(self, vector: tuple[int, ...]) -> bool:
        lows, highs = self.lows, self.highs
        return (
            all(type(v) is int for v in vector)
            and any(vector)
            and all(-lows[i] <= vector[i] <= highs[i] for i in range(_ITEMS))
        )


def offer_spaces(s: RttaState) -> list[OfferSpace]:
    """The offers the active player may make to each opponent (none after the fifth offer): the active player
    gives up to what they have and the opponent can hold, gets up to what the opponent has and they can hold.
    Unrolled over the six items: this runs at every trade decision of every playout."""
    if s.offers >= MAX_OFFERS:
        return []
    p = s.active
    food, goods = s.food, s.goods
    mf = food[p]
    mw, ms, mp, mc, mx = goods[p]
    rf, rw, rs, rp, rc, rx = (
        _FOOD_MAX - mf,
        _WOOD_MAX - mw,
        _STONE_MAX - ms,
        _POTTERY_MAX - mp,
        _CLOTH_MAX - mc,
        _SPEAR_MAX - mx,
    )
    spaces = []
    for seat in range(s.players):
        if seat == p:
            continue
        tf = food[seat]
        tw, ts, tp, tc, tx = goods[seat]
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
        if count:
            spaces.append(OfferSpace(seat, (lf, lw, ls, lp, lc, lx), (hf, hw, hs, hp, hc, hx), count))
    return spaces


def can_offer(s: RttaState) -> bool:
    """Whether some non-zero offer to some opponent is possible (cheaper than building the spaces): some item
    the active player has and the opponent has room for, or the reverse."""
    if s.offers >= MAX_OFFERS:
        return False
    p = s.active
    food, goods = s.food, s.goods
    mf = food[p]
    mw, ms, mp, mc, mx = goods[p]
    for seat in range(s.players):
        if seat == p:
            continue
        tf = food[seat]
        tw, ts, tp, tc, tx = goods[seat]
        if (
            (mf and tf < _FOOD_MAX)
            or (tf and mf < _FOOD_MAX)
            or (mw and tw < _WOOD_MAX)
            or (tw and mw < _WOOD_MAX)
            or (ms and ts < _STONE_MAX)
            or (ts and ms < _STONE_MAX)
            or (mp and tp < _POTTERY_MAX)
            or (tp and mp < _POTTERY_MAX)
            or (mc and tc < _CLOTH_MAX)
            or (tc and mc < _CLOTH_MAX)
            or (mx and tx < _SPEAR_MAX)
            or (tx and mx < _SPEAR_MAX)
        ):
            return True
    return False


class TradeActions(Sequence[Action]):
    """``end trade``, the ship swaps, then every offer to each opponent in seat order (lazy)."""

    __slots__ = ("fixed", "spaces", "total")

    def __init__(self, fixed: tuple[Action, ...], spaces: tuple[OfferSpace, ...]) -> None:
        self.fixed = fixed
        self.spaces = spaces
        total = len(fixed)
        for space in spaces:
            total += space.count
        self.total = total

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
        if b != a and goods[b] < _GOOD_MAX[b]
    ]


def trade_actions(s: RttaState) -> TradeActions:
    """The trade step's actions. A declined offer changes no track, so the list is kept on the state
    (``trade_cache``) until a transfer or swap changes the boards or the fifth offer ends the offers."""
    cached = s.trade_cache
    if cached is not None and s.offers < MAX_OFFERS:
        return cached
    swaps = swap_actions(s)
    actions = TradeActions((END_TRADE, *swaps) if swaps else _END_ONLY, tuple(offer_spaces(s)))
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
    accepted = action == _ACCEPT
    if s.log is not None:
        s.log.append(Event("offer_" + ("accepted" if accepted else "declined"), {"seat": seat, "from_seat": s.active}))
    if accepted:  # the transfer, in place (``after_offer`` unrolled: random playouts answer offers all the time)
        p = s.active
        f, wood, stone, pottery, cloth, spears = vector
        food = s.food
        food[p] -= f
        food[seat] += f
        gives, gets = s.goods[p], s.goods[seat]
        gives[0] -= wood
        gives[1] -= stone
        gives[2] -= pottery
        gives[3] -= cloth
        gives[4] -= spears
        gets[0] += wood
        gets[1] += stone
        gets[2] += pottery
        gets[3] += cloth
        gets[4] += spears
    s.offer = None
    s.offers += 1
    s.step = steps.TRADE
    if s.offers >= MAX_OFFERS:
        # [ruling] a trade step holds at most 5 offers; then it ends (ship swaps left unused too)
        if s.log is not None:
            s.log.append(Event("offers_exhausted", {"seat": s.active, "offers": MAX_OFFERS}))
        s.trade_cache = None
        s.next_stage()
    elif accepted:
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
