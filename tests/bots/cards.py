"""High card, a tiny two-seat game with hidden information used to test bots (it is Kuhn poker with
``cards`` cards): each seat antes 1 from a stack of 3 and is dealt one card it alone sees. Seat 0 checks or
bets 1; after a bet the other seat calls or folds; after a check seat 1 may check (showdown) or bet, and
seat 0 then calls or folds. At a showdown the higher card takes the pot; a fold gives it to the other seat.
The score is the final stack."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from dolmen.engine import CHANCE, Game, MalformedStep, OptionsError, Result, State, rank_by

STACK = 3
NEXT: dict[tuple[str, ...], tuple[str, ...]] = {
    (): ("check", "bet"),
    ("check",): ("check", "bet"),
    ("bet",): ("call", "fold"),
    ("check", "bet"): ("call", "fold"),
}
"""The legal actions after each betting history; a history not listed has ended the hand."""


class HighCard(Game):
    name: ClassVar[str] = "highcard"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def default_options(self) -> dict[str, Any]:
        return {"cards": 3}

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        self.check_players(players)
        full = self.default_options() | dict(options)
        if set(full) != {"cards"} or not isinstance(full["cards"], int) or full["cards"] < 3:
            raise OptionsError(f"bad highcard options {dict(options)!r}")
        return full

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> HighCardState:
        return HighCardState(self, self.check_options(players, options or {})["cards"])

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> HighCardState:
        state = HighCardState(self, view["cards"])
        state.history = list(view["history"])
        if view["dealt"]:
            hands = list(view["shown"]) if view["shown"] else [None, None]
            if view["viewer"] is not None:
                hands[view["viewer"]] = view["hand"]
            for seat in (0, 1):
                if hands[seat] is None:
                    unseen = [c for c in range(1, state.cards + 1) if c not in hands]
                    hands[seat] = unseen[rng.randrange(len(unseen))]
            state.hands = hands
        return state


class HighCardState(State):
    def __init__(self, game: HighCard, cards: int) -> None:
        self.game, self.players, self.cards = game, 2, cards
        self.hands: list[int | None] = [None, None]
        self.history: list[str] = []

    def actors(self) -> tuple[int, ...]:
        if self.hands[0] is None:
            return (CHANCE,)
        if tuple(self.history) not in NEXT:
            return ()
        return (len(self.history) % 2,)

    def legal_actions(self, seat: int) -> list[Any]:
        return list(NEXT[tuple(self.history)]) if self.actors() == (seat,) else []

    def _apply_action(self, seat: int, action: Any) -> None:
        self.history.append(action)

    @staticmethod
    def action_text(action: Any) -> str:
        return str(action)

    @staticmethod
    def parse_action(text: str) -> Any:
        if text not in ("check", "bet", "call", "fold"):
            raise MalformedStep(f"unknown highcard action {text!r}")
        return text

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        pairs = [(a, b) for a in range(1, self.cards + 1) for b in range(1, self.cards + 1) if a != b]
        return [(pair, 1 / len(pairs)) for pair in pairs]

    def is_possible_outcome(self, outcome: Any) -> bool:
        a, b = outcome
        return a != b and 1 <= a <= self.cards and 1 <= b <= self.cards

    def _apply_chance(self, outcome: Any) -> None:
        self.hands = list(outcome)

    @staticmethod
    def outcome_text(outcome: Any) -> str:
        return f"deal {outcome[0]} {outcome[1]}"

    @staticmethod
    def parse_outcome(text: str) -> Any:
        words = text.split()
        if len(words) != 3 or words[0] != "deal" or not all(w.isdigit() for w in words[1:]):
            raise MalformedStep(f"expected 'deal A B', got {text!r}")
        return int(words[1]), int(words[2])

    def clone(self) -> HighCardState:
        other = HighCardState(self.game, self.cards)
        other.hands, other.history = list(self.hands), list(self.history)
        return other

    def is_showdown(self) -> bool:
        return self.is_over() and self.history[-1] != "fold"

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "viewer": seat,
            "cards": self.cards,
            "dealt": self.hands[0] is not None,
            "hand": self.hands[seat] if seat is not None else None,
            "history": list(self.history),
            "shown": list(self.hands) if self.is_showdown() else None,
        }

    def result(self) -> Result:
        paid = [1, 1]
        for index, action in enumerate(self.history):
            if action in ("bet", "call"):
                paid[index % 2] += 1
        if self.history[-1] == "fold":
            folder = (len(self.history) - 1) % 2
            winner = 1 - folder
        else:
            winner = 0 if (self.hands[0] or 0) > (self.hands[1] or 0) else 1
        scores = [STACK - paid[seat] + (sum(paid) if seat == winner else 0) for seat in (0, 1)]
        return rank_by(scores, [0, 0], "fold" if self.history[-1] == "fold" else "showdown")

    def signature(self) -> Any:
        return {"hands": list(self.hands), "history": list(self.history)}
