"""The Stone Age heuristics: one rule per kind of decision, on the projected-points scale of
:mod:`dolmen.bots.stoneage.values`.

:func:`choose` answers any decision the engine asks. Decisions it knows (placing, the order of resolution,
tools, paying for cards and buildings, goods of one's choice, dice for all, feeding) follow their rule; any
other decision (an action kind a module adds) is answered by a one-step lookahead: each legal action is applied
to a copy, chance is sampled up to the next decision, and the copy's :func:`position_value` is compared.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Final, Protocol

from dolmen.bots.stoneage.placement import plan_placement
from dolmen.bots.stoneage.values import DEFAULT_WEIGHTS, Outlook, Weights, outlook
from dolmen.bots.stoneage.worth import building_gain, card_value, goods_cost, hut_builders, pick_values, position_value
from dolmen.engine.core import CHANCE, Action
from dolmen.games.stoneage.actions import BUY, DECLINE, FEED, PAY, PENALTY, PICK, PLACE, RESOLVE, TAKE, TOOLS
from dolmen.games.stoneage.components import (
    BUILDINGS,
    DIE_FACES,
    FIELD,
    FIRST_CARD,
    FIRST_STACK,
    FOOD,
    GATHERING_SITES,
    HUNGER_PENALTY,
    HUT,
    NLOC,
    NRES,
    TOOLMAKER,
    gathering_yield,
)
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import BUY_BUILDING, PAY_CARD

KNOWN: Final = frozenset({PLACE, RESOLVE, TOOLS, PAY, BUY, DECLINE, TAKE, PICK, FEED, PENALTY})
"""The action kinds the rules below know; a decision offering any other kind is answered by lookahead."""
TILE_PIP_COST: Final = 0.3
"""Points a tool pip spent now costs when the seat still has gathering to do this round (it could help there)."""
PIP_TIE: Final = 0.001
"""A hair per pip spent, so that among equal yields the smallest tools are used."""
LOOKAHEAD_SAMPLES: Final = 2
"""Chance outcomes sampled after each action when looking one step ahead."""
CHANCE_STEPS: Final = 50
"""At most this many chance steps are drawn after an action when looking ahead."""
RESOLVE_ORDER: Final = {TOOLMAKER: 0, HUT: 1, FIELD: 2}
"""Village places first (a new tool tile helps this round's gathering), then gathering, buildings, cards."""


def kind(action: Hashable) -> int | None:
    """The kind of a Stone Age action (its first item), ``None`` for anything else."""
    return action[0] if isinstance(action, tuple) and action and isinstance(action[0], int) else None


def choose(
    state: StoneAgeState,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    fast: bool = False,
    weights: Weights = DEFAULT_WEIGHTS,
    chance: Chance | None = None,
) -> Action:
    """``seat``'s action among ``legal`` in the full state ``state``. ``fast`` (MCTS playouts) samples chance
    once instead of :data:`LOOKAHEAD_SAMPLES` times when looking ahead; ``chance`` is how a lookahead meets chance
    (a search's own draws and horizon)."""
    if len(legal) == 1:
        return legal[0]
    kinds = {kind(action) for action in legal}
    samples = 1 if fast else LOOKAHEAD_SAMPLES
    if not kinds <= KNOWN:
        return lookahead(state, seat, legal, rng, samples=samples, weights=weights, chance=chance)
    view = outlook(state, seat, weights)
    if kinds == {PLACE}:
        return plan_placement(state, view, legal)
    if kinds == {RESOLVE}:
        return min(legal, key=lambda action: resolve_rank(state, seat, action))
    if kinds == {TOOLS}:
        return choose_tools(state, view, legal)
    if kinds <= {PAY, BUY, DECLINE} and state.step in (PAY_CARD, BUY_BUILDING):
        return choose_purchase(state, view, legal)
    if kinds == {TAKE}:
        return max(legal, key=lambda action: goods_cost(view, action[1]))  # type: ignore[index]
    if kinds == {PICK}:
        values = pick_values(view)
        return max(legal, key=lambda action: values[action[1] - 1] if 1 <= action[1] <= DIE_FACES else 0.0)  # type: ignore[index]
    if kinds <= {FEED, PENALTY}:
        return min(legal, key=lambda action: feeding_cost(view, action))
    return lookahead(state, seat, legal, rng, samples=samples, weights=weights, chance=chance)


def resolve_rank(state: StoneAgeState, seat: int, action: Action) -> tuple[int, int]:
    """Village first, then gathering (most people first), buildings, cards; places the bots do not know last."""
    loc: int = action[1]  # type: ignore[index]
    if loc in RESOLVE_ORDER:
        return (RESOLVE_ORDER[loc], 0)
    if loc in GATHERING_SITES:
        return (3, -state.placed[seat * NLOC + loc])
    if FIRST_STACK <= loc < FIRST_STACK + len(state.stack_top):
        return (4, 0)
    if FIRST_CARD <= loc < FIRST_STACK:
        return (5, 0)
    return (6, loc)


def choose_tools(state: StoneAgeState, view: Outlook, legal: Sequence[Action]) -> Action:
    """The tools that add the most yield for their cost: tiles are free unless more gathering remains this
    round, one-use tools cost what they would bring later; among equal yields the smallest tools."""
    seat, resource, total = view.seat, state.roll_res, state.roll_total
    is_resource = 0 <= resource < NRES
    base = seat * NLOC
    more_gathering = any(state.placed[base + loc] for loc in GATHERING_SITES)
    tile_cost = TILE_PIP_COST if more_gathering else 0.0
    once_cost = view.one_use_pip

    def worth(action: Action) -> float:
        move: Any = action
        tiles, once = sum(move[1]), sum(move[2])
        units = gathering_yield(total + tiles + once, resource) if is_resource else total + tiles + once
        if resource == FOOD:
            gain = view.food_value(0, units)
        else:
            gain = units * view.unit(resource)
        return gain - tile_cost * tiles - once_cost * once - PIP_TIE * (tiles + once)

    return max(legal, key=worth)


def choose_purchase(state: StoneAgeState, view: Outlook, legal: Sequence[Action]) -> Action:
    """Pay for a card (the cheapest goods) when it is worth more than they are; buy a building (the payment
    with the best net points) when it gains points; otherwise decline."""
    decline = next((action for action in legal if kind(action) == DECLINE), None)
    best: Action | None = None
    best_gain = 0.0
    if state.step == PAY_CARD:
        worth = card_value(state, view, state.display[state.target - FIRST_CARD])
        for action in legal:
            if kind(action) == PAY:
                gain = worth - goods_cost(view, action[1])  # type: ignore[index]
                if gain > best_gain:
                    best, best_gain = action, gain
    else:
        tile = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
        builders = hut_builders(state, view.seat)
        for action in legal:
            move: Any = action
            counts = move[1] if move[0] == PAY else tile.cost if move[0] == BUY else None
            if counts is not None:
                gain = building_gain(view, counts, builders)
                if gain > best_gain:
                    best, best_gain = action, gain
    if best is not None:
        return best
    return decline if decline is not None else legal[0]


def feeding_cost(view: Outlook, action: Action) -> float:
    """Points lost by feeding with these goods, or by taking the penalty."""
    if kind(action) == PENALTY:
        return float(HUNGER_PENALTY)
    return goods_cost(view, action[1])  # type: ignore[index]


def standing(state: StoneAgeState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """``seat``'s projected final score less the others' mean: what a change does to everybody alike (e.g. the
    game's end coming nearer) cancels out."""
    others = [position_value(state, other, weights) for other in range(state.players) if other != seat]
    return position_value(state, seat, weights) - sum(others) / max(1, len(others))


class Chance(Protocol):
    """How a lookahead inside a search meets chance: the search's draws and its horizon."""

    def at_horizon(self, state: StoneAgeState) -> bool:
        """Whether the search stops at ``state`` (the lookahead does too)."""
        ...

    def sample(self, state: StoneAgeState, rng: random.Random) -> Hashable:
        """The outcome of the chance event at ``state``."""
        ...


def lookahead(
    state: StoneAgeState,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    samples: int = LOOKAHEAD_SAMPLES,
    weights: Weights = DEFAULT_WEIGHTS,
    chance: Chance | None = None,
) -> Action:
    """The action after which ``seat``'s :func:`standing` is best, chance sampled ``samples`` times up to the
    next decision. Every action meets the same chance draws (common random numbers), so that the dice do not
    decide between actions whose worth differs by less than they do. Inside a search, ``chance`` draws the
    outcomes and stops at the search's horizon (:class:`Chance`)."""
    seeds = [rng.random() for _ in range(samples)]
    best, best_value = legal[0], float("-inf")
    for index in range(len(legal)):
        action = legal[index]
        total = 0.0
        for seed in seeds:
            draws = random.Random(seed)
            after = state.clone()
            after._apply_action(seat, action)
            for _ in range(CHANCE_STEPS):
                actors = after.actors()
                if not actors or actors[0] != CHANCE:
                    break
                if chance is None:
                    after._apply_chance(after.sample_chance(draws))
                elif chance.at_horizon(after):
                    break
                else:
                    after._apply_chance(chance.sample(after, draws))
            total += standing(after, seat, weights)
        if total > best_value:
            best, best_value = action, total
    return best
