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

from typing import TYPE_CHECKING, Final

from dolmen.engine.core import JSON
from dolmen.games.stoneage.board import give
from dolmen.games.stoneage.components import ANIMAL
from dolmen.games.stoneage.feeding import interlude
from dolmen.games.stoneage.hooks import Module
from dolmen.games.stoneage.log import note
from dolmen.games.stoneage.module_components import DRIVE_OFF_REWARDS, FIRST_ANIMAL, WILD_ANIMALS, WildAnimal
from dolmen.games.stoneage.rolls import roll_queue, start_roll
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


def active(state: StoneAgeState) -> WildAnimal:
    """The active animal (there is one)."""
    return WILD_ANIMALS[state.animals[0] - FIRST_ANIMAL]


def _on_animal(state: StoneAgeState) -> int:
    """How many people are on the active animal (a native loop: compiled, ``sum`` is a generic call, and
    :meth:`Animals.has_room` is asked at every placement)."""
    total = 0
    for people in state.on_animal:
        total += people
    return total


def roll_next(state: StoneAgeState) -> None:
    seat = state.roll_queue[0]
    state.turn = seat
    start_roll(state, state.on_animal[seat], DRIVE_OFF)


class Animals(Module):
    """The wild animals' hooks (see the module docstring)."""

    name = "animals"
    places = (ANIMAL,)
    rolls = (DRIVE_OFF,)

    def add_view(self, state: StoneAgeState, doc: dict[str, JSON]) -> None:
        """People on the wild animal, the animals beside the board and in the deck, whose dice are to roll."""
        seats: list[dict[str, JSON]] = doc["seats"]
        for seat, seat_doc in enumerate(seats):
            seat_doc["on_animal"] = state.on_animal[seat]
        doc["animals"] = [WILD_ANIMALS[card - FIRST_ANIMAL].id for card in state.animals]
        doc["animals_in_deck"] = state.animals_in_deck
        doc["roll_queue"] = roll_queue(state)

    def setup(self, state: StoneAgeState) -> None:
        state.deck = state.deck + [0] * len(WILD_ANIMALS)

    def begin_round(self, state: StoneAgeState) -> None:
        """After the setup, the animals join the deck; people on an animal stay there."""
        if state.round == 1 and not state.animals_in_deck and not state.animals:
            shuffle_in(state)
        for seat in range(state.players):
            state.available[seat] -= state.on_animal[seat]

    def has_room(self, state: StoneAgeState, loc: int) -> bool:
        """One more person may go on the active animal, up to as many in all as players."""
        return bool(state.animals) and _on_animal(state) < state.players

    def place(self, state: StoneAgeState, seat: int, loc: int) -> None:
        state.on_animal[seat] += 1

    def lower_total(self, state: StoneAgeState, total: int) -> int:
        """The active animal lowers a gathering total by its number, never below 0."""
        if not state.animals:
            return total
        penalty = active(state).penalty
        lowered = total - penalty if total > penalty else 0
        if state.log is not None:
            note(state, "animal_lowered", animal=active(state).id, penalty=penalty, total=lowered)
        return lowered

    def before_feeding(self, state: StoneAgeState) -> bool:
        """With as many people on the active animal as players, it is driven off: each owner rolls in turn."""
        if not state.animals or _on_animal(state) < state.players:
            return False
        players = state.players
        seats = [(state.start + step) % players for step in range(players)]
        state.roll_queue = [seat for seat in seats if state.on_animal[seat]]
        if state.log is not None:
            note(state, "drive_off_started", animal=active(state).id)
        roll_next(state)
        return True

    def apply_dice(self, state: StoneAgeState, faces: tuple[int, ...]) -> None:
        """One owner's dice, a reward each; after the last, the people come home and the next animal acts."""
        seat = state.roll_queue.pop(0)
        for face in faces:
            give(state, seat, DRIVE_OFF_REWARDS[face - 1])
        if state.roll_queue:
            roll_next(state)
            return
        state.on_animal = [0] * state.players
        if state.log is not None:
            note(state, "animal_driven_off", animal=active(state).id)
        state.animals = state.animals[1:]
        interlude(state, ANIMALS)

    def food_spared(self, state: StoneAgeState, seat: int) -> int:
        """People on the animal need no food while they stay."""
        return state.on_animal[seat]

    def deck_others(self, state: StoneAgeState) -> int:
        """The animals still in the deck."""
        return state.animals_in_deck

    def card_drawn(self, state: StoneAgeState, card: int) -> None:
        """An animal came out of the deck: beside the board, under the ones already there."""
        state.deck[card] -= 1
        state.deck_size -= 1
        state.animals_in_deck -= 1
        state.animals = (*state.animals, card)
        if state.log is not None:
            spec = WILD_ANIMALS[card - FIRST_ANIMAL]
            note(state, "animal_appeared", animal=spec.id, penalty=spec.penalty, active=len(state.animals) == 1)


ANIMALS: Final = Animals()
