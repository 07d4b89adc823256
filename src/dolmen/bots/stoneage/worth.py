"""What cards, buildings, places and whole positions are worth to a Stone Age seat, in projected final points
(the scale and the numbers of :mod:`dolmen.bots.stoneage.values`)."""

from __future__ import annotations

from typing import Final

from dolmen.bots.stoneage.values import (
    BUILDINGS_PER_ROUND,
    DEFAULT_WEIGHTS,
    EXTRA_CARD,
    GROWTH_PER_ROUND,
    LATER_SETS,
    PEOPLE_PER_ROUND,
    UNKNOWN_PLACE,
    Outlook,
    Weights,
    expected_yield,
    outlook,
)
from dolmen.games.stoneage.board import unused_tools
from dolmen.games.stoneage.cards import can_draw_card, price
from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARD_ROLL_DICE,
    CARDS,
    CULTURES,
    DICE_FOR_ALL_GAINS,
    DIE_FACES,
    FARMER,
    FIRST_CARD,
    FIRST_STACK,
    FOOD,
    GATHERING_SITES,
    GOLD,
    GOODS,
    HUNTING,
    HUT_BUILDER,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_VALUE,
    NLOC,
    NRES,
    ONE_USE_VALUE,
    RESOURCE_SITES,
    SHAMAN,
    SITE_RESOURCE,
    TOOLMAKER_FIGURE,
    VILLAGE_GAINS,
    CardEffect,
    Effect,
    effect,
    goods_value,
)
from dolmen.games.stoneage.feeding import food_from_stock
from dolmen.games.stoneage.module_components import FIFTH_SPACE, JEWEL
from dolmen.games.stoneage.payments import building_payments, cheapest_payment
from dolmen.games.stoneage.scoring import (
    culture_counts,
    culture_sets,
    figure_factors,
    figures,
    goods_points,
    set_points,
    symbol_points,
    tool_value,
)
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import PLACE_PEOPLE

FIGURE_GROWTH: Final = {
    FARMER: (GROWTH_PER_ROUND, MAX_AGRICULTURE),
    TOOLMAKER_FIGURE: (GROWTH_PER_ROUND, MAX_TOOL_VALUE),
    HUT_BUILDER: (BUILDINGS_PER_ROUND, None),
    SHAMAN: (PEOPLE_PER_ROUND, MAX_PEOPLE),
}
"""How fast what each figure kind multiplies is expected to grow per round, and its cap (hut builders: none)."""


def dice_for_all_value(view: Outlook, dice: int) -> float:
    """Expected points of the first pick among ``dice`` dice (``components.DICE_FOR_ALL_GAINS``)."""
    faces = sorted(pick_values(view))
    expected, below = 0.0, 0.0
    for rank, value in enumerate(faces, start=1):
        at_most = (rank / DIE_FACES) ** dice
        expected += value * (at_most - below)
        below = at_most
    return expected


def pick_values(view: Outlook) -> tuple[float, ...]:
    """Points of taking each die face 1 … 6 of a "dice for all" roll."""
    return tuple(view.gain_value(gain) for gain in DICE_FOR_ALL_GAINS)


def card_value(state: StoneAgeState, view: Outlook, card: int) -> float:
    """Points ``card`` brings its buyer (``view.seat``): its immediate top half (:func:`effect_value`) and its
    bottom half at the end (culture sets now plus a little for a new symbol; figures times their projected
    multiplier)."""
    spec = CARDS[card]
    top = effect_value(state, view, effect(card))
    hand = state.hands[view.seat]
    if spec.culture >= 0:
        bottom = culture_value(hand, spec.culture, view)
    else:
        bottom = spec.figures * figure_multiplier(state, view, spec.figure)
    return top + bottom


def effect_value(state: StoneAgeState, view: Outlook, top: CardEffect) -> float:
    """Points of a card's top half, by its kind (``components.Effect``; the game applies it in
    ``cards.apply_effect``)."""
    match top.kind:
        case Effect.GAIN:
            assert top.gain is not None
            return view.gain_value(top.gain)
        case Effect.CHOICE:
            return top.amount * view.goods[GOLD]
        case Effect.ROLL:
            return expected_yield(CARD_ROLL_DICE, 0, top.resource) * view.goods[top.resource]
        case Effect.DRAW:
            return EXTRA_CARD if can_draw_card(state) else 0.0
        case Effect.DICE_FOR_ALL:
            return dice_for_all_value(view, state.players)
    return top.amount * view.one_use_pip


def later_symbols(view: Outlook, size: int, layer: int) -> float:
    """New symbols the ``layer``-th culture set (0: the first), now of ``size`` symbols, is expected to gain."""
    room = len(CULTURES) - size
    return max(0.0, min(room, view.rounds * view.weights.symbols_per_round * LATER_SETS**layer))


def culture_value(hand: tuple[int, ...], culture: int, view: Outlook) -> float:
    """Points one more card of ``culture`` adds to the culture sets of ``hand`` at the end: it joins the first
    set lacking that symbol, whose size grows by the new symbols expected later (fewer for later sets)."""
    layer = culture_counts(hand)[culture]
    sets = culture_sets(hand)
    size = sets[layer] if layer < len(sets) else 0
    return symbol_points(size + min(later_symbols(view, size, layer), len(CULTURES) - 1 - size))


