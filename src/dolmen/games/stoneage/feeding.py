"""Phase 3: feeding, then the end of the round: the end conditions, the display and building stacks refilled
(chance steps drawn from the unseen pools), the start player passing left (seed 004 "Phase 3 : nourrir les
personnages", "Fin de la partie"; rules page "Actions, feeding, next round" and "End and score").

``per_round_effects`` and ``food_needed`` are the hooks for modules (huts that yield goods each round, igloos
that spare food, animals whose people need no food); they are called only when a module is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import hooks, placement, purchases, resolution, scoring
from dolmen.games.stoneage.actions import FEED, PENALTY_ACTION
from dolmen.games.stoneage.components import BUILDINGS, CARDS, FIRST_CARD, FIRST_STACK, FOOD, NRES
from dolmen.games.stoneage.log import card_drawn, goods_names, note, place
from dolmen.games.stoneage.module_components import FIRST_ANIMAL
from dolmen.games.stoneage.payments import exact_payments
from dolmen.games.stoneage.steps import (
    FEED_PEOPLE,
    HAND_REVEAL,
    HERD_BACK,
    OVER,
    REVEAL,
    STACK_REVEAL,
    THEN_NEW_ROUND,
    THEN_RESOLUTION,
)

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

HUNGER_PENALTY: Final = 10
END_BY_STACK: Final = "a building stack is empty"
END_BY_DECK: Final = "the deck cannot refill the display"
END_NAMES: Final = {END_BY_STACK: "stack_empty", END_BY_DECK: "deck_empty"}
"""The end reasons as the log names them."""


def per_round_effects(state: StoneAgeState, seat: int) -> None:
    """What a player receives at each feeding before eating (base game: nothing; modules add hut incomes)."""
    hooks.before_eating(state, seat)


def food_needed(state: StoneAgeState, seat: int) -> int:
    """How much food ``seat``'s people eat this round: one each (modules may spare some)."""
    return hooks.food_needed(state, seat) if state.modular else state.people[seat]


def begin_feeding(state: StoneAgeState) -> None:
    state.turn = state.start
    feed_from(state, 0)


def feed_from(state: StoneAgeState, offset: int) -> None:
    """Feed the players from the ``offset``-th after the start player on; stop at a player who must choose how
    to cover a shortage."""
    players, resources = state.players, state.resources
    modular = state.modular
    for step in range(offset, players):
        seat = (state.start + step) % players
        if modular:
            per_round_effects(state, seat)
        food = resources[seat * NRES + FOOD] + state.agriculture[seat]
        need = hooks.food_needed(state, seat) if modular else state.people[seat]
        if food >= need:
            resources[seat * NRES + FOOD] = food - need
            if state.log is not None:
                note(state, "fed", seat=seat, agriculture=state.agriculture[seat], eaten=need, left=food - need)
            continue
        resources[seat * NRES + FOOD] = 0
        if state.log is not None:
            note(state, "food_short", seat=seat, agriculture=state.agriculture[seat], eaten=food, missing=need - food)
        if sum(state.goods(seat)) >= need - food:
            state.turn = seat
            state.shortage = need - food
            state.step = FEED_PEOPLE
            return
        hunger_penalty(state, seat)
    end_round(state)


def hunger_penalty(state: StoneAgeState, seat: int) -> None:
    """Short of food and not paying with goods: -10 points (the score may go negative)."""
    state.score[seat] -= HUNGER_PENALTY
    state.penalties[seat] += HUNGER_PENALTY
    if state.log is not None:
        note(state, "hunger_penalty", seat=seat, points=HUNGER_PENALTY)


def legal_feeding(state: StoneAgeState) -> list[Any]:
    ways = exact_payments(state.goods(state.turn), state.shortage)
    return [*((FEED, way) for way in ways), PENALTY_ACTION]


def _after_choice(state: StoneAgeState) -> None:
    feed_from(state, (state.turn - state.start) % state.players + 1)


