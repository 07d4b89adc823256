"""The extension (module ``extension``): five players and a fifth stack, jewels from the hunt, the merchant, the
new village limits, the fifth card space and its face-down draw, barter (seed 003 "L'Extension";
shared/rules/stoneage.md "L'Extension")."""

from __future__ import annotations

import pytest

from dolmen.engine import IllegalStep, OptionsError
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.components import CARD_INDEX, CARDS
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import OVER, REVEAL, ROLL_DICE
from tests.stoneage.helpers import act, goods, legal, module_game, reveal, roll, set_goods


def at_card_five(jewels: int, barter: int = 0, **holdings: int) -> StoneAgeState:
    """2 players; seat 0 has one person on card 5 (music-points3) and is about to resolve it."""
    state = module_game(2, "extension")
    state.barter[0] = barter
    set_goods(state, 0, jewels=jewels, **holdings)
    act(state, "place card 5", "place hunting 5", "place hunting 4", "resolve card 5")
    return state


def at_building(tile: str, barter: int, **holdings: int) -> StoneAgeState:
    """2 players; seat 0 (barter level ``barter``) is about to resolve building 1 (top ``tile``)."""
    state = module_game(2, "extension", tops=(tile, "wws"))
    state.barter[0] = barter
    set_goods(state, 0, **holdings)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1")
    return state


def at_card(space: int, barter: int, **holdings: int) -> StoneAgeState:
    state = module_game(2, "extension")
    state.barter[0] = barter
    set_goods(state, 0, **holdings)
    act(state, f"place card {space}", "place hunting 5", "place hunting 4", f"resolve card {space}")
    return state


# -- five players, stacks, village ----------------------------------------------------------------------------
def test_five_players_need_the_extension() -> None:
    """Seed 003: the extension "permet de jouer à cinq joueurs"."""
    with pytest.raises(OptionsError, match="need the extension"):
        StoneAge().new_state(5)
    assert StoneAge().new_state(5, {"modules": ["extension"]}).players == 5


@pytest.mark.parametrize(
    ("players", "modules", "sizes"),
    [
        (5, ("extension",), [6, 6, 6, 5, 5]),
        (5, ("extension", "new_huts"), [7, 7, 7, 7, 6]),
        (4, ("extension",), [7, 7, 7, 7]),
        (3, ("extension",), [7, 7, 7]),
    ],
)
def test_one_stack_per_player_seven_tiles_while_tiles_last(
    players: int, modules: tuple[str, ...], sizes: list[int]
) -> None:
    """Rules page: a 5th building stack; [ruling] stacks hold 7 tiles while tiles last, otherwise the tiles are
    dealt as evenly as possible (28 tiles in 5 stacks; 34 with the new huts)."""
    state = module_game(players, *modules)
    assert state.stack_left == sizes and all(top >= 0 for top in state.stack_top)
    assert "place building 5" in legal(state) or players < 5


@pytest.mark.parametrize(("players", "allowed"), [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_village_limits_with_the_merchant(players: int, allowed: int) -> None:
    """Seed 003 "Règles spéciales": 2–3 players 2 of toolmaker, hut, field, merchant; 4 players 3 of them;
    rules page: 5 players all 4."""
    state = module_game(players, "extension")
    village = ["place merchant", "place toolmaker", "place field", "place hut"]
    for place in village[:allowed]:
        assert place in legal(state)
        act(state, place)
    assert not any(place in legal(state) for place in village)


# -- jewels and the merchant ------------------------------------------------------------------------------------
def test_the_hunt_yields_food_or_jewels_unit_by_unit() -> None:
    """Seed 003: the hunting grounds produce jewels as well as food, for the same cost; rules page [ruling]:
    unit by unit."""
    state = module_game(2, "extension")
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 6, 6, 6, 6, 5)  # 29 // 2 = 14
    assert legal(state) == [f"jewels {n}" for n in range(15)]
    act(state, "jewels 4")
    assert goods(state, 0)["food"] == 12 + 10 and state.jewels[0] == 4


def test_a_jewel_needs_the_same_pips_as_a_food() -> None:
    """Seed 003 "pour le même coût": a total of 1 yields nothing to split."""
    state = module_game(2, "extension")
    act(state, "place hunting 1", "place hunting 5", "place forest 4", "resolve hunting")
    roll(state, 1)  # 1 // 2 = 0: nothing to choose; the forest comes next
    assert state.step == ROLL_DICE and state.roll_count == 4 and state.jewels[0] == 0


def test_the_merchant_gives_two_barter_levels_and_two_jewels_up_to_ten() -> None:
    """Seed 003: the merchant — gain two barter levels and two jewels; rules page: max 10."""
    state = module_game(2, "extension")
    state.barter[0] = 8
    act(state, "place merchant", "place hunting 5", "place hunting 4", "resolve merchant")
    assert state.barter[0] == 10 and state.jewels[0] == 2
    state = module_game(2, "extension")
    state.barter[0] = 10
    act(state, "place merchant", "place hunting 5", "place hunting 4", "resolve merchant")
    assert state.barter[0] == 10 and state.jewels[0] == 2


def test_jewels_never_feed() -> None:
    """Seed 003: jewels cannot be used in place of food."""
    state = module_game(2, "extension")
    set_goods(state, 0, food=0, jewels=9)
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)  # 2 food
    act(state, "jewels 0")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "jewels 0")
    assert state.score[0] == -10 and state.jewels[0] == 9 and state.round == 2