def projected_culture(hand: tuple[int, ...], view: Outlook) -> float:
    """What the culture cards of ``hand`` are projected to score: each set of size ``s`` that will gain ``f``
    more symbols ends at ``(s + f)²``, of which ``s² + 2·s·f`` is owed to the cards held now."""
    points = 0.0
    for layer, size in enumerate(culture_sets(hand)):
        points += set_points(size) + 2 * size * later_symbols(view, size, layer)
    return points


def figure_multiplier(state: StoneAgeState, view: Outlook, figure: int) -> float:
    """What one figure of kind ``figure`` is projected to score for ``view.seat`` at the end: what it multiplies
    now (``scoring.figure_factors``) grown over the rounds left, up to its cap (:data:`FIGURE_GROWTH`)."""
    growth, cap = FIGURE_GROWTH[figure]
    projected = figure_factors(state, view.seat)[figure] + growth * view.rounds
    return projected if cap is None else min(cap, projected)


def goods_cost(view: Outlook, counts: tuple[int, ...]) -> float:
    """Points the goods ``counts`` (wood, clay, stone, gold) are worth to ``view.seat``."""
    return sum(count * view.goods[resource] for count, resource in zip(counts, GOODS, strict=False))


def building_gain(view: Outlook, counts: tuple[int, ...], hut_builders: int) -> float:
    """Net points of a building paid with ``counts``: its points (the value paid) less the goods' worth, plus one
    per hut builder."""
    return goods_value(counts) - goods_cost(view, counts) + hut_builders


def hut_builders(state: StoneAgeState, seat: int) -> int:
    return figures(state.hands[seat])[HUT_BUILDER]


def card_payment(state: StoneAgeState, seat: int, space: int, holdings: tuple[int, ...]) -> tuple[int, ...] | None:
    """What ``seat`` would pay for the card on display ``space`` (0-based): the game's price
    (``cards.price``: the space's cost, one less with the trader's hut, jewels on the extension's fifth space)
    in the cheapest goods of ``holdings``, or on the fifth space in jewels, as the game lists that payment
    (wood, clay, stone, gold, jewels); ``None`` when they do not cover it."""
    cost = price(state, seat, space)
    if space == FIFTH_SPACE:
        return (0,) * JEWEL + (cost,) if state.jewels[seat] >= cost else None
    return cheapest_payment(holdings, cost)


def card_gain(state: StoneAgeState, view: Outlook, space: int, holdings: tuple[int, ...]) -> float | None:
    """Net points of buying the card on display ``space`` (0-based) with :func:`card_payment` from
    ``holdings`` (jewels cost nothing: they buy nothing else); ``None`` when it cannot be paid or the space is
    empty."""
    card = state.display[space]
    payment = card_payment(state, view.seat, space, holdings)
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
    builders = hut_builders(state, view.seat)
    ways = building_payments(holdings, BUILDINGS[top])
    if not ways:
        return None
    best = max(ways, key=lambda way: building_gain(view, way, builders))
    return building_gain(view, best, builders), best


def unused_tool_pips(state: StoneAgeState, seat: int) -> int:
    return sum(unused_tools(state, seat))


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
            return expected_yield(people, bonus, resource) * view.goods[resource]
        if loc in VILLAGE_GAINS:
            return view.gain_value(VILLAGE_GAINS[loc])
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
    return sum(position_terms(state, seat, weights))


POSITION_TERMS: Final = ("points", "culture", "figures", "goods", "people", "food", "tools", "this round")
"""The names of :func:`position_terms`, in order."""


def position_terms(state: StoneAgeState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """The terms of :func:`position_value`, named by :data:`POSITION_TERMS`: points now (score and goods at 1
    point each), culture cards and figures at their projected end values, what goods bring beyond a point, people,
    food (against what the people still eat), permanent and one-use tools, and this round's people."""
    view = outlook(state, seat, weights)
    base = seat * NRES
    left = view.rounds
    hand = state.hands[seat]
    figure_points = 0.0
    for figure, count in enumerate(figures(hand)):
        if count:
            figure_points += count * figure_multiplier(state, view, figure)
    goods = sum(state.resources[base + resource] * (view.goods[resource] - 1.0) for resource in GOODS)
    people, agriculture = state.people[seat], state.agriculture[seat]
    food = state.resources[base + FOOD]
    eat = food_from_stock(people, agriculture)
    short = eat - food
    if short > 0:
        food_points = -(weights.food_urgent * short + weights.food_point * eat * left)
    else:
        spare = food - eat - eat * left
        food_points = weights.food_spare * spare if spare > 0 else weights.food_point * spare
    tools = tool_value(state, seat) * weights.tool_pip_round * left
    tools += sum(ONE_USE_VALUE[card] for card in state.one_use[seat]) * view.one_use_pip
    return (
        float(state.score[seat] + goods_points(state.goods(seat))),
        projected_culture(hand, view),
        figure_points,
        goods,
        people * weights.person_round * left,
        food_points,
        tools,
        this_round(state, view),
    )


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
