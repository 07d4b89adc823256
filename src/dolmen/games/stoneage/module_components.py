"""The components of the *Stone Age* modules as tables: their names, the mammoth tiles, the wild animals, the
igloos, the merchant and barter (seed 003 "Extensions"; ``shared/rules/stoneage.md`` "Modules", which fixes
what the seed leaves unnamed).

Rewards (a mammoth tile's, a driven-off animal's) are gains (``components.Gain``): ``(kind, amount)`` pairs,
``kind`` a resource index (food to gold) or one of ``POINTS``, ``PERSON``, ``AGRICULTURE``, ``TOOL_STEP``.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from dolmen.games.stoneage.components import (
    AGRICULTURE,
    CARD_SPACES,
    CARDS,
    CLAY,
    CLAY_PIT,
    FOOD,
    FOREST,
    GOLD,
    HUNTING,
    LOCATION_NAMES,
    PERSON,
    POINTS,
    QUARRY,
    RESOURCE_NAMES,
    RIVER,
    STONE,
    TOOL_STEP,
    WOOD,
    Gain,
)

MODULES: Final = ("extension", "new_huts", "mammoths", "winter", "animals", "igloos")
"""The table options of seed 003, in this canonical order."""

# -- the extension: jewels, merchant, fifth card space, barter ----------------------------------------------
JEWEL: Final = 4
"""Index of jewels in a payment vector (wood, clay, stone, gold, jewel); jewels are kept apart from the
resource vector because they never feed, never score and pay only for what names them."""
PAYMENT_NAMES: Final = ("wood", "clay", "stone", "gold", "jewel")
MERCHANT_JEWELS: Final = 2
MERCHANT_BARTER: Final = 2
MAX_BARTER: Final = 10
NOTHING_DUE: Final[tuple[int, ...]] = (0, 0, 0, 0, 0)
"""What a barter brought that the payment must still spend (wood, clay, stone, gold, jewel): nothing."""
FIFTH_CARD_JEWELS: Final = 3
"""The fifth card space costs 3 jewels; after buying it, 3 more jewels draw a face-down card."""
EXTRA_DRAW_JEWELS: Final = 3
FIFTH_SPACE: Final = CARD_SPACES
"""The index of the extension's card space (0-based) in the display."""


def barter_exchange(level: int) -> tuple[int, tuple[int, ...]]:
    """What one barter exchanges at barter ``level`` (seed 003): ``(given, received sizes)``; 0 none, 1–3 two
    resources for one, 4–8 one for one, 9–10 one for one or for two."""
    if level <= 0:
        return (0, ())
    if level <= 3:
        return (2, (1,))
    if level <= 8:
        return (1, (1,))
    return (1, (1, 2))


# -- new huts -----------------------------------------------------------------------------------------------
CHIEF_BONUS: Final = 2
"""The chief's hut: its owner scores 2 more points for each building bought after it (the huts themselves are
``components.NEW_HUTS``)."""


# -- rewards ------------------------------------------------------------------------------------------------
def reward_text(reward: Gain) -> str:
    """``(FOOD, 6)`` -> ``6 food``; ``(TOOL_STEP, 1)`` -> ``tool step``."""
    kind, amount = reward
    if kind < len(RESOURCE_NAMES):
        return f"{amount} {RESOURCE_NAMES[kind]}"
    return {POINTS: f"{amount} points", PERSON: "1 person", AGRICULTURE: "agriculture +1", TOOL_STEP: "tool step"}[kind]


# -- the mammoth herd ---------------------------------------------------------------------------------------
class MammothTile(NamedTuple):
    """One mammoth tile: its back names the herd's zone, its face the winner's reward and the bottom reward."""

    id: str
    zone: int
    top: Gain
    bottom: Gain


def _tile(zone: int, top: Gain, bottom: Gain, name: str) -> MammothTile:
    return MammothTile(f"{LOCATION_NAMES[zone]}-{name}", zone, top, bottom)


