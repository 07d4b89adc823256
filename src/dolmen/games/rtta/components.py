"""The tables of *Roll Through the Ages*: die faces, goods, cities, monuments and developments per edition.

Every number comes from the seeds (``shared/seeds/002_7548ad7bcd6c38a4.txt`` for *The Bronze Age*,
``000_547adc68472d47f8.txt`` for *The Late Bronze Age* and its score sheets) as gathered in
``shared/rules/rtta.md``. Everything here is immutable: tuples indexed by small ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# -- dice -------------------------------------------------------------------------------------------------
FOOD3: Final = 0
GOODS: Final = 1
SKULL: Final = 2
WORKERS3: Final = 3
FOOD_OR_WORKERS: Final = 4
COINS: Final = 5
FACES: Final = 6
FACE_NAMES: Final = ("food3", "goods", "skull", "workers3", "food2/workers2", "coins")
"""Text names of the six die faces: 3 food · 1 good · 2 goods and a skull · 3 workers · 2 food or 2 workers ·
7 coins (seed 002, Table 1)."""
FACE_BY_NAME: Final = {name: face for face, name in enumerate(FACE_NAMES)}
FACE_FOOD: Final = (3, 0, 0, 0, 2, 0)
FACE_GOODS: Final = (0, 1, 2, 0, 0, 0)
FACE_SKULLS: Final = (0, 0, 1, 0, 0, 0)
FACE_WORKERS: Final = (0, 0, 0, 3, 2, 0)
FACE_COINS: Final = (0, 0, 0, 0, 0, 7)
"""What each face yields (the 2-food-or-2-workers face: its food or its workers, the player's choice)."""
COINAGE_COINS: Final = 12
"""A coin die with Coinage (seed 002, Table 3)."""
REROLLS: Final = 2
"""Rerolls after the first roll: three rolls in all (seed 002, "1. Roll Dice")."""
ENGINEERING_WORKERS: Final = 3
"""Workers per stone turned in with Engineering (seed 002, Table 3)."""

START_CITIES: Final = 3
MAX_CITIES: Final = 7

# -- food and goods ---------------------------------------------------------------------------------------
START_FOOD: Final = 3
MAX_FOOD: Final = 15
PRESERVATION_POTTERY: Final = 1
"""Pottery spent to double the food with Preservation (seed 000, "Conservation")."""
WOOD: Final = 0
STONE: Final = 1
POTTERY: Final = 2
CLOTH: Final = 3
SPEARHEADS: Final = 4
GOOD_TYPES: Final = 5
GOOD_NAMES: Final = ("wood", "stone", "pottery", "cloth", "spearheads")
GOOD_BY_NAME: Final = {name: good for good, name in enumerate(GOOD_NAMES)}
GOOD_MAX: Final = (8, 7, 6, 5, 4)
GOOD_BASE: Final = (1, 2, 3, 4, 5)
GOOD_VALUE: Final = tuple(
    tuple(base * n * (n + 1) // 2 for n in range(top + 1)) for base, top in zip(GOOD_BASE, GOOD_MAX, strict=True)
)
"""``GOOD_VALUE[good][units]``: what a whole track is worth when spent (wood 1 3 6 10 ..., stone 2 6 12 ...)."""
KEEP_GOODS: Final = 6
"""Goods units a player may keep at the end of the turn (the Discard step)."""

TRADE_NAMES: Final = ("food", *GOOD_NAMES)
"""Components of a trade offer's transfer vector: food then the five goods."""
TRADE_MAX: Final = (MAX_FOOD, *GOOD_MAX)

# -- building: four cities then seven monuments, one progress counter each ---------------------------------
CITY_BOXES: Final = (3, 4, 5, 6)
"""Worker boxes of the 4th, 5th, 6th and 7th city."""
CITY_NAMES: Final = ("city4", "city5", "city6", "city7")
MONUMENT_NAMES: Final = (
    "step-pyramid",
    "stone-circle",
    "temple",
    "obelisk",
    "hanging-gardens",
    "great-wall",
    "great-pyramid",
)
MONUMENT_BOXES: Final = (3, 5, 7, 9, 11, 13, 15)
STEP_PYRAMID, STONE_CIRCLE, TEMPLE, OBELISK, HANGING_GARDENS, GREAT_WALL, GREAT_PYRAMID = range(7)
MONUMENTS: Final = 7
CITIES: Final = 4
TARGETS: Final = CITIES + MONUMENTS
TARGET_NAMES: Final = CITY_NAMES + MONUMENT_NAMES
TARGET_BOXES: Final = CITY_BOXES + MONUMENT_BOXES
TARGET_BY_NAME: Final = {name: target for target, name in enumerate(TARGET_NAMES)}
GREAT_WALL_TARGET: Final = CITIES + GREAT_WALL

MAX_SHIPS: Final = 5
SHIP_WOOD: Final = 1
SHIP_CLOTH: Final = 1
"""What a ship costs (seed 000, "Navigation"): 1 wood and 1 cloth, no workers."""

# -- developments, in the order of the Late Bronze Age score sheet -----------------------------------------
DEVELOPMENT_NAMES: Final = (
    "leadership",
    "irrigation",
    "agriculture",
    "quarrying",
    "medicine",
    "preservation",
    "coinage",
    "caravans",
    "shipping",
    "smithing",
    "religion",
    "granaries",
    "masonry",
    "engineering",
    "commerce",
    "architecture",
    "empire",
)
(
    LEADERSHIP,
    IRRIGATION,
    AGRICULTURE,
    QUARRYING,
    MEDICINE,
    PRESERVATION,
    COINAGE,
    CARAVANS,
    SHIPPING,
    SMITHING,
    RELIGION,
    GRANARIES,
    MASONRY,
    ENGINEERING,
    COMMERCE,
    ARCHITECTURE,
    EMPIRE,
) = range(17)
DEVELOPMENT_BY_NAME: Final = {name: dev for dev, name in enumerate(DEVELOPMENT_NAMES)}


class Edition:
    """One edition's numbers: development costs and points, monument points, end condition, coin values."""

    __slots__ = (
        "architecture_bonus",
        "by_cost",
        "costs",
        "developments",
        "end_developments",
        "granary_coins",
        "is_late",
        "monument_points",
        "name",
        "points",
    )

    def __init__(
        self,
        name: str,
        table: dict[int, tuple[int, int]],
        monument_points: tuple[tuple[int, int], ...],
        end_developments: int,
        granary_coins: int,
        architecture_bonus: int,
    ) -> None:
        self.name = name
        self.is_late = name == "late"
        self.developments = tuple(sorted(table))
        """The developments of this edition (indices into DEVELOPMENT_NAMES), score-sheet order."""
        self.costs = tuple(table[d][0] if d in table else 0 for d in range(len(DEVELOPMENT_NAMES)))
        self.points = tuple(table[d][1] if d in table else 0 for d in range(len(DEVELOPMENT_NAMES)))
        self.by_cost = tuple(sorted((table[d][0], d) for d in table))
        """``(cost, development)`` from the cheapest."""
        self.monument_points = monument_points
        """``(first builder, later builders)`` per monument."""
        self.end_developments = end_developments
        self.granary_coins = granary_coins
        self.architecture_bonus = architecture_bonus


BRONZE: Final = Edition(
    "bronze",
    # seed 002, Table 3 (and the bronze score sheet of seed 000): cost, points.
    {
        LEADERSHIP: (10, 2),
        IRRIGATION: (10, 2),
        AGRICULTURE: (15, 3),
        QUARRYING: (15, 3),
        MEDICINE: (15, 3),
        COINAGE: (20, 4),
        CARAVANS: (20, 4),
        RELIGION: (20, 6),
        GRANARIES: (30, 6),
        MASONRY: (30, 6),
        ENGINEERING: (40, 6),
        ARCHITECTURE: (50, 8),
        EMPIRE: (60, 8),
    },
    ((1, 0), (2, 1), (4, 2), (6, 3), (8, 4), (10, 5), (12, 6)),
    end_developments=5,
    granary_coins=4,
    architecture_bonus=1,
)

LATE: Final = Edition(
    "late",
    # seed 000, Late Bronze Age score sheets. Preservation scores 4 as on the sheets (the expansion's text
    # says 3); Architecture scores 2 per monument as in the text and two of the three sheets.
    {
        LEADERSHIP: (10, 2),
        IRRIGATION: (10, 2),
        AGRICULTURE: (15, 3),
        QUARRYING: (15, 3),
        MEDICINE: (20, 4),
        PRESERVATION: (20, 4),
        COINAGE: (20, 4),
        CARAVANS: (20, 4),
        SHIPPING: (25, 5),
        SMITHING: (25, 5),
        RELIGION: (25, 7),
        GRANARIES: (30, 6),
        MASONRY: (30, 6),
        ENGINEERING: (40, 6),
        COMMERCE: (40, 8),
        ARCHITECTURE: (60, 8),
        EMPIRE: (70, 10),
    },
    ((1, 0), (2, 1), (4, 3), (6, 4), (8, 5), (10, 6), (12, 8)),
    end_developments=7,
    granary_coins=6,
    architecture_bonus=2,
)

EDITIONS: Final = {"bronze": BRONZE, "late": LATE}

SOLO_ROUNDS: Final = 10
FAMINE_POINTS: Final = 1
"""Disaster points per city that cannot be fed (seed 002, "Feed Cities")."""
DISASTERS: Final = (
    (2, "drought", 2, "you", "irrigation"),
    (3, "pestilence", 3, "opponents", "medicine"),
    (4, "invasion", 4, "you", "great-wall"),
    (5, "revolt", 0, "you", "religion"),
)
"""Seed 002, Table 2: ``(skulls, disaster, points, who loses them, what protects)``; 5 skulls or more are a
Revolt, which costs goods, not points (all goods of whoever it hits). Solo, Pestilence hits ``you``."""
SMITHING_POINTS: Final = 2
"""Points each Smithing spearhead costs every invaded opponent (seed 000, "Forge")."""
MAX_OFFERS: Final = 5
"""[ruling] A trade step holds at most 5 offers."""


def monuments_in_play(edition: Edition, players: int) -> tuple[bool, ...]:
    """Which monuments a table uses: in *The Bronze Age* 2 players cross off the Temple and the Great Pyramid,
    3 players the Hanging Gardens (seed 002, "Rules for 2/3-player Games"); *The Late Bronze Age* uses all
    seven (seed 000, "Fin de la Partie")."""
    removed: tuple[int, ...] = ()
    if not edition.is_late:
        removed = {2: (TEMPLE, GREAT_PYRAMID), 3: (HANGING_GARDENS,)}.get(players, ())
    return tuple(m not in removed for m in range(MONUMENTS))


def goods_value(goods: Sequence[int]) -> int:
    """Total value of a player's goods: what spending every track would pay, and the tie-break."""
    wood, stone, pottery, cloth, spearheads = GOOD_VALUE
    return wood[goods[0]] + stone[goods[1]] + pottery[goods[2]] + cloth[goods[3]] + spearheads[goods[4]]
