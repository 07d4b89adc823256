"""The components of *Stone Age* as tables: resources, locations, tool steps, buildings and civilization cards.

Everything the rules count lives here as data so that modules can extend it: resources are indices into a
per-player vector (a module may append a jewel), locations are indices into per-player placement vectors,
buildings and cards are rows of catalogues. Sources: ``shared/rules/stoneage.md`` (base game) and seed 004.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- resources ----------------------------------------------------------------------------------------------
FOOD: Final = 0
WOOD: Final = 1
CLAY: Final = 2
STONE: Final = 3
GOLD: Final = 4
RESOURCE_NAMES: Final = ("food", "wood", "clay", "stone", "gold")
RESOURCE_VALUES: Final = (2, 3, 4, 5, 6)
"""Value of each resource: the divisor when gathering and the points it is worth in a flexible building."""
GOODS: Final = (WOOD, CLAY, STONE, GOLD)
"""The resources that pay for cards and buildings and score 1 each at the end (never food)."""
NRES: Final = len(RESOURCE_NAMES)

# -- locations ----------------------------------------------------------------------------------------------
HUNTING: Final = 0
FOREST: Final = 1
CLAY_PIT: Final = 2
QUARRY: Final = 3
RIVER: Final = 4
TOOLMAKER: Final = 5
HUT: Final = 6
FIELD: Final = 7
CARD_SPACES: Final = 4
"""The base game's display; the extension adds a fifth space (``EXTENSION_CARD_SPACES``)."""
EXTENSION_CARD_SPACES: Final = 5
FIRST_CARD: Final = 8
"""Card space ``i`` (0-based, costing ``i + 1`` resources; the fifth costs jewels) is location ``FIRST_CARD + i``."""
FIRST_STACK: Final = FIRST_CARD + EXTENSION_CARD_SPACES
MAX_STACKS: Final = 5
"""Building stack ``i`` (0-based) is location ``FIRST_STACK + i``; there are as many stacks as players."""
MERCHANT: Final = FIRST_STACK + MAX_STACKS
"""The extension's merchant (a village location for one person)."""
IGLOO: Final = MERCHANT + 1
"""The igloos (module ``igloos``): one person per placement, as many as there are igloos left to buy."""
ANIMAL: Final = IGLOO + 1
"""The active wild animal (module ``animals``): people placed there stay off the placement vector."""
NLOC: Final = ANIMAL + 1

