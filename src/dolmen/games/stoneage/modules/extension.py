"""L'Extension (module ``extension``; seed 003 "L'Extension"; rules page "L'Extension"): the merchant, jewels,
the fifth card space and barter.

- **The merchant**, a village location for one person: barter level +2 (max 10) and 2 jewels.
- **Jewels**: a hunt's yield may be taken as food or jewels unit by unit (``jewels N``); they never feed and
  never score, and pay only for the fifth card space and its face-down draw.
- **The fifth card space** costs 3 jewels; right after buying it, 3 more jewels draw a card face down into the
  hand (only its bottom half counts).
- **Barter**, once per round, only while paying for a card or a building: a step of its own before the payment;
  the payment that follows must spend all it brought (see "Barter" below).

The extension's tables (more players, one stack per player, the village limits) are in :mod:`..components`.

Barter (seed 003 "Lors de l'achat d'une carte ou d'un bâtiment et une seule fois par tour"): ``barter stone for
gold`` gives ``given`` from the player's stock and brings ``received``; the payment that follows must contain all
of ``received`` (what barter brings is spent in that purchase), and the purchase can no longer be declined.
Sizes by barter level (``module_components.barter_exchange``): 2 for 1, 1 for 1, or 1 for 1 or 2. Food is never
bartered. Vectors are 5 long: wood, clay, stone, gold, jewel. Our ruling (docs/stoneage.md): what is given and
what is received share no kind (a kind for itself is no exchange). Jewels may be given, and received only where
jewels pay (the fifth card space): a barter is offered only when some payment of the purchase can then spend all
it brings.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from dolmen.engine.core import JSON
from dolmen.games.stoneage.actions import (
    BARTER,
    BUY_ACTION,
    DECLINE_ACTION,
    DRAW,
    DRAW_ACTION,
    JEWELS,
    PAY,
    SKIP,
    SKIP_ACTION,
    Barter,
    Choice,
)
from dolmen.games.stoneage.cards import can_draw_card, extras_done
from dolmen.games.stoneage.components import (
    BUILDINGS,
    EXTENSION_CARD_SPACES,
    FIRST_CARD,
    FIXED,
    FOOD,
    GOODS,
    HUNTING,
    MERCHANT,
    N_OF_K,
    NLOC,
    NRES,
)
from dolmen.games.stoneage.gathering import after_gathering
from dolmen.games.stoneage.hooks import Decisions, Module
from dolmen.games.stoneage.log import goods_names, note
from dolmen.games.stoneage.module_components import (
    EXTRA_DRAW_JEWELS,
    FIFTH_CARD_JEWELS,
    FIFTH_SPACE,
    JEWEL,
    MAX_BARTER,
    MERCHANT_BARTER,
    MERCHANT_JEWELS,
    NOTHING_DUE,
    barter_exchange,
)
from dolmen.games.stoneage.payments import (
    _exact,
    building_payments,
    can_pay,
    exact_payments,
    flexible_payments,
    keep,
)
from dolmen.games.stoneage.resolution import leave, next_resolver
from dolmen.games.stoneage.steps import (
    BUY_BUILDING,
    EXTRA_DRAW,
    HAND_REVEAL,
    PAY_CARD,
    REVEAL,
    TAKE_JEWELS,
    THEN_CARD_EFFECT,
)
from dolmen.games.stoneage.texts import counts_text

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

_JEWEL_CHOICES: Final[tuple[Any, ...]] = tuple((JEWELS, n) for n in range(64))


# -- barter -------------------------------------------------------------------------------------------------
Counts = tuple[int, ...]
Exchange = tuple[int, tuple[int, ...]]
"""``(given size, received sizes)`` of one barter."""
KINDS: Final = 5
HOLDING_CAP: Final = 2
"""No barter gives more than 2 units: for listing exchanges, holdings are capped here."""


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
                if _disjoint(given, received):
                    ways.append((given, received))
    return tuple(ways)


def _disjoint(given: Counts, received: Counts) -> bool:
    """Whether a barter gives and receives no kind alike (the two 5 long)."""
    for i in range(KINDS):  # noqa: SIM110 (no generator in the hot loop)
        if given[i] and received[i]:
            return False
    return True


def cap(holdings: Counts) -> Counts:
    return tuple([h if h < HOLDING_CAP else HOLDING_CAP for h in holdings])


def contains(payment: Counts, due: Counts) -> bool:
    """Whether ``payment`` (4 or 5 long) spends all of ``due`` (5 long). (A loop: compiled, a generator over a
    zip cost a tenth of a game with every module.)"""
    paid = len(payment)
    for i in range(KINDS):  # noqa: SIM110 (no generator in the hot loop)
        if (payment[i] if i < paid else 0) < due[i]:
            return False
    return True


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
    brought = held = 0  # the goods received and held after (native loops: no slices, sums or generators)
    for i in range(JEWEL):
        brought += received[i]
        held += stock[i]
    if kind == CARD_IN_GOODS:
        return not received[JEWEL] and brought <= value <= held
    if kind == CARD_IN_JEWELS:
        return not brought and received[JEWEL] <= value <= stock[JEWEL]
    tile = BUILDINGS[value]
    if received[JEWEL]:
        return False
    goods = (stock[0], stock[1], stock[2], stock[3])
    if tile.kind == FIXED:
        return contains(tile.cost, received) and can_pay(goods, tile.cost)
    if tile.kind == N_OF_K:
        for way in flexible_payments(goods, N_OF_K, tile.n, tile.k):  # noqa: SIM110 (no generator)
            if contains(way, received):
                return True
        return False
    return True  # "1 to 7 goods": paying just what barter brought will do


@lru_cache(maxsize=65536)
def _offers(stock: Counts, trade: Exchange, purchase: Purchase) -> tuple[Any, ...]:
    offers = []
    for given, received in exchanges(cap(stock), trade):
        after = tuple([stock[i] - given[i] + received[i] for i in range(KINDS)])
        if _spends(purchase, after, received):
            offers.append((BARTER, given, received))
    return tuple(offers)


def barter_offers(payables: Counts, trade: Exchange, purchase: Purchase) -> tuple[Any, ...]:
    """The barter actions a player holding ``payables`` (goods and jewels) may make with ``trade`` whose yield
    ``purchase`` can spend."""
    if not trade[0]:
        return ()
    caps = _purchase_caps(purchase)
    stock = tuple([payables[i] if payables[i] < caps[i] else caps[i] for i in range(KINDS)])
    return _offers(stock, trade, purchase)


def barters(state: StoneAgeState, seat: int, purchase: Purchase) -> tuple[Any, ...]:
    """The barters ``seat`` may still make this round (none once used) whose yield ``purchase`` can spend."""
    if state.bartered[seat] or not state.barter[seat]:
        return ()
    return barter_offers(state.payables(seat), barter_exchange(state.barter[seat]), purchase)


# -- decisions ----------------------------------------------------------------------------------------------
def legal_jewels(state: StoneAgeState) -> list[Any]:
    return list(_JEWEL_CHOICES[: state.hunt_yield + 1])


def apply_jewels(state: StoneAgeState, action: Choice) -> None:
    """``jewels N``: N of the hunt's yield as jewels, the rest as food, unit by unit (rules page [ruling])."""
    seat, jewels = state.turn, action[1]
    state.resources[seat * NRES + FOOD] += state.hunt_yield - jewels
    state.jewels[seat] += jewels
    if state.log is not None:
        note(state, "hunt_split", seat=seat, food=state.hunt_yield - jewels, jewels=jewels)
    state.hunt_yield = 0
    after_gathering(state)


