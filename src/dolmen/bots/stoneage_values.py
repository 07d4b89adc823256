"""What things are worth in *Stone Age*, in projected final points, for the Stone Age bots.

One scale serves the greedy bot's choices, the MCTS playouts and the MCTS evaluation at a playout's step cap:
a point on the final score. A good is worth what it brings once turned into a building (its value, discounted
by :data:`CONVERSION`) while rounds remain, and 1 point at the end; food is worth what hunting it would cost while
the people will need it; a person, a tool pip and a level of agriculture are worth their yield per round times
the rounds left (:func:`rounds_left`, an estimate from the shortest building stack and the deck).

Everything here reads a full state (a determinized one for the greedy bot: it samples the hidden cards with
``state_from_view`` but reads only its own hand and the public table).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARDS,
    E_AGRICULTURE,
    E_CHOICE,
    E_DICE_FOR_ALL,
    E_EXTRA_CARD,
    E_FOOD,
    E_ONE_USE_TOOL,
    E_POINTS,
    E_RESOURCE,
    E_ROLL,
    E_TOOL_STEP,
    FARMER,
    FIELD,
    FIRST_CARD,
    FIRST_STACK,
    FIXED,
    FOOD,
    GATHERING_SITES,
    GOLD,
    GOODS,
    HUNTING,
    HUT,
    HUT_BUILDER,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL,
    NLOC,
    NRES,
    RESOURCE_SITES,
    RESOURCE_VALUES,
    SHAMAN,
    SITE_RESOURCE,
    TOOL_TILES,
    TOOLMAKER,
    TOOLMAKER_FIGURE,
)
from dolmen.games.stoneage.payments import can_pay, flexible_payments
from dolmen.games.stoneage.scoring import culture_points, figures, final_score, tool_value
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import PLACE_PEOPLE

CONVERSION: Final = 0.75
"""Share of a good's value (wood 3 … gold 6) it is expected to bring as building or card points while rounds
remain; the rest is lost to rounding, waiting and goods that end the game unspent (then 1 point each)."""
PERSON_ROUND: Final = 3.0
"""Points one person brings in one round (a gathering die is 3.5 pips, about 2.6 points of goods; a person
also takes a card or a building)."""
FOOD_POINT: Final = 1.5
"""Points one food is worth while the people will need it: what hunting it costs (2 pips of a 3.5-pip die)."""
FOOD_URGENT: Final = 2.5
"""Points one food is worth when it is missing at this round's feeding (it saves a good or part of -10)."""
FOOD_SPARE: Final = 0.15
"""Points one food is worth beyond everything the people will eat."""
TOOL_PIP_ROUND: Final = 0.55
"""Points one tool pip brings per round (a pip is worth 1/value of a good, less the rounding it cannot fix)."""
ONE_USE_PIP: Final = 0.6
"""Points one pip of a one-use tool is worth (used once)."""
ONE_USE_PIPS: Final = tuple(
    card.param if card.effect == E_ONE_USE_TOOL and isinstance(card.param, int) else 0 for card in CARDS
)
"""The pips of each card's one-use tool (0 for other cards)."""
UNKNOWN_PLACE: Final = 0.5
"""Points per person of a location the bots do not know (a module's), so that they never prefer it blindly."""
EXTRA_CARD: Final = 3.0
"""Points the bottom half of an unknown card is worth on average."""
BUILDINGS_PER_ROUND: Final = 0.35
"""Buildings a player adds per round (for hut builders' projected multiplier)."""
GROWTH_PER_ROUND: Final = 0.25
"""Agriculture and tool steps a player adds per round (for farmers' and toolmakers' projected multipliers)."""
STACK_RATE: Final = {2: 0.55, 3: 0.5, 4: 0.45}
"""Tiles taken from one building stack per round, by player count (the game ends when a stack is empty)."""
CARD_RATE: Final = {2: 1.6, 3: 2.0, 4: 2.4}
"""Cards taken from the display per round, by player count (the game ends when the deck cannot refill it)."""


@cache
def sum_distribution(dice: int) -> tuple[float, ...]:
    """``p[s]``: the probability that ``dice`` dice sum to ``s``."""
    probabilities = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(probabilities) + 6)
        for total, p in enumerate(probabilities):
            if p:
                for face in range(1, 7):
                    nxt[total + face] += p / 6
        probabilities = nxt
    return tuple(probabilities)


