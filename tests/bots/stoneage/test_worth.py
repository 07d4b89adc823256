"""The bots value a card's top half by the same description the game applies (``components.effect``)."""

from __future__ import annotations

from dolmen.bots.stoneage.values import outlook
from dolmen.bots.stoneage.worth import EXTRA_CARD, effect_value
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.cards import can_draw_card
from dolmen.games.stoneage.components import CARD_INDEX, CARDS, Effect, effect
from dolmen.games.stoneage.module_components import WILD_ANIMALS


def test_every_card_has_one_kind_and_a_value() -> None:
    """Rules page "Civilization cards": each of the 34 kinds of card has one immediate effect; the bots value
    every one of them."""
    state = StoneAge().new_state(3, {})
    view = outlook(state, 0)
    kinds = {effect(card).kind for card in range(len(CARDS))}
    assert kinds == set(Effect)
    assert all(effect_value(state, view, effect(card)) >= 0 for card in range(len(CARDS)))


def test_a_draw_is_worth_nothing_when_only_wild_animals_are_left() -> None:
    """Seed 003 "Les animaux sauvages": the animals are shuffled into the deck, but a card's draw takes a
    civilization card; with only animals left there is none to draw, for the game and for the bots alike."""
    state = StoneAge().new_state(3, {"modules": ["animals"]})
    view = outlook(state, 0)
    draw = effect(CARD_INDEX["writing-card"])
    assert can_draw_card(state) and effect_value(state, view, draw) == EXTRA_CARD
    state.deck_size = state.animals_in_deck = len(WILD_ANIMALS)  # the deck: the four animals alone
    assert not can_draw_card(state) and effect_value(state, view, draw) == 0.0