def apply_barter(state: StoneAgeState, action: Barter) -> None:
    """The round's one barter: ``given`` leaves the stock, ``received`` comes in and is due in this purchase."""
    _, given, received = action
    seat = state.turn
    base = seat * NRES
    for index, good in enumerate(GOODS):
        state.resources[base + good] += received[index] - given[index]
    state.jewels[seat] += received[JEWEL] - given[JEWEL]
    state.bartered[seat] = 1
    if state.log is not None:
        note(state, "bartered", seat=seat, given=goods_names(given), received=goods_names(received))
    state.barter_due = received


def legal_extra_draw(state: StoneAgeState) -> list[Any]:
    return [DRAW_ACTION, SKIP_ACTION]


def apply_draw(state: StoneAgeState, action: Any) -> None:
    """3 more jewels after the fifth card for a face-down card (only its bottom half counts)."""
    seat = state.turn
    state.jewels[seat] -= EXTRA_DRAW_JEWELS
    if state.log is not None:
        note(state, "extra_draw", seat=seat, jewels=EXTRA_DRAW_JEWELS)
    state.reveals = [HAND_REVEAL + seat]
    state.reveal_then = THEN_CARD_EFFECT
    state.step = REVEAL


def apply_skip(state: StoneAgeState, action: Any) -> None:
    """No face-down draw: the purchase goes on (the card's top half acts)."""
    if state.log is not None:
        note(state, "skipped", seat=state.turn, offer="extra_draw")
    extras_done(state, EXTENSION)


def _card_payments(state: StoneAgeState, seat: int, space: int, cost: int) -> list[Any]:
    due = state.barter_due
    if space < FIFTH_SPACE:
        ways = exact_payments(state.goods(seat), cost)
        legal: list[Any] = [(PAY, way) for way in ways if contains(way, due)]
    else:
        legal = [(PAY, (0, 0, 0, 0, cost))] if state.jewels[seat] >= cost else []
    if due != NOTHING_DUE:
        return legal
    purchase = (CARD_IN_GOODS if space < FIFTH_SPACE else CARD_IN_JEWELS, cost)
    return [*legal, *barters(state, seat, purchase), DECLINE_ACTION]


