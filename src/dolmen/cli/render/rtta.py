"""Terminal picture of a *Roll Through the Ages* view: the turn, the dice, what the step asks, every board.

Every rule number shown (track sizes and values, city boxes, limits) comes from the view or from the game's
static tables (:meth:`Game.describe`); none is typed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from dolmen.games import get_game
from dolmen.games.rtta.components import PRESERVATION_POTTERY


@cache
def _tables(edition: str, trade: bool) -> dict[str, Any]:
    return get_game("rtta").describe({"edition": edition, "trade": trade})


def tables(view: dict[str, Any]) -> dict[str, Any]:
    """The static tables of the view's game (:meth:`RollThroughTheAges.describe`)."""
    return _tables(view["edition"], view["trade"])


def _smithing_points(rules: dict[str, Any]) -> int:
    return next(d["effect"]["points"] for d in rules["developments"] if d["name"] == "smithing")


def _who(seat: int, viewer: int | None) -> str:
    return f"seat {seat}" + (" (you)" if seat == viewer else "")


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {name}" for name, n in amounts.items()) or "nothing"


def _asks(view: dict[str, Any]) -> str:
    """One line saying what the current step waits for, with the action forms to type."""
    turn, step, rules = view["turn"], view["step"], tables(view)
    face = next(face for face in rules["dice"]["faces"] if face["food_or_workers"])
    either = turn["dice"].count(face["name"])
    match step:
        case "preservation":
            return (
                f"Preservation: 'preserve' (spend {PRESERVATION_POTTERY} pottery to double your food, max "
                f"{rules['food']['max']}) or 'roll'"
            )
        case "roll" | "leadership-roll":
            return f"rolling {turn['dice_to_roll']} dice"
        case "reroll":
            locked = " (skulls stay set aside)" if turn["locked_skulls"] else ""
            return (
                f"reroll any dice{locked}: 'reroll FACE ...', {turn['rerolls_left']} reroll(s) left; "
                "or 'keep' to stop rolling"
            )
        case "leadership":
            return "Leadership: reroll one die ('leadership FACE', a skull too) or 'keep'"
        case "food-or-workers":
            return (
                f"{either} die/dice show {face['food']} food or {face['workers']} workers: 'food N' takes N of them "
                "as food, the rest as workers"
            )
        case "smithing":
            return (
                "Smithing: spend spearheads on the Invasion, each costs every invaded opponent "
                f"{_smithing_points(rules)} ('spearheads N')"
            )
        case "build":
            return (
                f"build: {turn['workers']} worker(s) to place ('build TARGET N'); "
                "'engineer N', 'ship' when you can; 'end build' (leftover workers are lost)"
            )
        case "trade":
            return (
                f"trade: 'offer SEAT give N GOOD ... get N GOOD ...' ({turn['offers_left']} offer(s) left), "
                f"'swap GOOD GOOD' ({turn['ship_swaps_left']} ship swap(s) left), or 'end trade'"
            )
        case "answer":
            offer = turn["offer"]
            return (
                f"seat {offer['from']} offers seat {offer['to']}: gives {_amounts(offer['give'])}, "
                f"wants {_amounts(offer['get'])} — 'accept' or 'decline'"
            )
        case "buy":
            return (
                f"buy one development with {turn['coins']} coins + whole goods tracks (+ food with Granaries): "
                "'buy NAME [with GOOD ... food N]' or 'end buy'"
            )
        case "discard":
            return f"discard down to {rules['keep_goods']} goods: 'discard N GOOD ...'"
        case "over":
            return "the game is over"
    return step


def _goods_line(rules: dict[str, Any], board: dict[str, Any]) -> str:
    tracks = {good["name"]: good for good in rules["goods"]}
    parts = []
    for name, n in board["goods"].items():
        track = tracks[name]
        parts.append(f"{name} {n}/{track['max']}" + (f" ({track['values'][n]})" if n else ""))
    return "  ".join(parts) + f"   = {board['goods_units']} units worth {board['goods_value']}"


