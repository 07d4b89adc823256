"""The 36 civilization cards: costs by display space, every immediate effect, dice for all, the extra card
(shared/rules/stoneage.md "Civilization cards"; seed 004 "Dans le jeu, il y a 36 cartes civilisation")."""

from __future__ import annotations

import pytest

from dolmen.games.stoneage.components import CARD_INDEX, CARDS
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import REVEAL, ROLL_DICE
from tests.stoneage.helpers import act, goods, legal, new_game, reveal, roll, seat, set_goods, tools

FILLER = ("weaving-food1", "weaving-food3", "farmer2-food3", "music-points3")
ADDS = {
    "medicine-food5": {"food": 5},
    "pottery-food7": {"food": 7},
    "weaving-food3": {"food": 3},
    "weaving-food1": {"food": 1},
    "farmer2-food3": {"food": 3},
    "hutbuilder1-food4": {"food": 4},
    "hutbuilder2-food2": {"food": 2},
    "transport-stone2": {"stone": 2},
    "farmer1-stone1": {"stone": 1},
    "shaman1-stone1": {"stone": 1},
    "shaman1-gold1": {"gold": 1},
    "shaman2-clay1": {"clay": 1},
}
"""Rules page table: cards whose top half gives food or resources."""
POINTS = {"music-points3": 3, "hutbuilder3-points3": 3}
AGRICULTURE = ("sundial-agriculture", "farmer1-agriculture")
ONE_USE = {"toolmaker1-tool4": 4, "toolmaker1-tool3": 3, "toolmaker2-tool2": 2}
ROLLS = {"art-golddice": ("gold", 2), "shaman1-stonedice": ("stone", 2), "shaman2-wooddice": ("wood", 4)}
"""Roll 2 dice for a resource: 6 + 6 = 12 gives 2 gold, 2 stone, 4 wood."""
DICE_FOR_ALL = (
    "writing-dice",
    "pottery-dice",
    "sundial-dice",
    "transport-dice",
    "farmer1-dice",
    "farmer2-dice",
    "toolmaker2-dice",
    "hutbuilder1-dice",
    "hutbuilder2-dice",
)
OTHERS = ("art-toolstep", "medicine-choice2", "writing-card")


def buy_from_space_1(card: str, players: int = 2) -> StoneAgeState:
    """Seat 0 has one person on ``card`` in space 1 (cost 1) and pays one wood for it."""
    fillers = tuple(f for f in FILLER if f != card)[:3]
    state = new_game(players, display=(card, *fillers))
    set_goods(state, 0, wood=1)
    act(state, "place card 1")
    for _ in range(players - 1):
        act(state, "place hunting 5")
    act(state, "place hunting 4")
    act(state, "resolve card 1")
    assert sorted(legal(state)) == ["decline", "pay wood"]
    act(state, "pay wood")
    assert goods(state, 0)["wood"] == 0 and CARD_INDEX[card] in state.hands[0] and state.display[0] == -1
    return state


def test_every_card_kind_is_covered_here() -> None:
    """Rules page: 36 cards; this file checks each kind's top half."""
    assert sum(card.copies for card in CARDS) == 36
    covered = {*ADDS, *POINTS, *AGRICULTURE, *ONE_USE, *ROLLS, *DICE_FOR_ALL, *OTHERS}
    assert covered == {card.id for card in CARDS}


