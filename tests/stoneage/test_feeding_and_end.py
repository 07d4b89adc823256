"""Feeding, the end of the round, the two end conditions and the final score (seed 004 "Phase 3 : nourrir les
personnages", "Fin de la partie", "Score final"; shared/rules/stoneage.md "Actions, feeding, next round" and
"End and score")."""

from __future__ import annotations

import pytest

from dolmen.engine import IllegalStep
from dolmen.games.stoneage.components import CARD_INDEX, CARDS
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import OVER, PLACE_PEOPLE, REVEAL
from tests.stoneage.helpers import act, goods, legal, new_game, reveal, roll, set_goods, set_tools


def hunt_round(state: StoneAgeState) -> None:
    """2 players send everybody hunting; each rolls all ones (5 // 2 = 2 food)."""
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)


def test_agriculture_food_first_then_one_food_per_person() -> None:
    """Seed 004: the food track is added to the food supply, then one food per person is paid."""
    state = new_game(2)
    state.agriculture[0] = 3
    hunt_round(state)
    assert goods(state, 0)["food"] == 12 + 2 + 3 - 5
    assert goods(state, 1)["food"] == 12 + 2 - 5
    assert state.round == 2


def test_short_of_food_pay_the_rest_with_goods_of_ones_choice() -> None:
    """Seed 004: not enough food — all the food goes, then the missing food may be paid with resources, each
    counting as one food whatever its value."""
    state = new_game(2)
    set_goods(state, 0, food=0, wood=1, gold=2)
    hunt_round(state)  # seat 0 has 2 food for 5 people: 3 short
    assert sorted(legal(state)) == ["feed penalty", "feed resources wood gold gold"]
    act(state, "feed resources wood gold gold")
    assert goods(state, 0) == {"food": 0, "wood": 0, "clay": 0, "stone": 0, "gold": 0}
    assert state.score[0] == 0


def test_short_of_food_the_player_may_take_minus_ten_instead() -> None:
    """Seed 004: one who has no resources or does not want to use them loses ten points; the score may go
    negative. Rules page: −10 once."""
    state = new_game(2)
    set_goods(state, 0, food=0, stone=4)
    hunt_round(state)
    assert sorted(legal(state)) == ["feed penalty", "feed resources stone stone stone"]
    act(state, "feed penalty")
    assert state.score[0] == -10 and goods(state, 0)["stone"] == 4 and goods(state, 0)["food"] == 0


def test_without_enough_goods_the_penalty_is_taken_at_once() -> None:
    """Rules page: the rest in resources 1 for 1 or −10 points once; who cannot pay the rest takes −10."""
    state = new_game(2)
    set_goods(state, 0, food=0, wood=2)
    hunt_round(state)
    assert state.score[0] == -10 and goods(state, 0)["wood"] == 2 and state.round == 2


def test_the_display_slides_toward_the_cheap_end_and_refills_from_the_deck() -> None:
    """Seed 004: at the end of each round the remaining cards slide right (toward the cost-1 space), then new
    cards are drawn from the deck. Rules page: a chance step per card drawn."""
    state = new_game(2, display=("weaving-food1", "weaving-food3", "farmer2-food3", "music-points3"))
    set_goods(state, 0, wood=5)
    act(state, "place card 2", "place hunting 5", "place hunting 4", "resolve card 2", "pay wood wood")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.step == REVEAL and state.reveals == [3]
    assert [CARDS[c].id if c >= 0 else None for c in state.display] == [
        "weaving-food1",
        "farmer2-food3",
        "music-points3",
        None,
    ]
    reveal(state, "card writing-card")
    assert CARDS[state.display[3]].id == "writing-card" and state.step == PLACE_PEOPLE


def test_a_bought_building_uncovers_the_next_tile_and_the_start_player_passes() -> None:
    """Rules page: a bought building uncovers the next tile of its stack; the start player passes left."""
    state = new_game(2)
    set_goods(state, 1, wood=2, clay=1)
    act(state, "place hunting 5", "place building 1", "place hunting 4")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "resolve building 1", "buy")
    roll(state, 1, 1, 1, 1)
    assert state.reveals == [10] and state.stack_left[0] == 6
    with pytest.raises(IllegalStep):
        reveal(state, "building wwc")  # that tile was bought: no other copy is unseen
    reveal(state, "building csg")
    assert state.start == 1 and state.round == 2 and state.actors() == (1,)


