"""What the game waits for: one code per kind of step (a seat's decision or a chance step)."""

from __future__ import annotations

from typing import Final

# decisions of a seat (every code below ROLL_DICE is a decision)
PLACE_PEOPLE: Final = 0
CHOOSE_LOCATION: Final = 1
CHOOSE_TOOLS: Final = 2
PAY_CARD: Final = 3
BUY_BUILDING: Final = 4
TAKE_GOODS: Final = 5
PICK_DIE: Final = 6
FEED_PEOPLE: Final = 7
# decisions of the modules
TAKE_JEWELS: Final = 8
"""Extension: how much of a hunt's yield is taken as jewels."""
TAME: Final = 9
"""Mammoths: one more person tames (paying one food or resource), or the player stops."""
BUY_IGLOO: Final = 10
WINTER_GOLD: Final = 11
"""Harsh winter: one more gold with the card just bought for 6 points, or not."""
INSULATE: Final = 12
"""Harsh winter: one more stone to insulate the marked building just bought, or not."""
EXTRA_DRAW: Final = 13
"""Extension: 3 more jewels after buying the fifth card for a face-down card, or not."""
CHOOSE_REWARD: Final = 14
"""Mammoths: the contest's winner takes the top or the bottom reward."""
# chance and the end
ROLL_DICE: Final = 15
REVEAL: Final = 16
OVER: Final = 17

STEP_NAMES: Final = (
    "place",
    "resolve",
    "tools",
    "pay card",
    "building",
    "take",
    "pick",
    "feed",
    "jewels",
    "tame",
    "igloo",
    "winter gold",
    "insulate",
    "draw",
    "reward",
    "dice",
    "reveal",
    "over",
)

ACTIVITIES: Final = (
    "place",
    "resolve",
    "tools",
    "pay_card",
    "buy_building",
    "take_goods",
    "pick_die",
    "feed",
    "jewels",
    "tame",
    "igloo",
    "winter_gold",
    "insulate",
    "extra_draw",
    "reward",
    "roll",
    "reveal",
    "over",
)
"""``State.activity()`` of each step: stable short names for the view envelope."""

DICE_FOR_ALL: Final = -1
"""``roll_res`` of a pending roll that is a "dice for all" roll rather than gathering."""
CONTEST: Final = -2
"""``roll_res`` of a mammoth contest roll (one die per person of ``turn`` on the tile)."""
DRIVE_OFF: Final = -3
"""``roll_res`` of a wild animal's drive-off roll (one die per person of ``turn`` on the animal)."""
ROLL_NAMES: Final = {DICE_FOR_ALL: "dice for all", CONTEST: "mammoth contest", DRIVE_OFF: "wild animal"}

# what a pending reveal is: display space i, building stack STACK_REVEAL + i, a card drawn by HAND_REVEAL + seat,
# the herd's next tile's back (its zone) HERD_BACK, the herd's top tile's face HERD_FACE
STACK_REVEAL: Final = 10
HAND_REVEAL: Final = 20
HERD_BACK: Final = 30
HERD_FACE: Final = 31

# what follows the reveals
THEN_NEW_ROUND: Final = 0
THEN_RESOLUTION: Final = 1
THEN_CARD_EFFECT: Final = 2
"""After the fifth card's face-down draw: the bought card's top half acts."""
THEN_NAMES: Final = ("new round", "resolution", "card effect")
"""``reveal_then`` in a view."""


def reveal_name(code: int) -> str:
    """A pending reveal in a view: ``card 2`` (display space 2), ``building 1`` (stack 1), ``hand 0`` (a card
    drawn face down into seat 0's hand), ``herd back``, ``herd face``."""
    if code < STACK_REVEAL:
        return f"card {code + 1}"
    if code < HAND_REVEAL:
        return f"building {code - STACK_REVEAL + 1}"
    if code < HERD_BACK:
        return f"hand {code - HAND_REVEAL}"
    return "herd back" if code == HERD_BACK else "herd face"


def reveal_code(name: str) -> int:
    """The inverse of :func:`reveal_name`."""
    kind, number = name.split()
    if kind == "herd":
        return HERD_BACK if number == "back" else HERD_FACE
    first = {"card": -1, "building": STACK_REVEAL - 1, "hand": HAND_REVEAL}[kind]
    return first + int(number)