@pytest.mark.parametrize(("space", "cost"), [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_a_card_costs_its_space_in_goods_of_the_buyers_choice_never_food(space: int, cost: int) -> None:
    """Seed 004: the card nearest the deck costs one resource (of one's choice, but not food), the next two,
    then three, the last four."""
    state = new_game(2, display=("weaving-food1", "weaving-food3", "farmer2-food3", "music-points3"))
    set_goods(state, 0, food=30, wood=2, gold=2)
    act(state, f"place card {space}", "place hunting 5", "place hunting 4", f"resolve card {space}")
    payments = [text for text in legal(state) if text != "decline"]
    assert payments and all(len(text.split()) == 1 + cost and "food" not in text for text in payments)
    assert len(payments) == {1: 2, 2: 3, 3: 2, 4: 1}[cost]
    act(state, payments[-1])
    assert sum(goods(state, 0)[g] for g in ("wood", "gold")) == 4 - cost


def test_a_card_one_cannot_pay_for_is_passed_and_stays() -> None:
    """Seed 004: without enough resources the action is passed automatically; the card stays on display."""
    state = new_game(2)
    set_goods(state, 0, food=30)
    act(state, "place card 1", "place hunting 5", "place hunting 4")
    act(state, "resolve card 1")
    assert state.display[0] >= 0 and state.hands[0] == ()


@pytest.mark.parametrize("card", sorted(ADDS))
def test_cards_giving_food_or_resources(card: str) -> None:
    """Rules page table: the top half's food or resources go to the buyer at once."""
    state = buy_from_space_1(card)
    after = goods(state, 0)
    for name, amount in ADDS[card].items():
        assert after[name] == (12 if name == "food" else 0) + amount
    assert sum(after.values()) == 12 + sum(ADDS[card].values())


@pytest.mark.parametrize("card", sorted(POINTS))
def test_cards_giving_points(card: str) -> None:
    """Rules page table: music and hut builder ×3 give 3 points at once."""
    assert buy_from_space_1(card).score[0] == POINTS[card]


@pytest.mark.parametrize("card", AGRICULTURE)
def test_cards_raising_agriculture(card: str) -> None:
    """Rules page table: sundial and farmer ×1 raise agriculture by one."""
    assert buy_from_space_1(card).agriculture[0] == 1


def test_art_raises_the_tools_one_step() -> None:
    """Rules page table: art — tool +1 step."""
    assert tools(buy_from_space_1("art-toolstep"), 0) == [1, 0, 0]


@pytest.mark.parametrize("card", sorted(ONE_USE))
def test_one_use_tool_cards(card: str) -> None:
    """Rules page table: toolmaker cards giving a one-use tool of 4, 3 or 2, then usable in a later roll."""
    state = buy_from_space_1(card)
    assert [CARDS[c].id for c in state.one_use[0]] == [card]
    roll(state, 1, 1, 1, 1)  # seat 0 hunts: 4
    assert sorted(legal(state)) == ["tools none", f"tools once {ONE_USE[card]}"]
    act(state, f"tools once {ONE_USE[card]}")
    assert goods(state, 0)["food"] == 12 + (4 + ONE_USE[card]) // 2 and state.one_use[0] == ()


@pytest.mark.parametrize("card", sorted(ROLLS))
def test_cards_rolling_two_dice_for_a_resource(card: str) -> None:
    """Rules page: "roll 2 dice for a resource: tools may be added, as when gathering"."""
    state = buy_from_space_1(card)
    assert state.step == ROLL_DICE and state.roll_count == 2
    resource, amount = ROLLS[card]
    roll(state, 6, 6)
    assert goods(state, 0)[resource] == amount


def test_a_card_roll_takes_tools() -> None:
    """Rules page: tools may be added to a card's 2-dice roll."""
    state = new_game(2, display=("art-golddice", *FILLER[:3]))
    state.tools[0] = 2
    set_goods(state, 0, wood=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 5, 5)
    assert sorted(legal(state)) == ["tools 2", "tools none"]
    act(state, "tools 2")
    assert goods(state, 0)["gold"] == 2


def test_medicine_lets_the_buyer_choose_two_goods_when_taking_it() -> None:
    """Rules page [ruling]: "2 resources of your choice" are chosen when the card is taken."""
    state = buy_from_space_1("medicine-choice2")
    assert len(legal(state)) == 10 and "take gold gold" in legal(state) and "take wood stone" in legal(state)
    act(state, "take clay gold")
    assert goods(state, 0)["clay"] == 1 and goods(state, 0)["gold"] == 1


def test_writing_draws_a_face_down_card_bottom_half_only() -> None:
    """Rules page table: writing — draw 1 card (bottom half only)."""
    state = buy_from_space_1("writing-card")
    assert state.step == REVEAL and [c for c, _ in state.chance_outcomes()]
    reveal(state, "card pottery-food7")
    assert [CARDS[c].id for c in state.hands[0]] == ["writing-card", "pottery-food7"]
    assert goods(state, 0)["food"] == 12  # no 7 food: only the bottom half counts
    assert state.deck_size == 36 - 4 - 1


@pytest.mark.parametrize("card", DICE_FOR_ALL)
def test_dice_for_all_one_die_per_player_picked_from_the_buyer_clockwise(card: str) -> None:
    """Rules page: the buyer rolls one die per player; from the buyer clockwise each player takes one die:
    1 wood, 2 clay, 3 stone, 4 gold, 5 tool +1 step, 6 agriculture +1."""
    state = buy_from_space_1(card, players=4)
    assert state.step == ROLL_DICE and state.roll_count == 4
    roll(state, 1, 4, 5, 6)
    assert seat(state) == 0 and legal(state) == ["pick 1", "pick 4", "pick 5", "pick 6"]
    act(state, "pick 4")
    assert seat(state) == 1
    act(state, "pick 6")
    assert seat(state) == 2
    act(state, "pick 5")  # seat 3 takes the last die (a 1) at once
    assert goods(state, 0)["gold"] == 1 and state.agriculture[1] == 1
    assert tools(state, 2) == [1, 0, 0] and goods(state, 3)["wood"] == 1


def test_dice_for_all_with_equal_faces_needs_no_choice() -> None:
    """Rules page: each player takes one die; identical dice leave nothing to choose."""
    state = buy_from_space_1("pottery-dice", players=3)
    roll(state, 2, 2, 2)
    assert all(goods(state, s)["clay"] == 1 for s in range(3))
    assert state.step == ROLL_DICE  # seat 0's hunting roll comes next
