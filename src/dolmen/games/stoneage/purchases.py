"""Buying with modules on: cards and buildings with the extension's jewels and barter, the new huts' purchase
effects, harsh winter's extras, and the igloos (seed 003 "L'Extension", "Les nouvelles huttes", "Hiver
rigoureux", "Igloos"; rules page "Modules").

Only states with a module on come here (``state.modular``); the base game's purchases stay in
:mod:`resolution` and :mod:`cards`. The order of a card purchase: pay (after one barter at most per round, see
:mod:`barter`), take the card, the winter gold offer, the fifth space's face-down draw offer, then the card's
top half [ruling: the extras belong to the purchase, before the card acts]. A building: pay, score (+2 with a
chief's hut bought before it), then the winter insulation offer.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import barter, cards, resolution
from dolmen.games.stoneage.actions import (
    BARTER,
    BUY_ACTION,
    DECLINE_ACTION,
    DRAW_ACTION,
    INSULATE_ACTION,
    PAY,
    SKIP_ACTION,
    WINTER_ACTION,
)
from dolmen.games.stoneage.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CARD_SPACES,
    FIRST_CARD,
    FIRST_STACK,
    FIXED,
    GOLD,
    N_OF_K,
    NRES,
    STONE,
)
from dolmen.games.stoneage.log import goods_names, note
from dolmen.games.stoneage.module_components import (
    EXTRA_DRAW_JEWELS,
    FIFTH_CARD_JEWELS,
    IGLOO_COST,
    IGLOO_POINTS,
    INSULATION_POINTS,
    JEWEL,
    WINTER_CARD_POINTS,
    barter_exchange,
)
from dolmen.games.stoneage.payments import can_pay, exact_payments, flexible_payments
from dolmen.games.stoneage.steps import (
    EXTRA_DRAW,
    HAND_REVEAL,
    INSULATE,
    REVEAL,
    THEN_CARD_EFFECT,
    WINTER_GOLD,
)

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

TRADER: Final = BUILDING_INDEX["trader"]
CHIEF: Final = BUILDING_INDEX["chief"]
CHIEF_BONUS: Final = 2
NO_EXCHANGE: Final = barter_exchange(0)


def exchange(state: StoneAgeState, seat: int) -> barter.Exchange:
    """The barter ``seat`` may still make this round (none without the extension or once used)."""
    if not state.has_extension or state.bartered[seat]:
        return NO_EXCHANGE
    return barter_exchange(state.barter[seat])


def card_cost(state: StoneAgeState, seat: int, space: int) -> int:
    """Spaces 1–4 cost 1–4 goods, the fifth 3 jewels; the trader's hut takes one off (never below 1)."""
    cost = space + 1 if space < CARD_SPACES else FIFTH_CARD_JEWELS
    if state.has_huts and TRADER in state.built[seat] and cost > 1:
        cost -= 1
    return cost


# -- cards --------------------------------------------------------------------------------------------------
def legal_card_payments(state: StoneAgeState) -> list[Any]:
    """The payments of the card being resolved (spaces 1–4 in goods, the fifth in jewels); after a barter, only
    those spending all it brought; otherwise also the barters the round still allows, and declining."""
    seat = state.turn
    space = state.target - FIRST_CARD
    cost = card_cost(state, seat, space)
    due = state.barter_due
    if space < CARD_SPACES:
        legal: list[Any] = [(PAY, way) for way in exact_payments(state.goods(seat), cost) if barter.contains(way, due)]
    else:
        legal = [(PAY, (0, 0, 0, 0, cost))] if state.jewels[seat] >= cost else []
    if due != barter.NOTHING_DUE:
        return legal
    purchase = (CARD_IN_GOODS if space < CARD_SPACES else CARD_IN_JEWELS, cost)
    return [*legal, *_barters(state, seat, purchase), DECLINE_ACTION]


def card_bought(state: StoneAgeState, card: int) -> None:
    """The card is in the buyer's hand: offer the extras, then its top half acts."""
    state.barter_due = barter.NOTHING_DUE
    state.bought = card
    offer_winter_gold(state)


