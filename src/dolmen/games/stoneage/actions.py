"""Actions and chance outcomes of *Stone Age* as small tuples, with their text forms (docs/stoneage.md).

An action is a tuple whose first item is its kind:

=========================  ======================================  ==========================================
tuple                      text                                    meaning
=========================  ======================================  ==========================================
``(PLACE, loc, n)``        ``place forest 3``, ``place hut``,      put ``n`` people on a location
                           ``place card 2``, ``place building 1``
``(RESOLVE, loc)``         ``resolve forest``                      resolve one of your locations now
``(TOOLS, tiles, once)``   ``tools 3 1``, ``tools 2 once 4``,      add these unused tool tiles (values) and
                           ``tools none``                          one-use tools to the dice total
``(PAY, counts)``          ``pay wood wood clay``                  pay for a card or a flexible building
``(BUY,)``                 ``buy``                                 buy a fixed-cost building
``(DECLINE,)``             ``decline``                             decline the card or building
``(TAKE, counts)``         ``take wood gold``                      the resources of your choice of a card
``(PICK, face)``           ``pick 4``                              take one die of a "dice for all" roll
``(FEED, counts)``         ``feed resources wood stone``           feed the missing people with resources
``(PENALTY,)``             ``feed penalty``                        take -10 points instead
=========================  ======================================  ==========================================

``counts`` is a tuple of how many of each good (wood, clay, stone, gold). Chance outcomes: ``(DICE, faces)``
(``dice 2 5 6``, faces sorted), ``(CARD, index)`` (``card medicine-food5``), ``(BUILDING, index)``
(``building wwc``).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache, lru_cache
from typing import Any, Final

from dolmen.engine.errors import MalformedStep
from dolmen.games.stoneage.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CARD_INDEX,
    CARD_SPACES,
    CARDS,
    FIRST_CARD,
    FIRST_STACK,
    GOODS,
    HUT,
    LOCATION_NAMES,
    MAX_STACKS,
    RESOURCE_NAMES,
    location_name,
)

PLACE: Final = 0
RESOLVE: Final = 1
TOOLS: Final = 2
PAY: Final = 3
BUY: Final = 4
DECLINE: Final = 5
TAKE: Final = 6
PICK: Final = 7
FEED: Final = 8
PENALTY: Final = 9
DICE: Final = 10
CARD: Final = 11
BUILDING: Final = 12

BUY_ACTION: Final = (BUY,)
DECLINE_ACTION: Final = (DECLINE,)
PENALTY_ACTION: Final = (PENALTY,)

GOOD_NAMES: Final = tuple(RESOURCE_NAMES[r] for r in GOODS)
_SINGLE_PERSON = frozenset({"toolmaker", "field", "card", "building"})


def counts_text(counts: tuple[int, ...]) -> str:
    """``(2, 1, 0, 0)`` -> ``wood wood clay``."""
    return " ".join(name for name, count in zip(GOOD_NAMES, counts, strict=False) for _ in range(count))


def parse_counts(words: list[str], what: str) -> tuple[int, ...]:
    counts = [0] * len(GOODS)
    for word in words:
        if word not in GOOD_NAMES:
            raise MalformedStep(f"{what}: {word!r} is not a resource (one of {', '.join(GOOD_NAMES)})")
        counts[GOOD_NAMES.index(word)] += 1
    return tuple(counts)


@cache
def action_text(action: Hashable) -> str:
    """The text form of an action (see the module docstring)."""
    kind: Any = action[0]  # type: ignore[index]
    act: Any = action
    match kind:
        case 0:
            loc, n = act[1], act[2]
            if (
                loc < len(LOCATION_NAMES) and LOCATION_NAMES[loc] in ("toolmaker", "field", "hut")
            ) or loc >= FIRST_CARD:
                return f"place {location_name(loc)}"
            return f"place {location_name(loc)} {n}"
        case 1:
            return f"resolve {location_name(act[1])}"
        case 2:
            tiles, once = act[1], act[2]
            if not tiles and not once:
                return "tools none"
            words = [str(v) for v in tiles] + (["once", *map(str, once)] if once else [])
            return "tools " + " ".join(words)
        case 3:
            return "pay " + counts_text(act[1])
        case 4:
            return "buy"
        case 5:
            return "decline"
        case 6:
            return "take " + counts_text(act[1])
        case 7:
            return f"pick {act[1]}"
        case 8:
            return "feed resources " + counts_text(act[1])
        case 9:
            return "feed penalty"
    raise MalformedStep(f"not a Stone Age action: {action!r}")


def _location(words: list[str], text: str) -> tuple[int, list[str]]:
    """Parse a location at the start of ``words``; return it and the words left."""
    if not words:
        raise MalformedStep(f"{text!r}: a location is missing")
    head = words[0]
    if head in ("card", "building"):
        limit = CARD_SPACES if head == "card" else MAX_STACKS
        if len(words) < 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= limit:
            raise MalformedStep(f"{text!r}: {head} needs a number from 1 to {limit}")
        first = FIRST_CARD if head == "card" else FIRST_STACK
        return first + int(words[1]) - 1, words[2:]
    if head not in LOCATION_NAMES:
        raise MalformedStep(
            f"{text!r}: unknown location {head!r} (one of {', '.join(LOCATION_NAMES)}, card N, building N)"
        )
    return LOCATION_NAMES.index(head), words[1:]


def _numbers(words: list[str], text: str) -> tuple[int, ...]:
    if not all(word.isdigit() for word in words):
        raise MalformedStep(f"{text!r}: expected numbers after 'tools'")
    return tuple(sorted((int(word) for word in words), reverse=True))


@lru_cache(maxsize=4096)
def parse_action(text: str) -> Hashable:
    """Parse an action's text form; raise :class:`MalformedStep` saying what is wrong."""
    words = text.split()
    if not words:
        raise MalformedStep("empty action")
    verb, rest = words[0], words[1:]
    match verb:
        case "place":
            loc, rest = _location(rest, text)
            single = loc >= FIRST_CARD or LOCATION_NAMES[loc] in _SINGLE_PERSON
            if single or loc == HUT:
                if rest:
                    raise MalformedStep(f"{text!r}: {location_name(loc)} takes no count")
                return (PLACE, loc, 2 if loc == HUT else 1)
            if len(rest) != 1 or not rest[0].isdigit() or int(rest[0]) < 1:
                raise MalformedStep(f"{text!r}: say how many people, e.g. 'place {location_name(loc)} 2'")
            return (PLACE, loc, int(rest[0]))
        case "resolve":
            loc, rest = _location(rest, text)
            if rest:
                raise MalformedStep(f"{text!r}: unexpected {' '.join(rest)!r}")
            return (RESOLVE, loc)
        case "tools":
            if rest == ["none"]:
                return (TOOLS, (), ())
            if not rest:
                raise MalformedStep(f"{text!r}: say which tools, or 'tools none'")
            cut = rest.index("once") if "once" in rest else len(rest)
            tiles, once = _numbers(rest[:cut], text), _numbers(rest[cut + 1 :], text)
            if cut < len(rest) and not once:
                raise MalformedStep(f"{text!r}: 'once' must be followed by one-use tool values")
            return (TOOLS, tiles, once)
        case "pay" | "take":
            if not rest:
                raise MalformedStep(f"{text!r}: name the resources")
            return (PAY if verb == "pay" else TAKE, parse_counts(rest, text))
        case "buy" | "decline" if not rest:
            return BUY_ACTION if verb == "buy" else DECLINE_ACTION
        case "pick" if len(rest) == 1 and rest[0] in ("1", "2", "3", "4", "5", "6"):
            return (PICK, int(rest[0]))
        case "feed":
            if rest == ["penalty"]:
                return PENALTY_ACTION
            if len(rest) >= 2 and rest[0] == "resources":
                return (FEED, parse_counts(rest[1:], text))
            raise MalformedStep(f"{text!r}: expected 'feed resources R...' or 'feed penalty'")
    raise MalformedStep(
        f"unknown Stone Age action {text!r} (place, resolve, tools, pay, buy, decline, take, pick, feed)"
    )


