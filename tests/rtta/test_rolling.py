"""Step 1: rolling, rerolls, skulls, Leadership, Preservation and the chance outcomes."""

from __future__ import annotations

import random
from collections import Counter
from math import isclose

import pytest

from dolmen.engine import CHANCE, IllegalStep
from tests.rtta.helpers import legal, new, play, setup, step


def test_the_first_roll_is_one_chance_outcome_per_multiset_with_multinomial_odds() -> None:
    """Seed 002 "1. Roll Dice": roll 1 die per city (3 at the start); a roll is the multiset of faces."""
    s = new(2)
    assert s.actors() == (CHANCE,)
    outcomes = dict(s.chance_outcomes())
    assert len(outcomes) == 56  # multisets of 3 dice over 6 faces
    assert isclose(sum(outcomes.values()), 1.0)
    assert isclose(outcomes[s.parse_outcome("roll skull skull skull")], 1 / 216)
    assert isclose(outcomes[s.parse_outcome("roll food3 goods skull")], 6 / 216)
    assert isclose(outcomes[s.parse_outcome("roll coins coins food3")], 3 / 216)


def test_impossible_outcomes_are_refused_and_change_nothing() -> None:
    """A roll of the wrong number of dice, or no roll at all, is refused and changes nothing."""
    s = new(2)
    before = s.signature()
    for text in ("roll food3 goods", "roll food3 goods skull coins"):
        with pytest.raises(IllegalStep):
            s.apply_chance(s.parse_outcome(text))
    with pytest.raises(IllegalStep):
        s.apply_chance((1, 1, 1, 0, 0))
    assert s.signature() == before


def test_sampled_rolls_follow_the_listed_probabilities() -> None:
    """sample_chance draws with the probabilities chance_outcomes lists (each die fair, seed 002 Table 1)."""
    s = new(2)
    rng = random.Random(5)
    draws = Counter(s.sample_chance(rng) for _ in range(60_000))
    for outcome, p in s.chance_outcomes():
        assert s.is_possible_outcome(outcome)
        assert abs(draws[outcome] / 60_000 - p) < 0.006


def test_skulls_stay_set_aside_and_other_dice_may_be_rerolled() -> None:
    """Seed 002 "1. Roll Dice": set aside any dice that have a skull; keep or re-roll the others."""
    s = play(new(2), "roll skull goods coins")
    assert step(s) == "reroll"
    assert legal(s) == ["keep", "reroll coins", "reroll goods", "reroll goods coins"]
    with pytest.raises(IllegalStep):
        play(s, "reroll skull")
    play(s, "reroll goods coins")
    assert s.to_roll == 2 and s.dice[2] == 1
    play(s, "roll skull food3")
    assert s.dice[2] == 2 and legal(s) == ["keep", "reroll food3"]


def test_solo_players_may_reroll_skulls() -> None:
    """Seed 002 "Rules for Solitaire Play": you are allowed to re-roll dice with skulls on them."""
    s = play(new(1), "roll skull skull coins")
    assert "reroll skull skull" in legal(s)
    play(s, "reroll skull skull", "roll food3 food3")
    assert s.dice == [2, 0, 0, 0, 0, 1]


def test_three_rolls_at_most_and_kept_dice_may_be_rerolled_on_the_third() -> None:
    """Seed 002 "1. Roll Dice": after the second roll you may re-roll any dice, including ones kept from the
    first roll; after the third roll you must keep the results."""
    s = play(new(2), "roll coins goods food3", "reroll goods", "roll goods")
    assert s.rerolls_left == 1 and "reroll coins" in legal(s)  # coins was kept after the first roll
    play(s, "reroll coins food3", "roll goods goods")
    # third roll done: no reroll step; the dice are collected and the turn goes on to the next seat
    assert s.active == 1 and step(s) == "roll"
    assert s.goods[0] == [1, 1, 1, 0, 0] and s.food[0] == 0 and s.disasters[0] == 0


