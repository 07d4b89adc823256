"""Step 1 collecting (goods, food, workers, coins) and step 2 feeding, with the developments that change them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dolmen.games.rtta import RttaState, steps
from dolmen.games.rtta.board import board_of
from dolmen.games.rtta.components import (
    AGRICULTURE,
    COINAGE,
    COINS,
    DEVELOPMENT_NAMES,
    FACES,
    FOOD3,
    FOOD_OR_WORKERS,
    GOOD_MAX,
    GREAT_WALL_TARGET,
    MASONRY,
    MAX_CITIES,
    MAX_FOOD,
    START_CITIES,
    TARGET_BOXES,
    WORKERS3,
)
from dolmen.games.rtta.harvest import collect, collect_board, dice_yield, die_yields, goods_units
from tests.rtta.helpers import goods, legal, new, play, setup, step


def test_goods_wrap_from_wood_as_in_the_rulebook_example() -> None:
    """Seed 002 "Collect Goods", Jim's example: 1 wood + 1 stone and 8 new goods make 3 wood, 3 stone,
    2 pottery, 1 cloth, 1 spearhead."""
    s = setup(new(2), 0, goods={"wood": 1, "stone": 1}, cities=6, devs=["irrigation"])
    play(s, "roll goods goods goods goods skull skull", "keep")
    assert goods(s) == {"wood": 3, "stone": 3, "pottery": 2, "cloth": 1, "spearheads": 1}


def test_a_full_track_takes_nothing_but_the_unit_still_counts() -> None:
    """Seed 002 "Collect Goods": if a row is full you don't collect it, but it still counts."""
    s = setup(new(2), 0, goods={"wood": 8})
    play(s, "roll goods goods food3", "keep")
    assert s.goods[0] == [8, 1, 0, 0, 0]


def test_every_turn_starts_again_at_wood() -> None:
    """Seed 002 "Collect Goods": every turn you collect goods, you begin at the bottom row (Wood)."""
    s = play(new(1), "roll goods goods goods", "keep")
    assert s.goods[0] == [1, 1, 1, 0, 0] and s.round == 2
    play(s, "roll goods food3 food3", "keep")
    assert s.goods[0] == [2, 1, 1, 0, 0]


@pytest.mark.parametrize(
    ("start", "dice", "after"),
    [
        ([0, 0, 0, 0, 0], "roll goods goods food3", [1, 2, 0, 0, 0]),
        ([0, 0, 0, 0, 0], "roll goods food3 food3", [1, 0, 0, 0, 0]),
        ([0, 7, 0, 0, 0], "roll goods goods food3", [1, 7, 0, 0, 0]),
        ([0, 5, 0, 0, 0], "roll skull goods goods", [1, 7, 1, 1, 0]),
    ],
)
def test_quarrying_adds_one_stone_when_stone_was_produced(start: list[int], dice: str, after: list[int]) -> None:
    """Seed 002 Table 3, Quarrying: take 1 extra stone when you produce any stone on your turn (once)."""
    s = new(2)
    s.goods[0] = start
    setup(s, 0, devs=["quarrying", "caravans"])
    play(s, dice)
    if step(s) == "reroll":
        play(s, "keep")
    assert s.goods[0] == after


def test_food_is_capped_at_fifteen_before_feeding() -> None:
    """Seed 002 "Collect Food": no room on the pegboard, no excess food; then each city eats 1."""
    s = setup(new(2), 0, food=14)
    play(s, "roll food3 food3 food3", "keep")
    assert s.food[0] == 15 - 3


def test_the_food_or_workers_dice_are_one_choice_naming_how_many_give_food() -> None:
    """Seed 002 Table 1: the 2 food or 2 workers die feeds 2 cities or checks 2 boxes."""
    s = play(new(2), "roll food2/workers2 food2/workers2 food3", "keep")
    assert step(s) == "food-or-workers" and legal(s) == ["food 0", "food 1", "food 2"]
    play(s, "food 1")
    assert s.food[0] == 3 + 3 + 2 - 3 and s.workers == 2 and step(s) == "build"


def test_agriculture_and_masonry_add_one_per_die() -> None:
    """Seed 002 Table 3: Agriculture +1 food per food die (the 2-food die too when taken as food); Masonry +1
    worker per worker die (the 2-worker die too when taken as workers)."""
    s = setup(new(2), 0, food=0, devs=["agriculture", "masonry"], cities=5)
    play(s, "roll food3 food2/workers2 food2/workers2 workers3 workers3", "keep", "food 1")
    assert s.food[0] == 4 + 3 - 5
    assert s.workers == 4 + 4 + 3