def outcome_text(outcome: Hashable) -> str:
    """``dice 2 5 6``, ``card medicine-food5``, ``building wwc``."""
    out: Any = outcome
    match out[0]:
        case 10:
            return "dice " + " ".join(map(str, out[1]))
        case 11:
            return "card " + CARDS[out[1]].id
        case 12:
            return "building " + BUILDINGS[out[1]].id
    raise MalformedStep(f"not a Stone Age outcome: {outcome!r}")


def parse_outcome(text: str) -> Hashable:
    """Parse a chance outcome's text form; raise :class:`MalformedStep`."""
    words = text.split()
    if len(words) >= 2 and words[0] == "dice":
        if not all(word in ("1", "2", "3", "4", "5", "6") for word in words[1:]):
            raise MalformedStep(f"{text!r}: dice faces are 1 to 6")
        return (DICE, tuple(sorted(int(word) for word in words[1:])))
    if len(words) == 2 and words[0] == "card":
        if words[1] not in CARD_INDEX:
            raise MalformedStep(f"{text!r}: unknown civilization card {words[1]!r}")
        return (CARD, CARD_INDEX[words[1]])
    if len(words) == 2 and words[0] == "building":
        if words[1] not in BUILDING_INDEX:
            raise MalformedStep(f"{text!r}: unknown building {words[1]!r}")
        return (BUILDING, BUILDING_INDEX[words[1]])
    raise MalformedStep(f"unknown Stone Age outcome {text!r} (dice F..., card ID, building ID)")
