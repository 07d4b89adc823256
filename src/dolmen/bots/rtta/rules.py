"""The ``greedy`` dice rules for *Roll Through the Ages*: what to reroll, Leadership, food or workers,
Preservation.

Dice are judged by a simple utility of what they would yield this turn (:func:`turn_utility`): food to feed
every city (a famine point per missing unit), workers toward cities early and monuments later, coins and goods
toward the next development, minus the disaster the skulls would bring. A die is rerolled when a fresh die is
expected to add more to that utility than the face it shows (solo, skulls too).

Every function reads the full state (a bot rebuilds it from its view) and is cheap: MCTS uses the same rules
in its playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dolmen.bots.rtta.values import turns_left
from dolmen.bots.rtta.weights import DEV_PER_TURN
from dolmen.games.rtta.actions import KEEP, PRESERVE, ROLL, Action, Kind, can_reroll
from dolmen.games.rtta.building import open_targets
from dolmen.games.rtta.components import (
    COINS,
    EMPIRE,
    FACES,
    FOOD3,
    FOOD_OR_WORKERS,
    MAX_CITIES,
    SKULL,
    TARGET_BOXES,
    WORKERS3,
    goods_value,
)
from dolmen.games.rtta.disasters import DROUGHT, PESTILENCE, has_great_wall, own_disaster
from dolmen.games.rtta.harvest import die_yields, goods_units
from dolmen.games.rtta.rolling import preserved_food
from dolmen.games.rtta.state import RttaState

CITY_TURNS: Final = 3
"""Cities come first while at least this many turns are left after the current one."""
FAMINE: Final = 1.0
SPARE_FOOD: Final = 0.25
"""Utility of a unit of food kept for next turn's feeding (up to one per city)."""
WORKER_FOR_CITY: Final = 0.5
WORKER_FOR_MONUMENT: Final = 0.35
COIN: Final = 0.12
GOOD_UNIT_COINS: Final = 3
"""Coins a unit of goods is counted as when judging dice (its value depends on the track it lands on)."""
REACH_BONUS: Final = 1.5
"""Utility of a turn whose coins and goods reach the development the seat wants next."""
REROLL_MARGIN: Final = 0.05
"""A die is rerolled only when a fresh die is expected to beat its face by more than this."""
PESTILENCE_GAIN: Final = 0.5
"""Utility of a multiplayer Pestilence to its roller: it costs the opponents, not the roller."""
MIN_PRESERVED_FOOD: Final = 2
"""Preservation is used only when it gains at least this much food."""
REVOLT_UNITS: Final = 6
"""Goods units a Revolt is reckoned to cost beyond those held (those the roll itself brings)."""


def development_worth(state: RttaState, seat: int, dev: int, turns: int) -> float:
    """Points and effect of ``dev`` for ``seat`` with ``turns`` turns left."""
    worth = state.edition.points[dev] + DEV_PER_TURN[dev] * turns
    if dev == EMPIRE:
        worth += state.cities[seat]
    return worth


def wanted_development(state: RttaState, seat: int) -> int | None:
    """The development with the best points plus effect per coin among those ``seat`` does not own."""
    devs = state.devs[seat]
    turns = turns_left(state, seat)
    best, best_rate = None, 0.0
    for dev in state.edition.developments:
        if not devs >> dev & 1:
            rate = development_worth(state, seat, dev, turns) / state.edition.costs[dev]
            if rate > best_rate:
                best, best_rate = dev, rate
    return best


class Needs:
    """What the active seat's turn should bring, read once per decision from the state."""

    __slots__ = (
        "boxes_open",
        "cities",
        "devs",
        "food",
        "goods_value",
        "has_great_wall",
        "money_goal",
        "solo",
        "worker_value",
        "yields",
    )

    def __init__(self, state: RttaState, seat: int) -> None:
        self.solo = state.solo
        self.devs = state.devs[seat]
        self.yields = die_yields(self.devs)
        self.cities = state.cities[seat]
        self.food = state.food[seat]
        self.goods_value = goods_value(state.goods[seat])
        progress = state.progress[seat]
        self.has_great_wall = has_great_wall(progress)
        self.boxes_open = sum(TARGET_BOXES[t] - progress[t] for t in open_targets(state, seat))
        wants_cities = self.cities < MAX_CITIES and turns_left(state, seat) >= CITY_TURNS
        self.worker_value = WORKER_FOR_CITY if wants_cities else WORKER_FOR_MONUMENT
        goal = wanted_development(state, seat)
        self.money_goal = state.edition.costs[goal] if goal is not None else 0


