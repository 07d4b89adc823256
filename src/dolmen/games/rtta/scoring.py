"""End of turn, end of game and final scores.

Seed 002, "Game End", "Winning the Game", "Rules for Solitaire Play"; seed 000, Late Bronze Age "Fin de la
Partie", "Commerce", "Architecture", "Empire". [ruling] Solo: 10 rounds, or sooner at the end of a round in
which the usual end condition holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dolmen.engine.core import Result, rank_by
from dolmen.engine.events import Event
from dolmen.games.rtta import steps
from dolmen.games.rtta.components import (
    ARCHITECTURE,
    CITIES,
    COMMERCE,
    EMPIRE,
    MONUMENT_BOXES,
    MONUMENTS,
    SOLO_ROUNDS,
    Edition,
    goods_value,
)
from dolmen.games.rtta.rolling import start_turn

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState


def has_all_monuments_built(s: RttaState) -> bool:
    """Every monument in play has been completed by someone."""
    first, in_play = s.first_builder, s.in_play
    for m in range(MONUMENTS):  # noqa: SIM110 - a loop, not all() on a generator: this runs every round
        if in_play[m] and first[m] < 0:
            return False
    return True


def has_enough_developments(s: RttaState) -> bool:
    goal = s.edition.end_developments
    for devs in s.devs:  # noqa: SIM110 - a loop, not any() on a generator: this runs at the end of every round
        if devs.bit_count() >= goal:
            return True
    return False


def end_condition(s: RttaState) -> str | None:
    """Which end condition holds (``developments``, ``monuments``, ``rounds``), or ``None`` to play on."""
    if has_enough_developments(s):
        return "developments"
    if has_all_monuments_built(s):
        return "monuments"
    if s.solo and s.round >= SOLO_ROUNDS:
        return "rounds"
    return None


def end_reason(s: RttaState) -> str | None:
    """Why the game ends at the end of this round, in words, or ``None`` to play on."""
    match end_condition(s):
        case "developments":
            return f"a player owns {s.edition.end_developments} developments"
        case "monuments":
            return "every monument in play has been built"
        case "rounds":
            return f"{SOLO_ROUNDS} rounds played"
    return None


def end_turn(s: RttaState) -> None:
    """Pass the dice; at the end of a round, end the game if a condition holds (rounds always finish)."""
    if s.log is not None:
        s.log.append(Event("turn_ended", {"seat": s.active}))
    if s.active == s.players - 1:
        if end_condition(s) is not None:  # end_reason's words only once it ends
            s.step = steps.OVER
            if s.log is not None:
                _log_game_end(s)
            return
        s.round += 1
        s.active = 0
        if s.log is not None:
            s.log.append(Event("round_started", {"round": s.round}))
    else:
        s.active += 1
    start_turn(s)


def _log_game_end(s: RttaState) -> None:
    """Why the game ended, each seat's score sheet, and the winners."""
    assert s.log is not None
    log, condition = s.log, end_condition(s)
    goal = s.edition.end_developments
    if condition == "developments":
        owners = [p for p in range(s.players) if s.devs[p].bit_count() >= goal]
        args = {"seats": owners, "seats_count": len(owners), "developments": goal}
        log.append(Event("game_ended_developments", args))
    elif condition == "monuments":
        log.append(Event("game_ended_monuments", {}))
    else:
        log.append(Event("game_ended_rounds", {"rounds": SOLO_ROUNDS}))
    outcome = result(s)
    for seat in range(s.players):
        parts = score_parts(s, seat)
        log.append(Event("final_score", {"seat": seat, **parts, "rank": outcome.ranks[seat]}))
    best = max(outcome.scores)
    log.append(Event("winner", {"seats": list(outcome.winners), "seats_count": len(outcome.winners), "score": best}))


def monument_points(edition: Edition, first_builder: Sequence[int], seat: int) -> tuple[int, ...]:
    """What ``seat`` scores (or would score) for completing each monument: the first builder's value unless
    another seat completed it first (seed 002, "3. Build"; ``first_builder`` per monument, -1 for none yet)."""
    return tuple(
        edition.monument_points[m][0 if first_builder[m] < 0 or first_builder[m] == seat else 1]
        for m in range(MONUMENTS)
    )