def test_jewels_score_nothing() -> None:
    """Seed 003: jewels are worth nothing at the end of the game."""
    state = module_game(2, "extension")
    state.step = OVER
    state.end_reason = "test"
    state.refresh()
    before = state.result().scores
    state.jewels[0] = 12
    assert state.result().scores == before


# -- the fifth card space -------------------------------------------------------------------------------------
def test_the_fifth_card_costs_three_jewels() -> None:
    """Seed 003: a fifth card space whose cost is three jewels."""
    state = at_card_five(3, wood=5)
    assert sorted(legal(state)) == ["decline", "pay jewel jewel jewel"]
    act(state, "pay jewel jewel jewel")
    assert state.jewels[0] == 0 and state.hands[0] == (CARD_INDEX["music-points3"],) and state.score[0] == 3
    assert goods(state, 0)["wood"] == 5


def test_the_fifth_card_without_three_jewels_is_passed() -> None:
    """Seed 003 (cost three jewels); seed 004: one who cannot pay passes."""
    state = at_card_five(2, wood=5)
    assert state.hands[0] == () and state.display[4] >= 0


def test_three_more_jewels_draw_a_face_down_card_bottom_half_only() -> None:
    """Seed 003: after buying the fifth card, three more jewels draw a face-down card; no top-half bonus. The
    drawn card is hidden from the others (rules page: a card's owner sees it)."""
    state = at_card_five(7)
    act(state, "pay jewel jewel jewel")
    assert sorted(legal(state)) == ["draw", "skip"]
    act(state, "draw")
    assert state.step == REVEAL and state.jewels[0] == 1
    reveal(state, "card farmer2-food3")
    assert [CARDS[c].id for c in state.hands[0]] == ["music-points3", "farmer2-food3"]
    assert goods(state, 0)["food"] == 12 and state.score[0] == 3  # music's 3 points, no farmer's food
    other = state.view(1)
    assert other["seats"][0]["cards"] is None and other["seats"][0]["card_count"] == 2
    assert "farmer2-food3" in other["unseen_cards"] and state.view(0)["seats"][0]["cards"][1] == "farmer2-food3"


def test_no_draw_offer_with_fewer_than_three_jewels_left() -> None:
    """Seed 003: the draw costs three more jewels."""
    state = at_card_five(5)
    act(state, "pay jewel jewel jewel")
    assert state.score[0] == 3 and len(state.hands[0]) == 1 and state.jewels[0] == 2


# -- barter -----------------------------------------------------------------------------------------------------
def test_without_barter_level_there_is_no_barter() -> None:
    """Seed 003: barter level 0 — no exchange."""
    state = at_building("wwc", 0, wood=2, stone=2)
    assert state.stack_left[0] == 7  # nothing to do: declined at once


def test_levels_one_to_three_exchange_two_resources_for_one() -> None:
    """Seed 003: 1 to 3 — two resources for exactly one; what barter brings is spent in the purchase (so only
    the exchanges that let the building be bought are offered)."""
    state = at_building("wwc", 2, wood=2, stone=2)
    assert sorted(legal(state)) == ["barter stone stone for clay", "decline"]
    act(state, "barter stone stone for clay")  # the building is then bought at once: nothing else to pay
    assert state.score[0] == 10 and goods(state, 0) == {"food": 12, "wood": 0, "clay": 0, "stone": 0, "gold": 0}
    assert state.bartered[0] == 1


