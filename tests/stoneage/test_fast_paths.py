"""The engine's shortcuts for speed (docs/speed.md) give what the plain code gives: a clone copies every attribute,
the shared legal lists of the payment steps are what building them again gives, a roll sorted once stays sorted,
and a random playout takes the action ``randrange`` picks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dolmen.engine import CHANCE
from dolmen.engine.driver import random_playout
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.actions import DECLINE_ACTION, FEED, PAY, PENALTY_ACTION
from dolmen.games.stoneage.components import BUILDINGS, FIRST_CARD, FIRST_STACK, FIXED, card_cost
from dolmen.games.stoneage.decisions import LEGAL, legal_at
from dolmen.games.stoneage.module_components import MODULES
from dolmen.games.stoneage.payments import building_payments, exact_payments
from dolmen.games.stoneage.rolls import sorted_faces
from dolmen.games.stoneage.state import _LISTS, _MODULE_LISTS, _SCALARS, SLOTS, StoneAgeState
from dolmen.games.stoneage.steps import BUY_BUILDING, FEED_PEOPLE, PAY_CARD, ROLL_DICE

GAME = StoneAge()


def states(players: int, options: dict[str, Any] | None, seed: int, steps: int = 2000) -> list[StoneAgeState]:
    """The states of one random game (played with the engine's own random step)."""
    rng = random.Random(seed)
    state: Any = GAME.new_state(players, options)
    seen = [state.clone()]
    for _ in range(steps):
        actors = state.actors()
        if not actors:
            break
        if actors[0] == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(actors[0])
            state.apply_action(actors[0], legal[rng.randrange(len(legal))])
        seen.append(state.clone())
    return seen


def test_the_attribute_lists_of_clone_cover_every_slot_once() -> None:
    names = [*_SCALARS, *_LISTS, *_MODULE_LISTS]
    assert sorted(names) == sorted(SLOTS) and len(set(names)) == len(names)


@pytest.mark.parametrize("options", [None, {"modules": list(MODULES)}])
def test_a_clone_holds_every_attribute_and_shares_no_list_a_step_changes(options: Any) -> None:
    for state in states(5 if options else 3, options, seed=3)[::97]:
        twin = state.clone()
        assert twin.log is None
        for name in SLOTS:
            assert getattr(twin, name) == getattr(state, name), name
        for name in _LISTS:
            assert getattr(twin, name) is not getattr(state, name), name
        for name in _MODULE_LISTS:
            assert (getattr(twin, name) is getattr(state, name)) == (not state.modular), name


@pytest.mark.parametrize("options", [None, {"modules": list(MODULES)}])
def test_every_legal_list_is_the_one_its_step_builds_and_the_payments_the_ones_counted_afresh(options: Any) -> None:
    for state in states(4, options, seed=5):
        if state.step >= ROLL_DICE:
            continue
        listed = list(legal_at(state, state.step))
        assert listed == list(LEGAL[state.step](state))
        if state.hooks.payments is not None:
            continue
        goods = state.goods(state.turn)
        if state.step == PAY_CARD and not state.modular:
            ways = exact_payments(goods, card_cost(state.target - FIRST_CARD))
            assert listed == [*((PAY, way) for way in ways), DECLINE_ACTION]
        elif state.step == FEED_PEOPLE:
            ways = exact_payments(goods, state.shortage)
            assert listed == [*((FEED, way) for way in ways), PENALTY_ACTION]
        elif state.step == BUY_BUILDING:
            spec = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
            if spec.kind != FIXED:
                ways = building_payments(goods, spec)
                assert listed == [*((PAY, way) for way in ways), DECLINE_ACTION]


def test_faces_already_sorted_are_kept_and_others_sorted() -> None:
    faces = (1, 3, 3, 6)
    assert sorted_faces(faces) is faces
    assert sorted_faces((6, 1, 3)) == (1, 3, 6)
    assert sorted_faces([4, 2]) == (2, 4)
    assert sorted_faces(()) == () and sorted_faces((5,)) == (5,)


class Counting(random.Random):
    """A generator of another class: the playout asks its ``randrange``."""

    calls = 0

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        Counting.calls += 1
        return super().randrange(*args, **kwargs)


@pytest.mark.parametrize("players", [2, 4])
def test_a_random_playout_takes_the_actions_randrange_picks(players: int) -> None:
    rng = random.Random(players)
    by_hand: Any = GAME.new_state(players)
    while by_hand.actors():
        seat = by_hand.actors()[0]
        if seat == CHANCE:
            by_hand.apply_chance(by_hand.sample_chance(rng))
        else:
            legal = by_hand.legal_actions(seat)
            by_hand.apply_action(seat, legal[rng.randrange(len(legal))])
    played = random_playout(GAME.new_state(players), random.Random(players))
    assert played.signature() == by_hand.signature() and played.result() == by_hand.result()
    counted = random_playout(GAME.new_state(players), Counting(players))
    assert counted.signature() == by_hand.signature() and Counting.calls > 100