def offer_winter_gold(state: StoneAgeState) -> None:
    if state.has_winter and state.resources[state.turn * NRES + GOLD]:
        state.step = WINTER_GOLD
        return
    offer_extra_draw(state)


def offer_extra_draw(state: StoneAgeState) -> None:
    seat = state.turn
    if (
        state.target == FIRST_CARD + CARD_SPACES
        and state.jewels[seat] >= EXTRA_DRAW_JEWELS
        and state.deck_size > state.animals_in_deck
    ):
        state.step = EXTRA_DRAW
        return
    card_effect(state)


def card_effect(state: StoneAgeState) -> None:
    card, state.bought = state.bought, -1
    cards.apply_effect(state, state.turn, card)


def legal_winter_gold(state: StoneAgeState) -> list[Any]:
    return [WINTER_ACTION, SKIP_ACTION]


def apply_winter_gold(state: StoneAgeState, action: tuple[int]) -> None:
    """Harsh winter: one more gold with the card just bought for 6 points."""
    state.resources[state.turn * NRES + GOLD] -= 1
    state.score[state.turn] += WINTER_CARD_POINTS
    if state.log is not None:
        note(state, "winter_gold", seat=state.turn, points=WINTER_CARD_POINTS)
    offer_extra_draw(state)


def legal_extra_draw(state: StoneAgeState) -> list[Any]:
    return [DRAW_ACTION, SKIP_ACTION]


def apply_draw(state: StoneAgeState, action: tuple[int]) -> None:
    """The extension: 3 more jewels after the fifth card for a face-down card (only its bottom half counts)."""
    seat = state.turn
    state.jewels[seat] -= EXTRA_DRAW_JEWELS
    if state.log is not None:
        note(state, "extra_draw", seat=seat, jewels=EXTRA_DRAW_JEWELS)
    state.reveals = [HAND_REVEAL + seat]
    state.reveal_then = THEN_CARD_EFFECT
    state.step = REVEAL


# -- buildings ----------------------------------------------------------------------------------------------
def legal_building_payments(state: StoneAgeState) -> list[Any]:
    """Like the base game's, with the barters the round still allows; after a barter, only the payments that
    spend all it brought."""
    seat = state.turn
    tile = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
    holdings = state.goods(seat)
    due = state.barter_due
    legal: list[Any]
    if tile.kind == FIXED:
        legal = [BUY_ACTION] if can_pay(holdings, tile.cost) and barter.contains(tile.cost, due) else []
    else:
        ways = flexible_payments(holdings, tile.kind, tile.n, tile.k)
        legal = [(PAY, way) for way in ways if barter.contains(way, due)]
    if due != barter.NOTHING_DUE:
        return legal
    purchase = (BUILDING_TILE, state.stack_top[state.target - FIRST_STACK])
    return [*legal, *_barters(state, seat, purchase), DECLINE_ACTION]


CARD_IN_GOODS: Final = 0
CARD_IN_JEWELS: Final = 1
BUILDING_TILE: Final = 2
Purchase = tuple[int, int]
"""``(CARD_IN_GOODS, cost)``, ``(CARD_IN_JEWELS, cost)`` or ``(BUILDING_TILE, tile)``: what a barter pays for."""
STOCK_CAP: Final = 7
"""No purchase needs more than 5 of a kind, nor a barter more than 2: stocks are capped here for memoising."""


def _spends(purchase: Purchase, stock: barter.Counts, received: barter.Counts) -> bool:
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
        return barter.contains(tile.cost, received) and can_pay(stock[:JEWEL], tile.cost)
    if tile.kind == N_OF_K:
        return any(barter.contains(way, received) for way in flexible_payments(stock[:JEWEL], N_OF_K, tile.n, tile.k))
    return True  # "1 to 7 goods": paying just what barter brought will do


