"""Step 2, disasters by the skulls showing after the last roll, and Smithing's spearheads.

Seed 002, Table 2 and "Rules for Solitaire Play"; seed 000, Late Bronze Age "Forge" (Smithing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dolmen.engine.events import Event
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import Action, Kind
from dolmen.games.rtta.components import (
    DISASTERS,
    GOOD_MAX,
    GOOD_TYPES,
    GREAT_WALL,
    GREAT_WALL_TARGET,
    IRRIGATION,
    MEDICINE,
    MONUMENT_BOXES,
    RELIGION,
    SKULL,
    SMITHING,
    SMITHING_POINTS,
    SPEARHEADS,
)
from dolmen.games.rtta.log import DISASTER_NAMES

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

DROUGHT: Final = DISASTERS[0][0]
PESTILENCE: Final = DISASTERS[1][0]
INVASION: Final = DISASTERS[2][0]
REVOLT: Final = DISASTERS[3][0]
"""Skulls for each disaster (seed 002, Table 2); Revolt at 5 or more."""
DROUGHT_POINTS: Final = DISASTERS[0][2]
PESTILENCE_POINTS: Final = DISASTERS[1][2]
INVASION_POINTS: Final = DISASTERS[2][2]
_GREAT_WALL_BOXES: Final = MONUMENT_BOXES[GREAT_WALL]


def has_great_wall(progress: Sequence[int]) -> bool:
    """Whether a board's Great Wall is complete (it stops Invasions, seed 002 Table 2)."""
    return progress[GREAT_WALL_TARGET] == _GREAT_WALL_BOXES


def own_disaster(skulls: int, devs: int, has_wall: bool, solo: bool) -> tuple[int, bool]:
    """What the skulls of a seat's last roll cost that seat itself: the disaster points, and whether it loses all
    its goods (Revolt). :func:`resolve_disasters` applies the same rules to the whole table, with the log; this
    is the roller's share alone, for the bots' many trial rolls (``tests/rtta/test_collect_and_feed.py`` checks
    that both agree)."""
    if skulls < DROUGHT:
        return 0, False
    if skulls == DROUGHT:
        return (0 if devs >> IRRIGATION & 1 else DROUGHT_POINTS), False
    if skulls == PESTILENCE:
        # Pestilence hits the opponents; solo, the player (unless Medicine).
        return (PESTILENCE_POINTS if solo and not devs >> MEDICINE & 1 else 0), False
    if skulls == INVASION:
        # Smithing turns the Invasion against the opponents.
        return (0 if devs >> SMITHING & 1 or has_wall else INVASION_POINTS), False
    return 0, not devs >> RELIGION & 1


def invaded_opponents(s: RttaState) -> list[int]:
    """Opponents a Smithing Invasion hits: those without a completed Great Wall."""
    p = s.active
    return [o for o in range(s.players) if o != p and not has_great_wall(s.progress[o])]


def resolve_disasters(s: RttaState) -> None:
    """Apply the disaster of the skulls showing, then move on (or wait for Smithing's spearheads)."""
    skulls = s.dice[SKULL]
    if skulls >= DROUGHT:
        p = s.active
        devs = s.devs
        log = s.log
        if log is not None:
            log.append(
                Event("disaster", {"seat": p, "disaster": DISASTER_NAMES[min(skulls, REVOLT)], "skulls": skulls})
            )
        if skulls == DROUGHT:
            if not devs[p] >> IRRIGATION & 1:
                _lose_points(s, p, DROUGHT_POINTS, "drought")
            elif log is not None:
                log.append(Event("protected", {"seat": p, "disaster": "drought", "by": "irrigation"}))
        elif skulls == PESTILENCE:
            # Solo: Pestilence hits the player unless they own Medicine; otherwise each opponent without it.
            for o in [p] if s.solo else [o for o in range(s.players) if o != p]:
                if not devs[o] >> MEDICINE & 1:
                    _lose_points(s, o, PESTILENCE_POINTS, "pestilence")
                elif log is not None:
                    log.append(Event("protected", {"seat": o, "disaster": "pestilence", "by": "medicine"}))
        elif skulls == INVASION:
            if devs[p] >> SMITHING & 1:
                # Smithing: the Invasion hits each opponent instead; solo, with nobody to invade, nothing happens.
                if log is not None:
                    _log_turned(s, "invasion", "smithing")
                victims = invaded_opponents(s)
                for o in victims:
                    _lose_points(s, o, INVASION_POINTS, "invasion")
                if victims and s.goods[p][SPEARHEADS]:
                    s.step = steps.SMITHING
                    return
            elif not has_great_wall(s.progress[p]):
                _lose_points(s, p, INVASION_POINTS, "invasion")
            elif log is not None:
                log.append(Event("protected", {"seat": p, "disaster": "invasion", "by": "great-wall"}))
        elif devs[p] >> RELIGION & 1:
            # Religion: each opponent without Religion loses all goods instead; solo it just cancels Revolt.
            if log is not None:
                if s.solo:
                    log.append(Event("protected", {"seat": p, "disaster": "revolt", "by": "religion"}))
                else:
                    _log_turned(s, "revolt", "religion")
            for o in range(s.players):
                if o != p and not devs[o] >> RELIGION & 1:
                    _lose_goods(s, o)
        else:
            _lose_goods(s, p)
    s.next_stage()


def _lose_points(s: RttaState, seat: int, points: int, disaster: str) -> None:
    s.disasters[seat] += points
    if s.log is not None:
        s.log.append(Event("disaster_points", {"seat": seat, "disaster": disaster, "points": points}))


def _lose_goods(s: RttaState, seat: int) -> None:
    """Revolt: all goods lost (those just collected too)."""
    if s.log is not None:
        s.log.append(Event("goods_lost", {"seat": seat, "disaster": "revolt", "units": sum(s.goods[seat])}))
    s.goods[seat][:] = [0] * GOOD_TYPES


def _log_turned(s: RttaState, disaster: str, development: str) -> None:
    """Smithing and Religion turn the active player's disaster against the opponents; with Great Wall
    (Invasion) or Religion (Revolt) an opponent is spared."""
    assert s.log is not None
    p = s.active
    s.log.append(Event("disaster_turned", {"seat": p, "disaster": disaster, "by": development}))
    for o in range(s.players):
        if o == p:
            continue
        if disaster == "invasion" and has_great_wall(s.progress[o]):
            s.log.append(Event("protected", {"seat": o, "disaster": disaster, "by": "great-wall"}))
        elif disaster == "revolt" and s.devs[o] >> RELIGION & 1:
            s.log.append(Event("protected", {"seat": o, "disaster": disaster, "by": "religion"}))


def smithing_actions(spearheads: int) -> tuple[Action, ...]:
    return _SPEARHEAD_CHOICES[spearheads]


_SPEARHEAD_CHOICES: Final = tuple(
    tuple((Kind.SPEARHEADS, n) for n in range(top + 1)) for top in range(GOOD_MAX[SPEARHEADS] + 1)
)


def apply_spearheads(s: RttaState, action: Action) -> None:
    """[ruling] Smithing's spearheads are spent during the Invasion: each costs every invaded opponent 2."""
    spent = action[1]
    s.goods[s.active][SPEARHEADS] -= spent
    victims = invaded_opponents(s)
    for o in victims:
        s.disasters[o] += SMITHING_POINTS * spent
    if s.log is not None:
        args = {"seat": s.active, "spearheads": spent, "victim_seats": victims, "points": SMITHING_POINTS * spent}
        s.log.append(Event("spearheads_spent", args))
    s.next_stage()