def test_levels_four_to_eight_exchange_one_for_one() -> None:
    """Seed 003: 4 to 8 — one resource for exactly one."""
    state = at_building("wwc", 6, wood=1, clay=1, gold=1)
    assert sorted(legal(state)) == ["barter gold for wood", "decline"]  # the clay is needed for the building
    act(state, "barter gold for wood")
    assert state.score[0] == 10 and goods(state, 0) == {"food": 12, "wood": 0, "clay": 0, "stone": 0, "gold": 0}


def test_levels_nine_and_ten_exchange_one_for_one_or_two() -> None:
    """Seed 003: 9 and 10 — one resource for one or for two; a card of cost 4 paid with 3 goods."""
    state = at_card(4, 10, wood=3)
    assert "barter wood for clay clay" in legal(state) and "barter wood for clay" not in legal(state)
    act(state, "barter wood for stone gold")  # then "pay wood wood stone gold" is the only payment: taken at once
    assert goods(state, 0) == {"food": 12 + 5, "wood": 0, "clay": 0, "stone": 0, "gold": 0}  # medicine: 5 food
    assert [CARDS[c].id for c in state.hands[0]] == ["medicine-food5"]


def test_what_barter_brings_must_be_spent_and_the_purchase_made() -> None:
    """Seed 003: all resources obtained by barter must be spent at once in the purchase."""
    state = at_building("1to7", 4, wood=3)
    act(state, "barter wood for gold")
    offered = legal(state)
    assert "decline" not in offered and not any(text.startswith("barter") for text in offered)
    assert all("gold" in text for text in offered) and "pay wood wood gold" in offered
    act(state, "pay wood wood gold")
    assert state.score[0] == 3 + 3 + 6 and goods(state, 0)["wood"] == 0


def test_barter_only_once_per_round() -> None:
    """Seed 003: "une seule fois par tour" — a second purchase that round offers no barter; the next round does."""
    state = module_game(2, "extension", tops=("wwc", "wws"))
    state.barter[0] = 4
    set_goods(state, 0, wood=3, clay=0, stone=2)
    act(state, "place building 1", "place hunting 5", "place building 2", "place hunting 3")
    act(state, "resolve building 1", "barter stone for clay")  # wwc bought with 2 wood + the clay
    assert state.score[0] == 10 and state.bartered[0] == 1
    act(state, "resolve building 2")  # wws needs 2 wood: one wood and one stone left, no barter: passed
    assert state.score[0] == 10 and state.stack_left[1] == 7
    assert state.step == ROLL_DICE  # the hunt, seat 0's last location
    roll(state, 1, 1, 1)
    act(state, "jewels 0")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "jewels 0")
    reveal(state, "building wss")
    assert state.round == 2 and state.bartered == [0, 0]


def test_food_is_never_bartered_and_jewels_may_be_given() -> None:
    """Seed 003: resources except food may be exchanged; rules page: jewels are a resource (not food)."""
    state = at_building("wwg", 4, food=20, wood=2, jewels=1)
    assert sorted(legal(state)) == ["barter jewel for gold", "decline"]
    act(state, "barter jewel for gold")
    assert state.score[0] == 12 and state.jewels[0] == 0 and goods(state, 0)["food"] == 20


def test_jewels_are_received_only_to_pay_the_fifth_card() -> None:
    """Seed 003: barter for a card: goods may bring the jewels of the fifth space; what barter brings is spent
    in the purchase, and only the fifth space takes jewels."""
    state = at_card_five(2, 4, gold=1)
    assert sorted(legal(state)) == ["barter gold for jewel", "decline"]
    act(state, "barter gold for jewel")
    assert state.jewels[0] == 0 and len(state.hands[0]) == 1
    other = at_building("wwc", 4, wood=1, clay=1, jewels=2)
    assert not any(text.endswith("for jewel") for text in legal(other))


def test_a_barter_gives_and_receives_different_kinds() -> None:
    """Rules page barter [ruling, docs]: what is given and received share no kind (a swap for the same kind is
    no exchange); the parsed form of such a swap is not legal."""
    state = at_card(2, 4, wood=1, clay=1)
    assert "barter wood for wood" not in legal(state)
    with pytest.raises(IllegalStep):
        act(state, "barter wood for wood")