MAMMOTH_TILES: Final[tuple[MammothTile, ...]] = (
    _tile(HUNTING, (FOOD, 6), (FOOD, 2), "food6"),
    _tile(HUNTING, (PERSON, 1), (FOOD, 2), "person"),
    _tile(HUNTING, (POINTS, 4), (POINTS, 1), "points4"),
    _tile(HUNTING, (AGRICULTURE, 1), (FOOD, 2), "agriculture"),
    _tile(FOREST, (WOOD, 3), (WOOD, 1), "wood3"),
    _tile(FOREST, (TOOL_STEP, 1), (WOOD, 1), "toolstep"),
    _tile(FOREST, (POINTS, 5), (POINTS, 2), "points5"),
    _tile(CLAY_PIT, (CLAY, 3), (CLAY, 1), "clay3"),
    _tile(CLAY_PIT, (GOLD, 2), (CLAY, 1), "gold2"),
    _tile(CLAY_PIT, (POINTS, 6), (POINTS, 2), "points6"),
    _tile(QUARRY, (STONE, 3), (STONE, 1), "stone3"),
    _tile(QUARRY, (TOOL_STEP, 1), (STONE, 1), "toolstep"),
    _tile(QUARRY, (POINTS, 7), (POINTS, 3), "points7"),
    _tile(RIVER, (GOLD, 2), (GOLD, 1), "gold2"),
    _tile(RIVER, (AGRICULTURE, 1), (GOLD, 1), "agriculture"),
    _tile(RIVER, (POINTS, 8), (POINTS, 3), "points8"),
)
"""The 16 mammoth tiles (rules page "Mammoth herd"): 4 hunting, 3 each forest, clay pit, quarry, river; ids are
``<zone>-<winner's reward>``."""
MAMMOTH_INDEX: Final = {tile.id: index for index, tile in enumerate(MAMMOTH_TILES)}
HERD_ZONES: Final = (HUNTING, FOREST, CLAY_PIT, QUARRY, RIVER)
HERD_ZONE_NAMES: Final = tuple(LOCATION_NAMES[zone] for zone in HERD_ZONES)


# -- wild animals -------------------------------------------------------------------------------------------
class WildAnimal(NamedTuple):
    """A wild animal card: it lowers every gathering total by ``penalty`` while it is the active one."""

    id: str
    penalty: int


WILD_ANIMALS: Final[tuple[WildAnimal, ...]] = (
    WildAnimal("eagle", 1),
    WildAnimal("boar", 2),
    WildAnimal("wolf", 2),
    WildAnimal("polarbear", 3),
)
"""Rules page "Wild animals": eagle −1, boar −2, wolf −2, polar bear −3. In the deck, animal ``i`` is card
index ``FIRST_ANIMAL + i`` (after the civilization cards)."""
FIRST_ANIMAL: Final = len(CARDS)
DRIVE_OFF_REWARDS: Final[tuple[Gain, ...]] = (
    (FOOD, 3),
    (WOOD, 1),
    (CLAY, 1),
    (STONE, 1),
    (GOLD, 1),
    (POINTS, 3),
)
"""A driven-off animal's reward for each die, by face 1 to 6: 3 food, wood, clay, stone, gold, 3 points."""


def deck_card_id(card: int) -> str:
    """The id of a deck card: a civilization card, or a wild animal (index ``FIRST_ANIMAL`` on)."""
    return CARDS[card].id if card < FIRST_ANIMAL else WILD_ANIMALS[card - FIRST_ANIMAL].id


DECK_CARD_INDEX: Final = {deck_card_id(card): card for card in range(FIRST_ANIMAL + len(WILD_ANIMALS))}

TAMING_COST: Final = 1
"""Each person on the herd's zone tames by paying this much food or one resource (rules page "Mammoth herd")."""

# -- igloos -------------------------------------------------------------------------------------------------
IGLOOS: Final = 4
IGLOO_COST: Final[tuple[int, ...]] = (1, 0, 1, 0)
"""Wood, clay, stone, gold: 1 wood and 1 stone."""
IGLOO_POINTS: Final = 5
IGLOO_FOOD: Final = 2
"""Each igloo spares its owner this much food at every feeding."""

# -- harsh winter -------------------------------------------------------------------------------------------
WINTER_CARD_GOLD: Final = 1
WINTER_CARD_POINTS: Final = 6
"""One more gold (``WINTER_CARD_GOLD``) with a bought card scores 6 points."""
INSULATION_STONE: Final = 1
INSULATION_POINTS: Final = 5
"""One more stone (``INSULATION_STONE``) with a marked building insulates it for 5 points."""
