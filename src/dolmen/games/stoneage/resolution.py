"""Phase 2: resolving the placed people (seed 004 "Phase 2 : faire travailler les personnages"; rules page
"Actions, feeding, next round").

From the start player on, each player resolves all of their locations in the order they choose: gathering (a
dice roll, :mod:`.gathering`), the toolmaker, the hut, the field (a gain each, ``components.VILLAGE_GAINS``), a
civilization card (:mod:`.cards`) or a building (:mod:`.buildings`), each of which may be declined, and the
locations modules add (the merchant, the igloos: their module resolves them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import RESOLVE, Resolve
from dolmen.games.stoneage.board import gain, note_gain
from dolmen.games.stoneage.components import FIRST_CARD, FIRST_STACK, NLOC, SITE_RESOURCE, VILLAGE_GAINS
from dolmen.games.stoneage.feeding import begin_feeding, interlude
from dolmen.games.stoneage.log import note, place
from dolmen.games.stoneage.payments import keep
from dolmen.games.stoneage.rolls import start_roll
from dolmen.games.stoneage.steps import BUY_BUILDING, CHOOSE_LOCATION, PAY_CARD

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

RESOLUTIONS: Final[tuple[Any, ...]] = tuple((RESOLVE, loc) for loc in range(NLOC))
"""``RESOLUTIONS[loc]``: the action resolving ``loc`` (shared; typed ``Any`` inside, so that compiled code does not
box a new tuple at every use)."""
_BY_MASK: Final[dict[int, tuple[Any, ...]]] = {}
""":func:`legal_locations` by the set of locations held (a bit each: at most a few thousand sets in all)."""
GATHERING_END: Final = len(SITE_RESOURCE)
"""Locations below this one are gathering sites; the village follows, up to ``FIRST_CARD``."""


def next_resolver(state: StoneAgeState) -> None:
    """Keep ``state.turn`` choosing while they have unresolved locations; then the next player clockwise; after
    the last player, the modules' events and the feeding."""
    players, placed = state.players, state.placed
    while True:
        base = state.turn * NLOC
        for index in range(base, base + state.loc_end):  # compiled, a native loop (no slice, no any())
            if placed[index]:
                state.step = CHOOSE_LOCATION
                return
        state.turn = (state.turn + 1) % players
        if state.turn == state.start:
            if state.modular:
                interlude(state)
            else:
                begin_feeding(state)
            return


def legal_locations(state: StoneAgeState) -> tuple[Any, ...]:
    """The locations ``state.turn`` still holds, in the board's order: a shared tuple by the set of them (nothing
    built at a step; a lone location, a forced resolution, costs no list)."""
    base, placed = state.turn * NLOC, state.placed
    mask = 0
    for loc in range(state.loc_end):
        if placed[base + loc]:
            mask |= 1 << loc
    found = _BY_MASK.get(mask)
    if found is None:
        found = keep(_BY_MASK, mask, tuple([RESOLUTIONS[loc] for loc in range(NLOC) if mask >> loc & 1]))
    return found


def apply_resolve(state: StoneAgeState, action: Resolve) -> None:
    loc = action[1]
    if state.log is not None:
        note(state, "resolved", seat=state.turn, location=place(loc))
    if state.modular and loc in state.hooks.resolvers:
        state.hooks.resolvers[loc].resolve(state, loc)
        return
    seat = state.turn
    index = seat * NLOC + loc
    count = state.placed[index]
    state.placed[index] = 0
    occupancy, colours = state.occupancy, state.colours  # no augmented item assignment (placement.apply_place)
    occupancy[loc] = occupancy[loc] - count
    colours[loc] = colours[loc] - 1
    if loc < GATHERING_END:
        state.gather_site = loc
        start_roll(state, count, SITE_RESOURCE[loc])
        return
    if loc < FIRST_CARD:
        gained = VILLAGE_GAINS[loc]
        gain(state, seat, gained)
        if state.log is not None:
            note_gain(state, seat, gained)
        next_resolver(state)
        return
    state.target = loc
    state.step = PAY_CARD if loc < FIRST_STACK else BUY_BUILDING


def leave(state: StoneAgeState, seat: int, loc: int) -> None:
    """One of ``seat``'s people on ``loc`` is resolved and comes home (a module's location: the merchant, an
    igloo)."""
    index = seat * NLOC + loc
    state.placed[index] -= 1
    state.occupancy[loc] -= 1
    if not state.placed[index]:
        state.colours[loc] -= 1


def apply_decline(state: StoneAgeState, action: Any) -> None:
    """``decline``: the card, building or igloo being resolved is not taken; the person just comes home."""
    if state.log is not None:
        note(state, "declined", seat=state.turn, location=place(state.target))
    next_resolver(state)
