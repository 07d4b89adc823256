"""What each seat may see, and the full signature (a state rebuilt from a view: :mod:`.rebuild`).

Hidden from a seat (rules page, [ruling] on cards; seed 004 "On ne peut voir que ses propres cartes"): the
civilization cards in other players' hands, except one-use tool cards lying face up until used, unless the
table has open cards (the extension's face-down draw and the writing card's draw go to the hand, hidden
alike); the order of the deck (with its wild animals), of the building tiles and of the mammoth tiles, which no
state holds. A view lists the multiset of cards the seat has not seen (deck and others' hidden cards together)
and how many cards each player holds, never which hidden card is where. The modules' keys appear only when
their module is on (docs/stoneage.md "Views").
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from dolmen.engine.core import JSON
from dolmen.games.stoneage import scoring
from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARDS,
    NLOC,
    NRES,
    RESOURCE_NAMES,
    TOOL_TILES,
    gathering_yield,
    location_name,
)
from dolmen.games.stoneage.module_components import deck_card_id
from dolmen.games.stoneage.room import room
from dolmen.games.stoneage.steps import (
    CHOOSE_TOOLS,
    FEED_PEOPLE,
    OVER,
    PLACE_PEOPLE,
    REVEAL,
    ROLL_NAMES,
    STEP_NAMES,
    THEN_NAMES,
    THEN_NEW_ROUND,
    reveal_name,
)
from dolmen.games.stoneage.texts import action_text

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def phase_name(state: StoneAgeState) -> str:
    step = state.step
    if step == PLACE_PEOPLE:
        return "placement"
    if step == FEED_PEOPLE:
        return "feeding"
    if step == OVER:
        return "over"
    if step == REVEAL and state.reveal_then == THEN_NEW_ROUND:
        return "refill"
    return "actions"


def can_see_hand(state: StoneAgeState, viewer: int | None, seat: int) -> bool:
    return state.open_cards or state.step == OVER or viewer == seat


def hidden_part(state: StoneAgeState, seat: int) -> Counter[int]:
    """The cards of ``seat`` that others cannot see: the hand less the face-up one-use tools."""
    return Counter(state.hands[seat]) - Counter(state.one_use[seat])


def _seat_view(state: StoneAgeState, viewer: int | None, seat: int) -> dict[str, JSON]:
    base = seat * NRES
    tools = slice(seat * TOOL_TILES, (seat + 1) * TOOL_TILES)
    visible = can_see_hand(state, viewer, seat)
    return {
        "resources": {name: state.resources[base + r] for r, name in enumerate(RESOURCE_NAMES)},
        "people": state.people[seat],
        "available": state.available[seat],
        "agriculture": state.agriculture[seat],
        "score": state.score[seat],
        "penalties": state.penalties[seat],
        "tools": state.tools[tools],
        "tools_used": state.tool_used[tools],
        "one_use": [CARDS[card].id for card in state.one_use[seat]],
        "buildings": [BUILDINGS[tile].id for tile in state.built[seat]],
        "cards": [CARDS[card].id for card in state.hands[seat]] if visible else None,
        "card_count": len(state.hands[seat]),
        "placed": {
            location_name(loc): state.placed[seat * NLOC + loc]
            for loc in range(NLOC)
            if state.placed[seat * NLOC + loc]
        },
    }


def unseen_cards(state: StoneAgeState, viewer: int | None) -> dict[str, int]:
    """The cards ``viewer`` has not seen: the deck and every hidden part of others' hands, as one multiset."""
    unseen: Counter[int] = Counter({card: n for card, n in enumerate(state.deck) if n})
    for seat in range(state.players):
        if not can_see_hand(state, viewer, seat):
            unseen += hidden_part(state, seat)
    return {deck_card_id(card): unseen[card] for card in sorted(unseen)}


def tool_options(state: StoneAgeState) -> list[JSON]:
    """While tools are chosen: each choice's text, dice total with tools and yield."""
    options: list[JSON] = []
    for action in state.legal_actions(state.turn):
        tiles: tuple[int, ...] = action[1]  # type: ignore[index]
        once: tuple[int, ...] = action[2]  # type: ignore[index]
        total = state.roll_total + sum(tiles) + sum(once)
        options.append({"action": action_text(action), "total": total, "yield": gathering_yield(total, state.roll_res)})
    return options


def view(state: StoneAgeState, viewer: int | None) -> dict[str, JSON]:
    """The JSON-ready view of ``viewer`` (a seat, or ``None`` for a spectator)."""
    actors = state.actors()
    doc: dict[str, JSON] = {
        "game": "stoneage",
        "players": state.players,
        "options": {"modules": list(state.modules), "open_cards": state.open_cards},
        "viewer": viewer,
        "round": state.round,
        "start_player": state.start,
        "phase": phase_name(state),
        "step": STEP_NAMES[state.step],
        "acting": None if not actors else ("chance" if actors[0] < 0 else actors[0]),
        "turn": state.turn,
        "target": location_name(state.target) if state.target >= 0 else None,
        "roll_count": state.roll_count,
        "roll_resource": ROLL_NAMES[state.roll_res] if state.roll_res < 0 else RESOURCE_NAMES[state.roll_res],
        "roll_total": state.roll_total,
        "pick_dice": list(state.pick_dice),
        "pick_seat": state.pick_seat,
        "shortage": state.shortage,
        "reveals": [reveal_name(code) for code in state.reveals],
        "reveal_then": THEN_NAMES[state.reveal_then],
        "seats": [_seat_view(state, viewer, seat) for seat in range(state.players)],
        "display": [CARDS[card].id if card >= 0 else None for card in state.display],
        "deck": state.deck_size,
        "stacks": [
            {"top": BUILDINGS[top].id if top >= 0 else None, "left": left}
            for top, left in zip(state.stack_top, state.stack_left, strict=True)
        ],
        "unseen_cards": unseen_cards(state, viewer),
        "unseen_buildings": {BUILDINGS[i].id: n for i, n in enumerate(state.pool) if n},
        "room": room(state),
        "end_reason": state.end_reason,
    }
    if state.modular:
        doc["bought"] = CARDS[state.bought].id if state.bought >= 0 else None
        doc["gather_site"] = location_name(state.gather_site) if state.gather_site >= 0 else None
        for module in state.hooks.views:
            module.add_view(state, doc)
    if state.step == CHOOSE_TOOLS:
        doc["tool_choices"] = tool_options(state)
    if state.step == OVER:
        doc["result"] = state.result().to_json()
        doc["scoring"] = [scoring.breakdown(state, seat) for seat in range(state.players)]
    return doc


def signature(state: StoneAgeState) -> JSON:
    """Everything, hidden parts included: the spectator's view plus every hand and the deck's multiset."""
    doc = view(state, None)
    doc["hands"] = [[CARDS[card].id for card in hand] for hand in state.hands]
    doc["deck_cards"] = {deck_card_id(card): n for card, n in enumerate(state.deck) if n}
    return doc
