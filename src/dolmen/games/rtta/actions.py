"""Actions and chance outcomes of *Roll Through the Ages*: small tuples and their text forms.

An action is a tuple whose first item is its :class:`Kind`; the text forms (``docs/rtta.md``) round-trip through
:func:`action_text` and :func:`parse_action`:

=====================  ================================================  ======================================
kind                   tuple                                             text
=====================  ================================================  ======================================
preservation           ``(Kind.PRESERVE,)`` / ``(Kind.ROLL,)``           ``preserve`` / ``roll``
reroll / stop          ``(Kind.REROLL, counts)`` / ``(Kind.KEEP,)``      ``reroll goods coins`` / ``keep``
Leadership             ``(Kind.LEADERSHIP, face)``                       ``leadership skull``
food or workers        ``(Kind.FOOD, n)``                                ``food 1`` (n such dice give food)
Smithing               ``(Kind.SPEARHEADS, n)``                          ``spearheads 2``
build                  ``(Kind.BUILD, target, n)``                       ``build great-wall 3``
Engineering            ``(Kind.ENGINEER, n)``                            ``engineer 2`` (turn in 2 stone)
ship                   ``(Kind.SHIP,)``                                  ``ship``
offer                  ``(Kind.OFFER, seat, vector)``                    ``offer 1 give 2 wood get 3 food``
answer                 ``(Kind.ACCEPT,)`` / ``(Kind.DECLINE,)``          ``accept`` / ``decline``
ship swap              ``(Kind.SWAP, good, good)``                       ``swap stone cloth``
buy                    ``(Kind.BUY, dev, tracks, food)``                 ``buy coinage with wood stone food 2``
discard                ``(Kind.DISCARD, vector)``                        ``discard 1 wood 2 stone``
end a step             ``(Kind.END, step)``                              ``end build`` / ``end trade`` / ``end buy``
=====================  ================================================  ======================================

A :class:`Kind` is its verb as a string (a ``StrEnum``): ``(Kind.KEEP,) == ("keep",)`` and both hash alike, so
tuples written by hand, by older code or read back from JSON are the same actions. ``counts`` is a 6-tuple of
dice per face; an offer's ``vector`` is the net transfer from the active player to ``seat`` over (food, wood,
stone, pottery, cloth, spearheads): positive gives, negative gets. ``tracks`` is a bit mask of the goods tracks
spent whole. A chance outcome is a 6-tuple of dice per face, text ``roll food3 goods skull``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Final

from dolmen.engine.errors import MalformedStep
from dolmen.games.rtta.components import (
    DEVELOPMENT_BY_NAME,
    DEVELOPMENT_NAMES,
    FACE_BY_NAME,
    FACE_NAMES,
    FACES,
    GOOD_BY_NAME,
    GOOD_NAMES,
    GOOD_TYPES,
    SKULL,
    TARGET_BY_NAME,
    TARGET_NAMES,
    TRADE_NAMES,
)


class Kind(StrEnum):
    """The kind of an action: the verb of its text form, first item of its tuple."""

    PRESERVE = "preserve"
    ROLL = "roll"
    REROLL = "reroll"
    KEEP = "keep"
    LEADERSHIP = "leadership"
    FOOD = "food"
    SPEARHEADS = "spearheads"
    BUILD = "build"
    ENGINEER = "engineer"
    SHIP = "ship"
    END = "end"
    OFFER = "offer"
    ACCEPT = "accept"
    DECLINE = "decline"
    SWAP = "swap"
    BUY = "buy"
    DISCARD = "discard"


Action = tuple[Any, ...]
"""``(Kind, arguments...)``, see the module docstring."""

PRESERVE: Final[Action] = (Kind.PRESERVE,)
ROLL: Final[Action] = (Kind.ROLL,)
KEEP: Final[Action] = (Kind.KEEP,)
SHIP: Final[Action] = (Kind.SHIP,)
ACCEPT: Final[Action] = (Kind.ACCEPT,)
DECLINE: Final[Action] = (Kind.DECLINE,)
END_BUILD: Final[Action] = (Kind.END, "build")
END_TRADE: Final[Action] = (Kind.END, "trade")
END_BUY: Final[Action] = (Kind.END, "buy")
_WORDS: Final = {PRESERVE: "preserve", ROLL: "roll", KEEP: "keep", SHIP: "ship", ACCEPT: "accept", DECLINE: "decline"}
_ENDS: Final = {"build": END_BUILD, "trade": END_TRADE, "buy": END_BUY}
TRADE_BY_NAME: Final = {name: index for index, name in enumerate(TRADE_NAMES)}


def can_reroll(face: int, solo: bool) -> bool:
    """Whether a die showing ``face`` may be picked up again: skulls stay set aside, except in solo play (seed
    002, "1. Roll Dice"; "Rules for Solitaire Play")."""
    return solo or face != SKULL


def faces_text(counts: tuple[int, ...]) -> str:
    return " ".join(FACE_NAMES[face] for face in range(FACES) for _ in range(counts[face]))


def _amounts_text(pairs: list[tuple[int, str]]) -> str:
    return " ".join(f"{n} {name}" for n, name in pairs)


def action_text(action: Any) -> str:
    """The text form of an action (see the module docstring); ``repr`` for a value that is no rtta action,
    so that error messages about it can still be written."""
    try:
        return _action_text(action)
    except (TypeError, IndexError, KeyError, ValueError, AttributeError):
        return repr(action)


def _action_text(action: Action) -> str:
    kind = action[0]
    if len(action) == 1:
        return _WORDS[action]
    match kind:
        case Kind.END:
            return f"end {action[1]}"
        case Kind.REROLL:
            return "reroll " + faces_text(action[1])
        case Kind.LEADERSHIP:
            return "leadership " + FACE_NAMES[action[1]]
        case Kind.FOOD | Kind.SPEARHEADS | Kind.ENGINEER:
            return f"{kind} {action[1]}"
        case Kind.BUILD:
            return f"build {TARGET_NAMES[action[1]]} {action[2]}"
        case Kind.OFFER:
            return _offer_text(action[1], action[2])
        case Kind.SWAP:
            return f"swap {GOOD_NAMES[action[1]]} {GOOD_NAMES[action[2]]}"
        case Kind.BUY:
            _, dev, tracks, food = action
            text = "buy " + DEVELOPMENT_NAMES[dev]
            spent = [GOOD_NAMES[g] for g in range(GOOD_TYPES) if tracks >> g & 1]
            if spent or food:
                text += " with " + " ".join(spent + ([f"food {food}"] if food else []))
            return text
        case Kind.DISCARD:
            return "discard " + _amounts_text([(v, GOOD_NAMES[g]) for g, v in enumerate(action[1]) if v])
    raise ValueError(f"not an rtta action: {action!r}")


def _offer_text(seat: int, vector: tuple[int, ...]) -> str:
    give = [(v, TRADE_NAMES[i]) for i, v in enumerate(vector) if v > 0]
    get = [(-v, TRADE_NAMES[i]) for i, v in enumerate(vector) if v < 0]
    text = f"offer {seat}"
    if give:
        text += " give " + _amounts_text(give)
    if get:
        text += " get " + _amounts_text(get)
    return text


def _count(word: str, text: str, minimum: int = 1) -> int:
    if not word.isdigit() or int(word) < minimum:
        least = "a whole number" if minimum == 0 else f"a whole number of at least {minimum}"
        raise MalformedStep(f"expected {least}, got {word!r} in {text!r}")
    return int(word)


def _face(word: str, text: str) -> int:
    if word not in FACE_BY_NAME:
        raise MalformedStep(f"unknown die face {word!r} in {text!r}; faces: {', '.join(FACE_NAMES)}")
    return FACE_BY_NAME[word]


def _good(word: str, text: str) -> int:
    if word not in GOOD_BY_NAME:
        raise MalformedStep(f"unknown good {word!r} in {text!r}; goods: {', '.join(GOOD_NAMES)}")
    return GOOD_BY_NAME[word]


def parse_faces(words: list[str], text: str) -> tuple[int, ...]:
    """Die faces (any order) as counts per face."""
    if not words:
        raise MalformedStep(f"expected die faces after {text.split()[0]!r} in {text!r}")
    counts = [0] * FACES
    for word in words:
        counts[_face(word, text)] += 1
    return tuple(counts)


def _amounts(words: list[str], names: dict[str, int], size: int, text: str) -> list[int]:
    """``N name N name ...`` into a vector; each name at most once, each N at least 1."""
    if not words or len(words) % 2:
        raise MalformedStep(f"expected pairs of 'COUNT NAME' in {text!r}")
    vector = [0] * size
    for i in range(0, len(words), 2):
        n, name = _count(words[i], text), words[i + 1]
        if name not in names:
            raise MalformedStep(f"unknown item {name!r} in {text!r}; expected one of {', '.join(names)}")
        if vector[names[name]]:
            raise MalformedStep(f"{name!r} named twice in {text!r}")
        vector[names[name]] = n
    return vector


def _parse_offer(words: list[str], text: str) -> Action:
    if len(words) < 3:
        raise MalformedStep(f"expected 'offer SEAT give N GOOD ... get N GOOD ...', got {text!r}")
    seat = _count(words[1], text, 0)
    rest = words[2:]
    give_words: list[str] = []
    get_words: list[str] = []
    if rest[0] == "give" and "get" in rest:
        split = rest.index("get")
        give_words, get_words = rest[1:split], rest[split + 1 :]
        if not give_words or not get_words:
            raise MalformedStep(f"'give' and 'get' each need 'COUNT NAME' pairs in {text!r}")
    elif rest[0] == "give":
        give_words = rest[1:]
    elif rest[0] == "get":
        get_words = rest[1:]
    else:
        raise MalformedStep(f"expected 'give' or 'get' after the seat in {text!r}")
    vector = [0] * len(TRADE_NAMES)
    for sign, part in ((1, give_words), (-1, get_words)):
        if part:
            amounts = _amounts(part, TRADE_BY_NAME, len(TRADE_NAMES), text)
            for i, n in enumerate(amounts):
                if n and vector[i]:
                    raise MalformedStep(f"{TRADE_NAMES[i]!r} is both given and got in {text!r}")
                vector[i] += sign * n
    if not any(vector):
        raise MalformedStep(f"an offer must give or get something: {text!r}")
    return (Kind.OFFER, seat, tuple(vector))


def _parse_buy(words: list[str], text: str) -> Action:
    if len(words) < 2 or words[1] not in DEVELOPMENT_BY_NAME:
        raise MalformedStep(f"expected 'buy DEVELOPMENT [with GOOD ... food N]', got {text!r}")
    dev = DEVELOPMENT_BY_NAME[words[1]]
    tracks, food = 0, 0
    rest = words[2:]
    if rest:
        if rest[0] != "with" or len(rest) == 1:
            raise MalformedStep(f"expected 'with GOOD ... [food N]' after the development in {text!r}")
        rest = rest[1:]
        if len(rest) >= 2 and rest[-2] == "food":
            food = _count(rest[-1], text)
            rest = rest[:-2]
        for word in rest:
            bit = 1 << _good(word, text)
            if tracks & bit:
                raise MalformedStep(f"{word!r} named twice in {text!r}")
            tracks |= bit
    return (Kind.BUY, dev, tracks, food)


def parse_action(text: str, dice: Sequence[int] | None = None, solo: bool = False) -> Action:
    """Parse an action's text form (any case); raise :class:`MalformedStep` saying what is wrong.

    With ``dice`` (counts per face, as on the state), dice may also be named by position, 1-based, in the order
    the view lists them (face order): ``keep 1 3`` keeps those dice and rerolls the others (skulls stay set
    aside unless ``solo``), ``reroll 2`` rerolls the second die, ``leadership 3`` rerolls the third. They parse
    to the same actions as the face forms, which are what Dolmen prints."""
    words = text.lower().split()
    if not words:
        raise MalformedStep("empty action")
    verb = words[0]
    if verb in ("keep", "reroll", "leadership") and len(words) > 1 and all(w.isdigit() for w in words[1:]):
        return _parse_positions(words, text, dice, solo)
    if len(words) == 1:
        for action, word in _WORDS.items():
            if word == verb:
                return action
    match verb:
        case "end" if len(words) == 2 and words[1] in _ENDS:
            return _ENDS[words[1]]
        case "reroll":
            return (Kind.REROLL, parse_faces(words[1:], text))
        case "leadership" if len(words) == 2:
            return (Kind.LEADERSHIP, _face(words[1], text))
        case "food" | "spearheads" if len(words) == 2:
            return (Kind(verb), _count(words[1], text, 0))
        case "engineer" if len(words) == 2:
            return (Kind.ENGINEER, _count(words[1], text))
        case "build" if len(words) == 3:
            if words[1] not in TARGET_BY_NAME:
                raise MalformedStep(f"unknown city or monument {words[1]!r}; expected one of {', '.join(TARGET_NAMES)}")
            return (Kind.BUILD, TARGET_BY_NAME[words[1]], _count(words[2], text))
        case "offer":
            return _parse_offer(words, text)
        case "swap" if len(words) == 3:
            give, get = _good(words[1], text), _good(words[2], text)
            if give == get:
                raise MalformedStep(f"a ship swaps a good for another type: {text!r}")
            return (Kind.SWAP, give, get)
        case "buy":
            return _parse_buy(words, text)
        case "discard":
            vector = _amounts(words[1:], GOOD_BY_NAME, GOOD_TYPES, text)
            return (Kind.DISCARD, tuple(vector))
    raise MalformedStep(
        f"unknown rtta action {text!r}; actions: preserve, roll, reroll FACE..., keep, leadership FACE, food N, "
        "spearheads N, build TARGET N, engineer N, ship, end build|trade|buy, offer SEAT give ... get ..., "
        "accept, decline, swap GOOD GOOD, buy DEVELOPMENT [with ...], discard N GOOD ..."
    )


def _parse_positions(words: list[str], text: str, dice: Sequence[int] | None, solo: bool) -> Action:
    if dice is None:
        raise MalformedStep(
            f"dice positions in {text!r} need the dice rolled; name faces instead (e.g. 'reroll goods')"
        )
    shown = [face for face in range(FACES) for _ in range(dice[face])]
    positions = [int(word) for word in words[1:]]
    if len(set(positions)) < len(positions):
        raise MalformedStep(f"a die is named twice in {text!r}")
    for position in positions:
        if not 1 <= position <= len(shown):
            raise MalformedStep(
                f"there is no die {position} in {text!r}: the dice are 1 to {len(shown)} ({faces_text(tuple(dice))})"
            )
    chosen = [0] * FACES
    for position in positions:
        chosen[shown[position - 1]] += 1
    verb = words[0]
    if verb == "leadership":
        if len(positions) != 1:
            raise MalformedStep(f"Leadership rerolls one die: {text!r}")
        return (Kind.LEADERSHIP, shown[positions[0] - 1])
    if verb == "reroll":
        return (Kind.REROLL, tuple(chosen))
    others = tuple(dice[f] - chosen[f] if can_reroll(f, solo) else 0 for f in range(FACES))
    return (Kind.REROLL, others) if any(others) else KEEP


def outcome_text(outcome: tuple[int, ...]) -> str:
    """``roll`` and the faces rolled, in face order (``repr`` for a value that is no roll)."""
    if not isinstance(outcome, tuple) or len(outcome) != FACES or not all(type(n) is int for n in outcome):
        return repr(outcome)
    return "roll " + faces_text(outcome)


def parse_outcome(text: str) -> tuple[int, ...]:
    words = text.lower().split()
    if not words or words[0] != "roll":
        raise MalformedStep(f"expected 'roll FACE ...', got {text!r}")
    return parse_faces(words[1:], text)
