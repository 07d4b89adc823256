"""Why an action is not legal: the rule that forbids it, in words a player understands.

:func:`illegal_reason` backs :meth:`RttaState.illegal_reason` (the text of an :class:`IllegalStep`). It is never on
the hot path: legality itself has one source, ``legal_actions``; this module only explains a refusal. Names are
the English catalogue's terms (``messages/en.json``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from dolmen.engine.core import CHANCE
from dolmen.engine.errors import MalformedStep
from dolmen.engine.messages import Catalogue
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import Kind, action_text, can_reroll, parse_action
from dolmen.games.rtta.building import open_targets
from dolmen.games.rtta.buying import granary_rate, payment_value
from dolmen.games.rtta.components import (
    CITIES,
    CLOTH,
    DEVELOPMENT_NAMES,
    ENGINEERING,
    FACE_NAMES,
    FACES,
    FOOD_OR_WORKERS,
    GOOD_MAX,
    GOOD_NAMES,
    GOOD_TYPES,
    KEEP_GOODS,
    MAX_OFFERS,
    MAX_SHIPS,
    SHIP_CLOTH,
    SHIP_WOOD,
    SHIPPING,
    SKULL,
    SPEARHEADS,
    STONE,
    TARGET_BOXES,
    TARGET_NAMES,
    TRADE_MAX,
    TRADE_NAMES,
    WOOD,
)

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

_KINDS: dict[int, frozenset[str]] = {
    steps.PRESERVE: frozenset({Kind.PRESERVE, Kind.ROLL}),
    steps.REROLL: frozenset({Kind.REROLL, Kind.KEEP}),
    steps.LEADERSHIP: frozenset({Kind.LEADERSHIP, Kind.KEEP}),
    steps.FOOD: frozenset({Kind.FOOD}),
    steps.SMITHING: frozenset({Kind.SPEARHEADS}),
    steps.BUILD: frozenset({Kind.BUILD, Kind.ENGINEER, Kind.SHIP, "end build"}),
    steps.TRADE: frozenset({Kind.OFFER, Kind.SWAP, "end trade"}),
    steps.ANSWER: frozenset({Kind.ACCEPT, Kind.DECLINE}),
    steps.BUY: frozenset({Kind.BUY, "end buy"}),
    steps.DISCARD: frozenset({Kind.DISCARD}),
}
"""The kinds of action each decision step takes (``end X`` by its full text)."""
_DOING: dict[int, str] = {
    steps.PRESERVE: "deciding whether to use Preservation before rolling ('preserve' or 'roll')",
    steps.REROLL: "choosing dice to reroll ('reroll FACE ...' or 'keep')",
    steps.LEADERSHIP: "deciding on a Leadership reroll ('leadership FACE' or 'keep')",
    steps.FOOD: "choosing how many 2-food-or-2-workers dice give food ('food N')",
    steps.SMITHING: "choosing how many spearheads to spend against the invaded ('spearheads N')",
    steps.BUILD: "building ('build TARGET N', 'engineer N', 'ship' or 'end build')",
    steps.TRADE: "trading ('offer ...', 'swap GOOD GOOD' or 'end trade')",
    steps.ANSWER: "answering an offer ('accept' or 'decline')",
    steps.BUY: "buying a development ('buy DEVELOPMENT ...' or 'end buy')",
    steps.DISCARD: f"discarding down to {KEEP_GOODS} goods ('discard N GOOD ...')",
}


@cache
def _catalogue() -> Catalogue:
    return Catalogue("en", ("dolmen.games.rtta",))


def name(value: str) -> str:
    """A rule name as English text (``great-wall`` → ``Great Wall``)."""
    return _catalogue().term(value)


def _target(target: int) -> str:
    text = name(TARGET_NAMES[target])
    return text if target < CITIES else "the " + text


def _is_rtta_action(action: Any) -> bool:
    try:
        return bool(parse_action(action_text(action)) == action)
    except (MalformedStep, TypeError, ValueError):
        return False


def illegal_reason(s: RttaState, seat: Any, action: Any) -> str:
    """Why ``seat`` may not take ``action`` now; call it for an action that is not legal."""
    text = action_text(action)
    actors = s.actors()
    if not actors:
        return f"{text!r} is not a legal action: the game is over"
    if actors == (CHANCE,):
        return f"{text!r} is not a legal action: the dice are rolling; nobody acts until they land"
    if seat not in actors:
        if s.step == steps.ANSWER:
            return f"{text!r} is not a legal action: it is not your turn; seat {actors[0]} is answering an offer"
        return f"{text!r} is not a legal action: it is not your turn; seat {actors[0]} is playing"
    if not _is_rtta_action(action):
        return f"{text!r} is not a Roll Through the Ages action"
    kind = text if action[0] == Kind.END else action[0]
    if kind not in _KINDS[s.step]:
        return f"{text!r} is not a legal action: you are {_DOING[s.step]} now"
    reason = _rule(s, action)
    return f"{text!r} is not a legal action: {reason}" if reason else f"{text!r} is not a legal action now"


def _rule(s: RttaState, action: Any) -> str | None:
    """The rule an action of the step's kinds breaks, in words (``None``: none in particular)."""
    match action[0]:
        case Kind.REROLL:
            return _reroll(s, action)
        case Kind.LEADERSHIP:
            return _leadership(s, action)
        case Kind.FOOD:
            return _food(s, action)
        case Kind.SPEARHEADS:
            return _spearheads(s, action)
        case Kind.BUILD:
            return _build(s, action)
        case Kind.ENGINEER:
            return _engineer(s, action)
        case Kind.SHIP:
            return _ship(s, action)
        case Kind.OFFER:
            return _offer(s, action)
        case Kind.SWAP:
            return _swap(s, action)
        case Kind.BUY:
            return _buy(s, action)
        case Kind.DISCARD:
            return _discard(s, action)
    return None


