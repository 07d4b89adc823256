"""The state of a *Stone Age* game and the kernel API over it; the rules of each phase live in their modules.

Representation (chosen for fast playouts): per-player vectors are flat int lists indexed ``seat * width + i``
(resources ``NRES`` wide, placements ``NLOC`` wide, tool slots 3 wide); hands, one-use tools and buildings are
per-seat tuples. Hidden order is stored nowhere: the deck and the building tiles are multisets of counts, and a
card or tile is drawn (a chance step) only when it is revealed.

Modules (``modules``): ``hooks`` are the enabled modules' hooks (:mod:`.hooks`), resolved once per table;
``modular`` is false when none is on, and every hook in the phases sits behind that one flag, so the base game
pays nothing for them. The modules' own attributes exist in every state (with neutral values when off) and are
copied by :meth:`StoneAgeState.clone` only when a module is on.

A decision with exactly one legal action is taken at once (e.g. declining a card one cannot pay for, the last
die of a "dice for all" roll) and is not a step of the record.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from dolmen.engine.core import CHANCE, JSON, Game, Result, State
from dolmen.engine.errors import GameNotOver
from dolmen.games.stoneage import reasons, reveals, rolls, scoring, texts, views
from dolmen.games.stoneage.actions import DICE
from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARD_SPACES,
    CARDS,
    DIE_FACES,
    FIRST_NEW_HUT,
    FIRST_STACK,
    NLOC,
    NRES,
    START_FOOD,
    START_PEOPLE,
    TOOL_TILES,
    site_colour_limit,
    stack_sizes,
    village_limit,
)
from dolmen.games.stoneage.decisions import apply_decision, legal_at
from dolmen.games.stoneage.gathering import apply_dice
from dolmen.games.stoneage.module_components import MAMMOTH_TILES, NOTHING_DUE
from dolmen.games.stoneage.modules import hooks_for
from dolmen.games.stoneage.rolls import PLAIN_RANDOM, RANDOM, sorted_faces
from dolmen.games.stoneage.steps import (
    ACTIVITIES,
    HAND_REVEAL,
    HERD_BACK,
    OVER,
    PICK_DIE,
    REVEAL,
    ROLL_DICE,
    STACK_REVEAL,
    THEN_NEW_ROUND,
)

if TYPE_CHECKING:
    pass


_CHANCE_ACTS: Final[tuple[int, ...]] = (CHANCE,)
_SEATS: Final[tuple[tuple[int, ...], ...]] = tuple((seat,) for seat in range(8))
"""``actors()`` of each seat (shared tuples: no allocation at every step; typed ``tuple[int, ...]``, as compiled a
fixed-length tuple is a C struct, boxed into a new tuple at every use)."""
_NOBODY: Final[tuple[int, ...]] = ()

SLOTS: Final = (
    # the base game
    *("_actors", "_legal", "agriculture", "available", "built", "colour_limit", "colours", "deck", "deck_size"),
    *("display", "end_reason", "game", "hands", "modules", "nstacks", "occupancy", "one_use", "open_cards"),
    *("people", "pick_dice", "pick_seat", "placed", "players", "pool", "pool_size", "resources", "reveal_then"),
    *("reveals", "roll_count", "roll_res", "roll_total", "round", "score", "shortage", "stack_left", "stack_top"),
    *("start", "step", "target", "tool_used", "tools", "turn", "village_cap", "loc_end", "penalties"),
    # the modules (neutral values when off)
    *("animals", "animals_in_deck", "barter", "barter_due", "bartered", "bought", "contest", "gather_site"),
    *("has_animals", "has_extension", "has_herd", "has_huts", "has_igloos", "has_winter", "herd_next"),
    *("herd_pool", "herd_tile", "herd_zone", "hooks", "hunt_yield", "igloos", "igloos_left", "jewels"),
    *("modular", "on_animal", "on_herd", "roll_queue", "tamers"),
)
"""Every attribute of a state (its ``__slots__``; read by :meth:`StoneAgeState.clone`)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # tests add actions in subclasses
class StoneAgeState(State):
    """One point of a *Stone Age* game (see the module docstring for the representation)."""

    __slots__ = SLOTS

    def __init__(
        self,
        game: Game,
        players: int,
        modules: tuple[str, ...] = (),
        open_cards: bool = False,
        *,
        blank: bool = False,
    ) -> None:
        """The state before the first step; ``blank`` leaves every attribute but ``game``, ``players`` and
        ``log`` unset, for :meth:`clone` to fill in (a compiled class is made only through its constructor)."""
        self.game = game
        self.players = players
        self.log = None
        if blank:
            return
        self.modules = modules
        self.open_cards = open_cards
        self.hooks = hooks_for(modules)
        self.nstacks = players
        self.colour_limit = site_colour_limit(players)
        self.village_cap = village_limit(players, modules)
        self.resources = [START_FOOD, 0, 0, 0, 0] * players
        self.people = [START_PEOPLE] * players
        self.available = [START_PEOPLE] * players
        self.agriculture = [0] * players
        self.score = [0] * players
        self.penalties = [0] * players
        self.tools = [0] * (TOOL_TILES * players)
        self.tool_used = [0] * (TOOL_TILES * players)
        self.one_use: list[tuple[int, ...]] = [()] * players
        self.hands: list[tuple[int, ...]] = [()] * players
        self.built: list[tuple[int, ...]] = [()] * players
        self.placed = [0] * (NLOC * players)
        self.occupancy = [0] * NLOC
        self.colours = [0] * NLOC
        self.modular = bool(modules)
        self.has_extension = "extension" in modules
        self.has_huts = "new_huts" in modules
        self.has_herd = "mammoths" in modules
        self.has_winter = "winter" in modules
        self.has_animals = "animals" in modules
        self.has_igloos = "igloos" in modules
        self.display = [-1] * CARD_SPACES
        self.deck = [card.copies for card in CARDS]
        self.pool = [tile.copies if i < FIRST_NEW_HUT else 0 for i, tile in enumerate(BUILDINGS)]
        self.stack_top = [-1] * self.nstacks
        # the locations a seat may hold people on (modules add theirs after the stacks)
        self.loc_end = FIRST_STACK + self.nstacks
        self.gather_site = -1
        # the modules (neutral values when off)
        self.jewels = [0] * players
        self.barter = [0] * players
        self.bartered = [0] * players
        self.barter_due: tuple[int, ...] = NOTHING_DUE
        self.on_herd = [0] * players
        self.on_animal = [0] * players
        self.igloos = [0] * players
        self.contest: list[tuple[int, ...]] = [()] * players
        self.roll_queue: list[int] = []
        self.bought = -1
        self.hunt_yield = 0
        self.tamers = 0
        self.herd_pool = [0] * len(MAMMOTH_TILES)
        self.herd_tile = -1
        self.herd_zone = -1
        self.herd_next = -1
        self.animals: tuple[int, ...] = ()
        self.animals_in_deck = 0
        self.igloos_left = 0
        for module in self.hooks.setup:
            module.setup(self)
        self.deck_size = sum(self.deck)
        self.pool_size = sum(self.pool)
        self.stack_left = stack_sizes(self.nstacks, self.pool_size)
        self.start = 0
        self.turn = 0
        self.round = 1
        self.target = -1
        self.roll_count = 0
        self.roll_res = 0
        self.roll_total = 0
        self.shortage = 0
        self.pick_dice: tuple[int, ...] = ()
        self.pick_seat = 0
        self.end_reason = ""
        # the setup: the cards of the display, then each stack's top tile (and the modules' pieces)
        self.reveals = [*range(len(self.display)), *(STACK_REVEAL + i for i in range(self.nstacks))]
        self.reveals += self.hooks.setup_reveals
        self.reveal_then = THEN_NEW_ROUND
        self.step = REVEAL
        self._actors: tuple[int, ...] = (CHANCE,)
        self._legal: tuple[Hashable, ...] | None = None
        self.log = None

    # -- the flow: after every step, take forced decisions and work out who acts ----------------------------
    def settle(self) -> None:
        """Apply decisions that have exactly one legal action, then record who acts and their legal actions."""
        while True:
            step = self.step
            if step >= ROLL_DICE:
                break
            legal = legal_at(self, step)
            if len(legal) == 1:
                apply_decision(self, legal[0])
                continue
            self._legal = tuple(legal)
            self._actors = _SEATS[self.pick_seat if step == PICK_DIE else self.turn]
            return
        self._legal = None
        self._actors = _NOBODY if step == OVER else _CHANCE_ACTS

    def refresh(self) -> None:
        """Work out who acts and their legal actions without taking any decision (a state rebuilt from a view)."""
        if self.step < ROLL_DICE:
            self._legal = tuple(legal_at(self, self.step))
            self._actors = (self.pick_seat if self.step == PICK_DIE else self.turn,)
        else:
            self._legal = None
            self._actors = () if self.step == OVER else _CHANCE_ACTS

    # -- kernel API -----------------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return self._actors

    def activity(self) -> str:
        return ACTIVITIES[self.step]

    def chance_seen_by(self) -> tuple[int, ...] | None:
        """A card drawn face down into a hand is seen by its owner only, unless the table has open cards."""
        if self.step == REVEAL and HAND_REVEAL <= self.reveals[0] < HERD_BACK and not self.open_cards:
            return (self.reveals[0] - HAND_REVEAL,)
        return None

    def legal_actions(self, seat: int) -> Sequence[Hashable]:
        """The legal actions as a tuple: a caller cannot change the game through it."""
        if self._legal is None or self._actors[0] != seat:
            return ()
        return self._legal

    def illegal_reason(self, seat: int, action: Any) -> str:
        return reasons.illegal_reason(self, seat, action)

    def _apply_action(self, seat: int, action: Hashable) -> None:
        apply_decision(self, action)
        self.settle()

    def action_text(self, action: Hashable) -> str:
        return texts.action_text(action)

    def parse_action(self, text: str) -> Hashable:
        return texts.parse_action(text)

    def chance_outcomes(self) -> list[tuple[Hashable, float]]:
        if self.step == ROLL_DICE:
            return rolls.roll_outcomes(self)
        if self.step != REVEAL:
            return []
        return reveals.reveal_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Hashable:
        if self.step == ROLL_DICE:  # inline: the hot loop of playouts draws dice more than anything
            if type(rng) is PLAIN_RANDOM:  # the C method called directly (rolls.RANDOM)
                faces = [int(RANDOM(rng) * DIE_FACES) + 1 for _ in range(self.roll_count)]
            else:
                rand = rng.random
                faces = [int(rand() * DIE_FACES) + 1 for _ in range(self.roll_count)]
            faces.sort()
            return (DICE, tuple(faces))
        return reveals.sample_reveal(self, rng)

    def is_possible_outcome(self, outcome: Hashable) -> bool:
        out: Any = outcome
        if not isinstance(out, tuple) or len(out) != 2:
            return False
        kind, value = out
        if self.step == ROLL_DICE:
            return rolls.is_possible_roll(self, kind, value)
        if self.step != REVEAL or not isinstance(value, int) or value < 0:
            return False
        return reveals.is_possible_reveal(self, kind, value)

    def _apply_chance(self, outcome: Hashable) -> None:
        out: Any = outcome
        if self.step == ROLL_DICE:  # the outcome is possible: dice (no enum comparison at every roll)
            apply_dice(self, sorted_faces(out[1]))
        else:
            reveals.apply_reveal(self, out[1])
        self.settle()

    def outcome_text(self, outcome: Hashable) -> str:
        return texts.outcome_text(outcome)

    def parse_outcome(self, text: str) -> Hashable:
        return texts.parse_outcome(text)

    def clone(self) -> StoneAgeState:
        """A copy that shares no list with this state (the modules' lists are shared when no module is on: then
        nothing changes them); every attribute of ``SLOTS`` copied by name (compiled, a native attribute each, instead
        of ``getattr``/``setattr`` by name: a test checks that none is forgotten)."""
        other = StoneAgeState(self.game, self.players, blank=True)
        other._actors = self._actors
        other._legal = self._legal
        other.colour_limit = self.colour_limit
        other.deck_size = self.deck_size
        other.end_reason = self.end_reason
        other.modules = self.modules
        other.nstacks = self.nstacks
        other.open_cards = self.open_cards
        other.pick_dice = self.pick_dice
        other.pick_seat = self.pick_seat
        other.pool_size = self.pool_size
        other.reveal_then = self.reveal_then
        other.roll_count = self.roll_count
        other.roll_res = self.roll_res
        other.roll_total = self.roll_total
        other.round = self.round
        other.shortage = self.shortage
        other.start = self.start
        other.step = self.step
        other.target = self.target
        other.turn = self.turn
        other.village_cap = self.village_cap
        other.loc_end = self.loc_end
        other.animals = self.animals
        other.animals_in_deck = self.animals_in_deck
        other.barter_due = self.barter_due
        other.bought = self.bought
        other.gather_site = self.gather_site
        other.has_animals = self.has_animals
        other.has_extension = self.has_extension
        other.has_herd = self.has_herd
        other.has_huts = self.has_huts
        other.has_igloos = self.has_igloos
        other.has_winter = self.has_winter
        other.herd_next = self.herd_next
        other.herd_tile = self.herd_tile
        other.herd_zone = self.herd_zone
        other.hooks = self.hooks
        other.hunt_yield = self.hunt_yield
        other.igloos_left = self.igloos_left
        other.modular = self.modular
        other.tamers = self.tamers
        other.resources = self.resources[:]
        other.people = self.people[:]
        other.available = self.available[:]
        other.agriculture = self.agriculture[:]
        other.score = self.score[:]
        other.penalties = self.penalties[:]
        other.tools = self.tools[:]
        other.tool_used = self.tool_used[:]
        other.one_use = self.one_use[:]
        other.hands = self.hands[:]
        other.built = self.built[:]
        other.placed = self.placed[:]
        other.occupancy = self.occupancy[:]
        other.colours = self.colours[:]
        other.display = self.display[:]
        other.deck = self.deck[:]
        other.pool = self.pool[:]
        other.stack_top = self.stack_top[:]
        other.stack_left = self.stack_left[:]
        other.reveals = self.reveals[:]
        other.log = None  # a clone (a bot's search) emits nothing
        if self.modular:
            other.jewels = self.jewels[:]
            other.barter = self.barter[:]
            other.bartered = self.bartered[:]
            other.on_herd = self.on_herd[:]
            other.on_animal = self.on_animal[:]
            other.igloos = self.igloos[:]
            other.contest = self.contest[:]
            other.roll_queue = self.roll_queue[:]
            other.herd_pool = self.herd_pool[:]
        else:
            other.jewels = self.jewels
            other.barter = self.barter
            other.bartered = self.bartered
            other.on_herd = self.on_herd
            other.on_animal = self.on_animal
            other.igloos = self.igloos
            other.contest = self.contest
            other.roll_queue = self.roll_queue
            other.herd_pool = self.herd_pool
        return other

    def view(self, seat: int | None) -> dict[str, JSON]:
        return views.view(self, seat)

    def views_alike(self) -> bool:
        """With open cards, or once the game is over, every hand is shown to everyone (seed 004's table hides
        the others' civilization cards otherwise; the deck's order is never in a view)."""
        return self.open_cards or self.step == OVER

    def result(self) -> Result:
        if self.step != OVER:
            raise GameNotOver("the game is not over")
        return scoring.result(self)

    def signature(self) -> JSON:
        return views.signature(self)

    def goods(self, seat: int) -> tuple[int, ...]:
        """The goods (wood, clay, stone, gold) ``seat`` holds."""
        base, resources = seat * NRES, self.resources
        return (resources[base + 1], resources[base + 2], resources[base + 3], resources[base + 4])

    def payables(self, seat: int) -> tuple[int, ...]:
        """What ``seat`` may pay with in the extension: the goods and, fifth, the jewels."""
        base, resources = seat * NRES, self.resources
        return (resources[base + 1], resources[base + 2], resources[base + 3], resources[base + 4], self.jewels[seat])


_LISTS = (
    "resources",
    "people",
    "available",
    "agriculture",
    "score",
    "penalties",
    "tools",
    "tool_used",
    "one_use",
    "hands",
    "built",
    "placed",
    "occupancy",
    "colours",
    "display",
    "deck",
    "pool",
    "stack_top",
    "stack_left",
    "reveals",
)
_MODULE_LISTS = (
    "jewels",
    "barter",
    "bartered",
    "on_herd",
    "on_animal",
    "igloos",
    "contest",
    "roll_queue",
    "herd_pool",
)
_SCALARS = tuple(name for name in SLOTS if name not in _LISTS + _MODULE_LISTS)
"""The attributes :meth:`StoneAgeState.clone` shares (numbers, tuples, the game), the lists it copies, and the
modules' lists it copies when a module is on (tests/stoneage/test_clone.py holds it to them)."""
