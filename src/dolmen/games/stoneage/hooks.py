"""Where the modules meet the base game's phases (seed 003 "Extensions"; rules page "Modules").

The phases call these functions only when a module is on (``state.modular``); each function then checks which
modules are. Here live the small rules that need no module of their own: the extension's merchant, its
jewels from the hunt and its building stacks, the new huts' incomes, the igloos' placement and food saving,
and the order of the events between the actions and the feeding (the mammoth contest, then the wild animal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import animals, feeding, herd, resolution
from dolmen.games.stoneage.actions import JEWELS, PLACE
from dolmen.games.stoneage.components import (
    ANIMAL,
    BUILDINGS,
    FOOD,
    HUNTING,
    IGLOO,
    NLOC,
    NRES,
    RESOURCE_NAMES,
    STACK_SIZE,
)
from dolmen.games.stoneage.log import note
from dolmen.games.stoneage.module_components import (
    IGLOO_FOOD,
    MAX_BARTER,
    MERCHANT_BARTER,
    MERCHANT_JEWELS,
)
from dolmen.games.stoneage.steps import BUY_IGLOO, CONTEST, TAKE_JEWELS

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

CONTEST_STAGE: Final = 0
ANIMAL_STAGE: Final = 1
FEEDING_STAGE: Final = 2
"""The events between the actions and the feeding, in order [ruling]: the mammoth contest, the wild animal."""
_IGLOO_PLACEMENT: Final = (PLACE, IGLOO, 1)
_ANIMAL_PLACEMENT: Final = (PLACE, ANIMAL, 1)
_JEWEL_CHOICES: Final = tuple((JEWELS, n) for n in range(64))


def stack_sizes(stacks: int, tiles: int) -> list[int]:
    """Seven tiles a stack while tiles last, else dealt as evenly as possible, the first stacks getting the
    extra ones (rules page "L'Extension" [ruling]: 28 base tiles in 5 stacks are 6, 6, 6, 5, 5)."""
    total = min(STACK_SIZE * stacks, tiles)
    size, extra = divmod(total, stacks)
    return [size + 1] * extra + [size] * (stacks - extra)


# -- placement ----------------------------------------------------------------------------------------------
def begin_round(state: StoneAgeState) -> None:
    """People on a wild animal stay there; each player may barter again; after the setup, the animals join
    the deck."""
    if state.has_animals:
        if state.round == 1 and not state.animals_in_deck and not state.animals:
            animals.shuffle_in(state)
        for seat in range(state.players):
            state.available[seat] -= state.on_animal[seat]
    if state.has_extension:
        state.bartered = [0] * state.players


def add_placements(state: StoneAgeState, legal: list[Any]) -> None:
    """The placements modules add beyond the merchant: an igloo, the active animal (one person each)."""
    if state.has_igloos and state.igloos_left > state.occupancy[IGLOO]:
        legal.append(_IGLOO_PLACEMENT)
    if state.has_animals and animals.has_room(state):
        legal.append(_ANIMAL_PLACEMENT)


def place(state: StoneAgeState, seat: int, loc: int) -> None:
    """One more person on the igloos or on the active animal (a player may add people there)."""
    if loc == ANIMAL:
        state.on_animal[seat] += 1
        return
    index = seat * NLOC + loc
    if not state.placed[index]:
        state.colours[loc] += 1
    state.placed[index] += 1
    state.occupancy[loc] += 1


# -- actions ------------------------------------------------------------------------------------------------
def resolve(state: StoneAgeState, loc: int) -> None:
    """The merchant (barter +2, max 10, and 2 jewels) or one person on the igloos (buy one or not)."""
    seat = state.turn
    index = seat * NLOC + loc
    state.placed[index] -= 1
    state.occupancy[loc] -= 1
    if not state.placed[index]:
        state.colours[loc] -= 1
    if loc == IGLOO:
        state.target = IGLOO
        state.step = BUY_IGLOO
        return
    state.barter[seat] = min(MAX_BARTER, state.barter[seat] + MERCHANT_BARTER)
    state.jewels[seat] += MERCHANT_JEWELS
    if state.log is not None:
        note(state, "merchant_visited", seat=seat, barter=state.barter[seat], jewels=MERCHANT_JEWELS)
    resolution.next_resolver(state)


def gathered(state: StoneAgeState, amount: int) -> None:
    """A gathering's yield: with the extension a hunt's yield may be taken partly as jewels; then taming."""
    if state.has_extension and state.gather_site == HUNTING and amount:
        state.hunt_yield = amount
        state.step = TAKE_JEWELS
        return
    state.resources[state.turn * NRES + state.roll_res] += amount
    after_gathering(state)


def legal_jewels(state: StoneAgeState) -> list[Any]:
    return list(_JEWEL_CHOICES[: state.hunt_yield + 1])


def apply_jewels(state: StoneAgeState, action: tuple[int, int]) -> None:
    """``jewels N``: N of the hunt's yield as jewels, the rest as food, unit by unit (rules page [ruling])."""
    seat, jewels = state.turn, action[1]
    state.resources[seat * NRES + FOOD] += state.hunt_yield - jewels
    state.jewels[seat] += jewels
    if state.log is not None:
        note(state, "hunt_split", seat=seat, food=state.hunt_yield - jewels, jewels=jewels)
    state.hunt_yield = 0
    after_gathering(state)


def after_gathering(state: StoneAgeState) -> None:
    if state.has_herd and herd.start_taming(state, state.roll_count):
        return
    resolution.next_resolver(state)


# -- between the actions and the feeding ----------------------------------------------------------------------
def before_feeding(state: StoneAgeState) -> None:
    interlude(state, CONTEST_STAGE)


def interlude(state: StoneAgeState, stage: int) -> None:
    """Go on from ``stage``: the mammoth contest, the wild animal, then the feeding."""
    if stage <= CONTEST_STAGE and state.has_herd and herd.start_contest(state):
        return
    if stage <= ANIMAL_STAGE and state.has_animals and animals.start_drive_off(state):
        return
    feeding.begin_feeding(state)


def apply_module_dice(state: StoneAgeState, faces: tuple[int, ...]) -> None:
    if state.roll_res == CONTEST:
        herd.apply_contest_dice(state, faces)
    else:
        animals.apply_drive_off_dice(state, faces)


# -- feeding and the end of the round ---------------------------------------------------------------------------
def before_eating(state: StoneAgeState, seat: int) -> None:
    """The new huts' incomes: one resource each at every feeding phase, before eating."""
    if state.has_huts:
        for tile in state.built[seat]:
            income = BUILDINGS[tile].income
            if income >= 0:
                state.resources[seat * NRES + income] += 1
                if state.log is not None:
                    note(state, "hut_income", seat=seat, building=BUILDINGS[tile].id, resource=RESOURCE_NAMES[income])


def food_needed(state: StoneAgeState, seat: int) -> int:
    """One food per person, except people on a wild animal; each igloo spares 2."""
    need = state.people[seat] - state.on_animal[seat] - IGLOO_FOOD * state.igloos[seat]
    return need if need > 0 else 0


def round_reveals(state: StoneAgeState) -> list[int]:
    return herd.round_reveals(state) if state.has_herd else []


def apply_herd_reveal(state: StoneAgeState, code: int, value: int) -> None:
    herd.apply_reveal(state, code, value)


def animal_drawn(state: StoneAgeState, card: int) -> None:
    animals.drawn(state, card)