@lru_cache(maxsize=65536)
def _offers(stock: barter.Counts, trade: barter.Exchange, purchase: Purchase) -> tuple[Any, ...]:
    offers = []
    for given, received in barter.exchanges(barter.cap(stock), trade):
        after = tuple(s - g + r for s, g, r in zip(stock, given, received, strict=True))
        if _spends(purchase, after, received):
            offers.append((BARTER, given, received))
    return tuple(offers)


def _barters(state: StoneAgeState, seat: int, purchase: Purchase) -> tuple[Any, ...]:
    """The barters ``seat`` may make now whose yield ``purchase`` can spend."""
    trade = exchange(state, seat)
    if not trade[0]:
        return ()
    stock = tuple(h if h < STOCK_CAP else STOCK_CAP for h in state.payables(seat))
    return _offers(stock, trade, purchase)


def apply_barter(state: StoneAgeState, action: tuple[int, barter.Counts, barter.Counts]) -> None:
    """The round's one barter: ``given`` leaves the stock, ``received`` comes in and is due in this purchase."""
    _, given, received = action
    seat = state.turn
    base = seat * NRES
    for good in range(JEWEL):
        state.resources[base + 1 + good] += received[good] - given[good]
    state.jewels[seat] += received[JEWEL] - given[JEWEL]
    state.bartered[seat] = 1
    if state.log is not None:
        note(state, "bartered", seat=seat, given=goods_names(given), received=goods_names(received))
    state.barter_due = received


def building_points(state: StoneAgeState, seat: int, points: int) -> int:
    """A building is paid: its points, +2 if its owner bought the chief's hut before (and barter is settled)."""
    state.barter_due = barter.NOTHING_DUE
    if state.has_huts and CHIEF in state.built[seat]:
        if state.log is not None:
            note(state, "chief_bonus", seat=seat, points=CHIEF_BONUS)
        return points + CHIEF_BONUS
    return points


def offer_insulation(state: StoneAgeState, tile: int) -> bool:
    """Harsh winter: after buying a marked building, offer to insulate it; whether the offer is pending."""
    if state.has_winter and BUILDINGS[tile].winter and state.resources[state.turn * NRES + STONE]:
        state.step = INSULATE
        return True
    return False


def legal_insulation(state: StoneAgeState) -> list[Any]:
    return [INSULATE_ACTION, SKIP_ACTION]


def apply_insulate(state: StoneAgeState, action: tuple[int]) -> None:
    state.resources[state.turn * NRES + STONE] -= 1
    state.score[state.turn] += INSULATION_POINTS
    if state.log is not None:
        building = BUILDINGS[state.built[state.turn][-1]].id
        note(state, "insulated", seat=state.turn, building=building, points=INSULATION_POINTS)
    resolution.next_resolver(state)


def apply_skip(state: StoneAgeState, action: tuple[int]) -> None:
    """Skip the extra on offer: the winter gold, the face-down draw, or the insulation."""
    if state.log is not None:
        offer = {WINTER_GOLD: "winter_gold", EXTRA_DRAW: "extra_draw"}.get(state.step, "insulation")
        note(state, "skipped", seat=state.turn, offer=offer)
    if state.step == WINTER_GOLD:
        offer_extra_draw(state)
    elif state.step == EXTRA_DRAW:
        card_effect(state)
    else:
        resolution.next_resolver(state)


# -- igloos -------------------------------------------------------------------------------------------------
def legal_igloo(state: StoneAgeState) -> list[Any]:
    """An igloo costs 1 wood and 1 stone (never bartered: it is not a building)."""
    if can_pay(state.goods(state.turn), IGLOO_COST):
        return [BUY_ACTION, DECLINE_ACTION]
    return [DECLINE_ACTION]


def buy_igloo(state: StoneAgeState) -> None:
    seat = state.turn
    resolution.pay_goods(state, seat, IGLOO_COST)
    state.score[seat] += IGLOO_POINTS
    if state.log is not None:
        note(state, "igloo_bought", seat=seat, paid=goods_names(IGLOO_COST), points=IGLOO_POINTS)
    state.igloos[seat] += 1
    state.igloos_left -= 1
    resolution.next_resolver(state)