def _building_payments(state: StoneAgeState, seat: int, tile: int) -> list[Any]:
    spec = BUILDINGS[tile]
    due = state.barter_due
    ways = [way for way in building_payments(state.goods(seat), spec) if contains(way, due)]
    legal: list[Any] = ([BUY_ACTION] if ways else []) if spec.kind == FIXED else [(PAY, way) for way in ways]
    if due != NOTHING_DUE:
        return legal
    return [*legal, *barters(state, seat, (BUILDING_TILE, tile)), DECLINE_ACTION]


# -- the purchases' legal actions, kept -----------------------------------------------------------------------
_KEPT: Final[dict[int, tuple[Any, ...]]] = {}
"""The legal actions of a purchase before any barter (payments, barters, ``decline``) by a number packing the
purchase, the seat's exchange (none once bartered) and its payables capped where the answer no longer changes
(:func:`_key`). Capped, the keys are bounded (and few in practice): a barter's offers by the whole stock (their
``lru_cache``, 65,536 entries) were missed and worked out again all game long, a fifth of a game with every
module."""
_KEY_BASE: Final = 8
"""The base of a payable's digit: every cap is at most ``STOCK_CAP``, 7."""
_TILE_PURCHASE: Final = 16
_JEWEL_PURCHASE: Final = 8
"""A purchase's number: a card's cost in goods (1–4), ``_JEWEL_PURCHASE`` + a cost in jewels, ``_TILE_PURCHASE``
+ a building tile."""
_EXCHANGES: Final[tuple[Exchange, ...]] = tuple(
    dict.fromkeys(barter_exchange(level) for level in range(MAX_BARTER + 1))
)
_EXCHANGE_OF_LEVEL: Final[tuple[int, ...]] = tuple(
    _EXCHANGES.index(barter_exchange(level)) for level in range(MAX_BARTER + 1)
)
"""The index of each barter level's exchange among the distinct ones (0: level 0, none)."""
assert _EXCHANGES[0] == barter_exchange(0) and not _EXCHANGES[0][0], "the first exchange is none"


def _caps(goods: tuple[int, ...], jewel: int) -> tuple[int, ...]:
    return (*goods, jewel)


# Where a purchase's answer stops changing with a payable (a barter gives at most 2 of a kind, ``HOLDING_CAP``):
# - paying a card of ``c`` goods: its payments take at most ``c`` of a kind, and a barter's yield must be payable
#   with what is left (at least ``c`` goods), so each good at ``c + 2``; jewels only as given: at 2;
# - paying a card of ``c`` jewels: jewels at ``c + 2``, the goods only as given: at 2;
# - a fixed tile: each good at its cost + 2; "N of K kinds": at N + 2; "1 to 7": at 7 (``STOCK_CAP``).
_GOODS_CAPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _caps((cost + HOLDING_CAP,) * len(GOODS), HOLDING_CAP) for cost in range(len(GOODS) + 1)
)
_JEWEL_CAPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _caps((HOLDING_CAP,) * len(GOODS), min(cost + HOLDING_CAP, STOCK_CAP)) for cost in range(STOCK_CAP)
)
_TILE_CAPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _caps(tuple(count + HOLDING_CAP for count in tile.cost), HOLDING_CAP)
    if tile.kind == FIXED
    else _caps((min(tile.n + HOLDING_CAP, STOCK_CAP) if tile.kind == N_OF_K else STOCK_CAP,) * len(GOODS), HOLDING_CAP)
    for tile in BUILDINGS
)
assert all(HOLDING_CAP <= cap <= STOCK_CAP for caps in (*_GOODS_CAPS, *_JEWEL_CAPS, *_TILE_CAPS) for cap in caps)


def _purchase_caps(purchase: Purchase) -> tuple[int, ...]:
    """Where the barters of ``purchase`` stop changing with each payable (see above): the stocks
    :func:`barter_offers` memoises are capped there (fewer keys than at ``STOCK_CAP``: found again sooner)."""
    kind, value = purchase
    if kind == CARD_IN_GOODS:
        return _GOODS_CAPS[value]
    return _JEWEL_CAPS[value] if kind == CARD_IN_JEWELS else _TILE_CAPS[value]


def _key(state: StoneAgeState, seat: int, caps: tuple[int, ...], purchase: int) -> int:
    """:data:`_KEPT`'s key: ``purchase``, the seat's exchange and its payables capped at ``caps``."""
    exchange = 0 if state.bartered[seat] else _EXCHANGE_OF_LEVEL[state.barter[seat]]
    key = purchase * len(_EXCHANGES) + exchange
    base, resources = seat * NRES, state.resources
    for i in range(len(GOODS)):
        held, cap = resources[base + GOODS[i]], caps[i]
        key = key * _KEY_BASE + (held if held < cap else cap)
    held, cap = state.jewels[seat], caps[JEWEL]
    return key * _KEY_BASE + (held if held < cap else cap)


