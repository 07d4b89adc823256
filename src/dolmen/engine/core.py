"""The game-agnostic kernel: the small API through which every driver (terminal, bots, records, server)
plays a game.

A :class:`Game` is the static description (name, player counts, options). A :class:`State` is one point of
play. Who acts now is given by :meth:`State.actors`: one or more seats, ``(CHANCE,)`` when chance acts, or
``()`` once the game is over. Chance is an ordinary recorded step: the state lists the outcomes with their
probabilities and a driver picks one (usually with :meth:`State.sample_chance` and a seeded generator) and
applies it. The engine never draws random numbers on its own.

Actions and chance outcomes are small hashable values whose text forms round-trip through
:meth:`State.action_text` / :meth:`State.parse_action` and :meth:`State.outcome_text` /
:meth:`State.parse_outcome`.

Checked application (:meth:`State.apply_action`, :meth:`State.apply_chance`) validates first and leaves the
state unchanged on error. The unchecked ``_apply_*`` methods are the hot path for playouts that already
picked from the legal list.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from dolmen.engine.errors import IllegalStep, OptionsError
from dolmen.engine.events import Event
from dolmen.engine.messages import message

CHANCE: Final = -1
"""The pseudo-seat that acts when the next step is a chance outcome (dice, a card drawn)."""

Action = Hashable
Outcome = Hashable
JSON = Any


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    ``scores`` per seat; ``winners`` the seats sharing first place after tie-breaks; ``ranks`` per seat
    (1 = first, tied seats share a rank); ``tiebreak`` per seat, the value compared when scores tie;
    ``reason`` a short text naming the end condition.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str
    tiebreak: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, JSON]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "reason": self.reason,
            "tiebreak": list(self.tiebreak),
        }


def rank_by(scores: Sequence[int], tiebreak: Sequence[int], reason: str) -> Result:
    """Build a :class:`Result`: higher score first, then higher tie-break; exact ties share rank and win."""
    keys = [(s, t) for s, t in zip(scores, tiebreak, strict=True)]
    ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Result(tuple(scores), winners, ranks, reason, tuple(tiebreak))


@mypyc_attr(allow_interpreted_subclasses=True)  # games written in plain Python subclass it too
class Game(ABC):
    """Static description of a game: its name, allowed player counts and table options."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def default_options(self) -> dict[str, JSON]:
        """The options a table gets when nothing is said (JSON values)."""

    @abstractmethod
    def check_options(self, players: Any, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """Return the complete, normalised options (defaults filled in) or raise :class:`OptionsError`."""

    @abstractmethod
    def new_state(self, players: int, options: Mapping[str, JSON] | None = None) -> State:
        """The state before the first step. Deterministic: no seed, chance comes later as steps."""

    @abstractmethod
    def state_from_view(self, view: Mapping[str, JSON], rng: random.Random) -> State:
        """A full state consistent with ``view`` (a seat's or a spectator's), sampling with ``rng`` whatever
        that viewer cannot see. Bots search from such states; with no hidden information it is exact."""

    def describe(self, options: Mapping[str, JSON] | None = None) -> dict[str, JSON]:
        """The static tables a client needs to show the game with ``options`` (components with their costs,
        effects and points), as JSON, so that no renderer re-types a rule number."""
        raise NotImplementedError(f"{self.name} has no describe()")

    def message_package(self) -> str:
        """The package whose ``messages/<language>.json`` catalogues render this game's log events."""
        return type(self).__module__.rpartition(".")[0]

    def check_players(self, players: Any) -> None:
        """Raise :class:`OptionsError` unless ``players`` (any value: it comes from outside) is a player count
        of this game."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(message((), "options_players_not_a_number", given=repr(players)))
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                message(
                    (),
                    "options_player_count",
                    game=self.name,
                    least=self.min_players,
                    most=self.max_players,
                    players=players,
                )
            )


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One point of play. Mutable: ``apply_*`` change it in place; :meth:`clone` gives an independent copy.

    Its one slot is ``log``, so that a game's ``__slots__`` take effect: no per-instance dictionary, and a
    misspelt attribute is an error.
    """

    __slots__ = ("log",)

    game: Game
    players: int
    log: list[Event] | None
    """Where the rules append the :class:`~dolmen.engine.events.Event` values of each step when a driver sets a
    list; ``None`` (the default, and always in clones) emits nothing."""

    # -- who acts ---------------------------------------------------------------------------------------
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now, ``(CHANCE,)`` for a chance step, ``()`` when the game is over."""

    def activity(self) -> str:
        """What the acting seats (or chance) are doing now, as a short stable name for the view envelope (for
        example ``reroll``, ``build``, ``place``, ``feed``, ``roll``, ``over``)."""
        raise NotImplementedError(f"{self.game.name} states have no activity()")

    def chance_seen_by(self) -> tuple[int, ...] | None:
        """Who may learn the pending chance outcome: ``None`` (everyone; dice, a card turned face up) or the
        seats that may see it (a card drawn face down into a hand). Drivers hide the outcome from the others."""
        return None

    def is_over(self) -> bool:
        return not self.actors()

    def is_chance(self) -> bool:
        return self.actors() == (CHANCE,)

    # -- actions ----------------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now (empty when the seat is not acting). The one source of
        legality: drivers, bots and user interfaces all ask it.

        Usually a list; where the set is too large to list (e.g. every possible trade offer) a game returns a
        lazy sequence that supports ``len``, indexing, iteration and a fast ``in``."""

    @abstractmethod
    def _apply_action(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    def is_legal(self, seat: int, action: Action) -> bool:
        return seat in self.actors() and action in self.legal_actions(seat)

    def apply_action(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise :class:`IllegalStep` (state unchanged) when not allowed."""
        actors = self.actors()
        if seat not in actors or seat == CHANCE:
            if actors == (CHANCE,):
                raise IllegalStep(message((), "refused_chance_acts", seat=seat))
            if not actors:
                raise IllegalStep(message((), "refused_game_over", seat=seat))
            raise IllegalStep(message((), "refused_others_act", seat=seat, acting_seats=list(actors)))
        try:
            legal = action in self.legal_actions(seat)
        except TypeError:  # an unhashable value cannot be an action
            legal = False
        if not legal:
            raise IllegalStep(self.illegal_reason(seat, action))
        self._apply_action(seat, action)

    def illegal_reason(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now, in words a player understands (``costs 30, you have
        24``; ``Temple is not used with 2 players``). Games override this with the rule that forbids it."""
        try:
            text = repr(self.action_text(action))
        except Exception:  # a foreign value has no text form
            text = repr(action)
        return f"{text} is not a legal action for seat {seat} now"

    # The four text forms are instance methods (a game may read a text against its state, e.g. dice by
    # position); a game written in plain Python may still make them static. Compiled code cannot call a static
    # method through an interpreted subclass, so the kernel declares none.
    @abstractmethod
    def action_text(self, action: Action) -> str:
        """The text form of an action, e.g. ``keep 1 3``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse a text form; raise :class:`MalformedStep` with what was wrong."""

    # -- chance -----------------------------------------------------------------------------------------
    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Outcome, float]]:
        """The possible outcomes of the pending chance step with their probabilities (summing to 1)."""

    def sample_chance(self, rng: random.Random) -> Outcome:
        """Draw an outcome with the probabilities of :meth:`chance_outcomes`. Games override this with a
        faster equivalent (e.g. rolling each die)."""
        outcomes = self.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]

    @abstractmethod
    def is_possible_outcome(self, outcome: Outcome) -> bool:
        """Whether ``outcome`` has a non-zero probability now (cheaper than listing all outcomes)."""

    @abstractmethod
    def _apply_chance(self, outcome: Outcome) -> None:
        """Apply a chance outcome already known to be possible."""

    def apply_chance(self, outcome: Outcome) -> None:
        """Apply a chance outcome; raise :class:`IllegalStep` (state unchanged) when it is impossible."""
        if not self.is_chance():
            raise IllegalStep("no chance step is pending")
        if not self.is_possible_outcome(outcome):
            raise IllegalStep(f"{self.outcome_text(outcome)!r} is not a possible outcome now")
        self._apply_chance(outcome)

    @abstractmethod
    def outcome_text(self, outcome: Outcome) -> str:
        """The text form of a chance outcome, e.g. ``roll 1 1 4``."""

    @abstractmethod
    def parse_outcome(self, text: str) -> Outcome:
        """Parse a chance outcome's text form; raise :class:`MalformedStep`."""

    # -- the rest ---------------------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy (bots search on copies)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data. Nothing hidden from that viewer
        appears in it."""

    def views_alike(self) -> bool:
        """Whether every viewer now sees the same board but for its ``viewer`` key: nothing is hidden from
        anyone at this point (a game of perfect information, or hands played open). A table then builds the
        board once for all its viewers. ``False`` (the safe answer) unless a game knows better."""
        return False

    @abstractmethod
    def result(self) -> Result:
        """Scores, winners, ranks and end reason; only when :meth:`is_over`."""

    @abstractmethod
    def signature(self) -> JSON:
        """A JSON-ready snapshot of the whole state, for comparing replays (not for players)."""
