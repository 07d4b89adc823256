"""Step 2, disasters by the skulls showing after the last roll, and Smithing's spearheads.

Seed 002, Table 2 and "Rules for Solitaire Play"; seed 000, Late Bronze Age "Forge" (Smithing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import Action
from dolmen.games.rtta.components import (
    GREAT_WALL,
    GREAT_WALL_TARGET,
    IRRIGATION,
    MEDICINE,
    MONUMENT_BOXES,
    RELIGION,
    SKULL,
    SMITHING,
    SPEARHEADS,
)

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

DROUGHT, PESTILENCE, INVASION = 2, 3, 4
REVOLT = 5
"""Skulls for each disaster; Revolt at 5 or more."""
_GREAT_WALL_BOXES = MONUMENT_BOXES[GREAT_WALL]


def has_great_wall(s: RttaState, seat: int) -> bool:
    return s.progress[seat][GREAT_WALL_TARGET] == _GREAT_WALL_BOXES


def invaded_opponents(s: RttaState) -> list[int]:
    """Opponents a Smithing Invasion hits: those without a completed Great Wall."""
    p = s.active
    return [o for o in range(s.players) if o != p and not has_great_wall(s, o)]


def resolve_disasters(s: RttaState) -> None:
    """Apply the disaster of the skulls showing, then move on (or wait for Smithing's spearheads)."""
    skulls = s.dice[SKULL]
    if skulls >= DROUGHT:
        p = s.active
        devs = s.devs
        if skulls == DROUGHT:
            if not devs[p] >> IRRIGATION & 1:
                s.disasters[p] += 2
        elif skulls == PESTILENCE:
            if s.solo:
                # Solo: Pestilence hits the player unless they own Medicine.
                if not devs[p] >> MEDICINE & 1:
                    s.disasters[p] += 3
            else:
                for o in range(s.players):
                    if o != p and not devs[o] >> MEDICINE & 1:
                        s.disasters[o] += 3
        elif skulls == INVASION:
            if devs[p] >> SMITHING & 1:
                # Smithing: the Invasion hits each opponent instead; solo, with nobody to invade, nothing happens.
                victims = invaded_opponents(s)
                for o in victims:
                    s.disasters[o] += 4
                if victims and s.goods[p][SPEARHEADS]:
                    s.step = steps.SMITHING
                    return
            elif not has_great_wall(s, p):
                s.disasters[p] += 4
        elif devs[p] >> RELIGION & 1:
            # Religion: each opponent without Religion loses all goods instead; solo it just cancels Revolt.
            for o in range(s.players):
                if o != p and not devs[o] >> RELIGION & 1:
                    s.goods[o][:] = [0, 0, 0, 0, 0]
        else:
            s.goods[p][:] = [0, 0, 0, 0, 0]
    s.next_stage()


def smithing_actions(spearheads: int) -> tuple[Action, ...]:
    return _SPEARHEAD_CHOICES[spearheads]


_SPEARHEAD_CHOICES = tuple(tuple(("spearheads", n) for n in range(top + 1)) for top in range(5))


def apply_spearheads(s: RttaState, action: Action) -> None:
    """[ruling] Smithing's spearheads are spent during the Invasion: each costs every invaded opponent 2."""
    spent = action[1]
    s.goods[s.active][SPEARHEADS] -= spent
    for o in invaded_opponents(s):
        s.disasters[o] += 2 * spent
    s.next_stage()