def _reroll(s: RttaState, action: Any) -> str | None:
    counts = action[1]
    for face in range(FACES):
        if counts[face] > s.dice[face]:
            return _dice_shown(s, face, counts[face])
    if counts[SKULL] and not can_reroll(SKULL, s.solo):
        return "dice showing a skull stay set aside; only a solo player rerolls them (seed 002)"
    return None


def _dice_shown(s: RttaState, face: int, wanted: int) -> str:
    shown = s.dice[face]
    face_name = FACE_NAMES[face]
    if not shown:
        return f"no die shows {face_name}"
    return f"only {shown} {'die shows' if shown == 1 else 'dice show'} {face_name}, not {wanted}"


def _leadership(s: RttaState, action: Any) -> str | None:
    return _dice_shown(s, action[1], 1) if not s.dice[action[1]] else None


def _food(s: RttaState, action: Any) -> str | None:
    either = s.dice[FOOD_OR_WORKERS]
    return f"only {either} of your dice show 2 food or 2 workers" if action[1] > either else None


def _spearheads(s: RttaState, action: Any) -> str | None:
    have = s.goods[s.active][SPEARHEADS]
    return f"you have {have} spearheads, not {action[1]}" if action[1] > have else None


def _build(s: RttaState, action: Any) -> str | None:
    _, target, n = action
    if not s.available[target]:
        return f"{_target(target)} is not used with {s.players} players (seed 002, 2/3-player rules)"
    left = TARGET_BOXES[target] - s.progress[s.active][target]
    if not left:
        return f"{_target(target)} is already {'built' if target < CITIES else 'completed'}"
    if n > left:
        return f"{_target(target)} has only {left} {'box' if left == 1 else 'boxes'} left"
    if n > s.workers:
        return f"you have {s.workers} workers, not {n}"
    return None


def _engineer(s: RttaState, action: Any) -> str | None:
    p = s.active
    if not s.devs[p] >> ENGINEERING & 1:
        return "turning stone into workers needs Engineering"
    if not open_targets(s, p):
        return "you have nothing left to build"
    stone = s.goods[p][STONE]
    return f"you have {stone} stone, not {action[1]}" if action[1] > stone else None


def _ship(s: RttaState, action: Any) -> str | None:
    p = s.active
    if not s.devs[p] >> SHIPPING & 1:
        return "building ships needs Shipping"
    if s.ships[p] >= MAX_SHIPS:
        return f"you have the {MAX_SHIPS} ships allowed"
    goods = s.goods[p]
    if goods[WOOD] < SHIP_WOOD or goods[CLOTH] < SHIP_CLOTH:
        return f"a ship costs {SHIP_WOOD} wood and {SHIP_CLOTH} cloth"
    return None


def _offer(s: RttaState, action: Any) -> str | None:
    _, to, vector = action
    p = s.active
    if to == p:
        return "you cannot trade with yourself"
    if not 0 <= to < s.players:
        return f"there is no seat {to}"
    if s.offers >= MAX_OFFERS:
        return f"this trade step's {MAX_OFFERS} offers are made"
    mine = [s.food[p], *s.goods[p]]
    theirs = [s.food[to], *s.goods[to]]
    for i, v in enumerate(vector):
        item, top = TRADE_NAMES[i], TRADE_MAX[i]
        if v > 0 and v > mine[i]:
            return f"you have {mine[i]} {item}, not {v}"
        if v > 0 and theirs[i] + v > top:
            return f"seat {to} has {theirs[i]} {item} and holds at most {top}"
        if v < 0 and -v > theirs[i]:
            return f"seat {to} has {theirs[i]} {item}, not {-v}"
        if v < 0 and mine[i] - v > top:
            return f"you have {mine[i]} {item} and hold at most {top}"
    return None


def _swap(s: RttaState, action: Any) -> str | None:
    _, give, get = action
    p = s.active
    if not s.swaps:
        return "each ship swaps once per trade step, and you have no swap left" if s.ships[p] else "swaps need ships"
    goods = s.goods[p]
    if not goods[give]:
        return f"you have no {GOOD_NAMES[give]}"
    if goods[get] >= GOOD_MAX[get]:
        return f"your {GOOD_NAMES[get]} track is full"
    return None


def _buy(s: RttaState, action: Any) -> str | None:
    _, dev, tracks, food = action
    p = s.active
    dev_name = name(DEVELOPMENT_NAMES[dev])
    if dev not in s.edition.developments:
        return f"{dev_name} is not a development of {name(s.edition.name)}"
    if s.devs[p] >> dev & 1:
        return f"you already own {dev_name}"
    goods = s.goods[p]
    for g in range(GOOD_TYPES):
        if tracks >> g & 1 and not goods[g]:
            return f"your {GOOD_NAMES[g]} track is empty"
    rate = granary_rate(s.edition, s.devs[p])
    if food and not rate:
        return "only Granaries turns food into coins"
    if food > s.food[p]:
        return f"you have {s.food[p]} food, not {food}"
    paid = s.coins + payment_value(goods, tracks, food, rate)
    cost = s.edition.costs[dev]
    if paid < cost:
        return f"{dev_name} costs {cost}, you have {paid}"
    return "no change is given, so only payments that need every track named and the least food are allowed"


def _discard(s: RttaState, action: Any) -> str | None:
    goods = s.goods[s.active]
    for g, n in enumerate(action[1]):
        if n > goods[g]:
            return f"you have {goods[g]} {GOOD_NAMES[g]}, not {n}"
    kept = sum(goods) - sum(action[1])
    return f"discarding leaves exactly {KEEP_GOODS} goods; you would keep {kept}"
