"""What things are worth in *Stone Age*, in projected final points, for the Stone Age bots.

One scale serves the greedy bot's choices, the MCTS playouts and the MCTS evaluation: a point on the final
score. A good is worth what it brings once turned into a building (its value, discounted by
:attr:`Weights.conversion`) while rounds remain, and 1 point at the end; food is worth what hunting it would cost
while the people will need it; a person, a tool pip and a level of agriculture are worth their yield per round
times the rounds left (:func:`rounds_left`, an estimate from the shortest building stack and the cards left).

This module holds the numbers (:class:`Weights`), the dice and the rounds left, and what a unit of each thing is
worth to a seat now (:class:`Outlook`); :mod:`dolmen.bots.stoneage.worth` values cards, buildings, places and
whole positions with them. Everything reads a full state (for the greedy bot a state sampled from its view; it
reads only its own hand and the public table).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from dolmen.games.stoneage.components import (
    CARDS,
    DIE_FACES,
    FARMER,
    FOOD,
    GOODS,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    NRES,
    POINTS,
    RESOURCE_VALUES,
    SHAMAN,
    STACK_SIZE,
    TOOL_TILES,
    TOOLMAKER_FIGURE,
    Gain,
    can_raise_tool,
    gathering_yield,
)
from dolmen.games.stoneage.feeding import food_from_stock
from dolmen.games.stoneage.rolls import FACES
from dolmen.games.stoneage.scoring import figures
from dolmen.games.stoneage.state import StoneAgeState


@dataclass(frozen=True, slots=True)
class Weights:
    """The numbers behind the values, in points (defaults tuned by self-play, see ``bench/stoneage_bots.py``)."""

    conversion: float = 0.9
    """Share of a good's value (``RESOURCE_VALUES``) it is expected to bring as building or card points while
    rounds remain; the rest is lost to rounding, waiting and goods that end the game unspent (then 1 point each)."""
    person_round: float = 2.0
    """Points one person brings in one round (a gathering die is 3.5 pips, about 2.6 points of goods; a person
    also takes a card or a building)."""
    food_point: float = 1.5
    """Points one food is worth while the people will need it: what hunting it costs (2 pips of a 3.5-pip die)."""
    food_urgent: float = 2.5
    """Points one food is worth when it is missing at this round's feeding (it saves a good or part of the
    ``HUNGER_PENALTY``)."""
    food_spare: float = 0.15
    """Points one food is worth beyond everything the people will eat."""
    tool_pip_round: float = 0.55
    """Points one tool pip brings per round (a pip is worth 1/value of a good, less the rounding it cannot fix)."""
    one_use_pip: float = 0.6
    """Points one pip of a one-use tool is worth (used once)."""
    symbols_per_round: float = 0.3
    """New culture symbols a player adds per round (a culture card now also raises what later ones score)."""
    game_length: float = 19.0
    """Rounds a game is expected to last: a bound on the rounds left while the stacks and the deck are still
    full (without it, bots that see the end far away would only ever grow their tribe)."""


DEFAULT_WEIGHTS: Final = Weights()


LATER_SETS: Final = 0.35
"""How much fewer new symbols a second culture set gains than the first (and a third than the second)."""
UNKNOWN_PLACE: Final = 0.5
"""Points per person of a location the bots do not know (a module's), so that they never prefer it blindly."""
EXTRA_CARD: Final = 3.0
"""Points the bottom half of an unknown card is worth on average."""
BUILDINGS_PER_ROUND: Final = 0.35
"""Buildings a player adds per round (for hut builders' projected multiplier)."""
GROWTH_PER_ROUND: Final = 0.25
"""Agriculture and tool steps a player adds per round (for farmers' and toolmakers' projected multipliers)."""
PEOPLE_PER_ROUND: Final = 0.1
"""People a player adds per round (for shamans' projected multiplier)."""
STACK_RATE: Final = {2: 0.5, 3: 0.5, 4: 0.5}
"""Tiles taken per round from the shortest building stack before anything is seen, by player count (the game
ends when a stack is empty); the rate observed so far takes over as the game goes on."""
CARD_RATE: Final = {2: 2.2, 3: 2.5, 4: 2.8}
"""Cards taken from the display per round before anything is seen, by player count (the game ends when the
deck cannot refill the display); the rate observed so far takes over as the game goes on."""
PRIOR_ROUNDS: Final = 5.0
"""How many rounds' worth of observation the prior rates count for."""
INITIAL_CARDS: Final = sum(card.copies for card in CARDS)


@cache
def sum_distribution(dice: int) -> tuple[float, ...]:
    """``p[s]``: the probability that ``dice`` dice sum to ``s``."""
    probabilities = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(probabilities) + DIE_FACES)
        for total, p in enumerate(probabilities):
            if p:
                for face in FACES:
                    nxt[total + face] += p / DIE_FACES
        probabilities = nxt
    return tuple(probabilities)


@cache
def yield_distribution(dice: int, bonus: int, resource: int) -> tuple[tuple[int, float], ...]:
    """The distribution of what gathering ``resource`` with ``dice`` dice and ``bonus`` tool pips yields
    (``components.gathering_yield``) as ``(units, probability)`` pairs."""
    units: dict[int, float] = {}
    for total, p in enumerate(sum_distribution(dice)):
        if p:
            key = gathering_yield(total + bonus, resource)
            units[key] = units.get(key, 0.0) + p
    return tuple(sorted(units.items()))


@cache
def expected_yield(dice: int, bonus: int, resource: int) -> float:
    return sum(units * p for units, p in yield_distribution(dice, bonus, resource))


