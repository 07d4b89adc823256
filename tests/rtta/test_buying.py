"""Step 4, buying one development (coins, whole goods tracks, Granaries food) and step 5, discarding to 6."""

from __future__ import annotations

import pytest

from dolmen.engine import IllegalStep
from tests.rtta.helpers import legal, new, play, setup, step


def buys(s: object) -> set[str]:
    return {text for text in legal(s) if text.startswith("buy ")}  # type: ignore[arg-type]


def test_coins_buy_a_development_at_or_under_their_value() -> None:
    """Seed 002 "4. Buy": spend coins and goods equal to (or above) the cost; Table 3 costs."""
    s = play(new(2), "roll coins coins food3", "keep")
    assert step(s) == "buy" and buys(s) == {"buy leadership", "buy irrigation"}
    play(s, "buy irrigation")
    assert s.devs[0] == 1 << 1 and s.coins == 0 and s.active == 1


def test_goods_are_spent_by_whole_tracks_at_their_value_with_no_change() -> None:
    """Seed 002 "4. Buy": if you spend a type of goods you must spend all of it, for the value under its peg;
    no change is given."""
    s = setup(new(2), 0, goods={"wood": 3, "pottery": 2})
    play(s, "roll coins food3 food3", "keep")
    # 7 coins; wood 3 is worth 6, pottery 2 is worth 9
    assert "buy leadership with wood" in buys(s)
    assert "buy agriculture with pottery" in buys(s)
    assert "buy coinage with wood pottery" in buys(s)
    assert "buy leadership with wood pottery" not in buys(s)  # would spend a track the purchase does not need
    play(s, "buy agriculture with pottery")
    assert s.goods[0] == [3, 0, 0, 0, 0] and s.devs[0] >> 2 & 1


def test_a_payment_needing_more_than_coins_and_goods_is_illegal() -> None:
    """Seed 002 "4. Buy a Development": the coins and goods spent must equal (or exceed) the cost."""
    s = setup(new(2), 0, goods={"wood": 2})
    play(s, "roll coins food3 food3", "keep")
    before = s.signature()
    for text in ("buy medicine with wood", "buy leadership", "buy empire with wood"):
        with pytest.raises(IllegalStep):
            play(s, text)
    assert s.signature() == before


@pytest.mark.parametrize(("edition", "food"), [("bronze", 4), ("late", 3)])
def test_granaries_turn_food_into_coins_in_the_buy_step(edition: str, food: int) -> None:
    """Seed 002 Table 3, Granaries: 4 coins for every food turned in during the Buy Step; seed 000 "Greniers":
    6 coins in the Late Bronze Age. [ruling] only toward a purchase made that step."""
    s = setup(new(2, edition=edition), 0, food=8, devs=["granaries"])
    play(s, "roll coins food3 food3", "keep")
    if edition == "late":
        play(s, "end trade")  # the late turn trades before buying
    # coinage costs 20: 7 coins and 13 more
    assert f"buy coinage with food {food}" in buys(s)
    assert f"buy coinage with food {food + 1}" not in buys(s)
    play(s, f"buy coinage with food {food}")
    assert s.food[0] == 8 + 6 - 3 - food


def test_granaries_food_and_goods_combine_without_waste() -> None:
    """Seed 002 Table 3, Granaries, and "4. Buy" (no change is given): docs/rtta.md "What is legal" lists
    only payments without waste."""
    s = setup(new(2), 0, food=10, goods={"wood": 1}, devs=["granaries"])
    play(s, "roll coins food3 food3", "keep")
    # leadership costs 10: 7 coins + 1 food (4), or 7 coins + wood (1) + 1 food: the second wastes the wood
    assert "buy leadership with food 1" in buys(s)
    assert "buy leadership with wood food 1" not in buys(s)
    # agriculture costs 15: 7 coins + 2 food, or wood + 2 food (7+1+8=16): both need 2 food, so no wood
    assert "buy agriculture with food 2" in buys(s) and "buy agriculture with wood food 2" not in buys(s)


