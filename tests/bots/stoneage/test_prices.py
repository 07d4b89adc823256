"""The Stone Age bots price a civilization card by the game's own rule (``cards.price``), modules included: the
trader's hut and the extension's fifth space (shared/rules/stoneage.md "L'Extension" and "New huts")."""

from __future__ import annotations

import random

from dolmen.bots.stoneage.placement import committed_goods
from dolmen.bots.stoneage.values import outlook
from dolmen.bots.stoneage.worth import card_gain, card_payment, card_value
from dolmen.engine import CHANCE
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.actions import PAY
from dolmen.games.stoneage.components import BUILDING_INDEX, FIRST_CARD, card_cost
from dolmen.games.stoneage.module_components import FIFTH_SPACE, MODULES, NOTHING_DUE
from dolmen.games.stoneage.steps import PAY_CARD
from tests.stoneage.helpers import act, module_game, set_goods

GAME = StoneAge()


def card_payments(seed: int, players: int) -> list[tuple[StoneAgeState, int]]:
    """Each card payment of a random game with every module on: the state and the paying seat."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"modules": list(MODULES)})
    found = []
    while state.actors():
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        if state.step == PAY_CARD:
            found.append((state.clone(), who))
        options = state.legal_actions(who)
        state.apply_action(who, options[rng.randrange(len(options))])
    return found


def test_the_bots_pay_for_a_card_what_the_game_asks() -> None:
    """Rules page "L'Extension" (a 5th civilization card space costing 3 jewels) and "New huts" (trader's hut:
    each civilization card costs you 1 resource less, never below 1). At every card payment of random games with
    every module on, the payment the bots plan on the state rebuilt from the seat's view (what they decide from)
    has the size of every payment the game lists, and is one of them unless a barter is still to be spent in it;
    when the bots find none, the game lists none."""
    discounted = fifth = 0
    for seed in range(24):
        for state, seat in card_payments(seed, 2 + seed % 4):
            space = state.target - FIRST_CARD
            seen = GAME.state_from_view(state.view(seat), random.Random(seed))
            assert isinstance(seen, StoneAgeState)
            planned = card_payment(seen, seat, space, seen.goods(seat))
            paid = [action[1] for action in state.legal_actions(seat) if action[0] == PAY]  # type: ignore[index]
            if planned is None:
                assert not paid or state.barter_due != NOTHING_DUE
                continue
            assert {sum(way) for way in paid} <= {sum(planned)}
            if state.barter_due == NOTHING_DUE:
                assert planned in paid
            if space == FIFTH_SPACE:
                fifth += 1
            elif sum(planned) < card_cost(space):
                discounted += 1
    assert discounted and fifth  # both modules' prices were met


def test_the_traders_owner_values_a_card_it_can_pay_only_with_the_discount() -> None:
    """Rules page "New huts": with the trader's hut card 2 costs one good, so one wood pays for it; the bots see
    the card as affordable and take what it costs from the goods they plan with."""
    state = module_game(2, "new_huts")
    set_goods(state, 0, wood=1)
    assert card_gain(state, outlook(state, 0), 1, state.goods(0)) is None
    state.built[0] = (BUILDING_INDEX["trader"],)
    assert card_payment(state, 0, 1, state.goods(0)) == (1, 0, 0, 0)
    assert card_gain(state, outlook(state, 0), 1, state.goods(0)) is not None
    act(state, "place card 2")
    assert committed_goods(state, outlook(state, 0)) == (0, 0, 0, 0)


def test_the_fifth_card_is_paid_in_jewels_and_costs_no_goods() -> None:
    """Rules page "L'Extension": the 5th civilization card space costs 3 jewels (never goods): the bots plan the
    payment the game lists and count no goods spent."""
    state = module_game(2, "extension")
    set_goods(state, 0, wood=5, jewels=2)
    assert card_payment(state, 0, FIFTH_SPACE, state.goods(0)) is None
    set_goods(state, 0, jewels=3)
    view = outlook(state, 0)
    assert card_payment(state, 0, FIFTH_SPACE, state.goods(0)) == (0, 0, 0, 0, 3)
    assert card_gain(state, view, FIFTH_SPACE, state.goods(0)) == card_value(state, view, state.display[FIFTH_SPACE])
    act(state, "place card 5")
    assert committed_goods(state, outlook(state, 0)) == state.goods(0)
