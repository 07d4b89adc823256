"""The steps of a turn: what the state is waiting for.

Every step but ``ROLL``, ``LEADERSHIP_ROLL`` (chance rolls dice) and ``ANSWER`` (the seat an offer was made
to) waits for the active player. A step with nothing to decide is never entered: the state moves on by itself.
"""

from __future__ import annotations

from typing import Final

PRESERVE: Final = 0
"""Late Bronze Age, owning Preservation and pottery: preserve (or not) before the first roll."""
ROLL: Final = 1
"""Chance rolls ``to_roll`` dice."""
REROLL: Final = 2
"""Choose dice to reroll, or keep them all."""
LEADERSHIP: Final = 3
"""Owning Leadership, after the last roll: reroll one die, or keep."""
LEADERSHIP_ROLL: Final = 4
"""Chance rolls Leadership's one die."""
FOOD: Final = 5
"""How many 2-food-or-2-workers dice give food (the others give workers)."""
SMITHING: Final = 6
"""Owning Smithing after an Invasion: how many spearheads to spend against the opponents."""
BUILD: Final = 7
TRADE: Final = 8
ANSWER: Final = 9
"""The seat an offer was made to accepts or declines it."""
BUY: Final = 10
DISCARD: Final = 11
OVER: Final = 12

STEP_NAMES: Final = (
    "preservation",
    "roll",
    "reroll",
    "leadership",
    "leadership-roll",
    "food-or-workers",
    "smithing",
    "build",
    "trade",
    "answer",
    "buy",
    "discard",
    "over",
)
STEP_BY_NAME: Final = {name: step for step, name in enumerate(STEP_NAMES)}
ACTIVITIES: Final = (
    "preserve",
    "roll",
    "reroll",
    "leadership",
    "roll",
    "food_or_workers",
    "smithing",
    "build",
    "trade",
    "answer",
    "buy",
    "discard",
    "over",
)
""":meth:`State.activity` per step: what the acting seats (or chance) are doing; both rolls are ``roll``."""

BRONZE_STAGES: Final = (BUILD, BUY, DISCARD)
BRONZE_TRADE_STAGES: Final = (TRADE, BUILD, BUY, DISCARD)
LATE_STAGES: Final = (BUILD, TRADE, BUY, DISCARD)
"""The steps after feeding and disasters, in turn order: seed 002 "Order of Play" and "Trading Game" (trade
before building); seed 000 Late Bronze Age score sheet "Tour de jeu" (build, then trade)."""


def stages(is_late: bool, trade: bool) -> tuple[int, ...]:
    """The steps after feeding and disasters for an edition and trade setting."""
    if is_late:
        return LATE_STAGES
    return BRONZE_TRADE_STAGES if trade else BRONZE_STAGES


def turn_order(is_late: bool, trade: bool) -> tuple[int, ...]:
    """Every decision step of a turn, in order (those with nothing to decide are skipped in play)."""
    first = (PRESERVE,) if is_late else ()
    dice = (ROLL, REROLL, LEADERSHIP, FOOD) + ((SMITHING,) if is_late else ())
    return first + dice + stages(is_late, trade)
