"""The trade step: offers and answers, limits, the lazy offer list, ships' swaps, and where trade sits."""

from __future__ import annotations

import pytest

from dolmen.engine import IllegalStep
from dolmen.games.rtta.trading import TradeActions
from tests.rtta.helpers import legal, new, play, setup, step


def test_bronze_trade_comes_after_disasters_and_before_building() -> None:
    """Seed 002 "Trading Game": after feeding and disasters but before building, the player may trade."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep")
    assert step(s) == "trade" and s.workers == 3
    play(s, "end trade")
    assert step(s) == "build"


def test_late_trade_comes_after_building() -> None:
    """Seed 000 "Commerce" and the Late Bronze Age score sheet: build (3), then trade (4)."""
    s = play(new(2, edition="late"), "roll workers3 food3 food3", "keep")
    assert step(s) == "build"
    play(s, "build city4 3")
    assert step(s) == "trade"


def test_bronze_without_the_variant_has_no_trade_step() -> None:
    """Seed 002 "Order of Play": five steps, no trade unless the Trading Game variant is on."""
    s = play(new(2), "roll coins coins food3", "keep")
    assert step(s) == "buy"
    play(s, "end buy")
    assert s.active == 1


def test_an_accepted_offer_moves_goods_and_food_both_ways() -> None:
    """Seed 002 "Trading Game": trade goods and food in any combination both players agree to. [ruling] the
    other seat accepts or declines."""
    s = play(new(3, trade=True), "roll workers3 food3 food3", "keep")
    s.goods[0] = [3, 0, 0, 0, 0]
    s.goods[2] = [0, 2, 0, 0, 0]
    play(s, "offer 2 give 3 wood get 2 stone 1 food")
    assert s.actors() == (2,) and legal(s) == ["accept", "decline"]
    assert s.legal_actions(0) == ()
    play(s, "accept")
    assert s.goods[0] == [0, 2, 0, 0, 0] and s.goods[2] == [3, 0, 0, 0, 0]
    assert s.food[0] == 7 and s.food[2] == 2 and s.actors() == (0,) and s.offers == 1


def test_a_declined_offer_changes_nothing_but_counts() -> None:
    """[ruling] shared/rules/rtta.md: an offer that is declined changes nothing."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep")
    before = (s.food[:], [g[:] for g in s.goods])
    play(s, "offer 1 give 2 food", "decline")
    assert (s.food, s.goods) == before and s.offers == 1 and step(s) == "trade"


def test_at_most_five_offers_per_trade_step() -> None:
    """[ruling] shared/rules/rtta.md: a trade step holds at most 5 offers; then it ends."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep")
    for _ in range(4):
        play(s, "offer 1 give 1 food", "decline")
    assert step(s) == "trade"
    play(s, "offer 1 give 1 food", "decline")
    assert step(s) == "build"


def test_the_fifth_offer_ends_the_trade_step_even_with_swaps_left() -> None:
    """[ruling] shared/rules/rtta.md: a trade step holds at most 5 offers; then it ends."""
    s = setup(new(2, edition="late"), 0, goods={"stone": 2}, ships=2, devs=["shipping"])
    play(s, "roll food3 food3 food3", "keep", "swap stone cloth")
    for _ in range(4):
        play(s, "offer 1 give 1 food", "decline")
    assert step(s) == "trade" and s.swaps == 1
    play(s, "offer 1 give 1 food", "accept")
    assert step(s) != "trade" and s.food == [3 + 9 - 3 - 1, 3 + 1]


def test_offers_that_break_a_track_maximum_or_cannot_be_paid_are_illegal() -> None:
    """Seed 002 "Trading Game": a player may not possess more of any good than his pegboard allows. [ruling] an
    offer a side cannot pay is illegal."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep")
    s.goods[0] = [2, 1, 0, 0, 0]
    s.goods[1] = [8, 0, 0, 0, 0]
    s.food[1] = 15
    before = s.signature()
    for text in (
        "offer 1 give 1 wood",  # seat 1's wood track is full
        "offer 1 give 1 food",  # seat 1's food is at 15
        "offer 1 give 2 stone",  # seat 0 has 1 stone
        "offer 1 get 1 pottery",  # seat 1 has none
        "offer 0 give 1 stone",  # not an opponent
        "offer 1 get 7 wood",  # seat 0 holds 2 wood: 7 more would pass 8
    ):
        with pytest.raises(IllegalStep):
            play(s, text)
    assert s.signature() == before
    play(s, "offer 1 give 1 stone get 6 wood")
    assert s.actors() == (1,)


