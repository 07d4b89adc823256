"""Wild animals (module ``animals``): four animal cards shuffled into the deck after setup, the active animal's
penalty on gathering, people placed on it who stay and need no food, driving it off for rewards (seed 003
"Animaux Sauvages"; shared/rules/stoneage.md "Wild animals")."""

from __future__ import annotations

from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.actions import CARD
from dolmen.games.stoneage.components import CARD_INDEX, CARDS
from dolmen.games.stoneage.module_components import DECK_CARD_INDEX, FIRST_ANIMAL
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import OVER, PLACE_PEOPLE, REVEAL, ROLL_DICE
from tests.stoneage.helpers import DISPLAY, act, goods, legal, module_game, reveal, roll, set_goods, set_tools


def with_animals(players: int, *names: str) -> StoneAgeState:
    """A game with the animals module where ``names`` were drawn (the first is active)."""
    state = module_game(players, "animals")
    for name in names:
        state.deck[DECK_CARD_INDEX[name]] -= 1
        state.deck_size -= 1
        state.animals_in_deck -= 1
        state.animals = (*state.animals, DECK_CARD_INDEX[name])
    state.refresh()
    return state


def test_the_animals_join_the_deck_after_the_setup() -> None:
    """Seed 003: four wild animal cards are shuffled into the civilization cards once the setup is done."""
    state = StoneAge().new_state(2, {"modules": ["animals"]})
    assert all(card < FIRST_ANIMAL for (_, card), _ in state.chance_outcomes())
    for card in DISPLAY:
        reveal(state, f"card {card}")
    reveal(state, "building wwc")
    reveal(state, "building wws")
    assert state.step == PLACE_PEOPLE and state.animals_in_deck == 4 and state.deck_size == 36 - 4 + 4
    assert state.view(0)["unseen_cards"]["polarbear"] == 1


def test_a_drawn_animal_goes_beside_the_board_and_the_card_is_drawn_again() -> None:
    """Seed 003: a drawn animal is put beside the board, under the animals already there, and another card is
    drawn; only the top animal is active."""
    state = module_game(2, "animals")
    set_goods(state, 0, wood=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.step == REVEAL and (CARD, DECK_CARD_INDEX["wolf"]) in dict(state.chance_outcomes())
    reveal(state, "card wolf")
    assert state.step == REVEAL and state.animals_in_deck == 3
    reveal(state, "card eagle")
    reveal(state, "card writing-card")
    assert state.step == PLACE_PEOPLE and CARDS[state.display[3]].id == "writing-card"
    assert state.view(1)["animals"] == ["wolf", "eagle"] and state.deck_size == 32 + 4 - 2 - 1


def test_the_active_animal_lowers_every_gathering_total_before_tools_never_below_zero() -> None:
    """Seed 003: the active animal lowers the sum of production dice by 1 (eagle), 2 (boar, wolf) or 3 (polar
    bear); rules page: before tools, never below 0."""
    state = with_animals(2, "polarbear", "eagle")
    set_tools(state, 0, 3)
    act(state, "place forest 2", "place hunting 5", "place clay 3", "resolve forest")
    roll(state, 1, 1)  # 2 - 3: 0, not -1
    assert {c["action"]: c["total"] for c in state.view(0)["tool_choices"]} == {"tools none": 0, "tools 3": 3}
    act(state, "tools 3")
    assert goods(state, 0)["wood"] == 1
    roll(state, 6, 6, 6)  # the clay pit: 18 - 3 = 15: 3 clay
    assert goods(state, 0)["clay"] == 3


def test_a_cards_dice_are_not_lowered() -> None:
    """Seed 003 and rules page: the animal lowers production (gathering) dice; a card's 2-dice roll is not a
    gathering."""
    state = with_animals(2, "polarbear")
    set_goods(state, 0, wood=1)
    state.display[0] = CARD_INDEX["art-golddice"]
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 6, 6)
    assert goods(state, 0)["gold"] == 2


def test_one_person_at_a_time_up_to_as_many_as_players() -> None:
    """Seed 003: players may place one figure on the animal card, even if they already have one there, up to as
    many figures as players in all."""
    state = with_animals(3, "boar")
    act(state, "place animal")
    assert state.on_animal == [1, 0, 0] and state.available[0] == 4
    act(state, "place hunting 5", "place hunting 5", "place animal")
    assert state.on_animal == [2, 0, 0]
    assert "place animal" in legal(state)  # seat 0 again: 2 of 3
    act(state, "place animal")
    assert state.on_animal == [3, 0, 0] and "place animal" not in legal(state)


def test_fewer_people_than_players_stay_and_need_no_food() -> None:
    """Seed 003: with fewer figures on the card than players, they stay there and need not be fed."""
    state = with_animals(3, "boar")
    act(state, "place animal", "place hunting 5", "place hunting 5", "place hunting 4")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.round == 2 and state.on_animal == [1, 0, 0]
    # the boar lowers 4 (and 5) to 2 (and 3): one food each; seat 0 feeds only its 4 people at home
    assert goods(state, 0)["food"] == 12 + 1 - 4 and goods(state, 1)["food"] == 12 + 1 - 5
    assert state.available[0] == 4


def test_as_many_people_as_players_drive_the_animal_off_for_rewards() -> None:
    """Seed 003: otherwise the animal is driven off, the players take their figures back and roll a die for
    each, a reward each (rules page: 1 3 food, 2 wood, 3 clay, 4 stone, 5 gold, 6 3 points); the card is
    discarded and the next animal becomes active."""
    state = with_animals(2, "wolf", "eagle")
    act(state, "place animal", "place animal", "place hunting 4", "place hunting 4")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1)
    assert state.step == ROLL_DICE and state.roll_count == 1 and state.roll_queue == [0, 1]
    roll(state, 6)  # seat 0: 3 points
    roll(state, 1)  # seat 1: 3 food
    assert state.score[0] == 3 and state.on_animal == [0, 0] and state.view(0)["animals"] == ["eagle"]
    assert goods(state, 1)["food"] == 12 + 1 + 3 - 5  # the wolf lowered the hunt; home again, all eat
    assert state.round == 2 and state.available == [5, 5]


def test_rewards_for_each_die_of_a_player() -> None:
    """Seed 003: a die for each figure, a reward for each (rules page: 2 wood, 3 clay, 4 stone, 5 gold)."""
    state = with_animals(2, "boar")
    act(state, "place animal", "place hunting 5", "place animal", "place hunting 3")
    roll(state, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 2, 5)
    assert [goods(state, 0)[g] for g in ("wood", "clay", "stone", "gold")] == [1, 0, 0, 1]
    assert state.animals == () and state.round == 2


def test_animals_never_fill_the_display() -> None:
    """Seed 003 "Fin de la partie": the game ends when there are not enough civilization cards to complete the
    display; animals left in the deck do not count."""
    state = module_game(2, "animals")
    state.deck = [0] * len(state.deck)
    state.deck[DECK_CARD_INDEX["wolf"]] = 1
    state.deck_size = state.animals_in_deck = 1
    set_goods(state, 0, wood=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.step == OVER and state.result().reason == "the deck cannot refill the display"
