"""The static tables of *Roll Through the Ages* as JSON, for clients: every number is read from
:mod:`dolmen.games.rtta.components`, none is typed here.

A development's ``effect`` is a message to render with the game's catalogue (``{"event": "effect_granaries",
"coins": 4}``: :meth:`dolmen.engine.messages.Catalogue.render` writes it in the reader's language).
"""

from __future__ import annotations

from dolmen.engine.core import JSON
from dolmen.games.rtta import steps
from dolmen.games.rtta.components import (
    ARCHITECTURE,
    CITY_BOXES,
    CITY_NAMES,
    COINAGE,
    COINAGE_COINS,
    DEVELOPMENT_NAMES,
    DISASTERS,
    EDITIONS,
    ENGINEERING,
    ENGINEERING_WORKERS,
    FACE_COINS,
    FACE_FOOD,
    FACE_GOODS,
    FACE_NAMES,
    FACE_SKULLS,
    FACE_WORKERS,
    FACES,
    FAMINE_POINTS,
    GOOD_BASE,
    GOOD_MAX,
    GOOD_NAMES,
    GOOD_TYPES,
    GOOD_VALUE,
    GRANARIES,
    KEEP_GOODS,
    MAX_CITIES,
    MAX_FOOD,
    MAX_OFFERS,
    MAX_SHIPS,
    MONUMENT_BOXES,
    MONUMENT_NAMES,
    MONUMENTS,
    REROLLS,
    SHIPPING,
    SMITHING,
    SMITHING_POINTS,
    SOLO_ROUNDS,
    START_CITIES,
    START_FOOD,
    TRADE_MAX,
    TRADE_NAMES,
    Edition,
    monuments_in_play,
)

PLAYER_COUNTS = (1, 2, 3, 4)


def _effect(edition: Edition, dev: int) -> dict[str, JSON]:
    effect: dict[str, JSON] = {"event": "effect_" + DEVELOPMENT_NAMES[dev]}
    if dev == COINAGE:
        effect["coins"] = COINAGE_COINS
    elif dev == GRANARIES:
        effect["coins"] = edition.granary_coins
    elif dev == ARCHITECTURE:
        effect["points"] = edition.architecture_bonus
    elif dev == ENGINEERING:
        effect["workers"] = ENGINEERING_WORKERS
    elif dev == SHIPPING:
        effect["ships"] = MAX_SHIPS
    elif dev == SMITHING:
        effect["points"] = SMITHING_POINTS
    return effect


def _monuments(edition: Edition) -> list[dict[str, JSON]]:
    in_play = {players: monuments_in_play(edition, players) for players in PLAYER_COUNTS}
    return [
        {
            "name": MONUMENT_NAMES[m],
            "boxes": MONUMENT_BOXES[m],
            "points_first": edition.monument_points[m][0],
            "points_later": edition.monument_points[m][1],
            "players": [players for players in PLAYER_COUNTS if in_play[players][m]],
        }
        for m in range(MONUMENTS)
    ]


def _dice() -> list[dict[str, JSON]]:
    return [
        {
            "name": FACE_NAMES[f],
            "food": FACE_FOOD[f],
            "goods": FACE_GOODS[f],
            "skulls": FACE_SKULLS[f],
            "workers": FACE_WORKERS[f],
            "coins": FACE_COINS[f],
            "food_or_workers": bool(FACE_FOOD[f] and FACE_WORKERS[f]),
        }
        for f in range(FACES)
    ]


def _development(edition: Edition, dev: int) -> dict[str, int] | None:
    if dev not in edition.developments:
        return None
    return {"cost": edition.costs[dev], "points": edition.points[dev]}


def _differences(edition: Edition, other: Edition) -> list[dict[str, JSON]]:
    """What changes from ``other`` to ``edition``: ``{"development"|"monument"|"rule": name, "this": value in
    this edition, "other": value in the other}`` (a development missing from an edition is ``null``)."""
    found: list[dict[str, JSON]] = []
    for rule in ("end_developments", "granary_coins", "architecture_bonus"):
        if getattr(edition, rule) != getattr(other, rule):
            found.append({"rule": rule, "this": getattr(edition, rule), "other": getattr(other, rule)})
    for dev in range(len(DEVELOPMENT_NAMES)):
        this, that = _development(edition, dev), _development(other, dev)
        if this != that:
            found.append({"development": DEVELOPMENT_NAMES[dev], "this": this, "other": that})
    for m in range(MONUMENTS):
        this_points, that_points = list(edition.monument_points[m]), list(other.monument_points[m])
        if this_points != that_points:
            found.append({"monument": MONUMENT_NAMES[m], "this": this_points, "other": that_points})
    for players in PLAYER_COUNTS:
        this_play, that_play = monuments_in_play(edition, players), monuments_in_play(other, players)
        if this_play != that_play:
            names = [MONUMENT_NAMES[m] for m in range(MONUMENTS)]
            this_names = [n for n, used in zip(names, this_play, strict=True) if used]
            that_names = [n for n, used in zip(names, that_play, strict=True) if used]
            found.append({"rule": f"monuments_with_{players}_players", "this": this_names, "other": that_names})
    return found


def describe(edition_name: str, trade: bool) -> dict[str, JSON]:
    """The tables of ``edition_name`` (``bronze`` or ``late``), with the other edition's differences."""
    edition = EDITIONS[edition_name]
    other = EDITIONS["bronze" if edition.is_late else "late"]
    return {
        "game": "rtta",
        "options": {"edition": edition.name, "trade": trade},
        "edition": {
            "name": edition.name,
            "end_developments": edition.end_developments,
            "granary_coins": edition.granary_coins,
            "architecture_bonus": edition.architecture_bonus,
            "solo_rounds": SOLO_ROUNDS,
            "steps": [steps.STEP_NAMES[step] for step in steps.turn_order(edition.is_late, trade)],
            "differences_from": other.name,
            "differences": _differences(edition, other),
        },
        "dice": {"faces": _dice(), "rerolls": REROLLS, "coinage_coins": COINAGE_COINS},
        "food": {"start": START_FOOD, "max": MAX_FOOD, "famine_points": FAMINE_POINTS},
        "goods": [
            {"name": GOOD_NAMES[g], "max": GOOD_MAX[g], "base": GOOD_BASE[g], "values": list(GOOD_VALUE[g])}
            for g in range(GOOD_TYPES)
        ],
        "keep_goods": KEEP_GOODS,
        "cities": {
            "start": START_CITIES,
            "max": MAX_CITIES,
            "build": [{"name": CITY_NAMES[c], "boxes": CITY_BOXES[c]} for c in range(len(CITY_NAMES))],
        },
        "monuments": _monuments(edition),
        "developments": [
            {
                "name": DEVELOPMENT_NAMES[d],
                "cost": edition.costs[d],
                "points": edition.points[d],
                "effect": _effect(edition, d),
            }
            for d in edition.developments
        ],
        "disasters": [
            {"skulls": skulls, "name": name, "points": points, "hits": hits, "protection": protection}
            for skulls, name, points, hits, protection in DISASTERS
        ],
        "trade": {
            "max_offers": MAX_OFFERS,
            "max_ships": MAX_SHIPS,
            "items": [{"name": name, "max": most} for name, most in zip(TRADE_NAMES, TRADE_MAX, strict=True)],
        },
    }
