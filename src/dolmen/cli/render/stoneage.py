"""The terminal picture of a *Stone Age* view, laid out like the online table of seed 004: each player's board
(resources, tools with used ones marked, food and agriculture, people, score, cards), the sites with their free
places and who is there, the building stacks, the card display with costs, and what is being decided; with
modules, the jewels and barter levels, the merchant, the igloos, the mammoth herd and the wild animals.

Every rule number (capacities, costs, points, what a die gives) comes from the game's own tables,
``StoneAge().describe(options)``, never from this file."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.components import GOODS, RESOURCE_NAMES
from dolmen.games.stoneage.module_components import INSULATION_STONE, TAMING_COST, WINTER_CARD_GOLD

_GOODS = tuple(RESOURCE_NAMES[good] for good in GOODS)
_SEAT_EXTRAS = (("on_herd", "on the mammoth tile"), ("on_animal", "on the wild animal"), ("igloos", "igloos"))
_PHASES = {
    "placement": "place people",
    "actions": "resolve",
    "feeding": "feed",
    "refill": "refill",
    "over": "game over",
}


@cache
def _described(modules: tuple[str, ...]) -> dict[str, Any]:
    return StoneAge().describe({"modules": list(modules)})


def tables(view: Mapping[str, Any]) -> dict[str, Any]:
    """The static tables of ``view``'s table (:meth:`StoneAge.describe` of its options)."""
    return _described(tuple(view["options"]["modules"]))