def food_dice_needed(needs: Needs, dice: Sequence[int]) -> int:
    """How many either-dice to take as food: enough to feed every city, if the dice allow (as
    :func:`turn_utility` counts them)."""
    food3, per_die, _, _, _ = needs.yields
    short = needs.cities - needs.food - dice[FOOD3] * food3
    if short <= 0:
        return 0
    return min(dice[FOOD_OR_WORKERS], -(-short // per_die))


def turn_utility(needs: Needs, dice: Sequence[int]) -> float:
    """What a turn yielding ``dice`` is worth to the seat (see the module docstring)."""
    cities = needs.cities
    food3, per_food_die, workers3, per_worker_die, coin = needs.yields
    food = needs.food + dice[FOOD3] * food3
    either = dice[FOOD_OR_WORKERS]
    food_dice = 0
    if food < cities and either:
        food_dice = -(-(cities - food) // per_food_die)
        if food_dice > either:
            food_dice = either
        food += food_dice * per_food_die
    workers = dice[WORKERS3] * workers3 + (either - food_dice) * per_worker_die
    if workers > needs.boxes_open:
        workers = needs.boxes_open
    spare = food - cities
    if spare < 0:
        utility = FAMINE * spare
    else:
        utility = SPARE_FOOD * (spare if spare < cities else cities)
    money = dice[COINS] * coin + GOOD_UNIT_COINS * goods_units(dice)
    utility += needs.worker_value * workers + COIN * money
    if needs.goods_value < needs.money_goal <= needs.goods_value + money:
        utility += REACH_BONUS
    skulls = dice[SKULL]
    if skulls >= DROUGHT:
        utility -= skull_penalty(needs, skulls)
    return utility


def skull_penalty(needs: Needs, skulls: int) -> float:
    """Points the skulls would cost the seat (:func:`dolmen.games.rtta.disasters.own_disaster`); a Revolt by the
    goods' worth; a multiplayer Pestilence hurts the others: a small gain."""
    if skulls == PESTILENCE and not needs.solo:
        return -PESTILENCE_GAIN
    points, loses_goods = own_disaster(skulls, needs.devs, needs.has_great_wall, needs.solo)
    if loses_goods:
        return COIN * (needs.goods_value + REVOLT_UNITS * GOOD_UNIT_COINS)
    return float(points)


def _face_gain(needs: Needs, dice: list[int], face: int) -> float:
    """Expected utility gained by rerolling one die showing ``face``."""
    dice[face] -= 1
    fresh = 0.0
    for other in range(FACES):
        dice[other] += 1
        fresh += turn_utility(needs, dice)
        dice[other] -= 1
    dice[face] += 1
    return fresh / FACES - turn_utility(needs, dice)


def reroll_choice(state: RttaState, seat: int) -> Action:
    """Face by face, most promising first, reroll dice of that face one at a time while a fresh die is expected
    to beat it (skulls stay set aside unless solo); ``keep`` when no die is worth rerolling."""
    needs = Needs(state, seat)
    dice = list(state.dice)
    gains = {
        face: _face_gain(needs, dice, face) for face in range(FACES) if dice[face] and can_reroll(face, needs.solo)
    }
    reroll = [0] * FACES
    for face in sorted(gains, key=gains.__getitem__, reverse=True):
        gain = gains[face]
        while gain > REROLL_MARGIN:
            # Picked up, the die no longer yields anything this roll; the next one is judged without it.
            dice[face] -= 1
            reroll[face] += 1
            if not dice[face]:
                break
            gain = _face_gain(needs, dice, face)
    if not any(reroll):
        return KEEP
    return (Kind.REROLL, tuple(reroll))


def leadership_choice(state: RttaState, seat: int) -> Action:
    """Reroll a skull when the skulls bring a disaster, else the weakest die if a fresh one is expected to be
    better by a margin; else keep."""
    needs = Needs(state, seat)
    dice = list(state.dice)
    best_face, best_gain = -1, REROLL_MARGIN
    for face in range(FACES):
        if dice[face]:
            gain = _face_gain(needs, dice, face)
            if gain > best_gain:
                best_face, best_gain = face, gain
    return KEEP if best_face < 0 else (Kind.LEADERSHIP, best_face)


def food_choice(state: RttaState, seat: int) -> Action:
    """Food from the either-dice until every city is fed (all of them when there is nothing to build)."""
    needs = Needs(state, seat)
    if needs.boxes_open == 0:
        return (Kind.FOOD, state.dice[FOOD_OR_WORKERS])
    return (Kind.FOOD, food_dice_needed(needs, state.dice))


def preservation_choice(state: RttaState, seat: int) -> Action:
    """Preserve when doubling gains at least :data:`MIN_PRESERVED_FOOD` food and the food would not feed the cities
    twice over."""
    food = state.food[seat]
    gained = preserved_food(food) - food
    return PRESERVE if gained >= MIN_PRESERVED_FOOD and food < 2 * state.cities[seat] else ROLL