def _monuments_line(view: dict[str, Any], board: dict[str, Any]) -> str:
    parts = []
    for monument in view["monuments"]:
        name = monument["name"]
        if name not in board["monuments"]:
            continue
        ticked, boxes = board["monuments"][name], monument["boxes"]
        mark = ""
        if ticked == boxes:
            mark = " done (first)" if monument["first_builder"] == board["seat"] else " done"
        parts.append(f"{name} {ticked}/{boxes}{mark}")
    return ", ".join(parts)


def _board(view: dict[str, Any], board: dict[str, Any], viewer: int | None) -> list[str]:
    seat = board["seat"]
    score = board["score"]
    rules = tables(view)
    city_boxes = {city["name"]: city["boxes"] for city in rules["cities"]["build"]}
    marker = "▶ " if seat == view["active"] and view["step"] != "over" else "  "
    unbuilt = [(name, ticked) for name, ticked in board["city_boxes"].items() if ticked < city_boxes[name]]
    cities = ", ".join(f"{name} {ticked}/{city_boxes[name]}" for name, ticked in unbuilt)
    lines = [
        f"{marker}{_who(seat, viewer)}: score {score['total']} "
        f"(developments {score['developments']} + monuments {score['monuments']} + bonus {score['bonus']} "
        f"- disasters {score['disasters']})",
        f"    food {board['food']}/{rules['food']['max']}   cities {board['cities']}"
        + (f" (building: {cities})" if cities else ""),
        f"    goods  {_goods_line(rules, board)}",
        f"    monuments  {_monuments_line(view, board) or '-'}",
        f"    developments  {', '.join(board['developments']) or '-'}",
    ]
    if view["edition"] == "late":
        lines[-1] += f"   ships {board['ships']}/{rules['trade']['max_ships']}"
    return lines


def _monuments_header(view: dict[str, Any]) -> str:
    parts = []
    for monument in view["monuments"]:
        if not monument["in_play"]:
            continue
        first, later = monument["points"]
        owner = monument["first_builder"]
        taken = f", first: seat {owner}" if owner is not None else ""
        parts.append(f"{monument['name']} [{monument['boxes']}] {first}/{later}{taken}")
    return "Monuments (boxes, points first/later): " + "; ".join(parts)


def render(view: dict[str, Any], seat: int | None, glossary: Mapping[str, str] | None = None) -> str:
    """The board as ``seat`` sees it (``None``: a spectator); the developments' effects are in ``help`` and
    ``rules`` (``glossary`` is not needed here)."""
    lines = _turn(view, seat)
    lines.append(_monuments_header(view))
    costs = ", ".join(f"{d['name']} {d['cost']}/{d['points']}" for d in view["developments"])
    lines.append(f"Developments (cost/points): {costs}")
    for board in view["boards"]:
        lines.extend(_board(view, board, seat))
    return "\n".join(lines)


def status(view: dict[str, Any], seat: int | None, glossary: Mapping[str, str] | None = None) -> str:
    """The short picture between two decisions of one turn: the turn, the dice and the acting seat's board."""
    lines = _turn(view, seat)
    for board in view["boards"]:
        if board["seat"] == view["active"]:
            lines.extend(_board(view, board, seat))
    return "\n".join(lines)


def _turn(view: dict[str, Any], seat: int | None) -> list[str]:
    edition = "The Late Bronze Age" if view["edition"] == "late" else "The Bronze Age"
    rounds = f" of {view['rounds']}" if view["rounds"] else ""
    trade = ", trading" if view["trade"] and view["players"] > 1 else ""
    turn = view["turn"]
    lines = [
        f"=== Roll Through the Ages: {edition}{trade} — round {view['round']}{rounds}, "
        f"{_who(view['active'], seat)} to play ===",
        f"Step: {view['step']} — {_asks(view)}",
    ]
    dice = " ".join(turn["dice"]) or "-"
    extra = f", {turn['dice_to_roll']} to roll" if turn["dice_to_roll"] else ""
    lines.append(f"Dice: {dice}{extra}   skulls {turn['dice'].count('skull')}")
    if view["step"] in ("build", "trade", "answer", "buy"):
        lines.append(f"Workers {turn['workers']}   coins {turn['coins']}")
    return lines
