"""What the game waits for: one code per kind of step (a seat's decision or a chance step)."""

from __future__ import annotations

from typing import Final

# decisions of a seat
PLACE_PEOPLE: Final = 0
CHOOSE_LOCATION: Final = 1
CHOOSE_TOOLS: Final = 2
PAY_CARD: Final = 3
BUY_BUILDING: Final = 4
TAKE_GOODS: Final = 5
PICK_DIE: Final = 6
FEED_PEOPLE: Final = 7
# chance and the end
ROLL_DICE: Final = 8
REVEAL: Final = 9
OVER: Final = 10

STEP_NAMES: Final = (
    "place",
    "resolve",
    "tools",
    "pay card",
    "building",
    "take",
    "pick",
    "feed",
    "dice",
    "reveal",
    "over",
)

DICE_FOR_ALL: Final = -1
"""``roll_res`` of a pending roll that is a "dice for all" roll rather than gathering."""

# what a pending reveal is: display space i, building stack STACK_REVEAL + i, a card drawn by HAND_REVEAL + seat
STACK_REVEAL: Final = 10
HAND_REVEAL: Final = 20
REVEAL_NAMES: Final = ("card", "building", "hand")

# what follows the reveals
THEN_NEW_ROUND: Final = 0
THEN_RESOLUTION: Final = 1