def test_keeping_every_die_ends_rolling_early() -> None:
    """shared/rules/rtta.md "A turn" 1. Roll: keeping every die ends the rolling early."""
    s = play(new(2), "roll food3 food3 food3", "keep")
    assert s.food[0] == 3 + 9 - 3 and s.active == 1


def test_when_every_die_is_a_skull_there_is_nothing_to_decide() -> None:
    """Skulls are set aside: with three skulls no die can be rerolled, so rolling ends by itself (and the
    Pestilence hits the opponent, seed 002 Table 2)."""
    s = play(new(2), "roll skull skull skull")
    # six goods (worth 17) were collected: the next decision is the buy step
    assert step(s) == "buy" and s.disasters == [0, 3]


def test_leadership_rerolls_one_die_after_the_last_roll_even_a_skull() -> None:
    """Seed 002 Table 3, Leadership: after your last roll select 1 die and roll it again, a skull too; the new
    result stands. The single-die reroll is a chance outcome of one die."""
    s = setup(new(2), 0, devs=["leadership"])
    play(s, "roll skull skull food3", "keep")
    assert step(s) == "leadership"
    assert legal(s) == ["keep", "leadership food3", "leadership skull"]
    play(s, "leadership skull")
    assert s.actors() == (CHANCE,) and len(s.chance_outcomes()) == 6
    play(s, "roll coins")
    # one skull left: no Drought (seed 002 Table 2: 1 skull, no effect); 7 coins + 3 in goods may buy
    assert s.dice == [1, 0, 1, 0, 0, 1] and s.disasters[0] == 0 and step(s) == "buy"


def test_leadership_comes_after_the_third_roll_and_may_be_declined() -> None:
    """Seed 002 Table 3, Leadership: "you may select 1 die" after your last roll (so you may decline)."""
    s = setup(new(2), 0, devs=["leadership"])
    play(s, "roll goods goods goods", "reroll goods", "roll goods", "reroll goods", "roll skull")
    assert step(s) == "leadership"
    play(s, "keep")
    assert s.dice == [0, 2, 1, 0, 0, 0] and s.goods[0] == [1, 1, 1, 1, 0] and step(s) == "buy"


def test_without_leadership_there_is_no_extra_reroll() -> None:
    """Seed 002 "1. Roll Dice": after the third roll (or keeping), you must keep the results."""
    s = play(new(2), "roll skull skull food3", "keep")
    assert step(s) == "buy" and s.disasters[0] == 2


def test_preservation_doubles_food_before_the_first_roll_for_one_pottery() -> None:
    """Seed 000 "Conservation": before rolling, remove a pottery and double your food (max 15); example: 1
    pottery and 6 food make 12 food. [ruling] once a turn, before the first roll."""
    s = setup(new(2, edition="late"), 0, food=6, goods={"pottery": 1}, devs=["preservation"])
    assert step(s) == "preservation" and legal(s) == ["roll", "preserve"]
    play(s, "preserve")
    assert s.food[0] == 12 and s.goods[0][2] == 0 and s.actors() == (CHANCE,)


def test_preservation_caps_food_at_fifteen_and_may_be_declined() -> None:
    """Seed 000 "Conservation": doubling stops at 15 food; [ruling] Preservation may be used, so may be declined."""
    s = setup(new(2, edition="late"), 0, food=9, goods={"pottery": 2}, devs=["preservation"])
    play(s, "preserve")
    assert s.food[0] == 15 and s.goods[0][2] == 1
    s = setup(new(2, edition="late"), 0, food=9, goods={"pottery": 2}, devs=["preservation"])
    play(s, "roll")
    assert s.food[0] == 9 and s.goods[0][2] == 2 and s.actors() == (CHANCE,)


def test_preservation_needs_pottery() -> None:
    """Seed 000 "Conservation": the cost is one pottery; without it there is nothing to decide."""
    s = setup(new(2, edition="late"), 0, food=6, devs=["preservation"])
    assert s.actors() == (CHANCE,)
