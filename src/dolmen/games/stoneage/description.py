"""``StoneAge.describe(options)``: the static tables of a table with these options, as JSON, so that no client
re-types a rule number (rules page "Base game" and "Modules"). Every number comes from :mod:`components` and
:mod:`module_components`; names are those of the views and the log (locations also by their log name).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from dolmen.games.stoneage.components import (
    ANIMAL,
    ANY_1_TO_7,
    BASE_BUILDINGS,
    BUILDINGS,
    CARD_ROLL_DICE,
    CARDS,
    CULTURES,
    DICE_FOR_ALL_GAINS,
    DISPLAY_COSTS,
    FIGURES,
    FIRST_CARD,
    FIRST_STACK,
    FIXED,
    FOOD,
    GAIN_NAMES,
    GATHERING_SITES,
    GOODS,
    HUNGER_PENALTY,
    HUNTING,
    HUT_CHIEF,
    HUT_INCOME,
    HUT_TRADER,
    IGLOO,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL,
    MERCHANT,
    POINTS,
    RESOURCE_NAMES,
    RESOURCE_VALUES,
    SITE_CAPACITY,
    SITE_RESOURCE,
    STACK_SIZE,
    START_FOOD,
    START_PEOPLE,
    TOOL_TILES,
    VILLAGE_GAINS,
    VILLAGE_PEOPLE,
    BuildingTile,
    CardEffect,
    CivilizationCard,
    Effect,
    can_raise_tool,
    location_name,
    raise_tool,
    site_colour_limit,
    village_limit,
)
from dolmen.games.stoneage.log import place, reward_args
from dolmen.games.stoneage.module_components import (
    CHIEF_BONUS,
    DRIVE_OFF_REWARDS,
    EXTRA_DRAW_JEWELS,
    FIFTH_CARD_JEWELS,
    IGLOO_COST,
    IGLOO_FOOD,
    IGLOO_POINTS,
    IGLOOS,
    INSULATION_POINTS,
    MAMMOTH_TILES,
    MAX_BARTER,
    MERCHANT_BARTER,
    MERCHANT_JEWELS,
    MODULES,
    WILD_ANIMALS,
    WINTER_CARD_POINTS,
    barter_exchange,
)

MULTIPLIES: Final = ("agriculture", "tool_value", "buildings", "people")
"""What each figure kind (farmer, toolmaker, hut builder, shaman) multiplies at the end."""
HUT_EFFECTS: Final = {HUT_INCOME: "income", HUT_TRADER: "cards_cost_one_less", HUT_CHIEF: "points_per_later_building"}
BUILDING_KINDS: Final = {FIXED: "fixed", ANY_1_TO_7: "1_to_7"}


def goods(counts: tuple[int, ...]) -> list[str]:
    return [RESOURCE_NAMES[good] for good, count in zip(GOODS, counts, strict=False) for _ in range(count)]


def tool_track() -> list[list[int]]:
    """Every step of the tool track, from no tile to 4,4,4."""
    tiles, used = [0] * TOOL_TILES, [0] * TOOL_TILES
    track = [tiles[:]]
    while can_raise_tool(tiles):
        raise_tool(tiles, used)
        track.append(tiles[:])
    return track


def describe(options: Mapping[str, Any]) -> dict[str, Any]:
    modules = tuple(module for module in MODULES if module in options.get("modules", ()))
    counts = range(2, 6 if "extension" in modules else 5)
    doc: dict[str, Any] = {
        "game": "stoneage",
        "modules": list(modules),
        "players": {"min": counts[0], "max": counts[-1]},
        "start": {"people": START_PEOPLE, "food": START_FOOD},
        "limits": {"people": MAX_PEOPLE, "agriculture": MAX_AGRICULTURE, "tool": MAX_TOOL},
        "resources": [
            {"id": name, "value": value} for name, value in zip(RESOURCE_NAMES, RESOURCE_VALUES, strict=True)
        ],
        "locations": locations(modules, counts),
        "village_limit": {str(n): village_limit(n, modules) for n in counts},
        "tool_track": tool_track(),
        "dice_for_all": {str(face): GAIN_NAMES[kind] for face, (kind, _) in enumerate(DICE_FOR_ALL_GAINS, start=1)},
        "hunger_penalty": HUNGER_PENALTY,
        "culture_symbols": list(CULTURES),
        "figures": dict(zip(FIGURES, MULTIPLIES, strict=True)),
        "cards": [card_doc(card) for card in CARDS],
        "buildings": [building_doc(tile, modules) for tile in (BUILDINGS if "new_huts" in modules else BASE_BUILDINGS)],
        "stack_size": STACK_SIZE,
    }
    doc.update(module_tables(modules, counts))
    return doc


def resources(modules: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each resource with its value (the gathering divisor and its worth in a flexible building); jewels have
    none (they never feed and never score)."""
    docs: list[dict[str, Any]] = [
        {"id": name, "value": value} for name, value in zip(RESOURCE_NAMES, RESOURCE_VALUES, strict=True)
    ]
    if "extension" in modules:
        docs.append({"id": "jewel", "value": None})
    return docs


