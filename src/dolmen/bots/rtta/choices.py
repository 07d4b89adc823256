"""The ``greedy`` rules for the rest of a *Roll Through the Ages* turn, and :func:`greedy_action`, which answers any
decision.

- **Building.** Cities first while the game is young (more dice), then monuments: one the workers complete (the
  most points it scores — a first builder's value when nobody has built it yet), else the best points per box,
  the most advanced first. Engineering turns in just enough stone to complete a target. Ships (Shipping) while
  the goods are over the discard limit or there is none yet.
- **Buying.** The development whose points plus effect, less the goods spent and a share of the limited
  development slots, is best; never the one that ends the game early, unless it is the last turn or (with
  opponents) the seat leads.
- **Discarding** keeps the most valuable goods; Smithing spends every spearhead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dolmen.bots.fallback import NoRule
from dolmen.bots.rtta.plan import most_valuable_discard
from dolmen.bots.rtta.rules import (
    CITY_TURNS,
    development_worth,
    food_choice,
    leadership_choice,
    preservation_choice,
    reroll_choice,
)
from dolmen.bots.rtta.trade import COIN_POINTS, answer_choice, trade_choice
from dolmen.bots.rtta.values import turns_left
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import END_BUILD, END_BUY, SHIP, Action, Kind
from dolmen.games.rtta.building import engineered_workers, open_targets, stone_for_workers
from dolmen.games.rtta.buying import granary_rate, must_discard, payment_value
from dolmen.games.rtta.components import (
    CITIES,
    ENGINEERING,
    MAX_CITIES,
    SPEARHEADS,
    STONE,
    TARGET_BOXES,
)
from dolmen.games.rtta.scoring import monument_points, score
from dolmen.games.rtta.state import RttaState

SLOT_POINTS: Final = 3.0
"""What one of the limited development slots (the game ends at the edition's ``end_developments``) is worth before
the last turn."""
MIN_ENGINEERED_POINTS: Final = 2
"""Engineering spends stone only to complete a city or a monument worth at least this many points."""


# -- building -------------------------------------------------------------------------------------------------
def _target_points(state: RttaState, seat: int) -> dict[int, int]:
    """Per monument target, the points ``seat`` scores for completing it."""
    return {CITIES + m: points for m, points in enumerate(monument_points(state.edition, state.first_builder, seat))}


def build_target(state: RttaState, seat: int, workers: int) -> tuple[int, int] | None:
    """Where the next ``workers`` go: ``(target, boxes)``, or ``None`` when nothing is open."""
    progress = state.progress[seat]
    targets = open_targets(state, seat)
    cities = [t for t in targets if t < CITIES]
    monuments = [t for t in targets if t >= CITIES]
    wants_cities = state.cities[seat] < MAX_CITIES and turns_left(state, seat) >= CITY_TURNS
    if cities and (wants_cities or not monuments):
        city = min(cities, key=lambda t: TARGET_BOXES[t] - progress[t])
        return city, min(workers, TARGET_BOXES[city] - progress[city])
    if not monuments:
        return None
    points = _target_points(state, seat)
    completable = [t for t in monuments if TARGET_BOXES[t] - progress[t] <= workers]
    if completable:
        best = max(completable, key=lambda t: (points[t], progress[t]))
        return best, TARGET_BOXES[best] - progress[best]
    best = max(monuments, key=lambda t: (points[t] / TARGET_BOXES[t], progress[t]))
    return best, workers


def engineering_stone(state: RttaState, seat: int) -> int:
    """Stone to turn in (Engineering) so that the workers complete a city or a worthwhile monument; 0 if none."""
    if not state.devs[seat] >> ENGINEERING & 1:
        return 0
    stone = state.goods[seat][STONE]
    progress = state.progress[seat]
    workers = state.workers
    points = _target_points(state, seat)
    needed = []
    for t in open_targets(state, seat):
        left = TARGET_BOXES[t] - progress[t]
        if workers < left <= workers + engineered_workers(stone) and (t < CITIES or points[t] >= MIN_ENGINEERED_POINTS):
            needed.append(stone_for_workers(left - workers))
    return min(needed, default=0)


def build_choice(state: RttaState, seat: int, legal: Sequence[Action]) -> Action:
    if SHIP in legal and (state.ships[seat] == 0 or must_discard(state.goods[seat], state.devs[seat])):
        return SHIP
    stone = engineering_stone(state, seat)
    if stone and (Kind.ENGINEER, stone) in legal:
        return (Kind.ENGINEER, stone)
    if state.workers:
        target = build_target(state, seat, state.workers)
        if target is not None:
            return (Kind.BUILD, *target)
    return END_BUILD


# -- buying and the rest ------------------------------------------------------------------------------------------
def may_end_game(state: RttaState, seat: int) -> bool:
    """Whether the seat should make the purchase that reaches the development goal (which ends the game)."""
    if turns_left(state, seat) == 0:
        return True
    if state.solo:
        return False
    mine = score(state, seat)
    return all(mine >= score(state, other) for other in range(state.players) if other != seat)


def buy_choice(state: RttaState, seat: int, legal: Sequence[Action]) -> Action:
    turns = turns_left(state, seat)
    slot = SLOT_POINTS if turns > 0 else 0.0
    owned = state.devs[seat].bit_count()
    if owned + 1 >= state.edition.end_developments and not may_end_game(state, seat):
        return END_BUY
    best, best_worth = END_BUY, 0.0
    buy = Kind.BUY
    goods, rate = state.goods[seat], granary_rate(state.edition, state.devs[seat])
    for action in legal:
        if action[0] != buy:
            continue
        _, dev, tracks, food = action
        worth = development_worth(state, seat, dev, turns) - slot
        # what the goods and food spent are worth (the turn's coins are lost anyway)
        worth -= COIN_POINTS * payment_value(goods, tracks, food, rate)
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def discard_choice(state: RttaState, seat: int) -> Action:
    return (Kind.DISCARD, most_valuable_discard(tuple(state.goods[seat])))


def greedy_action(state: RttaState, seat: int, legal: Sequence[Action]) -> Action:
    """The greedy answer to any decision of ``seat`` in the full state ``state``; :class:`NoRule` for a step it
    has no rule for."""
    match state.step:
        case steps.PRESERVE:
            return preservation_choice(state, seat)
        case steps.REROLL:
            return reroll_choice(state, seat)
        case steps.LEADERSHIP:
            return leadership_choice(state, seat)
        case steps.FOOD:
            return food_choice(state, seat)
        case steps.SMITHING:
            return (Kind.SPEARHEADS, state.goods[seat][SPEARHEADS])
        case steps.BUILD:
            return build_choice(state, seat, legal)
        case steps.TRADE:
            return trade_choice(state, seat, legal)
        case steps.ANSWER:
            return answer_choice(state, seat)
        case steps.BUY:
            return buy_choice(state, seat, legal)
        case steps.DISCARD:
            return discard_choice(state, seat)
    raise NoRule(f"no greedy rule for step {steps.STEP_NAMES[state.step]!r}")
