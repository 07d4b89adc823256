"""Pig, a tiny dice game used to test the kernel: roll a die to add to your turn total (a 1 loses it) or
hold to bank it; the first to ``target`` wins.

For the table's tests it logs events: ``rolled`` and ``held`` for everyone, and a ``lucky`` event (a six) that
only the roller reads in full."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from dolmen.engine import CHANCE, Game, MalformedStep, OptionsError, Result, State, rank_by
from dolmen.engine.events import Event, hidden


class Pig(Game):
    name: ClassVar[str] = "pig"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4

    def default_options(self) -> dict[str, Any]:
        return {"target": 20}

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        self.check_players(players)
        full = self.default_options() | dict(options)
        if set(full) != {"target"} or not isinstance(full["target"], int) or full["target"] < 1:
            raise OptionsError(f"bad pig options {dict(options)!r}")
        return full

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> PigState:
        return PigState(self, players, self.check_options(players, options or {})["target"])

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> PigState:
        state = PigState(self, len(view["banked"]), view["target"])
        state.banked, state.turn, state.seat, state.rolling = (
            list(view["banked"]),
            view["turn"],
            view["seat"],
            view["rolling"],
        )
        return state


class PigState(State):
    def __init__(self, game: Pig, players: int, target: int) -> None:
        self.game, self.players, self.target = game, players, target
        self.banked = [0] * players
        self.turn = 0
        self.seat = 0
        self.rolling = False
        self.log: list[Event] | None = None

    def activity(self) -> str:
        return "over" if not self.actors() else ("roll" if self.rolling else "decide")

    def actors(self) -> tuple[int, ...]:
        if max(self.banked) >= self.target:
            return ()
        return (CHANCE,) if self.rolling else (self.seat,)

    def legal_actions(self, seat: int) -> list[Any]:
        return ["roll", "hold"] if self.actors() == (seat,) else []

    def _apply_action(self, seat: int, action: Any) -> None:
        if action == "roll":
            self.rolling = True
        else:
            if self.log is not None:
                self.log.append(Event("held", {"seat": seat, "points": self.turn}))
            self.banked[seat] += self.turn
            self.turn, self.seat = 0, (seat + 1) % self.players

    @staticmethod
    def action_text(action: Any) -> str:
        return str(action)

    @staticmethod
    def parse_action(text: str) -> Any:
        if text not in ("roll", "hold"):
            raise MalformedStep(f"unknown pig action {text!r}")
        return text

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def is_possible_outcome(self, outcome: Any) -> bool:
        return outcome in range(1, 7)

    def _apply_chance(self, outcome: Any) -> None:
        if self.log is not None:
            self.log.append(Event("rolled", {"seat": self.seat, "die": outcome}))
            if outcome == 6:
                self.log.append(
                    hidden("lucky", {"seat": self.seat, "charm": "clover"}, (self.seat,), {"seat": self.seat})
                )
        self.rolling = False
        if outcome == 1:
            self.turn, self.seat = 0, (self.seat + 1) % self.players
        else:
            self.turn += outcome

    @staticmethod
    def outcome_text(outcome: Any) -> str:
        return f"die {outcome}"

    @staticmethod
    def parse_outcome(text: str) -> Any:
        verb, _, face = text.partition(" ")
        if verb != "die" or not face.isdigit():
            raise MalformedStep(f"expected 'die N', got {text!r}")
        return int(face)

    def clone(self) -> PigState:
        other = PigState(self.game, self.players, self.target)
        other.banked, other.turn, other.seat, other.rolling = (
            list(self.banked),
            self.turn,
            self.seat,
            self.rolling,
        )
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "target": self.target,
            "banked": list(self.banked),
            "turn": self.turn,
            "seat": self.seat,
            "rolling": self.rolling,
        }

    def result(self) -> Result:
        return rank_by(self.banked, [0] * self.players, "target reached")

    def signature(self) -> Any:
        return self.view(None)