@cache
def yield_distribution(dice: int, bonus: int, divisor: int) -> tuple[tuple[int, float], ...]:
    """The distribution of ``(sum of dice + bonus) // divisor`` as ``(units, probability)`` pairs."""
    units: dict[int, float] = {}
    for total, p in enumerate(sum_distribution(dice)):
        if p:
            key = (total + bonus) // divisor
            units[key] = units.get(key, 0.0) + p
    return tuple(sorted(units.items()))


@cache
def expected_yield(dice: int, bonus: int, divisor: int) -> float:
    return sum(units * p for units, p in yield_distribution(dice, bonus, divisor))


def rounds_left(state: StoneAgeState) -> float:
    """Estimated rounds still to be played after the current one: the game ends after the round in which a
    stack is emptied, or when the deck cannot refill the display."""
    players = state.players
    shortest = min(state.stack_left) if state.stack_left else 7
    by_stacks = max(0.0, shortest - 1 + 0.5) / STACK_RATE.get(players, 0.45)
    by_deck = state.deck_size / CARD_RATE.get(players, 2.4)
    return max(0.0, min(by_stacks, by_deck))


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

    def food_value(self, held: int, gained: int) -> float:
        """Points of ``gained`` more food for a seat that already counts ``held`` food towards its needs beyond
        its stock (0 = none yet): the urgent units first, then the needed ones, then spare ones."""
        return food_points(self.urgent, self.needed, held + gained) - food_points(self.urgent, self.needed, held)

    def expected_food(self, dice: int, bonus: int, held: int = 0) -> float:
        """Expected points of hunting with ``dice`` dice and ``bonus`` tool pips."""
        return sum(p * self.food_value(held, units) for units, p in yield_distribution(dice, bonus, 2))

    def unit(self, resource: int) -> float:
        """Points of one unit of ``resource`` (food at its marginal value now; an unknown resource 0.5)."""
        if resource == FOOD:
            return self.food_value(0, 1)
        return self.goods[resource] if resource < len(self.goods) else 0.5


def food_points(urgent: int, needed: float, units: float) -> float:
    """Concave worth of ``units`` food beyond the stock: urgent units, then needed ones, then spare ones."""
    first = min(units, urgent)
    second = min(units - first, needed)
    return FOOD_URGENT * first + FOOD_POINT * second + FOOD_SPARE * (units - first - second)


def outlook(state: StoneAgeState, seat: int, rounds: float | None = None) -> Outlook:
    """What things are worth to ``seat`` now (see the module docstring for the reasoning)."""
    left = rounds_left(state) if rounds is None else rounds
    conversion = min(1.0, left / 2.0)
    goods = [0.0] * NRES
    for resource in GOODS:
        goods[resource] = 1.0 + conversion * (CONVERSION * RESOURCE_VALUES[resource] - 1.0)
    people, agriculture = state.people[seat], state.agriculture[seat]
    food = state.resources[seat * NRES + FOOD]
    per_round = max(0, people - agriculture)
    urgent = max(0, per_round - food)
    needed = max(0.0, per_round * left - max(0, food - per_round))
    counts = figures(state.hands[seat])
    tools = state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES]
    future = left + 1.0
    tool_step = 0.0 if min(tools) >= MAX_TOOL else TOOL_PIP_ROUND * future + counts[TOOLMAKER_FIGURE]
    eat = FOOD_POINT if per_round > 0 or needed > 0 else FOOD_SPARE
    agriculture_step = 0.0 if agriculture >= MAX_AGRICULTURE else eat * future + counts[FARMER]
    person = 0.0 if people >= MAX_PEOPLE else max(0.0, (PERSON_ROUND - FOOD_POINT) * left) + counts[SHAMAN]
    return Outlook(
        seat,
        left,
        tuple(goods),
        urgent,
        needed,
        tool_step,
        agriculture_step,
        person,
        ONE_USE_PIP * conversion,
    )


# -- cards and buildings ------------------------------------------------------------------------------------
def dice_for_all_value(view: Outlook, dice: int) -> float:
    """Expected points of the first pick among ``dice`` dice (faces 1–4 goods, 5 a tool step, 6 agriculture)."""
    faces = sorted(pick_values(view))
    expected, below = 0.0, 0.0
    for rank, value in enumerate(faces, start=1):
        at_most = (rank / 6) ** dice
        expected += value * (at_most - below)
        below = at_most
    return expected