def test_an_empty_building_stack_ends_the_game_after_that_rounds_feeding() -> None:
    """Seed 004: the game ends when a building stack is empty (the current round is finished). Rules page:
    after that round's feeding."""
    state = new_game(2)
    state.stack_left[0] = 1
    set_goods(state, 0, food=0, wood=2, clay=1)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1", "buy")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)  # seat 0: 2 food for 5 people and no goods left: -10
    assert state.step == OVER and state.result().reason == "a building stack is empty"
    assert state.score[0] == 10 - 10 and goods(state, 1)["food"] == 12 + 2 - 5


def test_a_deck_that_cannot_refill_the_display_ends_the_game() -> None:
    """Seed 004: the game ends when at the end of the round the display cannot be completed to 4."""
    state = new_game(2)
    state.deck = [0] * len(CARDS)
    state.deck_size = 0
    set_goods(state, 0, wood=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.step == OVER and state.result().reason == "the deck cannot refill the display"
    assert goods(state, 0)["food"] == 12 + 1 + 2 - 5  # the round was fed first


def test_a_deck_with_just_enough_cards_refills_and_play_goes_on() -> None:
    """Seed 004: only a display that cannot be completed ends the game."""
    state = new_game(2)
    state.deck = [0] * len(CARDS)
    state.deck[CARD_INDEX["writing-card"]] = 1
    state.deck_size = 1
    set_goods(state, 0, wood=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    reveal(state, "card writing-card")
    assert state.step == PLACE_PEOPLE and state.deck_size == 0


def finished(players: int = 2) -> StoneAgeState:
    state = new_game(players)
    state.step = OVER
    state.end_reason = "test"
    state.refresh()
    return state


def test_final_score_of_the_seed_example() -> None:
    """Seed 004 "Score final": six different culture symbols 6×6 = 36 plus pottery and weaving doubles 2×2 = 4,
    total 40; one farmer × food track 6; five shamans × 7 people; five hut builders × 5 buildings; two
    toolmakers × tools 4; plus one point per resource (not food)."""
    hand = [
        "sundial-dice", "pottery-food7", "transport-dice", "medicine-food5", "music-points3", "weaving-food1",
        "pottery-dice", "weaving-food3",
        "farmer1-stone1", "shaman1-stone1", "shaman2-clay1", "shaman2-wooddice",
        "hutbuilder2-food2", "hutbuilder3-points3", "toolmaker2-tool2",
    ]  # fmt: skip
    state = finished()
    state.hands[0] = tuple(CARD_INDEX[card] for card in hand)
    state.agriculture[0] = 6
    state.people[0] = 7
    state.built[0] = (0, 1, 2, 3, 4)
    set_tools(state, 0, 2, 1, 1)
    state.score[0] = 50
    set_goods(state, 0, food=9, wood=1, clay=2, stone=3, gold=4)
    assert state.result().scores[0] == 50 + 40 + 6 + 35 + 25 + 8 + 10


@pytest.mark.parametrize(
    ("symbols", "points"),
    [([], 0), (["music"], 1), (["music", "music"], 2), (["art", "music", "writing"], 9), (["art"] * 2 + ["music"], 5)],
)
def test_culture_sets_score_their_size_squared(symbols: list[str], points: int) -> None:
    """Rules page: each set of different symbols scores its size squared (seed 004: a double scores 1×1)."""
    ids = {"music": ["music-points3", "music-points3"], "art": ["art-toolstep", "art-golddice"]}
    ids["writing"] = ["writing-card"]
    hand = [ids[symbol][symbols[:i].count(symbol)] for i, symbol in enumerate(symbols)]
    state = finished()
    state.hands[0] = tuple(CARD_INDEX[card] for card in hand)
    assert state.result().scores[0] == points


def test_ties_go_to_agriculture_plus_tools_plus_people_then_are_shared() -> None:
    """Rules page: ties — highest agriculture + total tool value + people; still tied, shared."""
    state = finished(3)
    state.agriculture[1] = 2
    result = state.result()
    assert result.scores == (0, 0, 0) and result.winners == (1,) and result.tiebreak == (5, 7, 5)
    assert result.ranks == (2, 1, 2)
    state.agriculture[1] = 0
    assert state.result().winners == (0, 1, 2)
