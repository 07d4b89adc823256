"""Wild animals (module ``animals``; seed 003 "Animaux Sauvages"; rules page "Wild animals").

Four animal cards are shuffled into the civilization deck once the setup is done, so an animal is just a
possible outcome of any card draw (``card eagle``); a drawn animal goes beside the board under the earlier
ones and the card is drawn again. Only the top animal acts: it lowers every gathering total at the five sites
by its number (before tools, never below 0). In the placement phase a player may put one person at a time on
it, even with people already there, up to as many people in all as there are players; those people are kept
in ``on_animal``, not among the placed people, and need no food while they stay. Before feeding (after the
mammoth contest) [ruling: "end of round" read as the end of the actions, so that staying people need no food]:
with as many people on it as players, the animal is driven off: each of its people's owners rolls a die per
person (a chance step each, from the start player on) for a reward each (1 3 food · 2 wood · 3 clay · 4 stone
· 5 gold · 6 3 points), the people come home (and eat that round) and the next animal, if any, becomes active.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.games.stoneage import herd, hooks, resolution
from dolmen.games.stoneage.log import note
from dolmen.games.stoneage.module_components import DRIVE_OFF_REWARDS, FIRST_ANIMAL, WILD_ANIMALS
from dolmen.games.stoneage.steps import DRIVE_OFF

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def shuffle_in(state: StoneAgeState) -> None:
    """After the setup, the four animals join the deck."""
    for index in range(len(WILD_ANIMALS)):
        state.deck[FIRST_ANIMAL + index] += 1
    state.deck_size += len(WILD_ANIMALS)
    state.animals_in_deck += len(WILD_ANIMALS)
    if state.log is not None:
        note(state, "animals_shuffled_in", count=len(WILD_ANIMALS))


def drawn(state: StoneAgeState, card: int) -> None:
    """An animal came out of the deck: beside the board, under the ones already there."""
    state.deck[card] -= 1
    state.deck_size -= 1
    state.animals_in_deck -= 1
    state.animals = (*state.animals, card)
    if state.log is not None:
        spec = WILD_ANIMALS[card - FIRST_ANIMAL]
        note(state, "animal_appeared", animal=spec.id, penalty=spec.penalty, active=len(state.animals) == 1)


def penalty(state: StoneAgeState) -> int:
    """The active animal's number (0 with none)."""
    return WILD_ANIMALS[state.animals[0] - FIRST_ANIMAL].penalty if state.animals else 0


def lower_total(state: StoneAgeState, total: int) -> int:
    """A gathering total lowered by the active animal, never below 0."""
    lowered = total - penalty(state)
    return lowered if lowered > 0 else 0


def has_room(state: StoneAgeState) -> bool:
    """Whether one more person may go on the active animal."""
    return bool(state.animals) and sum(state.on_animal) < state.players


def start_drive_off(state: StoneAgeState) -> bool:
    """Before feeding: whether the active animal is being driven off (as many people on it as players)."""
    if not state.animals or sum(state.on_animal) < state.players:
        return False
    players = state.players
    seats = [(state.start + step) % players for step in range(players)]
    state.roll_queue = [seat for seat in seats if state.on_animal[seat]]
    if state.log is not None:
        note(state, "drive_off_started", animal=WILD_ANIMALS[state.animals[0] - FIRST_ANIMAL].id)
    roll_next(state)
    return True


def roll_next(state: StoneAgeState) -> None:
    seat = state.roll_queue[0]
    state.turn = seat
    resolution.start_roll(state, state.on_animal[seat], DRIVE_OFF)


def apply_drive_off_dice(state: StoneAgeState, faces: tuple[int, ...]) -> None:
    seat = state.roll_queue.pop(0)
    for face in faces:
        herd.give(state, seat, DRIVE_OFF_REWARDS[face - 1])
    if state.roll_queue:
        roll_next(state)
        return
    state.on_animal = [0] * state.players
    if state.log is not None:
        note(state, "animal_driven_off", animal=WILD_ANIMALS[state.animals[0] - FIRST_ANIMAL].id)
    state.animals = state.animals[1:]
    hooks.interlude(state, hooks.FEEDING_STAGE)
