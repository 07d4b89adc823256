"""Harsh winter (module ``winter``): one more gold with each card bought for 6 points, one more stone to insulate
a marked building for 5 points, never paid by barter (seed 003 "Hiver rigoureux", "Troc et hiver rigoureux";
shared/rules/stoneage.md "Harsh winter")."""

from __future__ import annotations

import pytest

from dolmen.games.stoneage.components import BASE_BUILDINGS
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import ROLL_DICE
from tests.stoneage.helpers import act, goods, legal, module_game, reveal, set_goods

MARKED = {"wwc", "wcc", "wwg", "wcg", "ccg", "4of1", "5of1"}
"""Rules page: the buildings whose winter face shows a stone (the two WCG tiles are one kind here)."""
NAMES = {"w": "wood", "c": "clay", "s": "stone", "g": "gold"}


def buy_card(*modules: str, space: int = 1, **holdings: int) -> StoneAgeState:
    """2 players; seat 0 resolves card ``space`` (weaving-food1 in space 1) and pays with stone."""
    state = module_game(2, "winter", *modules)
    set_goods(state, 0, **holdings)
    act(state, f"place card {space}", "place hunting 5", "place hunting 4", f"resolve card {space}")
    return state


def test_the_marked_buildings() -> None:
    """Rules page "Harsh winter": WWC, WCC, WWG, the two WCG, CCG, "4 of 1 kind" and "5 of 1 kind"."""
    assert {tile.id for tile in BASE_BUILDINGS if tile.winter} == MARKED
    assert sum(tile.copies for tile in BASE_BUILDINGS if tile.winter) == 8


def test_one_more_gold_with_a_card_scores_six() -> None:
    """Seed 003: for each card bought, the player may spend one more gold to score six points."""
    state = buy_card(stone=1, gold=2)
    act(state, "pay stone")
    assert sorted(legal(state)) == ["skip", "winter gold"]
    act(state, "winter gold")
    assert state.score[0] == 6 and goods(state, 0)["gold"] == 1 and goods(state, 0)["food"] == 12 + 1


def test_the_winter_gold_may_be_skipped_and_needs_a_gold() -> None:
    """Seed 003: "peut dépenser" — a choice; without gold there is nothing to offer."""
    state = buy_card(stone=1, gold=1)
    act(state, "pay stone", "skip")
    assert state.score[0] == 0 and goods(state, 0)["gold"] == 1
    state = buy_card(stone=1)
    act(state, "pay stone")
    assert state.score[0] == 0 and len(state.hands[0]) == 1 and goods(state, 0)["food"] == 13


def test_the_offers_come_before_the_cards_top_half() -> None:
    """[ruling] the extras belong to the purchase: the winter gold (and the fifth card's draw) are decided
    before the card acts, so a card's gold cannot pay its own winter gold."""
    state = module_game(2, "winter", display=("shaman1-gold1", "weaving-food3", "pottery-food7", "medicine-food5"))
    set_goods(state, 0, stone=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay stone")
    assert state.score[0] == 0 and goods(state, 0)["gold"] == 1


def test_winter_gold_then_the_face_down_draw_at_the_fifth_space() -> None:
    """Seed 003 (extension with winter): a card bought at the fifth space may get both extras."""
    state = buy_card("extension", space=5, gold=1, jewels=6)
    act(state, "pay jewel jewel jewel")
    assert sorted(legal(state)) == ["skip", "winter gold"]
    act(state, "winter gold")
    assert sorted(legal(state)) == ["draw", "skip"]
    act(state, "draw")
    reveal(state, "card art-toolstep")
    assert state.score[0] == 6 + 3 and len(state.hands[0]) == 2  # music's 3 points after the extras


@pytest.mark.parametrize("tile", sorted(MARKED))
def test_insulating_a_marked_building_scores_five(tile: str) -> None:
    """Seed 003: for each bought building marked with a stone, one more stone insulates it for five points."""
    state = module_game(2, "winter", tops=(tile, "wws"))
    set_goods(state, 0, wood=5, clay=5, stone=7, gold=5)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1")
    payment = "buy" if "of" not in tile else "pay " + " ".join(["stone"] * int(tile[0]))
    act(state, payment)
    assert sorted(legal(state)) == ["insulate", "skip"]
    points = state.score[0]
    act(state, "insulate")
    assert state.score[0] == points + 5 and goods(state, 0)["stone"] == 7 - payment.count("stone") - 1


def test_unmarked_buildings_are_not_insulated() -> None:
    """Rules page "Harsh winter": only the marked buildings."""
    state = module_game(2, "winter", tops=("wws", "wwc"))
    set_goods(state, 0, wood=5, stone=5)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1", "buy")
    assert state.score[0] == 11 and goods(state, 0)["stone"] == 4 and state.step == ROLL_DICE  # the hunt next


def test_barter_never_pays_the_winter_extras() -> None:
    """Seed 003 "Troc et hiver rigoureux": the insulating stone and the gold for six points cannot come from
    barter (they are not part of the cost): what barter brings is spent in the purchase itself."""
    state = buy_card("extension", stone=1)
    state.barter[0] = 4
    state.refresh()
    assert "barter stone for gold" in legal(state)
    act(state, "barter stone for gold")  # then "pay gold", the only payment, is taken at once
    assert goods(state, 0)["gold"] == 0 and state.score[0] == 0 and len(state.hands[0]) == 1
    state = module_game(2, "winter", "extension", tops=("wwc", "wws"))
    state.barter[0] = 4
    set_goods(state, 0, wood=2, stone=1)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1")
    act(state, "barter stone for clay")
    assert state.score[0] == 10 and goods(state, 0)["stone"] == 0  # no stone left to insulate