def locations(modules: tuple[str, ...], counts: range) -> list[dict[str, Any]]:
    """Each location: its text form (``id``), its log name, what it is, how many people it holds (``null``:
    unlimited) and, at the four resource sites, how many players may share it per player count."""
    docs: list[dict[str, Any]] = []
    for site in GATHERING_SITES:
        resource = SITE_RESOURCE[site]
        docs.append(
            {
                "id": location_name(site),
                "name": place(site),
                "kind": "gathering",
                "capacity": None if site == HUNTING else SITE_CAPACITY,
                "players_sharing": None if site == HUNTING else {str(n): site_colour_limit(n) for n in counts},
                "yields": RESOURCE_NAMES[resource],
                "divisor": RESOURCE_VALUES[resource],
            }
        )
    for loc, (gain, _) in VILLAGE_GAINS.items():
        people = VILLAGE_PEOPLE[loc]
        name = GAIN_NAMES[gain]
        docs.append({"id": location_name(loc), "name": place(loc), "kind": "village", "capacity": people, "gain": name})
    if "extension" in modules:
        docs.append(
            {
                "id": location_name(MERCHANT),
                "name": place(MERCHANT),
                "kind": "village",
                "capacity": 1,
                "gain": "barter_and_jewels",
                "barter": MERCHANT_BARTER,
                "jewels": MERCHANT_JEWELS,
            }
        )
    spaces = [{"cost": cost, "paid_in": "goods"} for cost in DISPLAY_COSTS]
    if "extension" in modules:
        spaces.append({"cost": FIFTH_CARD_JEWELS, "paid_in": "jewel"})
    for space, cost in enumerate(spaces):
        loc = FIRST_CARD + space
        docs.append({"id": location_name(loc), "name": place(loc), "kind": "card", "capacity": 1, **cost})
    for stack in range(counts[-1]):
        loc = FIRST_STACK + stack
        docs.append({"id": location_name(loc), "name": place(loc), "kind": "building", "capacity": 1})
    if "igloos" in modules:
        docs.append({"id": location_name(IGLOO), "name": place(IGLOO), "kind": "igloo", "capacity": IGLOOS})
    if "animals" in modules:
        # as many people in all as players
        docs.append({"id": location_name(ANIMAL), "name": place(ANIMAL), "kind": "animal", "capacity": "players"})
    return docs


def card_doc(card: CivilizationCard) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "id": card.id,
        "copies": card.copies,
        "culture": CULTURES[card.culture] if card.culture >= 0 else None,
        "figure": FIGURES[card.figure] if card.figure >= 0 else None,
        "figures": card.figures,
    }
    return doc | effect_doc(card.top)


def effect_doc(top: CardEffect) -> dict[str, Any]:
    """A card's top half by name (``effect``) with its numbers."""
    match top.kind:
        case Effect.GAIN:
            assert top.gain is not None
            kind, amount = top.gain
            if kind == FOOD:
                return {"effect": "food", "amount": amount}
            if kind in GOODS:
                return {"effect": "resource", "resource": RESOURCE_NAMES[kind], "amount": amount}
            return {"effect": GAIN_NAMES[kind], "amount": amount} if kind == POINTS else {"effect": GAIN_NAMES[kind]}
        case Effect.CHOICE:
            return {"effect": "resources_of_choice", "amount": top.amount}
        case Effect.ROLL:
            return {"effect": "dice_for_resource", "resource": RESOURCE_NAMES[top.resource], "dice": CARD_ROLL_DICE}
        case Effect.DRAW:
            return {"effect": "draw_card"}
        case Effect.DICE_FOR_ALL:
            return {"effect": "dice_for_all"}
    return {"effect": "one_use_tool", "value": top.amount}


def building_doc(tile: BuildingTile, modules: tuple[str, ...]) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": tile.id, "copies": tile.copies, "kind": BUILDING_KINDS.get(tile.kind, "n_of_k")}
    if tile.kind == FIXED:
        doc["cost"], doc["points"] = goods(tile.cost), tile.points
    elif tile.n:
        doc["resources"], doc["kinds"] = tile.n, tile.k
    if "winter" in modules:
        doc["winter"] = tile.winter
    if tile.hut:
        doc["hut"] = HUT_EFFECTS[tile.hut]
        if tile.income >= 0:
            doc["income"] = RESOURCE_NAMES[tile.income]
    return doc


def module_tables(modules: tuple[str, ...], counts: range) -> dict[str, Any]:
    """The pieces of the modules that are on (``counts``: the player counts the table may have)."""
    doc: dict[str, Any] = {}
    if "extension" in modules:
        doc["extension"] = {
            "fifth_card_jewels": FIFTH_CARD_JEWELS,
            "extra_draw_jewels": EXTRA_DRAW_JEWELS,
            "max_barter": MAX_BARTER,
            "barter": [
                {"level": level, "give": give, "receive": list(receive)}
                for level in range(MAX_BARTER + 1)
                for give, receive in [barter_exchange(level)]
            ],
        }
    if "new_huts" in modules:
        doc["new_huts"] = {"chief_bonus": CHIEF_BONUS}
    if "mammoths" in modules:
        doc["mammoth_tiles"] = [
            {"id": tile.id, "zone": place(tile.zone), "top": reward_args(tile.top), "bottom": reward_args(tile.bottom)}
            for tile in MAMMOTH_TILES
        ]
        # anyone may join the herd's zone, whatever the site's own sharing limit (rules page "Mammoth herd")
        doc["herd_zone_players_sharing"] = {str(n): n for n in counts}
    if "winter" in modules:
        doc["winter"] = {"card_gold_points": WINTER_CARD_POINTS, "insulation_points": INSULATION_POINTS}
    if "animals" in modules:
        doc["wild_animals"] = [{"id": animal.id, "penalty": animal.penalty} for animal in WILD_ANIMALS]
        doc["drive_off_rewards"] = {str(face + 1): reward_args(r) for face, r in enumerate(DRIVE_OFF_REWARDS)}
    if "igloos" in modules:
        doc["igloos"] = {"count": IGLOOS, "cost": goods(IGLOO_COST), "points": IGLOO_POINTS, "food_saved": IGLOO_FOOD}
    if {"mammoths", "animals"} & set(modules):
        doc["reward_kinds"] = sorted(GAIN_NAMES)
    return doc
