"""The components of *Stone Age* as tables: resources, locations, tool steps, buildings and civilization cards.

Everything the rules count lives here as data so that modules can extend it: resources are indices into a
per-player vector (a module may append a jewel), locations are indices into per-player placement vectors,
buildings and cards are rows of catalogues. Sources: ``shared/rules/stoneage.md`` (base game) and seed 004.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

# -- resources ----------------------------------------------------------------------------------------------
FOOD: Final = 0
WOOD: Final = 1
CLAY: Final = 2
STONE: Final = 3
GOLD: Final = 4
RESOURCE_NAMES: Final = ("food", "wood", "clay", "stone", "gold")
RESOURCE_VALUES: Final[tuple[int, ...]] = (2, 3, 4, 5, 6)
"""Value of each resource: the divisor when gathering and the points it is worth in a flexible building."""
GOODS: Final[tuple[int, ...]] = (WOOD, CLAY, STONE, GOLD)
"""The resources that pay for cards and buildings and score 1 each at the end (never food). (The tables indexed
in the rules' loops are typed ``tuple[int, ...]``: compiled, a fixed-length tuple is a C struct, boxed into a new
tuple at every indexing by a variable.)"""
NRES: Final = len(RESOURCE_NAMES)


def gathering_yield(total: int, resource: int) -> int:
    """What a gathering roll of ``total`` (dice and tools) brings of ``resource``: the total divided by the
    resource's value, rounded down (a card's roll for a resource too)."""
    return total // RESOURCE_VALUES[resource]


def goods_value(counts: tuple[int, ...]) -> int:
    """The total value of the goods ``counts`` (wood, clay, stone, gold; a fifth count, jewels, is worth
    nothing): what a building paid with them scores."""
    value = 0
    for i in range(len(counts) if len(counts) < len(GOODS) else len(GOODS)):
        value += counts[i] * RESOURCE_VALUES[GOODS[i]]
    return value


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

RESOURCE_SITES: Final[tuple[int, ...]] = (FOREST, CLAY_PIT, QUARRY, RIVER)
GATHERING_SITES: Final = (HUNTING, FOREST, CLAY_PIT, QUARRY, RIVER)
SITE_RESOURCE: Final[tuple[int, ...]] = (FOOD, WOOD, CLAY, STONE, GOLD)
"""The resource each gathering site yields, indexed by location."""
SITE_CAPACITY: Final = 7
VILLAGE: Final = (TOOLMAKER, HUT, FIELD)
LOCATION_NAMES: Final = ("hunting", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field")
"""Text names of the fixed locations; card spaces and stacks are written ``card N`` / ``building N`` (1-based)."""
MODULE_LOCATION_NAMES: Final = ("merchant", "igloo", "animal")
"""Text names of ``MERCHANT``, ``IGLOO`` and ``ANIMAL``."""

DIE_FACES: Final = 6
"""Every roll is of six-sided dice, faces 1 to 6."""
MAX_PEOPLE: Final = 10
START_PEOPLE: Final = 5
START_FOOD: Final = 12
MAX_AGRICULTURE: Final = 10
STACK_SIZE: Final = 7
HUNGER_PENALTY: Final = 10
"""Points lost by a player who does not cover a food shortage with goods."""


def card_cost(space: int) -> int:
    """What a space of the base game's display costs in goods: the space nearest the deck (index 0) costs 1, the
    next 2, and so on (the extension's fifth space is paid in jewels, ``module_components``)."""
    return space + 1


DISPLAY_COSTS: Final = tuple(card_cost(space) for space in range(CARD_SPACES))


def stack_sizes(stacks: int, tiles: int) -> list[int]:
    """Seven tiles a stack while tiles last, else dealt as evenly as possible, the first stacks getting the
    extra ones (rules page "L'Extension" [ruling]: 28 base tiles in 5 stacks are 6, 6, 6, 5, 5)."""
    total = min(STACK_SIZE * stacks, tiles)
    size, extra = divmod(total, stacks)
    return [size + 1] * extra + [size] * (stacks - extra)


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


# -- gains ------------------------------------------------------------------------------------------------
POINTS: Final = 5
PERSON: Final = 6
AGRICULTURE: Final = 7
TOOL_STEP: Final = 8
Gain = tuple[int, int]
"""What a card's top half, a die of "dice for all", a village location or a reward gives: ``(kind, amount)``,
``kind`` a resource index (food to gold) or one of ``POINTS``, ``PERSON``, ``AGRICULTURE``, ``TOOL_STEP``."""
GAIN_NAMES: Final = (*RESOURCE_NAMES, "points", "person", "agriculture", "tool_step")
"""Each kind of gain by name, as the log and the description write it."""
VILLAGE_GAINS: Final = {TOOLMAKER: (TOOL_STEP, 1), HUT: (PERSON, 1), FIELD: (AGRICULTURE, 1)}
"""What resolving each village location gives: a tool step, a person (max 10), agriculture +1 (max 10)."""
VILLAGE_PEOPLE: Final = {TOOLMAKER: 1, HUT: 2, FIELD: 1}
"""How many people each village location takes (the hut: exactly two of one player)."""
DICE_FOR_ALL_GAINS: Final[tuple[Gain, ...]] = (
    (WOOD, 1),
    (CLAY, 1),
    (STONE, 1),
    (GOLD, 1),
    (TOOL_STEP, 1),
    (AGRICULTURE, 1),
)
"""What each face of a "dice for all" roll gives, by face 1 to 6: wood, clay, stone, gold, a tool step,
agriculture +1."""


# -- tools --------------------------------------------------------------------------------------------------
TOOL_TILES: Final = 3
MAX_TOOL: Final = 4
MAX_TOOL_VALUE: Final = TOOL_TILES * MAX_TOOL
"""The tool track's top: three tiles of 4."""


def can_raise_tool(tiles: list[int]) -> bool:
    """Whether a player's tool tiles (their three slots) may still go one step up the track."""
    return min(tiles) < MAX_TOOL


def raise_tool(tiles: list[int], used: list[int]) -> None:
    """One step up the tool track (1 · 1,1 · 1,1,1 · 2,1,1 · ... · 4,4,4), in place on a player's three tile
    slots (values sorted high to low, 0 = no tile) and their used flags. A new tile comes unused; when several
    tiles share the lowest value, an unused one is raised (it is never worse for the player). At 4,4,4 nothing.
    The slots are then ordered by value, high to low, the unused before the used among equals (a stable sort:
    otherwise in their order)."""
    low = min(tiles)
    if low >= MAX_TOOL:
        return
    slot = -1
    for i in range(TOOL_TILES):
        if tiles[i] == low:
            if not used[i]:
                slot = i
                break
            if slot < 0:
                slot = i
    tiles[slot] += 1
    # a stable insertion sort of the three slots by (-value, used), without building keys or pairs
    order = [0, 1, 2]
    for i in range(1, TOOL_TILES):
        current = order[i]
        j = i - 1
        while j >= 0 and _tool_after(tiles, used, order[j], current):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = current
    tiles[:], used[:] = [tiles[k] for k in order], [used[k] for k in order]


def _tool_after(tiles: list[int], used: list[int], a: int, b: int) -> bool:
    """Whether slot ``a`` sorts after slot ``b``: a lower value, or the same value and used while ``b`` is not."""
    return tiles[a] < tiles[b] or (tiles[a] == tiles[b] and used[a] > used[b])


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
        return goods_value(self.cost)


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


class Effect(IntEnum):
    """The kinds of a civilization card's top half (rules page "Civilization cards")."""

    GAIN = 0
    """Food, goods, points, agriculture +1 or a tool step (``CardEffect.gain``)."""
    CHOICE = 1
    """``CardEffect.amount`` goods of the buyer's choice."""
    ROLL = 2
    """A roll of ``CARD_ROLL_DICE`` dice for ``CardEffect.resource`` (tools may be added)."""
    DRAW = 3
    """A card drawn face down from the deck."""
    DICE_FOR_ALL = 4
    """One die per player; from the buyer on, each takes one (``DICE_FOR_ALL_GAINS``)."""
    ONE_USE_TOOL = 5
    """A one-use tool of value ``CardEffect.amount``."""


class CardEffect(NamedTuple):
    """A civilization card's top half, what its buyer receives at once: its ``kind`` and what that kind needs
    (``gain`` for :attr:`Effect.GAIN`, ``amount`` for :attr:`Effect.CHOICE` and :attr:`Effect.ONE_USE_TOOL`,
    ``resource`` for :attr:`Effect.ROLL`). The game applies it (``cards.apply_effect``), describes it
    (``description.effect_doc``) and the bots value it, all by its ``kind``."""

    kind: Effect
    gain: Gain | None = None
    amount: int = 0
    resource: int = -1


CARD_ROLL_DICE: Final = 2
"""A card's roll for a resource (:attr:`Effect.ROLL`) uses two dice."""
_DICE_FOR_ALL: Final = CardEffect(Effect.DICE_FOR_ALL)


def _gains(kind: int, amount: int = 1) -> CardEffect:
    return CardEffect(Effect.GAIN, gain=(kind, amount))


class CivilizationCard(NamedTuple):
    """One kind of civilization card: its bottom half (a culture symbol, or ``figures`` of one figure kind)
    and its top half (``top``, an immediate effect)."""

    id: str
    copies: int
    culture: int  # index in CULTURES, or -1 for a sand card
    figure: int  # index in FIGURES, or -1 for a green card
    figures: int
    top: CardEffect


def _green(culture: str, top: str, effect: CardEffect, copies: int = 1) -> CivilizationCard:
    return CivilizationCard(f"{culture}-{top}", copies, CULTURES.index(culture), -1, 0, effect)


def _sand(figure: str, figures: int, top: str, effect: CardEffect, copies: int = 1) -> CivilizationCard:
    return CivilizationCard(f"{figure}{figures}-{top}", copies, -1, FIGURES.index(figure), figures, effect)


CARDS: Final[tuple[CivilizationCard, ...]] = (
    _green("medicine", "food5", _gains(FOOD, 5)),
    _green("medicine", "choice2", CardEffect(Effect.CHOICE, amount=2)),
    _green("art", "toolstep", _gains(TOOL_STEP)),
    _green("art", "golddice", CardEffect(Effect.ROLL, resource=GOLD)),
    _green("writing", "card", CardEffect(Effect.DRAW)),
    _green("writing", "dice", _DICE_FOR_ALL),
    _green("pottery", "food7", _gains(FOOD, 7)),
    _green("pottery", "dice", _DICE_FOR_ALL),
    _green("sundial", "agriculture", _gains(AGRICULTURE)),
    _green("sundial", "dice", _DICE_FOR_ALL),
    _green("transport", "stone2", _gains(STONE, 2)),
    _green("transport", "dice", _DICE_FOR_ALL),
    _green("music", "points3", _gains(POINTS, 3), copies=2),
    _green("weaving", "food3", _gains(FOOD, 3)),
    _green("weaving", "food1", _gains(FOOD, 1)),
    _sand("farmer", 1, "stone1", _gains(STONE, 1)),
    _sand("farmer", 1, "agriculture", _gains(AGRICULTURE)),
    _sand("farmer", 1, "dice", _DICE_FOR_ALL),
    _sand("farmer", 2, "food3", _gains(FOOD, 3)),
    _sand("farmer", 2, "dice", _DICE_FOR_ALL),
    _sand("toolmaker", 1, "tool4", CardEffect(Effect.ONE_USE_TOOL, amount=4)),
    _sand("toolmaker", 1, "tool3", CardEffect(Effect.ONE_USE_TOOL, amount=3)),
    _sand("toolmaker", 2, "tool2", CardEffect(Effect.ONE_USE_TOOL, amount=2)),
    _sand("toolmaker", 2, "dice", _DICE_FOR_ALL, copies=2),
    _sand("hutbuilder", 1, "food4", _gains(FOOD, 4)),
    _sand("hutbuilder", 1, "dice", _DICE_FOR_ALL),
    _sand("hutbuilder", 2, "food2", _gains(FOOD, 2)),
    _sand("hutbuilder", 2, "dice", _DICE_FOR_ALL),
    _sand("hutbuilder", 3, "points3", _gains(POINTS, 3)),
    _sand("shaman", 1, "stone1", _gains(STONE, 1)),
    _sand("shaman", 1, "gold1", _gains(GOLD, 1)),
    _sand("shaman", 1, "stonedice", CardEffect(Effect.ROLL, resource=STONE)),
    _sand("shaman", 2, "clay1", _gains(CLAY, 1)),
    _sand("shaman", 2, "wooddice", CardEffect(Effect.ROLL, resource=WOOD)),
)
"""The 36 civilization cards (34 kinds; two kinds come twice), rules page "Civilization cards". A card's id is
``<bottom>-<top>``: the culture symbol or figure kind with its number of figures, then the immediate effect."""
CARD_INDEX: Final = {card.id: index for index, card in enumerate(CARDS)}


def effect(card: int) -> CardEffect:
    """The top half of ``card`` (an index into :data:`CARDS`)."""
    return CARDS[card].top


ONE_USE_VALUE: Final = tuple(card.top.amount if card.top.kind == Effect.ONE_USE_TOOL else 0 for card in CARDS)
"""The value of each card's one-use tool (0 for the other cards)."""
