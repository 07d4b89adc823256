"""Reveals: a card or a building tile comes out of its unseen pool as a chance step (docs/stoneage.md "Chance
outcomes").

The deck and the building tiles are multisets of counts: a card or tile is drawn, uniformly from the unseen ones,
only when it is revealed (a display space refilled, a card drawn face down into a hand, a stack's new top tile).
The pending reveals are codes (``steps``); a module draws its own (the herd's tiles, ``Module.reveals``), and takes
the deck cards that are not civilization cards (the wild animals, ``Module.card_drawn``). After the last reveal the
game goes on with what ``reveal_then`` names.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import BUILDING, CARD
from dolmen.games.stoneage.cards import card_effect
from dolmen.games.stoneage.components import BUILDINGS, CARDS, FIRST_CARD, FIRST_STACK
from dolmen.games.stoneage.feeding import begin_round
from dolmen.games.stoneage.log import card_drawn, note, place
from dolmen.games.stoneage.resolution import next_resolver
from dolmen.games.stoneage.rolls import uniform
from dolmen.games.stoneage.steps import HAND_REVEAL, HERD_BACK, STACK_REVEAL, THEN_NEW_ROUND, THEN_RESOLUTION

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

CIVILIZATION_CARDS: Final = len(CARDS)
"""Deck indices from here on are the modules' cards (the wild animals)."""


def reveal_outcomes(state: StoneAgeState) -> list[tuple[Any, float]]:
    code = state.reveals[0]
    if code >= HERD_BACK:
        return state.hooks.revealers[code].reveal_outcomes(state)
    if code < STACK_REVEAL or code >= HAND_REVEAL:  # a display space or a hand
        return [((CARD, i), n / state.deck_size) for i, n in enumerate(state.deck) if n]
    return [((BUILDING, i), n / state.pool_size) for i, n in enumerate(state.pool) if n]


def sample_reveal(state: StoneAgeState, rng: random.Random) -> Any:
    code = state.reveals[0]
    if code >= HERD_BACK:
        return state.hooks.revealers[code].sample_reveal(state, rng)
    is_card = code < STACK_REVEAL or code >= HAND_REVEAL
    counts, total = (state.deck, state.deck_size) if is_card else (state.pool, state.pool_size)
    pick = int(uniform(rng) * total)
    for index, count in enumerate(counts):
        pick -= count
        if pick < 0:
            return (CARD if is_card else BUILDING, index)
    raise AssertionError("the unseen pool is empty")


def is_possible_reveal(state: StoneAgeState, kind: Any, value: int) -> bool:
    code = state.reveals[0]
    if code >= HERD_BACK:
        return state.hooks.revealers[code].is_possible_reveal(state, kind, value)
    if code < STACK_REVEAL or code >= HAND_REVEAL:  # a display space or a hand
        return kind == CARD and value < len(state.deck) and state.deck[value] > 0
    return kind == BUILDING and value < len(state.pool) and state.pool[value] > 0


def apply_reveal(state: StoneAgeState, identity: int) -> None:
    """The first pending reveal shows ``identity`` (a card or a building tile, or a module's piece) drawn from
    its unseen pool. A module's deck card (a wild animal) drawn for a card is the module's; the card is drawn
    again."""
    code = state.reveals.pop(0)
    if code >= HERD_BACK:
        state.hooks.revealers[code].apply_reveal(state, code, identity)
    elif code < STACK_REVEAL or code >= HAND_REVEAL:
        if identity >= CIVILIZATION_CARDS:
            for module in state.hooks.card_drawn:
                module.card_drawn(state, identity)
            state.reveals.insert(0, code)
            return
        deck = state.deck
        deck[identity] = deck[identity] - 1
        state.deck_size -= 1
        if code < STACK_REVEAL:
            state.display[code] = identity
            if state.log is not None:
                note(state, "card_revealed", card=CARDS[identity].id, location=place(FIRST_CARD + code))
        else:
            seat = code - HAND_REVEAL
            state.hands[seat] = (*state.hands[seat], identity)
            if state.log is not None:
                card_drawn(state, seat, CARDS[identity].id)
    else:
        pool = state.pool
        pool[identity] = pool[identity] - 1
        state.pool_size -= 1
        state.stack_top[code - STACK_REVEAL] = identity
        if state.log is not None:
            location = place(FIRST_STACK + code - STACK_REVEAL)
            note(state, "building_revealed", building=BUILDINGS[identity].id, location=location)
    if state.reveals:
        return
    if state.reveal_then == THEN_NEW_ROUND:
        begin_round(state)
    elif state.reveal_then == THEN_RESOLUTION:
        next_resolver(state)
    else:
        card_effect(state)
