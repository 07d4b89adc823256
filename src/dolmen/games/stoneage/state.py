"""The state of a *Stone Age* game and the kernel API over it; the rules of each phase live in their modules.

Representation (chosen for fast playouts): per-player vectors are flat int lists indexed ``seat * width + i``
(resources ``NRES`` wide, placements ``NLOC`` wide, tool slots 3 wide); hands, one-use tools and buildings are
per-seat tuples. Hidden order is stored nowhere: the deck and the building tiles are multisets of counts, and a
card or tile is drawn (a chance step) only when it is revealed.

Modules (``modules``): ``modular`` is false when none is on, and every module hook in the phases sits behind
that one flag, so the base game pays nothing for them. The modules' own attributes exist in every state (with
neutral values when off) and are copied by :meth:`StoneAgeState.clone` only when a module is on.

A decision with exactly one legal action is taken at once (e.g. declining a card one cannot pay for, the last
die of a "dice for all" roll) and is not a step of the record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from dolmen.engine.core import CHANCE, JSON, Result, State
from dolmen.engine.events import Event
from dolmen.games.stoneage import actions as act
from dolmen.games.stoneage import cards, feeding, herd, hooks, placement, purchases, reasons, resolution, scoring, views
from dolmen.games.stoneage.barter import NOTHING_DUE
from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARD_SPACES,
    CARDS,
    EXTENSION_CARD_SPACES,
    FIRST_NEW_HUT,
    FIRST_STACK,
    NLOC,
    NRES,
    START_FOOD,
    START_PEOPLE,
    TOOL_TILES,
    site_colour_limit,
    village_limit,
)
from dolmen.games.stoneage.module_components import IGLOOS, MAMMOTH_TILES, WILD_ANIMALS
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
    from dolmen.games.stoneage.game import StoneAge

_LEGAL: tuple[Callable[[StoneAgeState], list[Any]], ...] = (
    placement.legal_placements,
    resolution.legal_locations,
    resolution.legal_tools,
    cards.legal_card_payments,
    resolution.legal_building_payments,
    cards.legal_goods_choices,
    cards.legal_picks,
    feeding.legal_feeding,
    hooks.legal_jewels,
    herd.legal_tame,
    purchases.legal_igloo,
    purchases.legal_winter_gold,
    purchases.legal_insulation,
    purchases.legal_extra_draw,
    herd.legal_rewards,
)
_APPLY: dict[int, Callable[[StoneAgeState, Any], None]] = {
    act.PLACE: placement.apply_place,
    act.RESOLVE: resolution.apply_resolve,
    act.TOOLS: resolution.apply_tools,
    act.PAY: resolution.apply_pay,
    act.BUY: resolution.apply_buy,
    act.DECLINE: resolution.apply_decline,
    act.TAKE: cards.apply_take,
    act.PICK: cards.apply_pick,
    act.FEED: feeding.apply_feed,
    act.PENALTY: feeding.apply_penalty,
    act.BARTER: purchases.apply_barter,
    act.JEWELS: hooks.apply_jewels,
    act.TAME: herd.apply_tame,
    act.WINTER: purchases.apply_winter_gold,
    act.INSULATE: purchases.apply_insulate,
    act.DRAW: purchases.apply_draw,
    act.SKIP: purchases.apply_skip,
    act.REWARD: herd.apply_reward,
}


class StoneAgeState(State):
    """One point of a *Stone Age* game (see the module docstring for the representation)."""

    __slots__ = (
        # the base game
        *("_actors", "_legal", "agriculture", "available", "built", "colour_limit", "colours", "deck", "deck_size"),
        *("display", "end_reason", "game", "hands", "modules", "nstacks", "occupancy", "one_use", "open_cards"),
        *("people", "pick_dice", "pick_seat", "placed", "players", "pool", "pool_size", "resources", "reveal_then"),
        *("reveals", "roll_count", "roll_res", "roll_total", "round", "score", "shortage", "stack_left", "stack_top"),
        *("start", "step", "target", "tool_used", "tools", "turn", "village_cap", "loc_end", "log", "penalties"),
        # the modules (neutral values when off)
        *("animals", "animals_in_deck", "barter", "barter_due", "bartered", "bought", "contest", "gather_site"),
        *("has_animals", "has_extension", "has_herd", "has_huts", "has_igloos", "has_winter", "herd_next"),
        *("herd_pool", "herd_tile", "herd_zone", "hunt_yield", "igloos", "igloos_left", "jewels", "modular"),
        *("on_animal", "on_herd", "roll_queue", "tamers"),
    )

    def __init__(self, game: StoneAge, players: int, modules: tuple[str, ...] = (), open_cards: bool = False) -> None:
        self.game = game
        self.players = players
        self.modules = modules
        self.open_cards = open_cards
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
        self.display = [-1] * (EXTENSION_CARD_SPACES if self.has_extension else CARD_SPACES)
        self.deck = [card.copies for card in CARDS] + ([0] * len(WILD_ANIMALS) if self.has_animals else [])
        self.deck_size = sum(self.deck)
        self.animals_in_deck = 0
        self.pool = [tile.copies if i < FIRST_NEW_HUT or self.has_huts else 0 for i, tile in enumerate(BUILDINGS)]
        self.pool_size = sum(self.pool)
        self.stack_top = [-1] * self.nstacks
        # the locations a seat may hold people on: the merchant and the igloos come after the stacks
        self.loc_end = NLOC if self.has_extension or self.has_igloos else FIRST_STACK + self.nstacks
        self.stack_left = hooks.stack_sizes(self.nstacks, self.pool_size)
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
        self.herd_pool = [1 if self.has_herd else 0] * len(MAMMOTH_TILES)
        self.herd_tile = -1
        self.herd_zone = -1
        self.herd_next = -1
        self.animals: tuple[int, ...] = ()
        self.igloos_left = IGLOOS if self.has_igloos else 0
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
        # the setup: the cards of the display, then each stack's top tile (and the herd's first tiles)
        self.reveals = [*range(len(self.display)), *(STACK_REVEAL + i for i in range(self.nstacks))]
        if self.has_herd:
            self.reveals += herd.SETUP_REVEALS
        self.reveal_then = THEN_NEW_ROUND
        self.step = REVEAL
        self._actors: tuple[int, ...] = (CHANCE,)
        self._legal: tuple[Hashable, ...] | None = None
        self.log: list[Event] | None = None

    # -- the flow: after every step, take forced decisions and work out who acts ----------------------------
    def settle(self) -> None:
        """Apply decisions that have exactly one legal action, then record who acts and their legal actions."""
        while self.step < ROLL_DICE:
            legal = _LEGAL[self.step](self)
            if len(legal) == 1:
                only: Any = legal[0]
                _APPLY[only[0]](self, only)
                continue
            self._legal = tuple(legal)
            self._actors = (self.pick_seat if self.step == PICK_DIE else self.turn,)
            return
        self._legal = None
        self._actors = () if self.step == OVER else (CHANCE,)

    def refresh(self) -> None:
        """Work out who acts and their legal actions without taking any decision (a state rebuilt from a view)."""
        if self.step < ROLL_DICE:
            self._legal = tuple(_LEGAL[self.step](self))
            self._actors = (self.pick_seat if self.step == PICK_DIE else self.turn,)
        else:
            self._legal = None
            self._actors = () if self.step == OVER else (CHANCE,)

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
        move: Any = action
        _APPLY[move[0]](self, move)
        self.settle()

    @staticmethod
    def action_text(action: Hashable) -> str:
        return act.action_text(action)

    @staticmethod
    def parse_action(text: str) -> Hashable:
        return act.parse_action(text)

    def chance_outcomes(self) -> list[tuple[Hashable, float]]:
        if self.step == ROLL_DICE:
            return [((act.DICE, faces), p) for faces, p in resolution.dice_distribution(self.roll_count)]
        if self.step != REVEAL:
            return []
        if self.reveals[0] >= HERD_BACK:
            return herd.reveal_outcomes(self)
        if self.reveals[0] < STACK_REVEAL or self.reveals[0] >= HAND_REVEAL:
            return [((act.CARD, i), n / self.deck_size) for i, n in enumerate(self.deck) if n]
        return [((act.BUILDING, i), n / self.pool_size) for i, n in enumerate(self.pool) if n]

    def sample_chance(self, rng: random.Random) -> Hashable:
        if self.step == ROLL_DICE:
            rand = rng.random
            return (act.DICE, tuple(sorted([int(rand() * 6) + 1 for _ in range(self.roll_count)])))
        code = self.reveals[0]
        if code >= HERD_BACK:
            return herd.sample_reveal(self, rng)
        is_card = code < STACK_REVEAL or code >= HAND_REVEAL
        counts, total = (self.deck, self.deck_size) if is_card else (self.pool, self.pool_size)
        pick = int(rng.random() * total)
        for index, count in enumerate(counts):
            pick -= count
            if pick < 0:
                return (act.CARD if is_card else act.BUILDING, index)
        raise AssertionError("the unseen pool is empty")

    def is_possible_outcome(self, outcome: Hashable) -> bool:
        out: Any = outcome
        if not isinstance(out, tuple) or len(out) != 2:
            return False
        kind, value = out
        if self.step == ROLL_DICE:
            return (
                kind == act.DICE
                and isinstance(value, tuple)
                and len(value) == self.roll_count
                and all(isinstance(f, int) and 1 <= f <= 6 for f in value)
            )
        if self.step != REVEAL or not isinstance(value, int) or value < 0:
            return False
        if self.reveals[0] >= HERD_BACK:
            return herd.is_possible_reveal(self, kind, value)
        is_card = self.reveals[0] < STACK_REVEAL or self.reveals[0] >= HAND_REVEAL
        if is_card:
            return kind == act.CARD and value < len(self.deck) and self.deck[value] > 0
        return kind == act.BUILDING and value < len(self.pool) and self.pool[value] > 0

    def _apply_chance(self, outcome: Hashable) -> None:
        out: Any = outcome
        if out[0] == act.DICE:
            resolution.apply_dice(self, tuple(sorted(out[1])))
        else:
            feeding.apply_reveal(self, out[1])
        self.settle()

    @staticmethod
    def outcome_text(outcome: Hashable) -> str:
        return act.outcome_text(outcome)

    @staticmethod
    def parse_outcome(text: str) -> Hashable:
        return act.parse_outcome(text)

    def clone(self) -> StoneAgeState:
        other = object.__new__(StoneAgeState)
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, getattr(self, name)[:])
        other.log = None  # a clone (a bot's search) emits nothing
        # the modules' lists are never changed when no module is on, so they may be shared then
        for name in _MODULE_LISTS:
            setattr(other, name, getattr(self, name)[:] if self.modular else getattr(self, name))
        return other

    def view(self, seat: int | None) -> dict[str, JSON]:
        return views.view(self, seat)

    def result(self) -> Result:
        if self.step != OVER:
            raise ValueError("the game is not over")
        return scoring.result(self)

    def signature(self) -> JSON:
        return views.signature(self)

    def goods(self, seat: int) -> tuple[int, ...]:
        """The goods (wood, clay, stone, gold) ``seat`` holds."""
        base = seat * NRES
        return tuple(self.resources[base + 1 : base + NRES])

    def payables(self, seat: int) -> tuple[int, ...]:
        """What ``seat`` may pay with in the extension: the goods and, fifth, the jewels."""
        base = seat * NRES
        return (*self.resources[base + 1 : base + NRES], self.jewels[seat])


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
_SCALARS = tuple(name for name in StoneAgeState.__slots__ if name not in (*_LISTS, *_MODULE_LISTS, "log"))
