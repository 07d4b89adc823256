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
    CULTURES,
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
    STACK_SIZE,
    TOOL_TILES,
    TOOLMAKER,
    TOOLMAKER_FIGURE,
)
from dolmen.games.stoneage.payments import can_pay, flexible_payments
from dolmen.games.stoneage.scoring import figures, tool_value
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import PLACE_PEOPLE


@dataclass(frozen=True, slots=True)
class Weights:
    """The numbers behind the values, in points (defaults tuned by self-play, see ``bench/stoneage_bots.py``)."""

    conversion: float = 0.9
    """Share of a good's value (wood 3 … gold 6) it is expected to bring as building or card points while rounds
    remain; the rest is lost to rounding, waiting and goods that end the game unspent (then 1 point each)."""
    person_round: float = 2.0
    """Points one person brings in one round (a gathering die is 3.5 pips, about 2.6 points of goods; a person
    also takes a card or a building)."""
    food_point: float = 1.5
    """Points one food is worth while the people will need it: what hunting it costs (2 pips of a 3.5-pip die)."""
    food_urgent: float = 2.5
    """Points one food is worth when it is missing at this round's feeding (it saves a good or part of -10)."""
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


ONE_USE_PIPS: Final = tuple(
    card.param if card.effect == E_ONE_USE_TOOL and isinstance(card.param, int) else 0 for card in CARDS
)
"""The pips of each card's one-use tool (0 for other cards)."""
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


@cache
def _truncated(dice: int, bonus: int, divisor: int, cap: int) -> tuple[float, float]:
    """``E[min(Y, cap)]`` and ``P(Y > cap)`` for ``Y = (sum of dice + bonus) // divisor``."""
    mean = above = 0.0
    for units, p in yield_distribution(dice, bonus, divisor):
        mean += p * min(units, cap)
        if units > cap:
            above += p
    return mean, above


def capped_mean(dice: int, bonus: int, divisor: int, cap: float) -> float:
    """``E[min(Y, cap)]`` for a real ``cap`` (linear between whole numbers, since ``Y`` is whole)."""
    whole = int(cap)
    mean, above = _truncated(dice, bonus, divisor, whole)
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
        urgent = capped_mean(dice, bonus, 2, self.urgent)
        covered = capped_mean(dice, bonus, 2, self.urgent + self.needed)
        return (
            weights.food_urgent * urgent
            + weights.food_point * (covered - urgent)
            + weights.food_spare * (expected_yield(dice, bonus, 2) - covered)
        )

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
    per_round = max(0, people - agriculture)
    urgent = max(0, per_round - food)
    needed = max(0.0, per_round * left - max(0, food - per_round))
    counts = figures(state.hands[seat])
    tools = state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES]
    future = left + 1.0
    tool_step = 0.0 if min(tools) >= MAX_TOOL else weights.tool_pip_round * future + counts[TOOLMAKER_FIGURE]
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
        bottom = culture_value(hand, spec.culture, view)
    else:
        bottom = spec.figures * figure_multiplier(state, view, spec.figure)
    return top + bottom


def culture_counts(hand: tuple[int, ...]) -> list[int]:
    """How many cards of each culture symbol ``hand`` holds."""
    counts = [0] * len(CULTURES)
    for card in hand:
        culture = CARDS[card].culture
        if culture >= 0:
            counts[culture] += 1
    return counts


def later_symbols(view: Outlook, size: int, layer: int) -> float:
    """New symbols the ``layer``-th culture set (0: the first), now of ``size`` symbols, is expected to gain."""
    room = len(CULTURES) - size
    return max(0.0, min(room, view.rounds * view.weights.symbols_per_round * LATER_SETS**layer))


def culture_value(hand: tuple[int, ...], culture: int, view: Outlook) -> float:
    """Points one more card of ``culture`` adds to the culture sets of ``hand`` at the end: it joins the first
    set lacking that symbol, whose size grows by the new symbols expected later (fewer for later sets)."""
    counts = culture_counts(hand)
    layer = counts[culture]
    size = sum(1 for count in counts if count > layer)
    return 2.0 * (size + min(later_symbols(view, size, layer), len(CULTURES) - 1 - size)) + 1.0


def projected_culture(hand: tuple[int, ...], view: Outlook) -> float:
    """What the culture cards of ``hand`` are projected to score: each set of size ``s`` that will gain ``f``
    more symbols ends at ``(s + f)²``, of which ``s² + 2·s·f`` is owed to the cards held now."""
    counts = culture_counts(hand)
    points, layer = 0.0, 0
    while True:
        size = sum(1 for count in counts if count > layer)
        if not size:
            return points
        points += size * size + 2 * size * later_symbols(view, size, layer)
        layer += 1


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
def position_value(state: StoneAgeState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """``seat``'s projected final score: points, culture sets and figures at their projected end values, plus
    what its goods, food, people, tools and placed people are expected to bring over the rounds left."""
    view = outlook(state, seat, weights)
    base = seat * NRES
    left = view.rounds
    hand = state.hands[seat]
    value = float(state.score[seat] + sum(state.goods(seat))) + projected_culture(hand, view)
    for figure, count in enumerate(figures(hand)):
        if count:
            value += count * figure_multiplier(state, view, figure)
    for resource in GOODS:
        value += state.resources[base + resource] * (view.goods[resource] - 1.0)
    people, agriculture = state.people[seat], state.agriculture[seat]
    food = state.resources[base + FOOD]
    value += people * weights.person_round * left
    # food against what the people still eat (this round's feeding and the rounds left)
    eat = max(0, people - agriculture)
    short = eat - food
    if short > 0:
        value -= weights.food_urgent * short + weights.food_point * eat * left
    else:
        spare = food - eat - eat * left
        value += weights.food_spare * spare if spare > 0 else weights.food_point * spare
    value += tool_value(state, seat) * weights.tool_pip_round * left
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
        value += state.available[seat] * view.weights.person_round
    return value
