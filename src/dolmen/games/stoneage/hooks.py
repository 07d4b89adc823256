"""The hook protocol between the base game's phases and the modules (seed 003 "Extensions"; docs/stoneage.md "For
module authors").

A module (``modules/<module>.py``) is a :class:`Module`: it overrides the hook points it needs, each of which does
nothing here. :class:`Hooks` lists, point by point, the enabled modules that override it; a table resolves it
once from its options and every state of the game shares it. The phases call a hook point only when some module
is on (``state.modular``), so the base game pays one attribute test where a module could act.

Where several modules act at one point they act in the order of ``MODULES`` (the extension, new huts, mammoths,
winter, animals, igloos), except after a card is paid, where harsh winter's gold comes before the extension's
face-down draw [ruling, docs/stoneage.md "Harsh winter"]. The locations modules add are offered in the board's
order (the merchant among the village, then the igloos, then the wild animal).

A point that pauses for a decision (``after_card``, ``after_building``, ``after_gathering``, ``before_feeding``)
returns ``True``; once the decision is taken, the module hands back to the phase (``cards.extras_done``,
``buildings.extras_done``, ``gathering.after_gathering``, ``feeding.interlude``) naming itself, and the phase goes
on with the next module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from dolmen.engine.core import JSON
    from dolmen.games.stoneage.state import StoneAgeState

Legal = Callable[["StoneAgeState"], Sequence[Any]]
Handler = Callable[["StoneAgeState", Any], None]
Decisions = Mapping[int, tuple[Legal | None, Mapping[int, Handler]]]
"""Decision steps (``steps``) with their legal actions (``None``: the base game's step, to which the module only
adds kinds of action) and the handler of each kind of action they take."""


class Module:
    """A module's part in the game: its name, the locations, rolls and reveals it owns, and the hook points the
    phases call, each a no-op here."""

    name: ClassVar[str] = ""
    village: ClassVar[tuple[int, ...]] = ()
    """Village locations the module adds (one person each, counted in the village limit, resolved by
    :meth:`resolve`)."""
    places: ClassVar[tuple[int, ...]] = ()
    """Other locations the module adds: offered while :meth:`has_room`, placed by :meth:`place`, resolved by
    :meth:`resolve` if people stay on the placement vector."""
    rolls: ClassVar[tuple[int, ...]] = ()
    """``roll_res`` codes of the rolls the module makes (``steps.CONTEST``...): their dice go to :meth:`apply_dice`."""
    reveals: ClassVar[tuple[int, ...]] = ()
    """Reveal codes the module draws (``steps.HERD_BACK``...): :meth:`reveal_outcomes` to :meth:`apply_reveal`."""
    setup_reveals: ClassVar[tuple[int, ...]] = ()
    """Reveals the module adds to the setup's, after them."""
    decisions: ClassVar[Decisions] = {}
    """The module's decisions (``decisions.py`` merges them with the base game's)."""
    card_offer_first: ClassVar[bool] = False
    """Whether the module's offer after a card's payment (:meth:`after_card`) comes before the other modules'
    (harsh winter's gold before the extension's face-down draw; see the module docstring)."""

    # -- the view ---------------------------------------------------------------------------------------------
    def add_view(self, state: StoneAgeState, doc: dict[str, JSON]) -> None:
        """Add the module's keys to ``doc``, a view being built (what a module keeps is public)."""

    # -- the setup and the placement ------------------------------------------------------------------------
    def setup(self, state: StoneAgeState) -> None:
        """At the creation of ``state``, before the setup's reveals are listed: the module's components."""

    def begin_round(self, state: StoneAgeState) -> None:
        """A round begins: the people have come home and nobody has placed yet."""

    def has_room(self, state: StoneAgeState, loc: int) -> bool:
        """Whether one more person may go on ``loc`` (one of :attr:`places`) now."""
        return False

    def place(self, state: StoneAgeState, seat: int, loc: int) -> None:
        """One more person of ``seat`` goes on ``loc`` (one of :attr:`places`)."""

    # -- the actions ----------------------------------------------------------------------------------------
    def resolve(self, state: StoneAgeState, loc: int) -> None:
        """``state.turn`` resolves ``loc`` (one of :attr:`village` or :attr:`places`)."""

    def lower_total(self, state: StoneAgeState, total: int) -> int:
        """A gathering roll's total, before tools."""
        return total

    def take_yield(self, state: StoneAgeState, amount: int) -> bool:
        """A gathering's yield: whether the module takes it over (a decision is then pending)."""
        return False

    def after_gathering(self, state: StoneAgeState) -> bool:
        """After a gathering's yield is taken: whether a decision is pending."""
        return False

    def apply_dice(self, state: StoneAgeState, faces: tuple[int, ...]) -> None:
        """The dice of one of the module's :attr:`rolls`."""

    # -- purchases ------------------------------------------------------------------------------------------
    def card_cost(self, state: StoneAgeState, seat: int, space: int, cost: int) -> int:
        """What the card on display ``space`` costs ``seat`` (``cost``: what it costs so far)."""
        return cost

    def card_payments(self, state: StoneAgeState, seat: int, space: int, cost: int) -> Sequence[Any] | None:
        """The legal actions paying for the card being resolved, when the module pays cards its own way."""
        return None

    def building_payments(self, state: StoneAgeState, seat: int, tile: int) -> Sequence[Any] | None:
        """The legal actions paying for the building being resolved, when the module pays its own way."""
        return None

    def pay_more(self, state: StoneAgeState, seat: int, counts: tuple[int, ...]) -> None:
        """``seat`` pays ``counts``, longer than the goods: take what follows them (the extension's jewels). Only the
        module that pays cards and buildings its own way (``Hooks.payments``) lists such payments."""

    def paid(self, state: StoneAgeState) -> None:
        """A card or a building has just been paid."""

    def after_card(self, state: StoneAgeState) -> bool:
        """A card is paid and in the hand (``state.bought``), its top half still to act: whether the module
        offers something first (a decision is then pending)."""
        return False

    def building_points(self, state: StoneAgeState, seat: int, points: int) -> int:
        """The points of the building ``seat`` has just paid (``points`` so far)."""
        return points

    def after_building(self, state: StoneAgeState, tile: int) -> bool:
        """``tile`` is bought and scored: whether the module offers something (a decision is then pending)."""
        return False

    # -- between the actions and the next round -------------------------------------------------------------
    def before_feeding(self, state: StoneAgeState) -> bool:
        """Everyone has resolved: whether an event of the module is under way before the feeding."""
        return False

    def before_eating(self, state: StoneAgeState, seat: int) -> None:
        """``seat`` is about to eat."""

    def food_spared(self, state: StoneAgeState, seat: int) -> int:
        """How much less food ``seat``'s people eat this feeding."""
        return 0

    def round_reveals(self, state: StoneAgeState) -> list[int]:
        """The reveals the module adds at the end of a round (after the display's and the stacks')."""
        return []

    def card_drawn(self, state: StoneAgeState, card: int) -> None:
        """A deck card that is not a civilization card (the module's) came out of the deck."""

    def deck_others(self, state: StoneAgeState) -> int:
        """How many of the deck's cards are the module's, not civilization cards (the wild animals): no draw of a
        civilization card takes them, and they never refill the display."""
        return 0

    # -- the module's own reveals ---------------------------------------------------------------------------
    def reveal_outcomes(self, state: StoneAgeState) -> list[tuple[Any, float]]:
        """The outcomes of the pending reveal (one of :attr:`reveals`) with their probabilities."""
        return []

    def sample_reveal(self, state: StoneAgeState, rng: random.Random) -> Any:
        """One outcome of the pending reveal, drawn with ``rng``."""
        raise NotImplementedError

    def is_possible_reveal(self, state: StoneAgeState, kind: int, value: int) -> bool:
        """Whether ``(kind, value)`` may come out of the pending reveal."""
        return False

    def apply_reveal(self, state: StoneAgeState, code: int, value: int) -> None:
        """The reveal ``code`` showed ``value``."""


