"""Where the Stone Age bots put their people: a plan for the whole round.

:func:`plan_placement` (the greedy bot) plans every person still at home at once: each location the seat may
still use is a group of choices (how many people, with or without the unused tool tiles on a gathering site),
valued in projected points by :func:`dolmen.bots.stoneage.worth.location_value`; cards and buildings are
valued against the goods left once the better purchases are paid for; a small knapsack over (people, tools
spent) picks the best plan. It then places the part of the plan others are most likely to take first: cards,
buildings and village huts by value, then the resource sites, hunting last.

:func:`placement_scorer` weighs each placement alone (its value less what the same people would bring
elsewhere): the MCTS adds the best of them to the plan's placements as the candidates of its root.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from dolmen.bots.stoneage.values import Outlook
from dolmen.bots.stoneage.worth import building_choice, card_gain, card_payment, location_value, unused_tool_pips
from dolmen.engine.core import Action
from dolmen.games.stoneage.components import (
    FIRST_CARD,
    FIRST_STACK,
    GATHERING_SITES,
    HUNTING,
    NLOC,
    VILLAGE,
    VILLAGE_PEOPLE,
)
from dolmen.games.stoneage.placement import village_room
from dolmen.games.stoneage.state import StoneAgeState

MINOR: Final = 1.5
"""A card, building or village place worth less than this many points is placed after the resource sites."""
RESERVE_PERSON: Final = 2.0
"""Points a person is assumed to bring elsewhere when a playout weighs one placement alone."""


def committed_goods(state: StoneAgeState, view: Outlook) -> tuple[int, ...]:
    """The goods ``view.seat`` still holds once the buildings and cards it has already taken a place on this
    round are paid for (the best payment for buildings, which are resolved first; :func:`card_payment` for
    cards)."""
    seat = view.seat
    holdings = state.goods(seat)
    base = seat * NLOC
    for stack in range(len(state.stack_top)):
        if state.placed[base + FIRST_STACK + stack]:
            choice = building_choice(state, view, stack, holdings)
            holdings = _less(holdings, None if choice is None else choice[1])
    for space in range(len(state.display)):
        if state.placed[base + FIRST_CARD + space]:
            holdings = _less(holdings, card_payment(state, seat, space, holdings))
    return holdings


def _less(holdings: tuple[int, ...], payment: tuple[int, ...] | None) -> tuple[int, ...]:
    """``holdings`` less the goods of ``payment`` (its jewels, a fifth count, are not among them)."""
    if payment is None:
        return holdings
    return tuple(h - p for h, p in zip(holdings, payment, strict=False))


def plan_placement(state: StoneAgeState, view: Outlook, legal: Sequence[Action]) -> Action:
    """The placement to make now from the best plan for every person still at home (see the module docstring).
    ``legal`` holds placements ``(PLACE, loc, n)``; anything else in it is never chosen."""
    plan = round_plan(state, view, legal)
    return plan[0] if plan else legal[0]


def round_plan(state: StoneAgeState, view: Outlook, legal: Sequence[Action]) -> list[Action]:
    """The best plan for every person still at home, as placements in the order to make them (most contested
    first); empty when no placement is worth anything."""
    seat = view.seat
    by_location: dict[int, dict[int, Action]] = {}
    for action in legal:
        move: Any = action
        by_location.setdefault(move[1], {})[move[2]] = action
    people = state.available[seat]
    base = seat * NLOC
    tools_free = not any(state.placed[base + loc] for loc in GATHERING_SITES)
    bonus = unused_tool_pips(state, seat) if tools_free else 0
    purchases = _purchase_values(state, view, seat, by_location)
    village = _village_values(state, view, by_location)
    groups: list[tuple[int, list[tuple[int, float, float]]]] = []
    for loc, counts in by_location.items():
        if loc in purchases:
            if purchases[loc] > 0:
                groups.append((loc, [(1, purchases[loc], purchases[loc])]))
        elif loc in village:
            groups.append((loc, [(next(iter(counts)), village[loc], village[loc])]))
        elif loc in GATHERING_SITES:
            choices = []
            for n in counts:
                plain = location_value(state, view, loc, n, 0, ())
                tooled = location_value(state, view, loc, n, bonus, ()) if bonus else plain
                choices.append((n, plain, tooled))
            groups.append((loc, choices))
        elif loc not in VILLAGE:
            groups.append((loc, [(n, location_value(state, view, loc, n, 0, ()), -1.0) for n in counts]))
    plan = sorted(_knapsack(groups, people), key=lambda item: _urgency(*item), reverse=True)
    return [by_location[loc][n] for loc, n, _ in plan]


def _urgency(loc: int, n: int, value: float) -> tuple[int, float]:
    """Which part of a plan to place first: valuable single places, then resource sites, hunting last."""
    if loc == HUNTING:
        return (0, value)
    if loc in GATHERING_SITES:
        return (1, value)
    if value < MINOR:
        return (0, value - 100.0)
    return (2, value)


def _purchase_values(
    state: StoneAgeState, view: Outlook, seat: int, by_location: dict[int, dict[int, Action]]
) -> dict[int, float]:
    """Net points of each card and building place in ``by_location``, paying for the best ones first from what
    the seat holds (a purchase the goods left cannot cover is worth 0)."""
    holdings = committed_goods(state, view)
    offers: list[tuple[float, int]] = []
    values: dict[int, float] = {}
    for loc in by_location:
        if FIRST_CARD <= loc < FIRST_STACK:
            gain = card_gain(state, view, loc - FIRST_CARD, holdings)
        elif FIRST_STACK <= loc < FIRST_STACK + len(state.stack_top):
            choice = building_choice(state, view, loc - FIRST_STACK, holdings)
            gain = None if choice is None else choice[0]
        else:
            continue
        if gain is None or gain <= 0:
            values[loc] = 0.0
        else:
            offers.append((gain, loc))
    for _, loc in sorted(offers, reverse=True):
        if FIRST_CARD <= loc < FIRST_STACK:
            space = loc - FIRST_CARD
            gain = card_gain(state, view, space, holdings)
            payment = card_payment(state, seat, space, holdings) if gain is not None and gain > 0 else None
        else:
            choice = building_choice(state, view, loc - FIRST_STACK, holdings)
            gain, payment = (None, None) if choice is None or choice[0] <= 0 else choice
        values[loc] = max(0.0, gain) if gain is not None and payment is not None else 0.0
        holdings = _less(holdings, payment)
    return values


def _village_values(state: StoneAgeState, view: Outlook, by_location: dict[int, dict[int, Action]]) -> dict[int, float]:
    """Points of each village place in ``by_location``; when fewer may still be occupied than are offered (2–3
    players), only the best ones are kept."""
    offered = [loc for loc in VILLAGE if loc in by_location]
    values: dict[int, float] = {loc: location_value(state, view, loc, VILLAGE_PEOPLE[loc], 0, ()) for loc in offered}
    room = village_room(state)
    if room < len(offered):
        for loc in sorted(offered, key=lambda loc: values[loc] / VILLAGE_PEOPLE[loc])[: len(offered) - room]:
            del values[loc]
    return values


def _knapsack(groups: list[tuple[int, list[tuple[int, float, float]]]], people: int) -> list[tuple[int, int, float]]:
    """The best plan: at most one choice per group, at most ``people`` people, the tool tiles on at most one
    gathering site. Choices are ``(n, value, value with the tools)`` (the latter negative: not a gathering
    site). Returns ``(loc, n, value)`` per chosen place."""
    unset = float("-inf")
    # best[2 * used + tools]: the best value with ``used`` people placed, the tools spent (1) or not (0)
    best = [unset] * (2 * people + 2)
    best[0] = 0.0
    back: list[dict[int, tuple[int, int, float]]] = []
    for _, choices in groups:
        nxt = best[:]
        moves: dict[int, tuple[int, int, float]] = {}
        for key in range(2 * people + 2):
            here = best[key]
            if here == unset:
                continue
            tools = key & 1
            room = people - (key >> 1)
            for n, plain, tooled in choices:
                if n > room:
                    continue
                target = key + 2 * n
                if here + plain > nxt[target]:
                    nxt[target] = here + plain
                    moves[target] = (key, n, plain)
                if not tools and tooled > plain and here + tooled > nxt[target + 1]:
                    nxt[target + 1] = here + tooled
                    moves[target + 1] = (key, n, tooled)
        best = nxt
        back.append(moves)
    end = max(range(2 * people + 2), key=best.__getitem__)
    plan: list[tuple[int, int, float]] = []
    for (loc, _), moves in zip(reversed(groups), reversed(back), strict=True):
        move = moves.get(end)
        if move is not None:
            end, n, value = move
            plan.append((loc, n, value))
    return plan


def placement_scorer(state: StoneAgeState, view: Outlook) -> Callable[[Action], float]:
    """Weighs a placement alone: its expected points less :data:`RESERVE_PERSON` per person (none for the last
    person at home), with the tool tiles on it if no gathering site holds them yet and the goods left after the
    purchases already placed for."""
    seat = view.seat
    base = seat * NLOC
    tools_free = not any(state.placed[base + site] for site in GATHERING_SITES)
    bonus = unused_tool_pips(state, seat) if tools_free else 0
    holdings = committed_goods(state, view)
    reserve = RESERVE_PERSON if state.available[seat] > 1 else 0.0

    def score(action: Action) -> float:
        move: Any = action
        loc, n = move[1], move[2]
        return location_value(state, view, loc, n, bonus, holdings) - reserve * n

    return score
