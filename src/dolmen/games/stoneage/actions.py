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

``counts`` is a tuple of how many of each good (wood, clay, stone, gold); a fifth count, jewels, appears only
when jewels are paid (``pay jewel jewel jewel``). Chance outcomes: ``(DICE, faces)`` (``dice 2 5 6``, faces
sorted), ``(CARD, index)`` (``card medicine-food5``; a wild animal ``card eagle``), ``(BUILDING, index)``
(``building wwc``), ``(HERD, zone)`` (``herd forest``), ``(MAMMOTH, tile)`` (``mammoth forest-points5``).

The modules' actions (see docs/stoneage.md); barter vectors are 5 long (the fifth is jewels):

===============================  ====================================  ======================================
tuple                            text                                  meaning
===============================  ====================================  ======================================
``(BARTER, given, received)``    ``barter stone for gold``             while paying: the round's one barter
``(JEWELS, n)``                  ``jewels 2``                          take ``n`` of a hunt's yield as jewels
``(TAME, resource)``             ``tame food``, ``tame stop``          one more person tames, paying this
``(WINTER,)``                    ``winter gold``                       one more gold for 6 points
``(INSULATE,)``                  ``insulate``                          one more stone for 5 points
``(DRAW,)``                      ``draw``                              3 more jewels for a face-down card
``(SKIP,)``                      ``skip``                              none of these extras
``(REWARD, which)``              ``reward top``, ``reward bottom``     the contest winner's choice
===============================  ====================================  ======================================
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache, lru_cache
from typing import Any, Final