class Extension(Module):
    """The extension's hooks (see the module docstring)."""

    name = "extension"
    village = (MERCHANT,)
    decisions: ClassVar[Decisions] = {
        TAKE_JEWELS: (legal_jewels, {JEWELS: apply_jewels}),
        EXTRA_DRAW: (legal_extra_draw, {DRAW: apply_draw, SKIP: apply_skip}),
        PAY_CARD: (None, {BARTER: apply_barter}),
        BUY_BUILDING: (None, {BARTER: apply_barter}),
    }

    def add_view(self, state: StoneAgeState, doc: dict[str, JSON]) -> None:
        """Jewels, barter levels and whether each seat bartered this round; the hunt's yield, what barter brought."""
        seats: list[dict[str, JSON]] = doc["seats"]
        for seat, seat_doc in enumerate(seats):
            seat_doc["jewels"] = state.jewels[seat]
            seat_doc["barter"] = state.barter[seat]
            seat_doc["bartered"] = bool(state.bartered[seat])
        doc["hunt_yield"] = state.hunt_yield
        doc["barter_due"] = counts_text(state.barter_due)

    def setup(self, state: StoneAgeState) -> None:
        state.display = [-1] * EXTENSION_CARD_SPACES
        state.loc_end = NLOC

    def begin_round(self, state: StoneAgeState) -> None:
        state.bartered = [0] * state.players

    def resolve(self, state: StoneAgeState, loc: int) -> None:
        """The merchant: barter +2 (max 10) and 2 jewels."""
        seat = state.turn
        leave(state, seat, loc)
        state.barter[seat] = min(MAX_BARTER, state.barter[seat] + MERCHANT_BARTER)
        state.jewels[seat] += MERCHANT_JEWELS
        if state.log is not None:
            note(state, "merchant_visited", seat=seat, barter=state.barter[seat], jewels=MERCHANT_JEWELS)
        next_resolver(state)

    def take_yield(self, state: StoneAgeState, amount: int) -> bool:
        """A hunt's yield is split between food and jewels (``jewels N``)."""
        if state.gather_site == HUNTING and amount:
            state.hunt_yield = amount
            state.step = TAKE_JEWELS
            return True
        return False

    def card_cost(self, state: StoneAgeState, seat: int, space: int, cost: int) -> int:
        return FIFTH_CARD_JEWELS if space == FIFTH_SPACE else cost

    def card_payments(self, state: StoneAgeState, seat: int, space: int, cost: int) -> Sequence[Any]:
        """Spaces 1–4 in goods, the fifth in jewels; after a barter, only the payments spending all it brought;
        otherwise also the barters the round still allows, and declining (kept: :func:`_kept`)."""
        if state.barter_due != NOTHING_DUE:
            return _card_payments(state, seat, space, cost)
        if space < FIFTH_SPACE:
            purchase, caps = cost, _GOODS_CAPS[cost]
        else:
            purchase, caps = _JEWEL_PURCHASE + cost, _JEWEL_CAPS[cost]
        key = _key(state, seat, caps, purchase)
        found = _KEPT.get(key)
        if found is None:
            found = keep(_KEPT, key, tuple(_card_payments(state, seat, space, cost)))
        return found

    def building_payments(self, state: StoneAgeState, seat: int, tile: int) -> Sequence[Any]:
        """Like the base game's, with the barters the round still allows; after a barter, only the payments
        that spend all it brought (kept: :func:`_kept`)."""
        if state.barter_due != NOTHING_DUE:
            return _building_payments(state, seat, tile)
        key = _key(state, seat, _TILE_CAPS[tile], _TILE_PURCHASE + tile)
        found = _KEPT.get(key)
        if found is None:
            found = keep(_KEPT, key, tuple(_building_payments(state, seat, tile)))
        return found

    def pay_more(self, state: StoneAgeState, seat: int, counts: tuple[int, ...]) -> None:
        """The jewels of a payment (its fifth count)."""
        state.jewels[seat] -= counts[JEWEL]

    def paid(self, state: StoneAgeState) -> None:
        state.barter_due = NOTHING_DUE

    def after_card(self, state: StoneAgeState) -> bool:
        """After the fifth card: 3 more jewels for a face-down card, if the deck has one."""
        if (
            state.target == FIRST_CARD + FIFTH_SPACE
            and state.jewels[state.turn] >= EXTRA_DRAW_JEWELS
            and can_draw_card(state)
        ):
            state.step = EXTRA_DRAW
            return True
        return False


EXTENSION: Final = Extension()
