"""Phase 3: feeding, then the end of the round: the end conditions, the display and building stacks refilled
(chance steps drawn from the unseen pools, :mod:`.reveals`), the start player passing left, and the next round
beginning (seed 004 "Phase 3 : nourrir les personnages", "Fin de la partie"; rules page "Actions, feeding, next
round" and "End and score").

The modules' hooks here: the events between the actions and the feeding (``before_feeding``: the mammoth
contest, the wild animal), what a player receives before eating (``before_eating``: the new huts' incomes), the
food spared (``food_spared``: people on a wild animal, igloos), the reveals of the next round (``round_reveals``:
the herd) and what a new round resets (``begin_round``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import scoring
from dolmen.games.stoneage.actions import FEED, PENALTY_ACTION, Payment
from dolmen.games.stoneage.board import pay_goods
from dolmen.games.stoneage.components import FOOD, HUNGER_PENALTY, NRES
from dolmen.games.stoneage.hooks import following
from dolmen.games.stoneage.log import goods_names, note
from dolmen.games.stoneage.payments import Offers, payment_offers
from dolmen.games.stoneage.steps import FEED_PEOPLE, OVER, PLACE_PEOPLE, REVEAL, STACK_REVEAL, THEN_NEW_ROUND

if TYPE_CHECKING:
    from dolmen.games.stoneage.hooks import Module
    from dolmen.games.stoneage.state import StoneAgeState

END_BY_STACK: Final = "a building stack is empty"
END_BY_DECK: Final = "the deck cannot refill the display"
END_NAMES: Final = {END_BY_STACK: "stack_empty", END_BY_DECK: "deck_empty"}
"""The end reasons as the log names them."""
_FEED_OFFERS: Final[Offers] = {}
"""The ways to cover a shortage (:func:`payments.payment_offers`)."""


# -- between the actions and the feeding --------------------------------------------------------------------
def interlude(state: StoneAgeState, after: Module | None = None) -> None:
    """Everyone has resolved: the modules' events before the feeding, from the one after ``after`` on (the
    mammoth contest, the wild animal), then the feeding."""
    for module in following(state.hooks.before_feeding, after):
        if module.before_feeding(state):
            return
    begin_feeding(state)


# -- feeding ------------------------------------------------------------------------------------------------
def begin_feeding(state: StoneAgeState) -> None:
    state.turn = state.start
    feed_from(state, 0)


def food_from_stock(people: int, agriculture: int) -> int:
    """The food ``people`` eat from the stock at a feeding: one each, less what ``agriculture`` brings (never below
    0; the modules may spare more, :func:`food_needed`)."""
    return max(0, people - agriculture)


def food_needed(state: StoneAgeState, seat: int) -> int:
    """How much food ``seat``'s people eat this round: one each, less what modules spare (never below 0)."""
    need = state.people[seat]
    if state.modular:
        for module in state.hooks.food_spared:
            need -= module.food_spared(state, seat)
    return need if need > 0 else 0


def feed_from(state: StoneAgeState, offset: int) -> None:
    """Feed the players from the ``offset``-th after the start player on; stop at a player who must choose how
    to cover a shortage."""
    players, resources = state.players, state.resources
    modular = state.modular
    for step in range(offset, players):
        seat = (state.start + step) % players
        if modular:
            for module in state.hooks.before_eating:
                module.before_eating(state, seat)
        food = resources[seat * NRES + FOOD] + state.agriculture[seat]
        need = food_needed(state, seat) if modular else state.people[seat]
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


def legal_feeding(state: StoneAgeState) -> Sequence[Any]:
    return payment_offers(_FEED_OFFERS, FEED, state.goods(state.turn), state.shortage, PENALTY_ACTION)


def _after_choice(state: StoneAgeState) -> None:
    feed_from(state, (state.turn - state.start) % state.players + 1)


def apply_feed(state: StoneAgeState, action: Payment) -> None:
    pay_goods(state, state.turn, action[1])
    if state.log is not None:
        note(state, "fed_with_goods", seat=state.turn, resources=goods_names(action[1]))
    _after_choice(state)


def apply_penalty(state: StoneAgeState, action: Any) -> None:
    hunger_penalty(state, state.turn)
    _after_choice(state)


# -- the end of the round and the next one ------------------------------------------------------------------
def end_round(state: StoneAgeState) -> None:
    """Check both end conditions; otherwise slide the display, queue the reveals and pass the start player."""
    if 0 in state.stack_left:
        finish(state, END_BY_STACK)
        return
    kept = [card for card in state.display if card >= 0]
    missing = len(state.display) - len(kept)
    if missing > civilization_cards_left(state):  # a module's deck cards (wild animals) never fill the display
        finish(state, END_BY_DECK)
        return
    state.display = kept + [-1] * missing
    state.reveals = [
        *range(len(kept), len(state.display)),
        *(STACK_REVEAL + i for i in range(state.nstacks) if state.stack_top[i] < 0),
    ]
    if state.modular:
        for module in state.hooks.round_reveals:
            state.reveals += module.round_reveals(state)
    state.reveal_then = THEN_NEW_ROUND
    state.start = (state.start + 1) % state.players
    if state.log is not None:
        note(state, "display_slid", cards=len(kept), empty=missing)
    state.round += 1
    if state.reveals:
        state.step = REVEAL
    else:
        begin_round(state)


def civilization_cards_left(state: StoneAgeState) -> int:
    """The civilization cards in the deck: its cards less the modules' (the wild animals, ``Module.deck_others``)."""
    left = state.deck_size
    if state.modular:
        for module in state.hooks.deck_others:
            left -= module.deck_others(state)
    return left


def begin_round(state: StoneAgeState) -> None:
    """Everyone's people come home, tools are fresh again; the start player places first."""
    state.available = state.people[:]
    state.tool_used = [0] * len(state.tool_used)
    state.step = PLACE_PEOPLE
    state.turn = state.start
    if state.log is not None:
        note(state, "round_started", round=state.round, start_seat=state.start)
    if state.modular:
        for module in state.hooks.begin_round:
            module.begin_round(state)


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
