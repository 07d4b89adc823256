"""Civilization cards: buying one from the display and its immediate effect (rules page "Civilization cards";
seed 004 "Dans le jeu, il y a 36 cartes civilisation").

A card costs 1 to 4 goods (never food) by its space; the buyer chooses which goods. The top half
(``components.effect``: a ``CardEffect`` by its kind) acts at once; "dice for all" rolls one die per player
and, from the buyer clockwise, each player takes one die (``components.DICE_FOR_ALL_GAINS``). The modules'
hooks here: the cost (``card_cost``: the trader's hut, the fifth space), the payments (``card_payments``:
jewels and barter), the payment done (``paid``) and the offers before the top half acts (``after_card``:
winter gold, the face-down draw).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import DECLINE_ACTION, PAY, PICK, TAKE, Choice, Payment
from dolmen.games.stoneage.board import gain, note_gain, pay_goods
from dolmen.games.stoneage.components import (
    CARD_ROLL_DICE,
    CARDS,
    DICE_FOR_ALL_GAINS,
    FIRST_CARD,
    GOODS,
    NRES,
    Effect,
    card_cost,
    effect,
)
from dolmen.games.stoneage.feeding import civilization_cards_left
from dolmen.games.stoneage.hooks import following
from dolmen.games.stoneage.log import goods_names, note, place
from dolmen.games.stoneage.payments import Offers, any_goods, payment_offers
from dolmen.games.stoneage.resolution import next_resolver
from dolmen.games.stoneage.rolls import start_roll
from dolmen.games.stoneage.steps import DICE_FOR_ALL, HAND_REVEAL, REVEAL, TAKE_GOODS, THEN_RESOLUTION

if TYPE_CHECKING:
    from dolmen.games.stoneage.hooks import Module
    from dolmen.games.stoneage.state import StoneAgeState

_CARD_OFFERS: Final[Offers] = {}
"""The base game's payments of a card (:func:`payments.payment_offers`)."""
PICKS: Final[tuple[Any, ...]] = tuple((PICK, face) for face in range(len(DICE_FOR_ALL_GAINS) + 1))


def price(state: StoneAgeState, seat: int, space: int) -> int:
    """What the card on display ``space`` (0-based) costs ``seat``: ``components.card_cost``, or what the
    modules make of it."""
    cost = card_cost(space)
    if state.modular:
        for module in state.hooks.card_cost:
            cost = module.card_cost(state, seat, space, cost)
    return cost


def legal_card_payments(state: StoneAgeState) -> Sequence[Any]:
    seat, space = state.turn, state.target - FIRST_CARD
    cost = price(state, seat, space) if state.modular else card_cost(space)
    payments = state.hooks.payments
    if payments is not None:
        listed = payments.card_payments(state, seat, space, cost)
        if listed is not None:
            return listed
    return payment_offers(_CARD_OFFERS, PAY, state.goods(seat), cost, DECLINE_ACTION)


def apply_pay(state: StoneAgeState, action: Payment) -> None:
    """Pay for the card being resolved, take it into the hand and apply its top half."""
    counts = action[1]
    pay_goods(state, state.turn, counts)
    if state.log is not None:
        name = CARDS[state.display[state.target - FIRST_CARD]].id
        location = place(state.target)
        note(state, "card_bought", seat=state.turn, card=name, location=location, paid=goods_names(counts))
    seat = state.turn
    space = state.target - FIRST_CARD
    card = state.display[space]
    state.display[space] = -1
    state.hands[seat] = (*state.hands[seat], card)
    if state.modular:
        for module in state.hooks.paid:
            module.paid(state)
        state.bought = card
        extras_done(state)
        return
    apply_effect(state, seat, card)


def extras_done(state: StoneAgeState, after: Module | None = None) -> None:
    """The modules' offers after a card's payment, from the one after ``after`` on (winter gold, the fifth
    space's face-down draw); then the card's top half acts."""
    for module in following(state.hooks.after_card, after):
        if module.after_card(state):
            return
    card_effect(state)


def card_effect(state: StoneAgeState) -> None:
    """The top half of the card just bought (``state.bought``) acts."""
    card, state.bought = state.bought, -1
    apply_effect(state, state.turn, card)


def can_draw_card(state: StoneAgeState) -> bool:
    """Whether a civilization card can be drawn face down: the deck holds one (beyond the modules' cards shuffled
    into it, the wild animals: ``feeding.civilization_cards_left``)."""
    return civilization_cards_left(state) > 0


def apply_effect(state: StoneAgeState, seat: int, card: int) -> None:
    """The top half of ``card`` for its buyer ``seat`` (``components.effect``); then resolution goes on unless a
    step is pending."""
    top = effect(card)
    match top.kind:
        case Effect.GAIN:
            assert top.gain is not None
            gain(state, seat, top.gain)
            if state.log is not None:
                note_gain(state, seat, top.gain)
        case Effect.CHOICE:
            state.roll_count = top.amount
            state.step = TAKE_GOODS
            return
        case Effect.ROLL:
            state.gather_site = -1  # not gathering: no wild animal, no herd, no jewels
            start_roll(state, CARD_ROLL_DICE, top.resource)
            return
        case Effect.DRAW:
            if can_draw_card(state):
                state.reveals = [HAND_REVEAL + seat]
                state.reveal_then = THEN_RESOLUTION
                state.step = REVEAL
                return
            if state.log is not None:
                note(state, "no_card_to_draw", seat=seat)
        case Effect.DICE_FOR_ALL:
            start_roll(state, state.players, DICE_FOR_ALL)
            return
        case Effect.ONE_USE_TOOL:
            state.one_use[seat] = (*state.one_use[seat], card)
            if state.log is not None:
                note(state, "one_use_tool_taken", seat=seat, card=CARDS[card].id, value=top.amount)
    next_resolver(state)


def legal_goods_choices(state: StoneAgeState) -> list[Any]:
    """ "2 resources of your choice", chosen when the card is taken [ruling]."""
    return [(TAKE, way) for way in any_goods(state.roll_count)]


def apply_take(state: StoneAgeState, action: Payment) -> None:
    base = state.turn * NRES
    for count, resource in zip(action[1], GOODS, strict=True):
        state.resources[base + resource] += count
    if state.log is not None:
        note(state, "goods_chosen", seat=state.turn, resources=goods_names(action[1]))
    next_resolver(state)


def legal_picks(state: StoneAgeState) -> list[Any]:
    return [PICKS[face] for face in sorted(set(state.pick_dice))]


def apply_pick(state: StoneAgeState, action: Choice) -> None:
    face, seat = action[1], state.pick_seat
    if state.log is not None:
        note(state, "die_picked", seat=seat, face=face)
    gained = DICE_FOR_ALL_GAINS[face - 1]
    gain(state, seat, gained)
    if state.log is not None:
        note_gain(state, seat, gained)
    dice = list(state.pick_dice)
    dice.remove(face)
    state.pick_dice = tuple(dice)
    if dice:
        state.pick_seat = (seat + 1) % state.players
    else:
        next_resolver(state)
