"""L'Extension (module ``extension``; seed 003 "L'Extension"; rules page "L'Extension"): the merchant, jewels,
the fifth card space and barter.

- **The merchant**, a village location for one person: barter level +2 (max 10) and 2 jewels.
- **Jewels**: a hunt's yield may be taken as food or jewels unit by unit (``jewels N``); they never feed and
  never score, and pay only for the fifth card space and its face-down draw.
- **The fifth card space** costs 3 jewels; right after buying it, 3 more jewels draw a card face down into the
  hand (only its bottom half counts).
- **Barter**, once per round, only while paying for a card or a building: a step of its own before the payment
  (the exchanges are in :mod:`..barter`); the payment that follows must spend all it brought.

The extension's tables (more players, one stack per player, the village limits) are in :mod:`..components`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from dolmen.engine.core import JSON
from dolmen.games.stoneage import barter
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
    barter_exchange,
)
from dolmen.games.stoneage.payments import building_payments, exact_payments
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

_JEWEL_CHOICES: Final = tuple((JEWELS, n) for n in range(64))


def barters(state: StoneAgeState, seat: int, purchase: barter.Purchase) -> tuple[Any, ...]:
    """The barters ``seat`` may still make this round (none once used) whose yield ``purchase`` can spend."""
    if state.bartered[seat] or not state.barter[seat]:
        return ()
    return barter.barters(state.payables(seat), barter_exchange(state.barter[seat]), purchase)


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

    def card_payments(self, state: StoneAgeState, seat: int, space: int, cost: int) -> list[Any]:
        """Spaces 1–4 in goods, the fifth in jewels; after a barter, only the payments spending all it brought;
        otherwise also the barters the round still allows, and declining."""
        due = state.barter_due
        if space < FIFTH_SPACE:
            ways = exact_payments(state.goods(seat), cost)
            legal: list[Any] = [(PAY, way) for way in ways if barter.contains(way, due)]
        else:
            legal = [(PAY, (0, 0, 0, 0, cost))] if state.jewels[seat] >= cost else []
        if due != barter.NOTHING_DUE:
            return legal
        purchase = (barter.CARD_IN_GOODS if space < FIFTH_SPACE else barter.CARD_IN_JEWELS, cost)
        return [*legal, *barters(state, seat, purchase), DECLINE_ACTION]

    def building_payments(self, state: StoneAgeState, seat: int, tile: int) -> list[Any]:
        """Like the base game's, with the barters the round still allows; after a barter, only the payments
        that spend all it brought."""
        spec = BUILDINGS[tile]
        due = state.barter_due
        ways = [way for way in building_payments(state.goods(seat), spec) if barter.contains(way, due)]
        legal: list[Any] = ([BUY_ACTION] if ways else []) if spec.kind == FIXED else [(PAY, way) for way in ways]
        if due != barter.NOTHING_DUE:
            return legal
        return [*legal, *barters(state, seat, (barter.BUILDING_TILE, tile)), DECLINE_ACTION]

    def paid(self, state: StoneAgeState) -> None:
        state.barter_due = barter.NOTHING_DUE

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