from dolmen.engine.errors import MalformedStep
from dolmen.games.stoneage.components import (
    BUILDING_INDEX,
    BUILDINGS,
    EXTENSION_CARD_SPACES,
    FIRST_CARD,
    FIRST_STACK,
    GOODS,
    HUT,
    LOCATION_NAMES,
    MAX_STACKS,
    MERCHANT,
    MODULE_LOCATION_NAMES,
    RESOURCE_NAMES,
    location_name,
)
from dolmen.games.stoneage.module_components import (
    DECK_CARD_INDEX,
    HERD_ZONE_NAMES,
    MAMMOTH_INDEX,
    MAMMOTH_TILES,
    PAYMENT_NAMES,
    deck_card_id,
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
BARTER: Final = 13
JEWELS: Final = 14
TAME: Final = 15
WINTER: Final = 16
INSULATE: Final = 17
DRAW: Final = 18
SKIP: Final = 19
REWARD: Final = 20
HERD: Final = 21
MAMMOTH: Final = 22

BUY_ACTION: Final = (BUY,)
DECLINE_ACTION: Final = (DECLINE,)
PENALTY_ACTION: Final = (PENALTY,)
WINTER_ACTION: Final = (WINTER,)
INSULATE_ACTION: Final = (INSULATE,)
DRAW_ACTION: Final = (DRAW,)
SKIP_ACTION: Final = (SKIP,)
TAME_STOP: Final = (TAME, -1)
REWARD_TOP: Final = (REWARD, 0)
REWARD_BOTTOM: Final = (REWARD, 1)

GOOD_NAMES: Final = tuple(RESOURCE_NAMES[r] for r in GOODS)
_SINGLE_PERSON = frozenset({"toolmaker", "field", "card", "building"})


def counts_text(counts: tuple[int, ...]) -> str:
    """``(2, 1, 0, 0)`` -> ``wood wood clay``; a fifth count is jewels."""
    return " ".join(name for name, count in zip(PAYMENT_NAMES, counts, strict=False) for _ in range(count))


def parse_counts(words: list[str], what: str, jewels: bool = False) -> tuple[int, ...]:
    """Goods (and, where ``jewels`` may be paid, jewels) by name into counts: 4 long, or 5 when a jewel is
    named (``jewels``) ."""
    names = PAYMENT_NAMES if jewels else GOOD_NAMES
    counts = [0] * len(PAYMENT_NAMES)
    for word in words:
        if word not in names:
            raise MalformedStep(f"{what}: {word!r} is not a resource (one of {', '.join(names)})")
        counts[names.index(word)] += 1
    return tuple(counts) if counts[-1] else tuple(counts[:-1])


def _full(counts: tuple[int, ...]) -> tuple[int, ...]:
    return counts if len(counts) == len(PAYMENT_NAMES) else (*counts, 0)


def _parse_barter(words: list[str], text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``stone for gold`` -> what is given and what is received, as 5-long counts."""
    if "for" not in words:
        raise MalformedStep(f"{text!r}: write a barter as 'barter GIVEN for RECEIVED', e.g. 'barter stone for gold'")
    cut = words.index("for")
    given, received = words[:cut], words[cut + 1 :]
    if not given or not received:
        raise MalformedStep(f"{text!r}: name what is given and what is received in the barter")
    return _full(parse_counts(given, text, jewels=True)), _full(parse_counts(received, text, jewels=True))


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
        case 13:
            return f"barter {counts_text(act[1])} for {counts_text(act[2])}"
        case 14:
            return f"jewels {act[1]}"
        case 15:
            return "tame stop" if act[1] < 0 else f"tame {RESOURCE_NAMES[act[1]]}"
        case 16:
            return "winter gold"
        case 17:
            return "insulate"
        case 18:
            return "draw"
        case 19:
            return "skip"
        case 20:
            return "reward top" if act[1] == 0 else "reward bottom"
    raise MalformedStep(f"not a Stone Age action: {action!r}")


def _location(words: list[str], text: str) -> tuple[int, list[str]]:
    """Parse a location at the start of ``words``; return it and the words left."""
    if not words:
        raise MalformedStep(f"{text!r}: a location is missing")
    head = words[0]
    if head in MODULE_LOCATION_NAMES:
        return MERCHANT + MODULE_LOCATION_NAMES.index(head), words[1:]
    if head in ("card", "building"):
        limit = EXTENSION_CARD_SPACES if head == "card" else MAX_STACKS
        if len(words) < 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= limit:
            raise MalformedStep(f"{text!r}: {head} needs a number from 1 to {limit}")
        first = FIRST_CARD if head == "card" else FIRST_STACK
        return first + int(words[1]) - 1, words[2:]
    if head not in LOCATION_NAMES:
        raise MalformedStep(
            f"{text!r}: unknown location {head!r} (one of {', '.join(LOCATION_NAMES + MODULE_LOCATION_NAMES)}, "
            "card N, building N)"
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
            return (PAY if verb == "pay" else TAKE, parse_counts(rest, text, jewels=verb == "pay"))
        case "barter":
            return (BARTER, *_parse_barter(rest, text))
        case "buy" | "decline" if not rest:
            return BUY_ACTION if verb == "buy" else DECLINE_ACTION
        case "jewels" if len(rest) == 1 and rest[0].isdigit():
            return (JEWELS, int(rest[0]))
        case "tame" if len(rest) == 1 and (rest[0] == "stop" or rest[0] in RESOURCE_NAMES):
            return TAME_STOP if rest[0] == "stop" else (TAME, RESOURCE_NAMES.index(rest[0]))
        case "winter" if rest == ["gold"]:
            return WINTER_ACTION
        case "insulate" | "draw" | "skip" if not rest:
            return {"insulate": INSULATE_ACTION, "draw": DRAW_ACTION, "skip": SKIP_ACTION}[verb]
        case "reward" if rest in (["top"], ["bottom"]):
            return REWARD_TOP if rest == ["top"] else REWARD_BOTTOM
        case "pick" if len(rest) == 1 and rest[0] in ("1", "2", "3", "4", "5", "6"):
            return (PICK, int(rest[0]))
        case "feed":
            if rest == ["penalty"]:
                return PENALTY_ACTION
            if len(rest) >= 2 and rest[0] == "resources":
                return (FEED, parse_counts(rest[1:], text))
            raise MalformedStep(f"{text!r}: expected 'feed resources R...' or 'feed penalty'")
    raise MalformedStep(
        f"unknown Stone Age action {text!r} (place, resolve, tools, pay, buy, decline, take, pick, feed; "
        "modules: barter G for R, jewels N, tame R|stop, winter gold, insulate, draw, skip, reward top|bottom)"
    )


def outcome_text(outcome: Hashable) -> str:
    """``dice 2 5 6``, ``card medicine-food5``, ``building wwc``, ``herd forest``, ``mammoth forest-points5``."""
    out: Any = outcome
    match out[0]:
        case 10:
            return "dice " + " ".join(map(str, out[1]))
        case 11:
            return "card " + deck_card_id(out[1])
        case 12:
            return "building " + BUILDINGS[out[1]].id
        case 21:
            return "herd " + HERD_ZONE_NAMES[out[1]]
        case 22:
            return "mammoth " + MAMMOTH_TILES[out[1]].id
    raise MalformedStep(f"not a Stone Age outcome: {outcome!r}")


def parse_outcome(text: str) -> Hashable:
    """Parse a chance outcome's text form; raise :class:`MalformedStep`."""
    words = text.split()
    if len(words) >= 2 and words[0] == "dice":
        if not all(word in ("1", "2", "3", "4", "5", "6") for word in words[1:]):
            raise MalformedStep(f"{text!r}: dice faces are 1 to 6")
        return (DICE, tuple(sorted(int(word) for word in words[1:])))
    if len(words) == 2 and words[0] == "card":
        if words[1] not in DECK_CARD_INDEX:
            raise MalformedStep(f"{text!r}: unknown civilization card {words[1]!r}")
        return (CARD, DECK_CARD_INDEX[words[1]])
    if len(words) == 2 and words[0] == "building":
        if words[1] not in BUILDING_INDEX:
            raise MalformedStep(f"{text!r}: unknown building {words[1]!r}")
        return (BUILDING, BUILDING_INDEX[words[1]])
    if len(words) == 2 and words[0] == "herd":
        if words[1] not in HERD_ZONE_NAMES:
            raise MalformedStep(f"{text!r}: the herd goes to one of {', '.join(HERD_ZONE_NAMES)}")
        return (HERD, HERD_ZONE_NAMES.index(words[1]))
    if len(words) == 2 and words[0] == "mammoth":
        if words[1] not in MAMMOTH_INDEX:
            raise MalformedStep(f"{text!r}: unknown mammoth tile {words[1]!r}")
        return (MAMMOTH, MAMMOTH_INDEX[words[1]])
    raise MalformedStep(f"unknown Stone Age outcome {text!r} (dice F..., card ID, building ID, herd ZONE, mammoth ID)")