def _locations(view: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    return [loc for loc in tables(view)["locations"] if loc["kind"] == kind]


def _tools(seat_doc: dict[str, Any], tool_values: Mapping[str, int]) -> str:
    tiles = [
        f"{value}*" if used else str(value)
        for value, used in zip(seat_doc["tools"], seat_doc["tools_used"], strict=True)
        if value
    ]
    text = " ".join(tiles) if tiles else "-"
    if any(used for value, used in zip(seat_doc["tools"], seat_doc["tools_used"], strict=True) if value):
        text += " (* used this round)"
    if seat_doc["one_use"]:
        text += " | one-use " + " ".join(str(tool_values[card]) for card in seat_doc["one_use"])
    return text


def _player_line(view: dict[str, Any], seat: int, viewer: int | None) -> list[str]:
    doc = view["seats"][seat]
    res = doc["resources"]
    marks = []
    if seat == view["start_player"]:
        marks.append("start")
    if seat == viewer:
        marks.append("you")
    if view["acting"] == seat:
        marks.append("acting")
    head = f"Seat {seat}" + (f" ({', '.join(marks)})" if marks else "")
    goods = "  ".join(f"{name} {res[name]}" for name in _GOODS)
    cards = doc["cards"]
    hand = f"{doc['card_count']} card(s)" + (f": {', '.join(cards)}" if cards else "")
    if "jewels" in doc:
        goods += f"  jewels {doc['jewels']}  barter {doc['barter']}" + (" (used)" if doc["bartered"] else "")
    tool_values = {card["id"]: card["value"] for card in tables(view)["cards"] if "value" in card}
    lines = [
        f"{head}: score {doc['score']}  food {res['food']} (agriculture {doc['agriculture']})  {goods}",
        f"    people {doc['people']} ({doc['available']} at home)  tools {_tools(doc, tool_values)}  {hand}",
    ]
    extras = [f"{label} {doc[key]}" for key, label in _SEAT_EXTRAS if doc.get(key)]
    if extras:
        lines.append("    " + "  ".join(extras))
    if doc["buildings"]:
        lines.append(f"    buildings: {' '.join(doc['buildings'])}")
    return lines


def _who(view: dict[str, Any], location: str) -> str:
    here = [f"{seat}:{doc['placed'][location]}" for seat, doc in enumerate(view["seats"]) if location in doc["placed"]]
    return " ".join(here)


def _reserved(view: dict[str, Any], location: str) -> str:
    """Who has a person on a one-person space (a card, a building): it is theirs to take when they resolve it."""
    seats = [str(seat) for seat, doc in enumerate(view["seats"]) if location in doc["placed"]]
    return f"  — seat {', '.join(seats)} placed a person here" if seats else ""


def _sites(view: dict[str, Any]) -> list[str]:
    lines = ["Sites (seat:people):"]
    for site in _locations(view, "gathering"):
        name, capacity = site["id"], site["capacity"]
        taken = sum(doc["placed"].get(name, 0) for doc in view["seats"])
        room = "unlimited" if capacity is None else f"{capacity - taken} of {capacity} free"
        lines.append(f"  {name:<10} {room:<14} {_who(view, name)}")
    village = [f"{loc['id']} {_who(view, loc['id']) or 'free'}" for loc in _locations(view, "village")]
    lines.append("  village:   " + "  |  ".join(village))
    if "igloos_left" in view:
        igloos = tables(view)["igloos"]
        cost = " + ".join(f"{count} {name}" for name, count in Counter(igloos["cost"]).items())
        terms = f"({cost}, {igloos['points']} points)"
        lines.append(f"  igloos:    {view['igloos_left']} left {terms}  {_who(view, 'igloo')}")
    return lines


def _modules(view: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    herd = view.get("herd")
    if herd is not None:
        tile = herd["tile"]
        here = f"at {herd['zone']}: {tile['id']} (top {tile['top']}, bottom {tile['bottom']})" if tile else "gone"
        lines.append(f"Mammoth herd {here}; next {herd['next'] or '-'}; {herd['pile']} tile(s) in the pile")
        dice = [f"{seat}:{' '.join(map(str, d))}" for seat, d in enumerate(herd["contest"]) if d]
        if dice:
            lines.append("  contest dice " + "  ".join(dice))
    if "animals" in view:
        animals = view["animals"]
        active = (
            f"{animals[0]} active" + (f", then {' '.join(animals[1:])}" if animals[1:] else "") if animals else "none"
        )
        lines.append(f"Wild animals: {active} ({view['animals_in_deck']} in the deck)")
    return lines


def _meaning(name: str | None, glossary: Mapping[str, str]) -> str:
    text = glossary.get(name or "")
    return f" ({text})" if text else ""


def _stacks(view: dict[str, Any], glossary: Mapping[str, str]) -> list[str]:
    lines = ["Buildings:"]
    for number, stack in enumerate(view["stacks"], start=1):
        name = f"building {number}"
        top = stack["top"] or "(none)"
        meaning = _meaning(stack["top"], glossary)
        lines.append(f"  {name}: {top:<5} {stack['left']} left{meaning}{_reserved(view, name)}")
    return lines


def _display(view: dict[str, Any], glossary: Mapping[str, str]) -> list[str]:
    lines = [f"Civilization cards (deck {view['deck']}):"]
    for space, card in zip(_locations(view, "card"), view["display"], strict=True):
        name = space["id"]
        cost = f"cost {space['cost']}" + ("" if space["paid_in"] == "goods" else f" {space['paid_in']}s")
        lines.append(f"  {name} ({cost}): {card or '(taken)'}{_meaning(card, glossary)}{_reserved(view, name)}")
    return lines


def _pending(view: dict[str, Any]) -> list[str]:
    step, acting = view["step"], view["acting"]
    lines: list[str] = []
    if step == "tools":
        lines.append(f"Dice total {view['roll_total']} for {view['roll_resource']}; tools to add:")
        lines.extend(f"  {c['action']:<22} total {c['total']:>2} -> {c['yield']}" for c in view["tool_choices"])
    elif step == "pick":
        lines.append(f"Dice for all: {' '.join(map(str, view['pick_dice']))} — seat {view['pick_seat']} picks")
        faces = tables(view)["dice_for_all"].items()
        lines.append("  " + " · ".join(f"{face} {gain.replace('_', ' ')}" for face, gain in faces))
    elif step in ("pay card", "building", "igloo"):
        due = view.get("barter_due")
        lines.append(f"Seat {acting} resolves {view['target']}" + (f" (must spend {due} from barter)" if due else ""))
    elif step == "jewels":
        lines.append(f"Seat {acting}'s hunt yields {view['hunt_yield']}: how many as jewels (the rest food)?")
    elif step == "tame":
        lines.append(
            f"Seat {acting} may tame with {view['tamers']} more person(s): {TAMING_COST} food or resource each"
        )
    elif step == "reward":
        lines.append(f"Seat {acting} won the mammoth contest: reward top or bottom")
    elif step in ("winter gold", "insulate", "draw"):
        lines.append(f"Seat {acting} may pay {_offer(view, step)} (or skip)")
    elif step == "feed":
        penalty = tables(view)["hunger_penalty"]
        lines.append(f"Seat {acting} is {view['shortage']} food short: pay goods or take -{penalty} points")
    elif step == "dice":
        lines.append(f"Rolling {view['roll_count']} dice ({view['roll_resource']})")
    return lines


def _offer(view: Mapping[str, Any], step: str) -> str:
    """What an extra offered after a purchase costs and brings (harsh winter, the extension's draw)."""
    if step == "draw":
        return f"{tables(view)['extension']['extra_draw_jewels']} jewels for a card"
    winter = tables(view)["winter"]
    if step == "winter gold":
        return f"{WINTER_CARD_GOLD} gold for {winter['card_gold_points']} points"
    return f"{INSULATION_STONE} stone for {winter['insulation_points']} points"


def render(view: dict[str, Any], seat: int | None, glossary: Mapping[str, str] | None = None) -> str:
    """The board as text for ``seat`` (``None``: a spectator); ``glossary`` says what each card and building
    gives and is worth (from the game's :meth:`describe`), by name."""
    glossary = glossary or {}
    lines = [_header(view)]
    for player in range(view["players"]):
        lines.extend(_player_line(view, player, seat))
    lines.extend(_sites(view))
    lines.extend(_stacks(view, glossary))
    lines.extend(_display(view, glossary))
    lines.extend(_modules(view))
    lines.extend(_pending(view))
    return "\n".join(lines)


def status(view: dict[str, Any], seat: int | None, glossary: Mapping[str, str] | None = None) -> str:
    """The short picture between two decisions of one seat: the round, that seat's board, what is decided."""
    lines = [_header(view)]
    if seat is not None:
        lines.extend(_player_line(view, seat, seat))
    lines.extend(_pending(view))
    return "\n".join(lines)


def _header(view: dict[str, Any]) -> str:
    phase = _PHASES.get(view["phase"], view["phase"])
    acting = view["acting"]
    who = "" if acting is None else (" — chance" if acting == "chance" else f" — seat {acting} to act")
    return f"=== Stone Age — round {view['round']}, {phase}{who} ==="