def test_the_offers_are_a_lazy_sequence_in_mixed_radix() -> None:
    """The offers are enumerated lazily: len, indexing, iteration, index() and a fast `in` agree."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep")
    s.food = [1, 0]
    s.goods = [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0]]
    actions = s.legal_actions(0)
    assert isinstance(actions, TradeActions)
    texts = [s.action_text(a) for a in actions]
    # food 0..1 given, wood 0..1 given, stone 0..1 got: 2*2*2 - 1 offers, plus end trade
    assert len(actions) == 8 and len(set(texts)) == 8 and texts[0] == "end trade"
    assert "offer 1 give 1 food 1 wood get 1 stone" in texts
    assert "offer 1 get 1 stone" in texts
    assert list(actions) == [actions[i] for i in range(len(actions))]
    assert actions[-1] == actions[7]
    for i, action in enumerate(actions):
        assert action in actions and actions.index(action) == i
    assert ("offer", 1, (0, 0, 0, 0, 0, 0)) not in actions
    assert ("offer", 1, (2, 0, 0, 0, 0, 0)) not in actions
    with pytest.raises(IndexError):
        actions[8]


def test_a_huge_offer_space_is_not_listed() -> None:
    """With goods on every track the offer set has about half a million members, counted but never listed."""
    s = play(new(4, trade=True), "roll workers3 food3 food3", "keep")
    for seat in range(4):
        s.food[seat] = 8
        s.goods[seat] = [4, 3, 3, 2, 2]
    actions = s.legal_actions(0)
    # per opponent: food -7..7, wood -4..4, stone and pottery -3..3, cloth and spearheads -2..2, minus zero
    assert len(actions) == 1 + 3 * (15 * 9 * 7 * 7 * 5 * 5 - 1)
    last = actions[len(actions) - 1]
    assert last in actions and s.parse_action(s.action_text(last)) == last


def test_ships_swap_one_good_each_with_the_bank_in_the_trade_step() -> None:
    """Seed 000 "Navigation": each turn, for each ship, exchange one of your goods for a good of another type,
    with the bank, during the trade step."""
    s = setup(new(2, edition="late"), 0, goods={"wood": 1, "stone": 2}, ships=2, devs=["shipping"])
    play(s, "roll food3 food3 food3", "keep")
    assert step(s) == "trade" and s.swaps == 2
    assert "swap stone spearheads" in legal(s) and "swap wood wood" not in legal(s)
    play(s, "swap stone spearheads", "swap stone cloth")
    assert s.goods[0] == [1, 0, 0, 1, 1] and s.swaps == 0
    assert not any(text.startswith("swap") for text in legal(s))


def test_solo_has_no_offers_but_late_ships_still_swap() -> None:
    """Seed 002 "Trading Game" (trade is with opponents; solo has none); seed 000 "Navigation" (swaps are
    with the bank)."""
    s = play(new(1, trade=True), "roll workers3 food3 food3", "keep")
    assert step(s) == "build"
    s = setup(new(1, edition="late"), 0, goods={"stone": 1}, ships=1, devs=["shipping"])
    play(s, "roll food3 food3 food3", "keep")
    assert step(s) == "trade" and legal(s)[0] == "end trade" and len(legal(s)) == 5