def pick_values(view: Outlook) -> tuple[float, ...]:
    """Points of taking each die face 1 … 6 of a "dice for all" roll."""
    return (*(view.goods[g] for g in GOODS), view.tool_step, view.agriculture_step)


def card_value(state: StoneAgeState, view: Outlook, card: int) -> float:
    """Points ``card`` brings its buyer (``view.seat``): its immediate top half and its bottom half at the end
    (culture sets now plus a little for a new symbol; figures times their projected multiplier)."""
    spec = CARDS[card]
    seat, effect, param = view.seat, spec.effect, spec.param
    if effect == E_FOOD:
        top = view.food_value(0, int(param))  # type: ignore[arg-type]
    elif effect == E_RESOURCE:
        resource, amount = param  # type: ignore[misc]
        top = amount * view.goods[resource]
    elif effect == E_CHOICE:
        top = int(param) * view.goods[GOLD]  # type: ignore[arg-type]
    elif effect == E_TOOL_STEP:
        top = view.tool_step
    elif effect == E_ROLL:
        resource = int(param)  # type: ignore[arg-type]
        top = expected_yield(2, 0, RESOURCE_VALUES[resource]) * view.goods[resource]
    elif effect == E_EXTRA_CARD:
        top = EXTRA_CARD if state.deck_size else 0.0
    elif effect == E_DICE_FOR_ALL:
        top = dice_for_all_value(view, state.players)
    elif effect == E_AGRICULTURE:
        top = view.agriculture_step
    elif effect == E_POINTS:
        top = float(param)  # type: ignore[arg-type]
    elif effect == E_ONE_USE_TOOL:
        top = ONE_USE_PIPS[card] * view.one_use_pip
    else:
        top = 0.0
    hand = state.hands[seat]
    if spec.culture >= 0:
        bottom = float(culture_points((*hand, card)) - culture_points(hand))
        if not any(CARDS[c].culture == spec.culture for c in hand):
            bottom += min(1.5, view.rounds / 4)
    else:
        bottom = spec.figures * figure_multiplier(state, view, spec.figure)
    return top + bottom


def figure_multiplier(state: StoneAgeState, view: Outlook, figure: int) -> float:
    """What one figure of kind ``figure`` is projected to score for ``view.seat`` at the end."""
    seat, left = view.seat, view.rounds
    if figure == FARMER:
        return min(MAX_AGRICULTURE, state.agriculture[seat] + GROWTH_PER_ROUND * left)
    if figure == TOOLMAKER_FIGURE:
        return min(TOOL_TILES * MAX_TOOL, tool_value(state, seat) + GROWTH_PER_ROUND * left)
    if figure == HUT_BUILDER:
        return len(state.built[seat]) + BUILDINGS_PER_ROUND * left
    if figure == SHAMAN:
        return min(MAX_PEOPLE, state.people[seat] + 0.1 * left)
    return 0.0


def goods_cost(view: Outlook, counts: tuple[int, ...]) -> float:
    """Points the goods ``counts`` (wood, clay, stone, gold) are worth to ``view.seat``."""
    return sum(count * view.goods[resource] for count, resource in zip(counts, GOODS, strict=False))


def building_gain(view: Outlook, counts: tuple[int, ...], hut_builders: int) -> float:
    """Net points of a building paid with ``counts``: its points (the value paid) less the goods' worth, plus one
    per hut builder."""
    points = sum(count * RESOURCE_VALUES[resource] for count, resource in zip(counts, GOODS, strict=False))
    return points - goods_cost(view, counts) + hut_builders


def hut_builders(state: StoneAgeState, seat: int) -> int:
    return figures(state.hands[seat])[HUT_BUILDER]


def cheapest_goods(holdings: tuple[int, ...], size: int) -> tuple[int, ...] | None:
    """The ``size`` goods worth least (wood first, then clay, stone, gold), or ``None`` when too few are held."""
    if sum(holdings) < size:
        return None
    counts = []
    for held in holdings:
        take = min(held, size)
        counts.append(take)
        size -= take
    return tuple(counts)


def card_gain(state: StoneAgeState, view: Outlook, space: int, holdings: tuple[int, ...]) -> float | None:
    """Net points of buying the card on display ``space`` (0-based) with the cheapest goods of ``holdings``;
    ``None`` when the goods do not cover its cost or the space is empty."""
    card = state.display[space]
    payment = cheapest_goods(holdings, space + 1)
    if card < 0 or payment is None:
        return None
    return card_value(state, view, card) - goods_cost(view, payment)


