"""Why an action is not legal: the rule that forbids it, in words a player understands.

:func:`illegal_reason` backs :meth:`RttaState.illegal_reason` (the text of an :class:`IllegalStep`). It is never on
the hot path: legality itself has one source, ``legal_actions``; this module only explains a refusal. Each reason
is a message of the game's catalogue (``messages/<language>.json``, keys ``refused_…``) with named arguments: its
text is the English sentence, and clients render its key and arguments in their reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dolmen.engine.core import CHANCE
from dolmen.engine.errors import MalformedStep
from dolmen.engine.messages import Message, message
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
    steps.PRESERVE: "doing_preserve",
    steps.REROLL: "doing_reroll",
    steps.LEADERSHIP: "doing_leadership",
    steps.FOOD: "doing_food",
    steps.SMITHING: "doing_smithing",
    steps.BUILD: "doing_build",
    steps.TRADE: "doing_trade",
    steps.ANSWER: "doing_answer",
    steps.BUY: "doing_buy",
}
"""What the acting seat is doing at each decision step, as a term of the catalogue (discarding: its own message,
which names the goods kept)."""
PACKAGE = "dolmen.games.rtta"

Rule = tuple[str, dict[str, Any]] | None
"""A rule an action breaks: the message's key and arguments (``None``: none in particular)."""


def refusal(key: str, **arguments: Any) -> Message:
    """The message ``key`` of the game's catalogue (``messages/en.json``), in English, carrying its arguments."""
    return message((PACKAGE,), key, **arguments)


def _rule(key: str, **arguments: Any) -> Rule:
    return key, arguments


def _is_rtta_action(action: Any) -> bool:
    try:
        return bool(parse_action(action_text(action)) == action)
    except (MalformedStep, TypeError, ValueError):
        return False


def illegal_reason(s: RttaState, seat: Any, action: Any) -> Message:
    """Why ``seat`` may not take ``action`` now; call it for an action that is not legal."""
    text = action_text(action)
    actors = s.actors()
    if not actors:
        return refusal("refused_over", action=text)
    if actors == (CHANCE,):
        return refusal("refused_rolling", action=text)
    if seat not in actors:
        key = "refused_answering" if s.step == steps.ANSWER else "refused_playing"
        return refusal(key, action=text, acting_seat=actors[0])
    if not _is_rtta_action(action):
        return refusal("refused_foreign", action=text)
    kind = text if action[0] == Kind.END else action[0]
    if kind not in _KINDS[s.step]:
        if s.step == steps.DISCARD:
            return refusal("refused_doing_discard", action=text, keep=KEEP_GOODS)
        return refusal("refused_doing", action=text, doing=_DOING[s.step])
    broken = _broken(s, action)
    if broken is None:
        return refusal("refused_now", action=text)
    key, arguments = broken
    return refusal(key, action=text, **arguments)


def _broken(s: RttaState, action: Any) -> Rule:
    """The rule an action of the step's kinds breaks."""
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


def _having(have: int, item: str, wanted: int) -> Rule:
    return _rule("refused_you_have", have=have, item=item, wanted=wanted)


def _reroll(s: RttaState, action: Any) -> Rule:
    counts = action[1]
    for face in range(FACES):
        if counts[face] > s.dice[face]:
            return _dice_shown(s, face, counts[face])
    if counts[SKULL] and not can_reroll(SKULL, s.solo):
        return _rule("refused_skulls_set_aside")
    return None


def _dice_shown(s: RttaState, face: int, wanted: int) -> Rule:
    shown = s.dice[face]
    if not shown:
        return _rule("refused_no_die_shows", face=FACE_NAMES[face])
    return _rule("refused_dice_shown", shown=shown, face=FACE_NAMES[face], wanted=wanted)


def _leadership(s: RttaState, action: Any) -> Rule:
    return _dice_shown(s, action[1], 1) if not s.dice[action[1]] else None


def _food(s: RttaState, action: Any) -> Rule:
    either = s.dice[FOOD_OR_WORKERS]
    return _rule("refused_food_dice", dice=either) if action[1] > either else None


def _spearheads(s: RttaState, action: Any) -> Rule:
    have = s.goods[s.active][SPEARHEADS]
    return _having(have, GOOD_NAMES[SPEARHEADS], action[1]) if action[1] > have else None


