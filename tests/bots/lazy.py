"""Offers, a toy game whose action set is too large to list (like a trade step's offers): two seats take
turns picking one of five million numbered offers, three picks each; offer ``n`` is worth
``value(n)`` points (0 to 100, scattered). The higher total wins. The legal actions are a lazy sequence that
refuses to be iterated, so a test fails if anybody lists it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, overload

from dolmen.engine import Game, MalformedStep, OptionsError, Result, State, rank_by

OFFERS = 5_000_000
PICKS = 3


def value(offer: int) -> int:
    return (offer * 7919 + 13) % 101


class LazyOffers(Sequence[int]):
    """The offers ``0 .. count-1``: length, indexing and ``in`` are O(1); iterating is an error."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __len__(self) -> int:
        return self.count

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        if isinstance(index, slice):
            raise TypeError("no slices of a lazy action set")
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return index % self.count

    def __contains__(self, offer: object) -> bool:
        return isinstance(offer, int) and 0 <= offer < self.count

    def __iter__(self) -> Iterator[int]:
        raise AssertionError("a lazy action set was listed")


class Offers(Game):
    name: ClassVar[str] = "offers"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def default_options(self) -> dict[str, Any]:
        return {}

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        self.check_players(players)
        if options:
            raise OptionsError("offers has no options")
        return {}

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> OffersState:
        self.check_options(players, options or {})
        return OffersState(self)

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> OffersState:
        state = OffersState(self)
        state.points, state.picks = list(view["points"]), view["picks"]
        return state


class OffersState(State):
    def __init__(self, game: Offers) -> None:
        self.game, self.players = game, 2
        self.points = [0, 0]
        self.picks = 0

    def actors(self) -> tuple[int, ...]:
        return () if self.picks == 2 * PICKS else (self.picks % 2,)

    def legal_actions(self, seat: int) -> Sequence[Any]:
        return LazyOffers(OFFERS) if self.actors() == (seat,) else []

    def _apply_action(self, seat: int, action: Any) -> None:
        self.points[seat] += value(action)
        self.picks += 1

    @staticmethod
    def action_text(action: Any) -> str:
        return f"offer {action}"

    @staticmethod
    def parse_action(text: str) -> Any:
        verb, _, number = text.partition(" ")
        if verb != "offer" or not number.isdigit():
            raise MalformedStep(f"expected 'offer N', got {text!r}")
        return int(number)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return []

    def is_possible_outcome(self, outcome: Any) -> bool:
        return False

    def _apply_chance(self, outcome: Any) -> None:
        raise AssertionError("offers has no chance")

    @staticmethod
    def outcome_text(outcome: Any) -> str:
        return str(outcome)

    @staticmethod
    def parse_outcome(text: str) -> Any:
        raise MalformedStep("offers has no chance")

    def clone(self) -> OffersState:
        other = OffersState(self.game)
        other.points, other.picks = list(self.points), self.picks
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.points), "picks": self.picks}

    def result(self) -> Result:
        return rank_by(self.points, [0, 0], "all offers picked")

    def signature(self) -> Any:
        return self.view(None)