@pytest.mark.parametrize(("devs", "coins"), [((), 14), (("coinage",), 24)])
def test_coins_are_seven_per_die_or_twelve_with_coinage(devs: tuple[str, ...], coins: int) -> None:
    """Seed 002 Table 1 (7 coins) and Table 3, Coinage (12 coins)."""
    s = setup(new(2), 0, devs=devs)
    play(s, "roll coins coins food3", "keep")
    assert step(s) == "buy" and s.coins == coins


def test_coins_last_only_this_turn() -> None:
    """Seed 002 Table 1: coins cannot be saved from round to round."""
    s = play(new(2), "roll coins coins food3", "keep", "end buy")
    assert s.active == 1 and s.coins == 0


@pytest.mark.parametrize(("food", "famine"), [(0, 3), (1, 2), (3, 0)])
def test_each_unfed_city_costs_one_point(food: int, famine: int) -> None:
    """Seed 002 "Feed Cities": each city needs 1 food; each city not fed costs 1 point (Famine)."""
    s = setup(new(2), 0, food=food)
    play(s, "roll goods coins workers3", "keep", "end build")
    assert s.disasters[0] == famine and s.food[0] == max(0, food - 3)


def _random_roll(rng: random.Random, s: RttaState) -> tuple[int, ...]:
    """Random boards for every seat (a random active seat), and a random roll of the active seat's dice."""
    s.active = rng.randrange(s.players)
    for seat in range(s.players):
        s.food[seat] = rng.randint(0, MAX_FOOD)
        s.goods[seat] = [rng.randint(0, top) for top in GOOD_MAX]
        s.devs[seat] = sum(1 << dev for dev in s.edition.developments if rng.random() < 0.35)
        s.cities[seat] = rng.randint(START_CITIES, MAX_CITIES)
        s.disasters[seat] = rng.randint(0, 9)
        s.progress[seat][GREAT_WALL_TARGET] = rng.choice((0, TARGET_BOXES[GREAT_WALL_TARGET]))
    counts = [0] * FACES
    for _ in range(s.cities[s.active]):
        counts[rng.randrange(FACES)] += 1
    return tuple(counts)


@pytest.mark.parametrize("options", [{"edition": "bronze"}, {"edition": "bronze", "trade": True}, {"edition": "late"}])
def test_the_bots_collect_board_is_what_collect_leaves(options: dict[str, Any]) -> None:
    """:func:`collect_board` (the bots' trial rolls) leaves the active seat's board as :func:`collect` does:
    goods, food, the famine and the disaster's points or lost goods for the roller (seed 002 steps 1 and 2, Table 2;
    seed 000 Smithing), and the turn's workers and coins, on 1,500 random boards and rolls of 1 to 4 players."""
    rng = random.Random(str(options))
    checked = 0
    for index in range(1500):
        s = new(rng.randint(1, 4), **options)
        s.log = [] if index % 2 else None
        dice = _random_roll(rng, s)
        p, food_dice = s.active, rng.randint(0, dice[FOOD_OR_WORKERS])
        predicted, workers, coins = collect_board(board_of(s, p), dice, food_dice, s.solo)
        s.dice = list(dice)
        collect(s, food_dice)
        if s.step not in (steps.BUILD, steps.TRADE, steps.SMITHING, steps.BUY):
            continue  # a discard made by itself, or workers lost with nothing to build: past the comparison
        assert board_of(s, p) == predicted
        if s.step == steps.BUILD:
            assert (s.workers, s.coins) == (workers, coins)
        checked += 1
    assert checked > 1000


def test_what_one_die_gives_adds_up_to_what_the_dice_give() -> None:
    """:func:`die_yields` and :func:`goods_units` (what the greedy rules weigh die by die) add up to
    :func:`dice_yield` (what collecting gives), for every mix of Agriculture, Masonry and Coinage (seed 002,
    Table 3) and 300 random rolls."""
    rng = random.Random(11)
    for devs in range(1 << len(DEVELOPMENT_NAMES)):
        if devs & ~((1 << AGRICULTURE) | (1 << MASONRY) | (1 << COINAGE)):
            continue
        food3, food2, workers3, workers2, coin = die_yields(devs)
        for _ in range(300):
            dice = [0] * FACES
            for _ in range(rng.randint(3, 7)):
                dice[rng.randrange(FACES)] += 1
            food_dice = rng.randint(0, dice[FOOD_OR_WORKERS])
            workers_dice = dice[FOOD_OR_WORKERS] - food_dice
            assert dice_yield(dice, food_dice, devs) == (
                goods_units(dice),
                dice[FOOD3] * food3 + food_dice * food2,
                dice[WORKERS3] * workers3 + workers_dice * workers2,
                dice[COINS] * coin,
            )