def _build(s: RttaState, action: Any) -> Rule:
    _, target, n = action
    name = TARGET_NAMES[target]
    city = target < CITIES
    if not s.available[target]:
        return _rule("refused_monument_unused", monument=name, players=s.players)
    left = TARGET_BOXES[target] - s.progress[s.active][target]
    if not left:
        return _rule("refused_city_built", city=name) if city else _rule("refused_monument_built", monument=name)
    if n > left:
        if city:
            return _rule("refused_city_boxes", city=name, left=left)
        return _rule("refused_monument_boxes", monument=name, left=left)
    if n > s.workers:
        return _having(s.workers, "workers", n)
    return None


def _engineer(s: RttaState, action: Any) -> Rule:
    p = s.active
    if not s.devs[p] >> ENGINEERING & 1:
        return _rule("refused_needs_engineering")
    if not open_targets(s, p):
        return _rule("refused_nothing_to_build")
    stone = s.goods[p][STONE]
    return _having(stone, GOOD_NAMES[STONE], action[1]) if action[1] > stone else None


def _ship(s: RttaState, action: Any) -> Rule:
    p = s.active
    if not s.devs[p] >> SHIPPING & 1:
        return _rule("refused_needs_shipping")
    if s.ships[p] >= MAX_SHIPS:
        return _rule("refused_ships_allowed", most=MAX_SHIPS)
    goods = s.goods[p]
    if goods[WOOD] < SHIP_WOOD or goods[CLOTH] < SHIP_CLOTH:
        return _rule("refused_ship_cost", wood=SHIP_WOOD, cloth=SHIP_CLOTH)
    return None


def _offer(s: RttaState, action: Any) -> Rule:
    _, to, vector = action
    p = s.active
    if to == p:
        return _rule("refused_trade_with_yourself")
    if not 0 <= to < s.players:
        return _rule("refused_no_seat", number=to)
    if s.offers >= MAX_OFFERS:
        return _rule("refused_offers_made", most=MAX_OFFERS)
    mine = [s.food[p], *s.goods[p]]
    theirs = [s.food[to], *s.goods[to]]
    for i, v in enumerate(vector):
        item, top = TRADE_NAMES[i], TRADE_MAX[i]
        if v > 0 and v > mine[i]:
            return _having(mine[i], item, v)
        if v > 0 and theirs[i] + v > top:
            return _rule("refused_they_hold_at_most", other_seat=to, has=theirs[i], item=item, most=top)
        if v < 0 and -v > theirs[i]:
            return _rule("refused_they_have", other_seat=to, has=theirs[i], item=item, wanted=-v)
        if v < 0 and mine[i] - v > top:
            return _rule("refused_you_hold_at_most", have=mine[i], item=item, most=top)
    return None


def _swap(s: RttaState, action: Any) -> Rule:
    _, give, get = action
    p = s.active
    if not s.swaps:
        return _rule("refused_no_swap_left" if s.ships[p] else "refused_swaps_need_ships")
    goods = s.goods[p]
    if not goods[give]:
        return _rule("refused_no_good", good=GOOD_NAMES[give])
    if goods[get] >= GOOD_MAX[get]:
        return _rule("refused_track_full", good=GOOD_NAMES[get])
    return None


def _buy(s: RttaState, action: Any) -> Rule:
    _, dev, tracks, food = action
    p = s.active
    name = DEVELOPMENT_NAMES[dev]
    if dev not in s.edition.developments:
        return _rule("refused_not_in_edition", development=name, edition=s.edition.name)
    if s.devs[p] >> dev & 1:
        return _rule("refused_owned", development=name)
    goods = s.goods[p]
    for g in range(GOOD_TYPES):
        if tracks >> g & 1 and not goods[g]:
            return _rule("refused_track_empty", good=GOOD_NAMES[g])
    rate = granary_rate(s.edition, s.devs[p])
    if food and not rate:
        return _rule("refused_needs_granaries")
    if food > s.food[p]:
        return _having(s.food[p], "food", food)
    paid = s.coins + payment_value(goods, tracks, food, rate)
    cost = s.edition.costs[dev]
    if paid < cost:
        return _rule("refused_costs", development=name, cost=cost, paid=paid)
    return _rule("refused_no_change")


def _discard(s: RttaState, action: Any) -> Rule:
    goods = s.goods[s.active]
    for g, n in enumerate(action[1]):
        if n > goods[g]:
            return _having(goods[g], GOOD_NAMES[g], n)
    kept = sum(goods) - sum(action[1])
    return _rule("refused_discard_leaves", keep=KEEP_GOODS, kept=kept)