def apply_feed(state: StoneAgeState, action: tuple[int, tuple[int, ...]]) -> None:
    resolution.pay_goods(state, state.turn, action[1])
    if state.log is not None:
        note(state, "fed_with_goods", seat=state.turn, resources=goods_names(action[1]))
    _after_choice(state)


def apply_penalty(state: StoneAgeState, action: tuple[int]) -> None:
    hunger_penalty(state, state.turn)
    _after_choice(state)


def end_round(state: StoneAgeState) -> None:
    """Check both end conditions; otherwise slide the display, queue the reveals and pass the start player."""
    if 0 in state.stack_left:
        finish(state, END_BY_STACK)
        return
    kept = [card for card in state.display if card >= 0]
    missing = len(state.display) - len(kept)
    if missing > state.deck_size - state.animals_in_deck:  # wild animals never fill the display
        finish(state, END_BY_DECK)
        return
    state.display = kept + [-1] * missing
    state.reveals = [
        *range(len(kept), len(state.display)),
        *(STACK_REVEAL + i for i in range(state.nstacks) if state.stack_top[i] < 0),
    ]
    if state.modular:
        state.reveals += hooks.round_reveals(state)
    state.reveal_then = THEN_NEW_ROUND
    state.start = (state.start + 1) % state.players
    if state.log is not None:
        note(state, "display_slid", cards=len(kept), empty=missing)
    state.round += 1
    if state.reveals:
        state.step = REVEAL
    else:
        placement.begin_round(state)


def finish(state: StoneAgeState, reason: str) -> None:
    state.end_reason = reason
    state.step = OVER
    if state.log is not None:
        note(state, "game_ended", reason=END_NAMES[reason], round=state.round)
        for seat in range(state.players):
            note_final_score(state, seat)


def note_final_score(state: StoneAgeState, seat: int) -> None:
    """Seed 004 "Score final": the culture sets, each figure kind's multiplier, then the total."""
    parts = scoring.breakdown(state, seat)
    culture = parts["culture"]
    note(state, "culture_scored", seat=seat, sets=culture["sets"], points=culture["points"])
    for figure, part in parts["multipliers"].items():
        if part["figures"]:
            note(state, "figures_scored", seat=seat, figure=figure + "s", **part)
    multipliers = sum(part["points"] for part in parts["multipliers"].values())
    note(
        state,
        "final_score",
        seat=seat,
        points=parts["points"],
        penalties=parts["penalties"],
        culture=culture["points"],
        multipliers=multipliers,
        goods=parts["goods"],
        total=parts["total"],
    )


def apply_reveal(state: StoneAgeState, identity: int) -> None:
    """The first pending reveal shows ``identity`` (a card or a building tile, or with mammoths the herd's next
    zone or tile) drawn from its unseen pool. A wild animal drawn for a card goes beside the board and the card
    is drawn again."""
    code = state.reveals.pop(0)
    if code >= HERD_BACK:
        hooks.apply_herd_reveal(state, code, identity)
    elif code < STACK_REVEAL or code >= HAND_REVEAL:
        if identity >= FIRST_ANIMAL:
            hooks.animal_drawn(state, identity)
            state.reveals.insert(0, code)
            return
        state.deck[identity] -= 1
        state.deck_size -= 1
        if code < STACK_REVEAL:
            state.display[code] = identity
            if state.log is not None:
                note(state, "card_revealed", card=CARDS[identity].id, location=place(FIRST_CARD + code))
        else:
            seat = code - HAND_REVEAL
            state.hands[seat] = (*state.hands[seat], identity)
            if state.log is not None:
                card_drawn(state, seat, CARDS[identity].id)
    else:
        state.pool[identity] -= 1
        state.pool_size -= 1
        state.stack_top[code - STACK_REVEAL] = identity
        if state.log is not None:
            location = place(FIRST_STACK + code - STACK_REVEAL)
            note(state, "building_revealed", building=BUILDINGS[identity].id, location=location)
    if state.reveals:
        return
    if state.reveal_then == THEN_NEW_ROUND:
        placement.begin_round(state)
    elif state.reveal_then == THEN_RESOLUTION:
        resolution.next_resolver(state)
    else:
        purchases.card_effect(state)
