"""What a seat sees (everything: the game has no hidden information), the state's signature, and rebuilding
a state from a view.

A view is JSON-ready::

    {"game": "rtta", "edition": "bronze", "trade": false, "players": 2, "viewer": 0,
     "round": 3, "rounds": null, "active": 1, "step": "reroll", "actors": [1],
     "turn": {"dice": ["food3", "skull", "coins"], "dice_to_roll": 0, "rerolls_left": 1, "locked_skulls": 1,
              "workers": 0, "coins": 0, "offers_made": 0, "offers_left": 5, "offer": null, "ship_swaps_left": 0},
     "monuments": [{"name": "step-pyramid", "boxes": 3, "in_play": true, "points": [1, 0], "first_builder": null}, ...],
     "developments": [{"name": "leadership", "cost": 10, "points": 2}, ...],
     "boards": [{"seat": 0, "food": 4, "goods": {"wood": 2, ...}, "goods_units": 3, "goods_value": 5,
                 "cities": 3, "city_boxes": {"city4": 2, ...}, "monuments": {"step-pyramid": 3, ...},
                 "developments": ["leadership"], "disasters": 2, "ships": 0,
                 "score": {"developments": 2, "monuments": 1, "architecture": 0, "empire": 0, "commerce": 0,
                           "bonus": 0, "disasters": 2, "total": 1}}, ...],
     "result": null}

``score`` is each seat's score sheet (:func:`dolmen.games.rtta.scoring.score_parts`), always present so that
renderers never compute it; ``result`` is ``null`` until the game is over, then the final result (scores,
winners, ranks, reason, tie-breaks). ``docs/schema/rtta-view.schema.json`` is the JSON Schema of a view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dolmen.engine.core import JSON
from dolmen.engine.errors import MalformedStep
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import Kind, action_text
from dolmen.games.rtta.components import (
    CITIES,
    CITY_BOXES,
    CITY_NAMES,
    DEVELOPMENT_BY_NAME,
    DEVELOPMENT_NAMES,
    FACE_BY_NAME,
    FACE_NAMES,
    FACES,
    GOOD_MAX,
    GOOD_NAMES,
    MAX_CITIES,
    MAX_FOOD,
    MAX_OFFERS,
    MAX_SHIPS,
    MONUMENT_BOXES,
    MONUMENT_NAMES,
    MONUMENTS,
    REROLLS,
    SKULL,
    SOLO_ROUNDS,
    START_CITIES,
    TARGETS,
    TRADE_NAMES,
    goods_value,
)
from dolmen.games.rtta.scoring import score_parts

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState


def _offer_view(s: RttaState) -> dict[str, JSON] | None:
    if s.offer is None:
        return None
    seat, vector = s.offer
    return {
        "from": s.active,
        "to": seat,
        "vector": list(vector),
        "give": {TRADE_NAMES[i]: v for i, v in enumerate(vector) if v > 0},
        "get": {TRADE_NAMES[i]: -v for i, v in enumerate(vector) if v < 0},
        "text": action_text((Kind.OFFER, seat, vector)),
    }


def _board(s: RttaState, seat: int) -> dict[str, JSON]:
    goods = s.goods[seat]
    progress = s.progress[seat]
    return {
        "seat": seat,
        "food": s.food[seat],
        "goods": dict(zip(GOOD_NAMES, goods, strict=True)),
        "goods_units": sum(goods),
        "goods_value": goods_value(goods),
        "cities": s.cities[seat],
        "city_boxes": dict(zip(CITY_NAMES, progress, strict=False)),
        "monuments": {MONUMENT_NAMES[m]: progress[CITIES + m] for m in range(MONUMENTS) if s.in_play[m]},
        "developments": [DEVELOPMENT_NAMES[d] for d in s.edition.developments if s.devs[seat] >> d & 1],
        "disasters": s.disasters[seat],
        "ships": s.ships[seat],
        "score": score_parts(s, seat),
    }


def view(s: RttaState, seat: int | None) -> dict[str, JSON]:
    """The whole public state as seen by ``seat`` (``None``: a spectator); nothing is hidden in this game."""
    edition = s.edition
    dice = s.dice
    return {
        "game": "rtta",
        "edition": edition.name,
        "trade": s.has_trade,
        "players": s.players,
        "viewer": seat,
        "round": s.round,
        "rounds": SOLO_ROUNDS if s.solo else None,
        "active": s.active,
        "step": steps.STEP_NAMES[s.step],
        "actors": list(s.actors()),
        "turn": {
            "dice": [FACE_NAMES[f] for f in range(FACES) for _ in range(dice[f])],
            "dice_to_roll": s.to_roll,
            "rerolls_left": s.rerolls_left,
            "locked_skulls": 0 if s.solo else dice[SKULL],
            "workers": s.workers,
            "coins": s.coins,
            "offers_made": s.offers,
            "offers_left": MAX_OFFERS - s.offers,
            "offer": _offer_view(s),
            "ship_swaps_left": s.swaps,
        },
        "monuments": [
            {
                "name": MONUMENT_NAMES[m],
                "boxes": MONUMENT_BOXES[m],
                "in_play": s.in_play[m],
                "points": list(edition.monument_points[m]),
                "first_builder": s.first_builder[m] if s.first_builder[m] >= 0 else None,
            }
            for m in range(MONUMENTS)
        ],
        "developments": [
            {"name": DEVELOPMENT_NAMES[d], "cost": edition.costs[d], "points": edition.points[d]}
            for d in edition.developments
        ],
        "boards": [_board(s, p) for p in range(s.players)],
        "result": s.result().to_json() if s.step == steps.OVER else None,
    }


def signature(s: RttaState) -> JSON:
    """Every field of the state, raw, as JSON-ready data."""
    return {
        "options": s.options(),
        "players": s.players,
        "round": s.round,
        "active": s.active,
        "step": s.step,
        "food": s.food[:],
        "goods": [row[:] for row in s.goods],
        "progress": [row[:] for row in s.progress],
        "cities": s.cities[:],
        "devs": s.devs[:],
        "disasters": s.disasters[:],
        "ships": s.ships[:],
        "first_builder": s.first_builder[:],
        "dice": s.dice[:],
        "to_roll": s.to_roll,
        "rerolls_left": s.rerolls_left,
        "workers": s.workers,
        "coins": s.coins,
        "offers": s.offers,
        "offer": None if s.offer is None else [s.offer[0], list(s.offer[1])],
        "swaps": s.swaps,
    }


_MOST_GOODS = max(GOOD_MAX)
"""The bound a view's goods are checked against (the longest track's)."""


def _int(value: Any, what: str, low: int = 0, high: int = 10**6) -> int:
    if type(value) is not int or not low <= value <= high:
        raise MalformedStep(f"bad rtta view: {what} must be a whole number in {low}..{high}, not {value!r}")
    return value


def load_view(s: RttaState, v: Mapping[str, Any]) -> None:
    """Overwrite ``s`` (built with the view's players and options) with everything ``v`` shows."""
    try:
        turn, boards = v["turn"], v["boards"]
        players = s.players
        if len(boards) != players:
            raise MalformedStep(f"bad rtta view: {len(boards)} boards for {players} players")
        s.round = _int(v["round"], "round", 1)
        s.active = _int(v["active"], "active", 0, players - 1)
        if v["step"] not in steps.STEP_BY_NAME:
            raise MalformedStep(f"bad rtta view: unknown step {v['step']!r}")
        s.step = steps.STEP_BY_NAME[v["step"]]
        s.dice = [0] * FACES
        for name in turn["dice"]:
            s.dice[FACE_BY_NAME[name]] += 1
        s.to_roll = _int(turn["dice_to_roll"], "dice_to_roll", 0, MAX_CITIES)
        s.rerolls_left = _int(turn["rerolls_left"], "rerolls_left", 0, REROLLS)
        s.workers = _int(turn["workers"], "workers")
        s.coins = _int(turn["coins"], "coins")
        s.offers = _int(turn["offers_made"], "offers_made", 0, MAX_OFFERS)
        s.swaps = _int(turn["ship_swaps_left"], "ship_swaps_left", 0, MAX_SHIPS)
        offer = turn["offer"]
        s.offer = None if offer is None else (_int(offer["to"], "offer to", 0, players - 1), tuple(offer["vector"]))
        for m, monument in enumerate(v["monuments"][:MONUMENTS]):
            first = monument["first_builder"]
            s.first_builder[m] = -1 if first is None else _int(first, "first_builder", 0, players - 1)
        for p, board in enumerate(boards):
            s.food[p] = _int(board["food"], "food", 0, MAX_FOOD)
            s.goods[p] = [_int(board["goods"][name], name, 0, _MOST_GOODS) for name in GOOD_NAMES]
            row = [0] * TARGETS
            for c in range(CITIES):
                row[c] = _int(board["city_boxes"][CITY_NAMES[c]], CITY_NAMES[c], 0, CITY_BOXES[c])
            for name, ticked in board["monuments"].items():
                m = MONUMENT_NAMES.index(name)
                row[CITIES + m] = _int(ticked, name, 0, MONUMENT_BOXES[m])
            s.progress[p] = row
            s.cities[p] = _int(board["cities"], "cities", START_CITIES, MAX_CITIES)
            s.devs[p] = sum(1 << DEVELOPMENT_BY_NAME[name] for name in board["developments"])
            s.disasters[p] = _int(board["disasters"], "disasters")
            s.ships[p] = _int(board["ships"], "ships", 0, MAX_SHIPS)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MalformedStep(f"bad rtta view: {exc!r}") from exc