def following(chain: tuple[Module, ...], after: Module | None) -> tuple[Module, ...]:
    """The modules of a pausing hook point (``chain``) still to act once ``after`` is done (all, from the first,
    when ``after`` is ``None``)."""
    return chain if after is None else chain[chain.index(after) + 1 :]


def _first(pair: tuple[int, Module]) -> int:
    return pair[0]


def _offers_later(module: Module) -> bool:
    return not module.card_offer_first


def _overrides(module: Module, point: str) -> bool:
    return getattr(type(module), point) is not getattr(Module, point)


class Hooks:
    """The enabled modules' hook points (see the module docstring), resolved once per table from its options:
    each point lists, in order, the modules that override it."""

    __slots__ = (
        *("modules", "setup", "setup_reveals", "begin_round", "village", "places", "placers", "resolvers"),
        *("lower_total", "take_yield", "after_gathering", "rollers", "card_cost", "payments", "paid", "after_card"),
        *("building_points", "after_building", "before_feeding", "before_eating", "food_spared", "round_reveals"),
        *("card_drawn", "deck_others", "revealers", "views"),
    )

    def __init__(self, modules: tuple[Module, ...]) -> None:
        self.modules = modules

        def overriding(point: str) -> tuple[Module, ...]:
            return tuple(module for module in modules if _overrides(module, point))

        self.setup = overriding("setup")
        self.setup_reveals = tuple(code for module in modules for code in module.setup_reveals)
        self.begin_round = overriding("begin_round")
        self.village = tuple(loc for module in modules for loc in module.village)
        self.places = tuple(sorted(((loc, module) for module in modules for loc in module.places), key=_first))
        """``(loc, module)`` for the locations the modules place people on themselves, in the board's order."""
        self.placers = {loc: module for loc, module in self.places}
        self.resolvers = {loc: module for module in modules for loc in (*module.village, *module.places)}
        self.lower_total = overriding("lower_total")
        self.take_yield = overriding("take_yield")
        self.after_gathering = overriding("after_gathering")
        self.rollers = {code: module for module in modules for code in module.rolls}
        self.card_cost = overriding("card_cost")
        paying = overriding("card_payments")
        assert len(paying) <= 1, "one module at most pays cards and buildings its own way"
        self.payments: Module | None = paying[0] if paying else None
        self.paid = overriding("paid")
        offers = overriding("after_card")
        self.after_card = tuple(sorted(offers, key=_offers_later))
        self.building_points = overriding("building_points")
        self.after_building = overriding("after_building")
        self.before_feeding = overriding("before_feeding")
        self.before_eating = overriding("before_eating")
        self.food_spared = overriding("food_spared")
        self.round_reveals = overriding("round_reveals")
        self.card_drawn = overriding("card_drawn")
        self.deck_others = overriding("deck_others")
        self.revealers = {code: module for module in modules for code in module.reveals}
        self.views = overriding("add_view")