def test_one_development_per_turn_and_each_only_once() -> None:
    """Seed 002 "4. Buy": up to 1 development per turn; each player may purchase each development only once."""
    s = setup(new(2), 0, devs=["leadership"])
    play(s, "roll coins coins coins", "keep", "keep")  # the second keep declines Leadership
    assert "buy leadership" not in buys(s) and "buy irrigation" in buys(s)
    play(s, "buy irrigation")
    assert s.active == 1


def test_late_bronze_age_developments_only_in_late() -> None:
    """Seed 000 "Nouveaux développements" (Preservation, Smithing, Shipping, Commerce) and "Autres
    modifications" (Medicine costs 20)."""
    s = setup(new(2), 0, cities=5, food=10)
    play(s, "roll coins coins coins coins coins", "keep")
    names = {text.split()[1] for text in buys(s)}
    assert names == {
        "leadership",
        "irrigation",
        "agriculture",
        "quarrying",
        "medicine",
        "coinage",
        "caravans",
        "religion",
        "granaries",
        "masonry",
    }
    s = setup(new(2, edition="late"), 0, cities=5, food=10)
    play(s, "roll coins coins food3 food3 goods", "keep", "end trade")
    # 14 coins + 1 wood (1): 15
    names = {text.split()[1] for text in buys(s)}
    assert names == {"leadership", "irrigation", "agriculture", "quarrying"}
    play(s, "end buy")
    s = setup(new(2, edition="late"), 0, cities=5, food=10)
    play(s, "roll coins coins coins food3 food3", "keep", "end trade")
    names = {text.split()[1] for text in buys(s)}
    assert {"preservation", "medicine", "coinage", "caravans"} <= names and "shipping" not in names


def test_discard_down_to_six_goods_your_choice_which() -> None:
    """Seed 002 "5. Discard": keep only 6 goods; discard the excess of your choice (5 wood and 2 stone: discard
    1 wood or 1 stone)."""
    s = setup(new(2), 0, goods={"wood": 4, "stone": 1})
    play(s, "roll goods goods food3", "keep", "end buy")
    assert s.goods[0] == [5, 2, 0, 0, 0] and step(s) == "discard"
    assert sorted(legal(s)) == ["discard 1 stone", "discard 1 wood"]
    play(s, "discard 1 stone")
    assert s.goods[0] == [5, 1, 0, 0, 0] and s.active == 1


def test_discard_is_one_action_naming_every_unit() -> None:
    """Seed 002 "5. Discard": discard the excess goods of your choice; one action names every unit taken off."""
    s = setup(new(2), 0, goods={"wood": 3, "stone": 2, "pottery": 2})
    play(s, "roll goods food3 food3", "keep", "end buy")
    assert s.goods[0] == [4, 2, 2, 0, 0]
    options = legal(s)
    assert len(options) == len(set(options)) == 6 and "discard 1 wood 1 pottery" in options
    with pytest.raises(IllegalStep):
        play(s, "discard 1 wood")
    play(s, "discard 2 wood")
    assert s.goods[0] == [2, 2, 2, 0, 0]


def test_a_single_way_to_discard_happens_by_itself() -> None:
    """Seed 002 "5. Discard" with only one track to discard from: no choice, so no question (docs/rtta.md "A turn")."""
    s = setup(new(2), 0, goods={"wood": 7})
    play(s, "roll goods food3 food3", "keep", "end buy")
    assert s.goods[0] == [6, 0, 0, 0, 0] and s.active == 1


def test_caravans_keep_every_good() -> None:
    """Seed 002 Table 3, Caravans: you do not need to discard any goods."""
    s = setup(new(2), 0, goods={"wood": 6, "stone": 2}, devs=["caravans"])
    play(s, "roll goods food3 food3", "keep", "end buy")
    assert s.goods[0] == [7, 2, 0, 0, 0] and s.active == 1