@cache
def _truncated(dice: int, bonus: int, resource: int, cap: int) -> tuple[float, float]:
    """``E[min(Y, cap)]`` and ``P(Y > cap)`` for ``Y`` the yield of :func:`yield_distribution`."""
    mean = above = 0.0
    for units, p in yield_distribution(dice, bonus, resource):
        mean += p * min(units, cap)
        if units > cap:
            above += p
    return mean, above


def capped_mean(dice: int, bonus: int, resource: int, cap: float) -> float:
    """``E[min(Y, cap)]`` for a real ``cap`` (linear between whole numbers, since ``Y`` is whole)."""
    whole = int(cap)
    mean, above = _truncated(dice, bonus, resource, whole)
    return mean + (cap - whole) * above


def rounds_left(state: StoneAgeState, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Estimated rounds still to be played after the current one: the game ends after the round in which a
    stack is emptied, or when the deck cannot refill the display. The rates at which the shortest stack and
    the cards go are the rates seen so far, starting from :data:`STACK_RATE` and :data:`CARD_RATE`."""
    players = state.players
    elapsed = state.round - 1 + PRIOR_ROUNDS
    shortest = min(state.stack_left) if state.stack_left else STACK_SIZE
    stack_rate = (STACK_RATE.get(players, 0.5) * PRIOR_ROUNDS + STACK_SIZE - shortest) / elapsed
    by_stacks = (shortest - 0.75) / max(0.1, stack_rate)
    untaken = state.deck_size + sum(1 for card in state.display if card >= 0)
    card_rate = (CARD_RATE.get(players, 2.8) * PRIOR_ROUNDS + max(0, INITIAL_CARDS - untaken)) / elapsed
    by_deck = (untaken - len(state.display)) / max(0.1, card_rate) - 0.5
    by_clock = weights.game_length - state.round
    return max(0.0, min(by_stacks, by_deck, by_clock))


@dataclass(frozen=True, slots=True)
class Outlook:
    """What things are worth to one seat now, in projected points."""

    seat: int
    rounds: float
    """Rounds left after the current one (:func:`rounds_left`)."""
    goods: tuple[float, ...]
    """Points per unit of each resource index except food (food: :meth:`food_value`); 0 for food."""
    urgent: int
    """Food missing at this round's feeding."""
    needed: float
    """Food the people will still need after the urgent part (over the rounds left)."""
    tool_step: float
    agriculture_step: float
    person: float
    one_use_pip: float
    weights: Weights

    def food_value(self, held: int, gained: int) -> float:
        """Points of ``gained`` more food for a seat that already counts ``held`` food towards its needs beyond
        its stock (0 = none yet): the urgent units first, then the needed ones, then spare ones."""
        top = food_points(self.weights, self.urgent, self.needed, held + gained)
        return top - food_points(self.weights, self.urgent, self.needed, held)

    def expected_food(self, dice: int, bonus: int) -> float:
        """Expected points of hunting with ``dice`` dice and ``bonus`` tool pips: the expected food in each
        piece of the concave worth (urgent, needed, spare), from cached truncated means."""
        weights = self.weights
        urgent = capped_mean(dice, bonus, FOOD, self.urgent)
        covered = capped_mean(dice, bonus, FOOD, self.urgent + self.needed)
        return (
            weights.food_urgent * urgent
            + weights.food_point * (covered - urgent)
            + weights.food_spare * (expected_yield(dice, bonus, FOOD) - covered)
        )

    def gain_value(self, gain: Gain) -> float:
        """Points of a gain (``components.Gain``): food at its marginal value now, goods at their worth, then
        points, a person, a level of agriculture, a tool step."""
        kind, amount = gain
        if kind == FOOD:
            return self.food_value(0, amount)
        if kind < NRES:
            return amount * self.goods[kind]
        return amount * (1.0, self.person, self.agriculture_step, self.tool_step)[kind - POINTS]

    def unit(self, resource: int) -> float:
        """Points of one unit of ``resource`` (food at its marginal value now; an unknown resource 0.5)."""
        if resource == FOOD:
            return self.food_value(0, 1)
        return self.goods[resource] if resource < len(self.goods) else 0.5


def food_points(weights: Weights, urgent: int, needed: float, units: float) -> float:
    """Concave worth of ``units`` food beyond the stock: urgent units, then needed ones, then spare ones."""
    first = min(units, urgent)
    second = min(units - first, needed)
    return weights.food_urgent * first + weights.food_point * second + weights.food_spare * (units - first - second)


def outlook(state: StoneAgeState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> Outlook:
    """What things are worth to ``seat`` now (see the module docstring for the reasoning)."""
    left = rounds_left(state, weights)
    conversion = min(1.0, left / 2.0)
    goods = [0.0] * NRES
    for resource in GOODS:
        goods[resource] = 1.0 + conversion * (weights.conversion * RESOURCE_VALUES[resource] - 1.0)
    people, agriculture = state.people[seat], state.agriculture[seat]
    food = state.resources[seat * NRES + FOOD]
    per_round = food_from_stock(people, agriculture)
    urgent = max(0, per_round - food)
    needed = max(0.0, per_round * left - max(0, food - per_round))
    counts = figures(state.hands[seat])
    tools = state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES]
    future = left + 1.0
    tool_step = weights.tool_pip_round * future + counts[TOOLMAKER_FIGURE] if can_raise_tool(tools) else 0.0
    eat = weights.food_point if per_round > 0 or needed > 0 else weights.food_spare
    agriculture_step = 0.0 if agriculture >= MAX_AGRICULTURE else eat * future + counts[FARMER]
    person = 0.0
    if people < MAX_PEOPLE:
        person = max(0.0, (weights.person_round - weights.food_point) * left) + counts[SHAMAN]
    return Outlook(
        seat,
        left,
        tuple(goods),
        urgent,
        needed,
        tool_step,
        agriculture_step,
        person,
        weights.one_use_pip * conversion,
        weights,
    )