RESOURCE_SITES: Final = (FOREST, CLAY_PIT, QUARRY, RIVER)
GATHERING_SITES: Final = (HUNTING, FOREST, CLAY_PIT, QUARRY, RIVER)
SITE_RESOURCE: Final = (FOOD, WOOD, CLAY, STONE, GOLD)
"""The resource each gathering site yields, indexed by location."""
SITE_CAPACITY: Final = 7
VILLAGE: Final = (TOOLMAKER, HUT, FIELD)
LOCATION_NAMES: Final = ("hunting", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field")
"""Text names of the fixed locations; card spaces and stacks are written ``card N`` / ``building N`` (1-based)."""
MODULE_LOCATION_NAMES: Final = ("merchant", "igloo", "animal")
"""Text names of ``MERCHANT``, ``IGLOO`` and ``ANIMAL``."""

MAX_PEOPLE: Final = 10
START_PEOPLE: Final = 5
START_FOOD: Final = 12
MAX_AGRICULTURE: Final = 10
DISPLAY_COSTS: Final = (1, 2, 3, 4)
STACK_SIZE: Final = 7


def location_name(loc: int) -> str:
    """The text form of a location: ``forest``, ``card 2``, ``building 1``."""
    if loc < FIRST_CARD:
        return LOCATION_NAMES[loc]
    if loc < FIRST_STACK:
        return f"card {loc - FIRST_CARD + 1}"
    if loc < MERCHANT:
        return f"building {loc - FIRST_STACK + 1}"
    return MODULE_LOCATION_NAMES[loc - MERCHANT]


def site_colour_limit(players: int) -> int:
    """How many players may share one of forest, clay pit, quarry, river (rules: 2 players 1, 3 players 2)."""
    return {2: 1, 3: 2}.get(players, players)


def village_limit(players: int, modules: tuple[str, ...] = ()) -> int:
    """How many of the village locations (toolmaker, hut, field and, with the extension, the merchant) may be
    occupied in one round. Base game: 2 with 2–3 players, all 3 with 4. Extension (seed 003 "Règles spéciales",
    rules page "L'Extension"): 2 of 4 with 2–3 players, 3 of 4 with 4, all 4 with 5."""
    if "extension" in modules:
        return {2: 2, 3: 2, 4: 3}.get(players, 4)
    return 2 if players <= 3 else len(VILLAGE)


# -- tools --------------------------------------------------------------------------------------------------
TOOL_TILES: Final = 3
MAX_TOOL: Final = 4


def raise_tool(tiles: list[int], used: list[int]) -> None:
    """One step up the tool track (1 · 1,1 · 1,1,1 · 2,1,1 · ... · 4,4,4), in place on a player's three tile
    slots (values sorted high to low, 0 = no tile) and their used flags. A new tile comes unused; when several
    tiles share the lowest value, an unused one is raised (it is never worse for the player). At 4,4,4 nothing."""
    low = min(tiles)
    if low >= MAX_TOOL:
        return
    candidates = [i for i in range(TOOL_TILES) if tiles[i] == low]
    unused = [i for i in candidates if not used[i]]
    slot = (unused or candidates)[0]
    tiles[slot] += 1
    pairs = sorted(zip(tiles, used, strict=True), key=lambda pair: (-pair[0], pair[1]))
    tiles[:] = [value for value, _ in pairs]
    used[:] = [flag for _, flag in pairs]


# -- buildings ----------------------------------------------------------------------------------------------
FIXED: Final = 0
N_OF_K: Final = 1
ANY_1_TO_7: Final = 2

HUT_NONE: Final = 0
HUT_INCOME: Final = 1
"""A new hut yielding one ``income`` resource at each feeding phase."""
HUT_TRADER: Final = 2
"""The trader's hut: each civilization card costs its owner one resource less (never below 1)."""
HUT_CHIEF: Final = 3
"""The chief's hut: +2 points whenever its owner buys a building after it."""


class BuildingTile(NamedTuple):
    """One kind of building tile. ``cost`` counts wood, clay, stone, gold for a fixed tile; ``n``/``k`` are the
    number of resources and of kinds for an "N of K kinds" tile; ``copies`` how many such tiles there are.
    ``points`` only for fixed tiles (flexible ones score the value of what was paid). ``winter``: its winter
    face shows a stone (module ``winter``); ``hut`` and ``income``: the effect of a new hut (module
    ``new_huts``)."""

    id: str
    copies: int
    kind: int
    cost: tuple[int, ...] = ()
    n: int = 0
    k: int = 0
    winter: bool = False
    hut: int = HUT_NONE
    income: int = -1

    @property
    def points(self) -> int:
        return sum(c * RESOURCE_VALUES[r] for c, r in zip(self.cost, GOODS, strict=False))


def _cost(letters: str) -> tuple[int, ...]:
    return tuple(letters.count(letter) for letter in "wcsg")


def _fixed(letters: str, copies: int = 1, winter: bool = False) -> BuildingTile:
    return BuildingTile(letters, copies, FIXED, _cost(letters), winter=winter)


def _hut(name: str, letters: str, hut: int, income: int = -1) -> BuildingTile:
    return BuildingTile(name, 1, FIXED, _cost(letters), hut=hut, income=income)


BASE_BUILDINGS: Final[tuple[BuildingTile, ...]] = (
    _fixed("wwc", winter=True),
    _fixed("wws"),
    _fixed("wcc", winter=True),
    _fixed("wwg", winter=True),
    _fixed("wcs", 2),
    _fixed("wss"),
    _fixed("ccs"),
    _fixed("wcg", 2, winter=True),
    _fixed("ccg", winter=True),
    _fixed("css"),
    _fixed("wsg", 2),
    _fixed("csg", 2),
    _fixed("ssg"),
    *(BuildingTile(f"{n}of{k}", 1, N_OF_K, n=n, k=k, winter=k == 1) for n in (4, 5) for k in (1, 2, 3, 4)),
    BuildingTile("1to7", 3, ANY_1_TO_7),
)
"""The 28 building tiles of the base game (rules page "Buildings"); ids are the cost letters (w wood, c clay,
s stone, g gold), ``NofK`` for "exactly N resources of exactly K kinds" and ``1to7``. ``winter`` marks the
tiles whose winter face shows a stone (rules page "Harsh winter": WWC, WCC, WWG, the two WCG, CCG, 4 of 1 kind,
5 of 1 kind)."""
NEW_HUTS: Final[tuple[BuildingTile, ...]] = (
    _hut("woodcutter", "wcc", HUT_INCOME, WOOD),
    _hut("potter", "wws", HUT_INCOME, CLAY),
    _hut("mason", "wcg", HUT_INCOME, STONE),
    _hut("goldsmith", "csg", HUT_INCOME, GOLD),
    _hut("trader", "wwc", HUT_TRADER),
    _hut("chief", "ccs", HUT_CHIEF),
)
"""The six new huts (module ``new_huts``, rules page "New huts"): woodcutter's, potter's, mason's, goldsmith's,
trader's and chief's hut; fixed costs, scoring the value of their cost like the other fixed tiles."""
BUILDINGS: Final[tuple[BuildingTile, ...]] = BASE_BUILDINGS + NEW_HUTS
"""Every building tile kind; the new huts' copies enter the pool only with module ``new_huts``."""
BUILDING_INDEX: Final = {tile.id: index for index, tile in enumerate(BUILDINGS)}
FIRST_NEW_HUT: Final = len(BASE_BUILDINGS)

# -- civilization cards -------------------------------------------------------------------------------------
CULTURES: Final = ("medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving")
FARMER: Final = 0
TOOLMAKER_FIGURE: Final = 1
HUT_BUILDER: Final = 2
SHAMAN: Final = 3
FIGURES: Final = ("farmer", "toolmaker", "hutbuilder", "shaman")

# immediate effects (top half)
E_FOOD: Final = 0  # param: food
E_RESOURCE: Final = 1  # param: (resource, amount)
E_CHOICE: Final = 2  # param: how many resources of the buyer's choice
E_TOOL_STEP: Final = 3
E_ROLL: Final = 4  # param: resource gathered with 2 dice (+ tools)
E_EXTRA_CARD: Final = 5
E_DICE_FOR_ALL: Final = 6
E_AGRICULTURE: Final = 7
E_POINTS: Final = 8  # param: points
E_ONE_USE_TOOL: Final = 9  # param: tool value


class CivilizationCard(NamedTuple):
    """One kind of civilization card: its bottom half (a culture symbol, or ``figures`` of one figure kind)
    and its top half (an immediate effect and its parameter)."""

    id: str
    copies: int
    culture: int  # index in CULTURES, or -1 for a sand card
    figure: int  # index in FIGURES, or -1 for a green card
    figures: int
    effect: int
    param: int | tuple[int, int] = 0


def _green(culture: str, top: str, effect: int, param: int | tuple[int, int] = 0, copies: int = 1) -> CivilizationCard:
    return CivilizationCard(f"{culture}-{top}", copies, CULTURES.index(culture), -1, 0, effect, param)


def _sand(
    figure: str, figures: int, top: str, effect: int, param: int | tuple[int, int] = 0, copies: int = 1
) -> CivilizationCard:
    return CivilizationCard(f"{figure}{figures}-{top}", copies, -1, FIGURES.index(figure), figures, effect, param)


CARDS: Final[tuple[CivilizationCard, ...]] = (
    _green("medicine", "food5", E_FOOD, 5),
    _green("medicine", "choice2", E_CHOICE, 2),
    _green("art", "toolstep", E_TOOL_STEP),
    _green("art", "golddice", E_ROLL, GOLD),
    _green("writing", "card", E_EXTRA_CARD),
    _green("writing", "dice", E_DICE_FOR_ALL),
    _green("pottery", "food7", E_FOOD, 7),
    _green("pottery", "dice", E_DICE_FOR_ALL),
    _green("sundial", "agriculture", E_AGRICULTURE),
    _green("sundial", "dice", E_DICE_FOR_ALL),
    _green("transport", "stone2", E_RESOURCE, (STONE, 2)),
    _green("transport", "dice", E_DICE_FOR_ALL),
    _green("music", "points3", E_POINTS, 3, copies=2),
    _green("weaving", "food3", E_FOOD, 3),
    _green("weaving", "food1", E_FOOD, 1),
    _sand("farmer", 1, "stone1", E_RESOURCE, (STONE, 1)),
    _sand("farmer", 1, "agriculture", E_AGRICULTURE),
    _sand("farmer", 1, "dice", E_DICE_FOR_ALL),
    _sand("farmer", 2, "food3", E_FOOD, 3),
    _sand("farmer", 2, "dice", E_DICE_FOR_ALL),
    _sand("toolmaker", 1, "tool4", E_ONE_USE_TOOL, 4),
    _sand("toolmaker", 1, "tool3", E_ONE_USE_TOOL, 3),
    _sand("toolmaker", 2, "tool2", E_ONE_USE_TOOL, 2),
    _sand("toolmaker", 2, "dice", E_DICE_FOR_ALL, copies=2),
    _sand("hutbuilder", 1, "food4", E_FOOD, 4),
    _sand("hutbuilder", 1, "dice", E_DICE_FOR_ALL),
    _sand("hutbuilder", 2, "food2", E_FOOD, 2),
    _sand("hutbuilder", 2, "dice", E_DICE_FOR_ALL),
    _sand("hutbuilder", 3, "points3", E_POINTS, 3),
    _sand("shaman", 1, "stone1", E_RESOURCE, (STONE, 1)),
    _sand("shaman", 1, "gold1", E_RESOURCE, (GOLD, 1)),
    _sand("shaman", 1, "stonedice", E_ROLL, STONE),
    _sand("shaman", 2, "clay1", E_RESOURCE, (CLAY, 1)),
    _sand("shaman", 2, "wooddice", E_ROLL, WOOD),
)
"""The 36 civilization cards (34 kinds; two kinds come twice), rules page "Civilization cards". A card's id is
``<bottom>-<top>``: the culture symbol or figure kind with its number of figures, then the immediate effect."""
CARD_INDEX: Final = {card.id: index for index, card in enumerate(CARDS)}
ONE_USE_VALUE: Final = tuple(card.param if card.effect == E_ONE_USE_TOOL else 0 for card in CARDS)

DICE_FOR_ALL_FACES: Final = {1: "wood", 2: "clay", 3: "stone", 4: "gold", 5: "tool step", 6: "agriculture"}