def building_choice(
    state: StoneAgeState, view: Outlook, stack: int, holdings: tuple[int, ...]
) -> tuple[float, tuple[int, ...]] | None:
    """The best payment for the top tile of ``stack`` from ``holdings`` and its net points; ``None`` when it
    cannot be paid (or the stack shows no tile)."""
    top = state.stack_top[stack]
    if top < 0:
        return None
    tile = BUILDINGS[top]
    builders = hut_builders(state, view.seat)
    if tile.kind == FIXED:
        if not can_pay(holdings, tile.cost):
            return None
        return building_gain(view, tile.cost, builders), tile.cost
    ways = flexible_payments(holdings, tile.kind, tile.n, tile.k)
    if not ways:
        return None
    best = max(ways, key=lambda way: building_gain(view, way, builders))
    return building_gain(view, best, builders), best


def unused_tool_pips(state: StoneAgeState, seat: int) -> int:
    base = seat * TOOL_TILES
    return sum(state.tools[i] for i in range(base, base + TOOL_TILES) if not state.tool_used[i])


def location_value(
    state: StoneAgeState, view: Outlook, loc: int, people: int, bonus: int, holdings: tuple[int, ...]
) -> float:
    """Expected points of ``people`` of ``view.seat`` on ``loc`` this round, with ``bonus`` tool pips for a
    gathering site and ``holdings`` to pay for a card or a building (0 when they cannot pay). A location this
    module does not know (a module's) is worth a little per person."""
    if loc == HUNTING:
        return view.expected_food(people, bonus)
    if loc < FIRST_CARD:
        if loc in RESOURCE_SITES:
            resource = SITE_RESOURCE[loc]
            return expected_yield(people, bonus, RESOURCE_VALUES[resource]) * view.goods[resource]
        if loc == TOOLMAKER:
            return view.tool_step
        if loc == HUT:
            return view.person
        if loc == FIELD:
            return view.agriculture_step
        return UNKNOWN_PLACE * people
    if loc < FIRST_STACK:
        gain = card_gain(state, view, loc - FIRST_CARD, holdings)
        return 0.0 if gain is None else max(0.0, gain)
    if loc < FIRST_STACK + len(state.stack_top):
        choice = building_choice(state, view, loc - FIRST_STACK, holdings)
        return 0.0 if choice is None else max(0.0, choice[0])
    return UNKNOWN_PLACE * people


# -- a whole position -------------------------------------------------------------------------------------------
def position_value(state: StoneAgeState, seat: int, rounds: float | None = None) -> float:
    """``seat``'s projected final score: the score if the game ended now, plus what its goods, food, people,
    tools and placed people are expected to bring over the rounds left."""
    view = outlook(state, seat, rounds)
    base = seat * NRES
    left = view.rounds
    value = float(final_score(state, seat))
    for resource in GOODS:
        value += state.resources[base + resource] * (view.goods[resource] - 1.0)
    people, agriculture = state.people[seat], state.agriculture[seat]
    food = state.resources[base + FOOD]
    value += people * PERSON_ROUND * left
    # food against what the people still eat (this round's feeding and the rounds left)
    eat = max(0, people - agriculture)
    short = eat - food
    if short > 0:
        value -= FOOD_URGENT * short + FOOD_POINT * eat * left
    else:
        spare = food - eat - eat * left
        value += FOOD_SPARE * spare if spare > 0 else FOOD_POINT * spare
    value += tool_value(state, seat) * TOOL_PIP_ROUND * left
    value += sum(ONE_USE_PIPS[card] for card in state.one_use[seat]) * view.one_use_pip
    return value + this_round(state, view)


def this_round(state: StoneAgeState, view: Outlook) -> float:
    """What the seat's people still bring this round: those placed and not yet resolved at their locations'
    expected value (tools on the first gathering site), those not yet placed at a person's round."""
    seat = view.seat
    base = seat * NLOC
    placed = state.placed
    holdings = state.goods(seat)
    bonus = unused_tool_pips(state, seat)
    value = 0.0
    for loc in range(NLOC):
        count = placed[base + loc]
        if count:
            value += location_value(state, view, loc, count, bonus, holdings)
            if loc in GATHERING_SITES:
                bonus = 0
    if state.step == PLACE_PEOPLE:
        value += state.available[seat] * PERSON_ROUND
    return value
