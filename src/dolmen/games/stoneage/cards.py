"""Civilization cards: buying one from the display and its immediate effect (rules page "Civilization cards";
seed 004 "Dans le jeu, il y a 36 cartes civilisation").

A card costs 1 to 4 goods (never food) by its space; the buyer chooses which goods. The top half acts at once;
"dice for all" rolls one die per player and, from the buyer clockwise, each player takes one die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import purchases, resolution
from dolmen.games.stoneage.actions import DECLINE_ACTION, PAY, PICK, TAKE
from dolmen.games.stoneage.components import (
    CARDS,
    E_AGRICULTURE,
    E_CHOICE,
    E_DICE_FOR_ALL,
    E_EXTRA_CARD,
    E_FOOD,
    E_ONE_USE_TOOL,
    E_POINTS,
    E_RESOURCE,
    E_ROLL,
    E_TOOL_STEP,
    FIRST_CARD,
    FOOD,
    GOODS,
    MAX_AGRICULTURE,
    NRES,
    RESOURCE_NAMES,
    TOOL_TILES,
    raise_tool,
)
from dolmen.games.stoneage.log import goods_names, note, place
from dolmen.games.stoneage.payments import any_goods, exact_payments
from dolmen.games.stoneage.steps import (
    DICE_FOR_ALL,
    HAND_REVEAL,
    REVEAL,
    TAKE_GOODS,
    THEN_RESOLUTION,
)

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

PICKS: Final = tuple((PICK, face) for face in range(7))
DIE_GOODS: Final = {1: GOODS[0], 2: GOODS[1], 3: GOODS[2], 4: GOODS[3]}
"""Dice for all: 1 wood, 2 clay, 3 stone, 4 gold; 5 is a tool step, 6 agriculture +1."""


def card_cost(space: int) -> int:
    """A display space's cost in goods: the space nearest the deck (index 0) costs 1."""
    return space + 1


def legal_card_payments(state: StoneAgeState) -> list[Any]:
    if state.modular:
        return purchases.legal_card_payments(state)
    cost = card_cost(state.target - FIRST_CARD)
    return [*((PAY, way) for way in exact_payments(state.goods(state.turn), cost)), DECLINE_ACTION]


def buy_card(state: StoneAgeState, counts: tuple[int, ...]) -> None:
    """Pay for the card being resolved, take it into the hand and apply its top half."""
    resolution.pay_goods(state, state.turn, counts)
    if state.log is not None:
        card = CARDS[state.display[state.target - FIRST_CARD]].id
        location = place(state.target)
        note(state, "card_bought", seat=state.turn, card=card, location=location, paid=goods_names(counts))
    take_card(state)


def take_card(state: StoneAgeState) -> None:
    """The card being resolved (paid for) goes into the buyer's hand; its top half acts (with modules on,
    after the purchase's extras)."""
    seat = state.turn
    space = state.target - FIRST_CARD
    card = state.display[space]
    state.display[space] = -1
    state.hands[seat] = (*state.hands[seat], card)
    if state.modular:
        purchases.card_bought(state, card)
        return
    apply_effect(state, seat, card)


def tool_step(state: StoneAgeState, seat: int) -> None:
    base = seat * TOOL_TILES
    tiles, used = state.tools[base : base + TOOL_TILES], state.tool_used[base : base + TOOL_TILES]
    raise_tool(tiles, used)
    state.tools[base : base + TOOL_TILES], state.tool_used[base : base + TOOL_TILES] = tiles, used
    if state.log is not None:
        note(state, "tool_raised", seat=seat, tools=[value for value in tiles if value])


def raise_agriculture(state: StoneAgeState, seat: int) -> None:
    state.agriculture[seat] = min(MAX_AGRICULTURE, state.agriculture[seat] + 1)
    if state.log is not None:
        note(state, "agriculture_raised", seat=seat, agriculture=state.agriculture[seat])


def note_gain(state: StoneAgeState, seat: int, resource: int, amount: int) -> None:
    note(state, "gained", seat=seat, resource=RESOURCE_NAMES[resource], amount=amount)


def apply_effect(state: StoneAgeState, seat: int, card: int) -> None:
    """The top half of ``card`` for its buyer ``seat``; then resolution goes on unless a step is pending."""
    spec = CARDS[card]
    effect, param = spec.effect, spec.param
    base = seat * NRES
    if effect == E_FOOD:
        state.resources[base + FOOD] += int(param)  # type: ignore[arg-type]
        if state.log is not None:
            note_gain(state, seat, FOOD, int(param))  # type: ignore[arg-type]
    elif effect == E_RESOURCE:
        resource, amount = param  # type: ignore[misc]
        state.resources[base + resource] += amount
        if state.log is not None:
            note_gain(state, seat, resource, amount)
    elif effect == E_CHOICE:
        state.roll_count = int(param)  # type: ignore[arg-type]
        state.step = TAKE_GOODS
        return
    elif effect == E_TOOL_STEP:
        tool_step(state, seat)
    elif effect == E_ROLL:
        state.gather_site = -1  # not gathering: no wild animal, no herd, no jewels
        resolution.start_roll(state, 2, int(param))  # type: ignore[arg-type]
        return
    elif effect == E_EXTRA_CARD:
        if state.deck_size > state.animals_in_deck:
            state.reveals = [HAND_REVEAL + seat]
            state.reveal_then = THEN_RESOLUTION
            state.step = REVEAL
            return
        if state.log is not None:
            note(state, "no_card_to_draw", seat=seat)
    elif effect == E_DICE_FOR_ALL:
        resolution.start_roll(state, state.players, DICE_FOR_ALL)
        return
    elif effect == E_AGRICULTURE:
        raise_agriculture(state, seat)
    elif effect == E_POINTS:
        state.score[seat] += int(param)  # type: ignore[arg-type]
        if state.log is not None:
            note(state, "points_scored", seat=seat, points=param)
    elif effect == E_ONE_USE_TOOL:
        state.one_use[seat] = (*state.one_use[seat], card)
        if state.log is not None:
            note(state, "one_use_tool_taken", seat=seat, card=spec.id, value=param)
    resolution.next_resolver(state)


def legal_goods_choices(state: StoneAgeState) -> list[Any]:
    """ "2 resources of your choice", chosen when the card is taken [ruling]."""
    return [(TAKE, way) for way in any_goods(state.roll_count)]


def apply_take(state: StoneAgeState, action: tuple[int, tuple[int, ...]]) -> None:
    base = state.turn * NRES
    for count, resource in zip(action[1], GOODS, strict=True):
        state.resources[base + resource] += count
    if state.log is not None:
        note(state, "goods_chosen", seat=state.turn, resources=goods_names(action[1]))
    resolution.next_resolver(state)


def legal_picks(state: StoneAgeState) -> list[Any]:
    return [PICKS[face] for face in sorted(set(state.pick_dice))]


def apply_pick(state: StoneAgeState, action: tuple[int, int]) -> None:
    face, seat = action[1], state.pick_seat
    if state.log is not None:
        note(state, "die_picked", seat=seat, face=face)
    if face <= 4:
        state.resources[seat * NRES + DIE_GOODS[face]] += 1
        if state.log is not None:
            note_gain(state, seat, DIE_GOODS[face], 1)
    elif face == 5:
        tool_step(state, seat)
    else:
        raise_agriculture(state, seat)
    dice = list(state.pick_dice)
    dice.remove(face)
    state.pick_dice = tuple(dice)
    if dice:
        state.pick_seat = (seat + 1) % state.players
    else:
        resolution.next_resolver(state)
