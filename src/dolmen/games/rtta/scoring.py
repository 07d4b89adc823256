"""End of turn, end of game and final scores.

Seed 002, "Game End", "Winning the Game", "Rules for Solitaire Play"; seed 000, Late Bronze Age "Fin de la
Partie", "Commerce", "Architecture", "Empire". [ruling] Solo: 10 rounds, or sooner at the end of a round in
which the usual end condition holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.engine.core import Result, rank_by
from dolmen.games.rtta import steps
from dolmen.games.rtta.components import (
    ARCHITECTURE,
    CITIES,
    COMMERCE,
    EMPIRE,
    MONUMENT_BOXES,
    MONUMENTS,
    SOLO_ROUNDS,
    goods_value,
)
from dolmen.games.rtta.rolling import start_turn

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState


def has_all_monuments_built(s: RttaState) -> bool:
    """Every monument in play has been completed by someone."""
    first = s.first_builder
    return all(first[m] >= 0 for m in range(MONUMENTS) if s.in_play[m])


def has_enough_developments(s: RttaState) -> bool:
    goal = s.edition.end_developments
    return any(devs.bit_count() >= goal for devs in s.devs)


def end_reason(s: RttaState) -> str | None:
    """Why the game ends at the end of this round, or ``None`` to play on."""
    if has_enough_developments(s):
        return f"a player owns {s.edition.end_developments} developments"
    if has_all_monuments_built(s):
        return "every monument in play has been built"
    if s.solo and s.round >= SOLO_ROUNDS:
        return f"{SOLO_ROUNDS} rounds played"
    return None


def end_turn(s: RttaState) -> None:
    """Pass the dice; at the end of a round, end the game if a condition holds (rounds always finish)."""
    if s.active == s.players - 1:
        if end_reason(s) is not None:
            s.step = steps.OVER
            return
        s.round += 1
        s.active = 0
    else:
        s.active += 1
    start_turn(s)


def completed_monuments(s: RttaState, seat: int) -> list[int]:
    progress = s.progress[seat]
    return [m for m in range(MONUMENTS) if progress[CITIES + m] == MONUMENT_BOXES[m]]


def score_parts(s: RttaState, seat: int) -> dict[str, int]:
    """The score sheet's lines: developments, monuments, bonuses, disasters and the total."""
    devs = s.devs[seat]
    edition = s.edition
    developments = sum(edition.points[d] for d in edition.developments if devs >> d & 1)
    built = completed_monuments(s, seat)
    monuments = sum(edition.monument_points[m][0 if s.first_builder[m] == seat else 1] for m in built)
    bonus = 0
    if devs >> ARCHITECTURE & 1:
        bonus += edition.architecture_bonus * len(built)
    if devs >> EMPIRE & 1:
        bonus += s.cities[seat]
    if devs >> COMMERCE & 1:
        bonus += sum(s.goods[seat])
    disasters = s.disasters[seat]
    return {
        "developments": developments,
        "monuments": monuments,
        "bonus": bonus,
        "disasters": disasters,
        "total": developments + monuments + bonus - disasters,
    }


def score(s: RttaState, seat: int) -> int:
    return score_parts(s, seat)["total"]


def result(s: RttaState) -> Result:
    """Scores; ties go to the most valuable remaining goods, then the tied players share the win."""
    scores = [score(s, seat) for seat in range(s.players)]
    tiebreak = [goods_value(s.goods[seat]) for seat in range(s.players)]
    return rank_by(scores, tiebreak, end_reason(s) or "game over")