class Scorer:
    """One seat's score sheet at one table (edition, monuments in play and who built them first), for any board
    of that seat: :meth:`parts` is the sheet line by line, :meth:`total` its last line computed faster (the bots
    score many boards; ``tests/rtta/test_end_and_scoring.py`` checks that both agree)."""

    __slots__ = ("architecture", "dev_points", "edition", "monument_points", "open_monuments")

    def __init__(self, state: RttaState, seat: int) -> None:
        edition: Edition = state.edition
        self.edition = edition
        self.architecture = edition.architecture_bonus
        self.dev_points = edition.points
        self.monument_points = monument_points(edition, state.first_builder, seat)
        self.open_monuments = tuple(m for m in range(MONUMENTS) if state.in_play[m])

    def dev_score(self, devs: int) -> int:
        """The points of the developments owned (``devs``, a bit mask)."""
        points = self.dev_points
        total = 0
        while devs:
            low = devs & -devs
            total += points[low.bit_length() - 1]
            devs ^= low
        return total

    def completed(self, progress: Sequence[int]) -> list[int]:
        """The monuments in play whose every box is ticked."""
        return [m for m in self.open_monuments if progress[CITIES + m] == MONUMENT_BOXES[m]]

    def parts(
        self, goods: Sequence[int], progress: Sequence[int], cities: int, devs: int, disasters: int
    ) -> dict[str, int]:
        """The score sheet's lines: developments, monuments, the bonuses (Architecture, Empire, Commerce and their
        sum), disasters and the total."""
        edition = self.edition
        developments = sum(edition.points[d] for d in edition.developments if devs >> d & 1)
        built = self.completed(progress)
        monuments = sum(self.monument_points[m] for m in built)
        architecture = self.architecture * len(built) if devs >> ARCHITECTURE & 1 else 0
        empire = cities if devs >> EMPIRE & 1 else 0
        commerce = sum(goods) if devs >> COMMERCE & 1 else 0
        bonus = architecture + empire + commerce
        return {
            "developments": developments,
            "monuments": monuments,
            "architecture": architecture,
            "empire": empire,
            "commerce": commerce,
            "bonus": bonus,
            "disasters": disasters,
            "total": developments + monuments + bonus - disasters,
        }

    def completion_points(self, target: int, devs: int) -> int:
        """What completing ``target`` (a city or a monument in play, not complete yet) adds to the total: one
        city more, 1 point with Empire; a monument, its points and Architecture's bonus."""
        if target < CITIES:
            return 1 if devs >> EMPIRE & 1 else 0
        return self.monument_points[target - CITIES] + (self.architecture if devs >> ARCHITECTURE & 1 else 0)

    def total(self, goods: Sequence[int], progress: Sequence[int], cities: int, devs: int, disasters: int) -> int:
        """``parts(...)["total"]`` without building the sheet."""
        total = self.dev_score(devs) - disasters
        built = 0
        for m in self.open_monuments:
            if progress[CITIES + m] == MONUMENT_BOXES[m]:
                total += self.monument_points[m]
                built += 1
        if devs >> ARCHITECTURE & 1:
            total += self.architecture * built
        if devs >> EMPIRE & 1:
            total += cities
        if devs >> COMMERCE & 1:
            total += sum(goods)
        return total


def score_parts(s: RttaState, seat: int) -> dict[str, int]:
    """``seat``'s score sheet now (:meth:`Scorer.parts`)."""
    return Scorer(s, seat).parts(s.goods[seat], s.progress[seat], s.cities[seat], s.devs[seat], s.disasters[seat])


def score(s: RttaState, seat: int) -> int:
    return score_parts(s, seat)["total"]


def result(s: RttaState) -> Result:
    """Scores; ties go to the most valuable remaining goods, then the tied players share the win (the ranking of
    the boards as they are: :meth:`RttaState.result` asks it only once the game is over)."""
    scores = [score(s, seat) for seat in range(s.players)]
    tiebreak = [goods_value(s.goods[seat]) for seat in range(s.players)]
    return rank_by(scores, tiebreak, end_reason(s) or "game over")
