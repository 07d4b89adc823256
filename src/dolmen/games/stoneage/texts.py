"""The text forms of *Stone Age*'s actions and chance outcomes (docs/stoneage.md "Text forms"): what records,
the terminal, the wire and the tests use. :func:`parse_action` reads back what :func:`action_text` writes, and
:func:`as_action` uses that to tell an action from a foreign value.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Any, Final

from dolmen.engine.errors import MalformedStep
from dolmen.games.stoneage.actions import (
    BARTER,
    BUILDING,
    BUY_ACTION,
    CARD,
    DECLINE_ACTION,
    DICE,
    DRAW_ACTION,
    FEED,
    HERD,
    INSULATE_ACTION,
    JEWELS,
    MAMMOTH,
    PAY,
    PENALTY_ACTION,
    PICK,
    PLACE,
    RESOLVE,
    REWARD_BOTTOM,
    REWARD_TOP,
    SKIP_ACTION,
    TAKE,
    TAME,
    TAME_STOP,
    TOOLS,
    WINTER_ACTION,
    Act,
    Draw,
)
from dolmen.games.stoneage.components import (
    BUILDING_INDEX,
    BUILDINGS,
    EXTENSION_CARD_SPACES,
    FIRST_CARD,
    FIRST_STACK,
    GOODS,
    LOCATION_NAMES,
    MAX_STACKS,
    MERCHANT,
    MODULE_LOCATION_NAMES,
    RESOURCE_NAMES,
    VILLAGE_PEOPLE,
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

GOOD_NAMES: Final = tuple(RESOURCE_NAMES[r] for r in GOODS)


def fixed_people(loc: int) -> int:
    """How many people a placement on ``loc`` puts there when the location fixes it (the village's, one on a
    card, a stack or a module's location), else 0: the count is then written (``place forest 3``)."""
    if loc >= FIRST_CARD:
        return 1
    return VILLAGE_PEOPLE.get(loc, 0)


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


def action_text(action: Hashable) -> str:
    """The text form of an action (see :mod:`.actions`). Cached, by value and by the types of its items: a foreign
    value equal to a legal action (``(PICK, True)`` equals ``(PICK, 1)``) must not lend it its text."""
    return _action_text(action, _item_types(action))


def _item_types(value: object) -> object:
    return tuple(map(_item_types, value)) if type(value) is tuple else type(value)


@lru_cache(maxsize=1 << 16)  # bounded: foreign values that happen to format are cached too
def _action_text(action: Hashable, types: object) -> str:
    kind: Any = action[0]  # type: ignore[index]
    act: Any = action
    match kind:
        case Act.PLACE:
            loc, n = act[1], act[2]
            return f"place {location_name(loc)}" if fixed_people(loc) else f"place {location_name(loc)} {n}"
        case Act.RESOLVE:
            return f"resolve {location_name(act[1])}"
        case Act.TOOLS:
            tiles, once = act[1], act[2]
            if not tiles and not once:
                return "tools none"
            words = [str(v) for v in tiles] + (["once", *map(str, once)] if once else [])
            return "tools " + " ".join(words)
        case Act.PAY:
            return "pay " + counts_text(act[1])
        case Act.BUY:
            return "buy"
        case Act.DECLINE:
            return "decline"
        case Act.TAKE:
            return "take " + counts_text(act[1])
        case Act.PICK:
            return f"pick {act[1]}"
        case Act.FEED:
            return "feed resources " + counts_text(act[1])
        case Act.PENALTY:
            return "feed penalty"
        case Act.BARTER:
            return f"barter {counts_text(act[1])} for {counts_text(act[2])}"
        case Act.JEWELS:
            return f"jewels {act[1]}"
        case Act.TAME:
            return "tame stop" if act[1] < 0 else f"tame {RESOURCE_NAMES[act[1]]}"
        case Act.WINTER:
            return "winter gold"
        case Act.INSULATE:
            return "insulate"
        case Act.DRAW:
            return "draw"
        case Act.SKIP:
            return "skip"
        case Act.REWARD:
            return "reward top" if act[1] == 0 else "reward bottom"
    raise MalformedStep(f"not a Stone Age action: {action!r}")


def as_action(value: object) -> Hashable | None:
    """``value`` if it is a Stone Age action, else ``None``: an action is a value whose text form reads back as
    itself, so anything foreign (unhashable, malformed, a count out of range, a wrong type) is told apart
    without raising."""
    try:
        text = action_text(value)
        return value if parse_action(text) == value else None
    except (MalformedStep, TypeError, ValueError, IndexError, KeyError, AttributeError, OverflowError):
        return None


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
            fixed = fixed_people(loc)
            if fixed:
                if rest:
                    raise MalformedStep(f"{text!r}: {location_name(loc)} takes no count")
                return (PLACE, loc, fixed)
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
        case Draw.DICE:
            return "dice " + " ".join(map(str, out[1]))
        case Draw.CARD:
            return "card " + deck_card_id(out[1])
        case Draw.BUILDING:
            return "building " + BUILDINGS[out[1]].id
        case Draw.HERD:
            return "herd " + HERD_ZONE_NAMES[out[1]]
        case Draw.MAMMOTH:
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
