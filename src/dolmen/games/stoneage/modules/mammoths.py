"""The mammoth herd (module ``mammoths``; seed 003 "Horde de mammouths"; rules page "Mammoth herd").

A pile of 16 tiles, face down: the top tile's back names the zone the herd moves to in the round that tile is
turned over, its face a winner's reward and a bottom reward. Nothing of the pile's order is stored: when a
tile comes on top, its back is a chance step (``herd forest``, drawn in proportion to the unseen tiles of each
zone); when it is turned over at the start of its round, its face is one (``mammoth forest-points5``, uniform
among the unseen tiles of that zone). So the next round's zone is public all round, as on the table.

After gathering on the herd's zone, each of that player's people there may tame one by one, paying 1 food or 1
resource (never jewels), and moves onto the tile. Before feeding, every player there rolls one die per person
(a chance step each, from the start player on); the highest die wins, ties compare the next dice [ruling: a
die beats no die], a full tie has no winner. The winner takes either reward, everyone else there the bottom
one; a lone player there wins without rolling. Then the people come home and the tile is discarded; when no
tile is left the herd leaves.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Final

from dolmen.engine.core import JSON
from dolmen.games.stoneage.actions import HERD, MAMMOTH, REWARD, REWARD_BOTTOM, REWARD_TOP, TAME, TAME_STOP, Choice
from dolmen.games.stoneage.board import give
from dolmen.games.stoneage.components import FOOD, GOLD, LOCATION_NAMES, NRES, RESOURCE_NAMES
from dolmen.games.stoneage.feeding import interlude
from dolmen.games.stoneage.hooks import Decisions, Module
from dolmen.games.stoneage.log import note, zone
from dolmen.games.stoneage.module_components import HERD_ZONES, MAMMOTH_TILES, TAMING_COST, reward_text
from dolmen.games.stoneage.resolution import next_resolver
from dolmen.games.stoneage.rolls import roll_queue, start_roll
from dolmen.games.stoneage.steps import CHOOSE_REWARD, CONTEST, HERD_BACK, HERD_FACE
from dolmen.games.stoneage.steps import TAME as TAME_STEP

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

TAMINGS: Final[tuple[Any, ...]] = tuple((TAME, resource) for resource in range(FOOD, GOLD + 1))


def _zone_counts(state: StoneAgeState) -> list[int]:
    counts = [0] * len(HERD_ZONES)
    for tile, count in enumerate(state.herd_pool):
        if count:
            counts[MAMMOTH_TILES[tile].zone] += count
    return counts


def _faces(state: StoneAgeState) -> list[int]:
    zone = state.herd_next
    return [tile for tile, count in enumerate(state.herd_pool) if count and MAMMOTH_TILES[tile].zone == zone]


# -- taming -------------------------------------------------------------------------------------------------
def legal_tame(state: StoneAgeState) -> list[Any]:
    base, resources = state.turn * NRES, state.resources
    legal: list[Any] = []
    for action in TAMINGS:  # no generator (compiled, a generator object at every step)
        if resources[base + action[1]] >= TAMING_COST:
            legal.append(action)
    legal.append(TAME_STOP)
    return legal


def apply_tame(state: StoneAgeState, action: Choice) -> None:
    """One more person tames, paying one food or resource; ``tame stop`` ends the taming."""
    seat = state.turn
    if action[1] < 0:
        state.tamers = 0
        if state.log is not None:
            note(state, "taming_stopped", seat=seat)
    else:
        state.resources[seat * NRES + action[1]] -= TAMING_COST
        state.on_herd[seat] += 1
        state.tamers -= 1
        if state.log is not None:
            note(state, "tamed", seat=seat, paid=RESOURCE_NAMES[action[1]], on_herd=state.on_herd[seat])
    if not state.tamers:
        next_resolver(state)


# -- the contest --------------------------------------------------------------------------------------------
def roll_next(state: StoneAgeState) -> None:
    seat = state.roll_queue[0]
    state.turn = seat
    start_roll(state, state.on_herd[seat], CONTEST)


def award(state: StoneAgeState, winner: int) -> None:
    """Everyone on the tile but the winner takes the bottom reward; the winner (if any) chooses."""
    tile = MAMMOTH_TILES[state.herd_tile]
    if state.log is not None:
        if winner >= 0:
            note(state, "contest_won", seat=winner, tile=tile.id)
        else:
            note(state, "contest_tied", seats=[seat for seat in range(state.players) if state.on_herd[seat]])
    for seat in range(state.players):
        if state.on_herd[seat] and seat != winner:
            give(state, seat, tile.bottom)
    if winner < 0:
        end_contest(state)
        return
    state.turn = winner
    state.step = CHOOSE_REWARD


def legal_rewards(state: StoneAgeState) -> list[Any]:
    return [REWARD_TOP, REWARD_BOTTOM]


def apply_reward(state: StoneAgeState, action: Choice) -> None:
    tile = MAMMOTH_TILES[state.herd_tile]
    if state.log is not None:
        note(state, "reward_chosen", seat=state.turn, tile=tile.id, choice="top" if action[1] == 0 else "bottom")
    give(state, state.turn, tile.top if action[1] == 0 else tile.bottom)
    end_contest(state)


def end_contest(state: StoneAgeState) -> None:
    state.on_herd = [0] * state.players
    state.contest = [()] * state.players
    interlude(state, MAMMOTHS)


def _zone(zone: int) -> str | None:
    return LOCATION_NAMES[zone] if zone >= 0 else None


def _tile(tile: int) -> JSON:
    if tile < 0:
        return None
    spec = MAMMOTH_TILES[tile]
    return {"id": spec.id, "top": reward_text(spec.top), "bottom": reward_text(spec.bottom)}


class Mammoths(Module):
    """The herd's hooks (see the module docstring)."""

    name = "mammoths"
    rolls = (CONTEST,)
    reveals = (HERD_BACK, HERD_FACE)
    setup_reveals = (HERD_BACK, HERD_FACE, HERD_BACK)
    """At setup: the first tile's back; at the start of round 1 it is turned over and the next tile's back shows."""
    decisions: ClassVar[Decisions] = {
        TAME_STEP: (legal_tame, {TAME: apply_tame}),
        CHOOSE_REWARD: (legal_rewards, {REWARD: apply_reward}),
    }

    def add_view(self, state: StoneAgeState, doc: dict[str, JSON]) -> None:
        """People on the herd, its zone, face-up tile, next zone and unseen tiles, the contest; the tamers left."""
        seats: list[dict[str, JSON]] = doc["seats"]
        for seat, seat_doc in enumerate(seats):
            seat_doc["on_herd"] = state.on_herd[seat]
        doc["herd"] = {
            "zone": _zone(state.herd_zone),
            "tile": _tile(state.herd_tile),
            "next": _zone(state.herd_next),
            "pile": sum(state.herd_pool),
            "unseen": {MAMMOTH_TILES[t].id: n for t, n in enumerate(state.herd_pool) if n},
            "contest": [list(dice) for dice in state.contest],
        }
        doc["tamers"] = state.tamers
        if not state.has_animals:  # with the animals, their view says whose dice are still to roll
            doc["roll_queue"] = roll_queue(state)

    def setup(self, state: StoneAgeState) -> None:
        state.herd_pool = [1] * len(MAMMOTH_TILES)

    def after_gathering(self, state: StoneAgeState) -> bool:
        """After gathering on the herd's zone, the people there may tame."""
        if state.gather_site != state.herd_zone or state.gather_site < 0:
            return False
        state.tamers = state.roll_count
        state.step = TAME_STEP
        return True

    def before_feeding(self, state: StoneAgeState) -> bool:
        """The contest, if somebody tamed: a lone player wins at once, else each rolls in turn."""
        players = state.players
        seats = [(state.start + step) % players for step in range(players)]
        seats = [seat for seat in seats if state.on_herd[seat]]
        if not seats:
            return False
        if len(seats) == 1:
            award(state, seats[0])
            return True
        state.roll_queue = seats
        roll_next(state)
        return True

    def apply_dice(self, state: StoneAgeState, faces: tuple[int, ...]) -> None:
        """One player's contest dice; after the last, the highest dice win (ties compare the next dice)."""
        seat = state.roll_queue.pop(0)
        state.contest[seat] = tuple(sorted(faces, reverse=True))
        if state.roll_queue:
            roll_next(state)
            return
        contenders = [seat for seat in range(state.players) if state.on_herd[seat]]
        best = max(state.contest[seat] for seat in contenders)
        leaders = [seat for seat in contenders if state.contest[seat] == best]
        award(state, leaders[0] if len(leaders) == 1 else -1)

    def round_reveals(self, state: StoneAgeState) -> list[int]:
        """At the end of a round: this round's tile is discarded; the next is turned over (and the one below it
        shows its back), or, with no tile left, the herd leaves."""
        left = state.herd_tile >= 0 and state.herd_next < 0
        state.herd_tile = state.herd_zone = -1
        if state.herd_next < 0:
            if left and state.log is not None:
                note(state, "herd_left")
            return []
        return [HERD_FACE, HERD_BACK] if sum(state.herd_pool) > 1 else [HERD_FACE]

    def reveal_outcomes(self, state: StoneAgeState) -> list[tuple[Any, float]]:
        if state.reveals[0] == HERD_BACK:
            counts = _zone_counts(state)
            total = sum(counts)
            return [((HERD, zone), count / total) for zone, count in enumerate(counts) if count]
        faces = _faces(state)
        return [((MAMMOTH, tile), 1 / len(faces)) for tile in faces]

    def sample_reveal(self, state: StoneAgeState, rng: random.Random) -> Any:
        if state.reveals[0] == HERD_BACK:
            pick = int(rng.random() * sum(state.herd_pool))
            for tile, count in enumerate(state.herd_pool):
                pick -= count
                if pick < 0:
                    return (HERD, MAMMOTH_TILES[tile].zone)
            raise AssertionError("the mammoth pile is empty")
        faces = _faces(state)
        return (MAMMOTH, faces[int(rng.random() * len(faces))])

    def is_possible_reveal(self, state: StoneAgeState, kind: int, value: int) -> bool:
        if state.reveals[0] == HERD_BACK:
            return kind == HERD and value < len(HERD_ZONES) and _zone_counts(state)[value] > 0
        return kind == MAMMOTH and value in _faces(state)

    def apply_reveal(self, state: StoneAgeState, code: int, value: int) -> None:
        """A back shows the next round's zone; a face turned over moves the herd there."""
        if code == HERD_BACK:
            state.herd_next = value
            if state.log is not None:
                note(state, "herd_next", zone=zone(value))
            return
        state.herd_pool[value] -= 1
        state.herd_tile = value
        state.herd_zone = MAMMOTH_TILES[value].zone
        state.herd_next = -1
        if state.log is not None:
            note(state, "herd_moved", zone=zone(state.herd_zone), tile=MAMMOTH_TILES[value].id)


MAMMOTHS: Final = Mammoths()
