"""The ``expectimax`` bot for *Roll Through the Ages*: the best solo player Dolmen has.

Dice decisions are exact expectimax over the turn's rolls (:class:`dolmen.bots.rtta.dice.DiceSearch`): every
multiset of faces with its exact probability, every choice of dice to keep, Leadership's extra die, the
food-or-workers split, each final roll valued by the planner's end of turn on the fitted board value
(:mod:`dolmen.bots.rtta.values`). Building, Engineering, buying and discarding follow the planner's best plan
for the rest of the turn (:meth:`dolmen.bots.rtta.plan.Planner.finish`, one-step lookahead on the same value).
Preservation compares the board value with and without the doubled food.

With opponents it plays the same way and treats them as fixed: its value counts its own score only (the turns
left are estimated from the development race); it makes no trade offers and accepts one only when its board
value rises (:func:`answer`), and spends every spearhead with Smithing.

The dice search of a turn is kept between that turn's decisions (the board before collecting does not change
while the dice roll), so a turn costs one search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from dolmen.bots.fallback import log_fallback
from dolmen.bots.rtta.choices import greedy_action
from dolmen.bots.rtta.dice import DiceSearch
from dolmen.bots.rtta.plan import Planner, most_valuable_discard
from dolmen.bots.rtta.values import DEFAULT_WEIGHTS, Weights, board_value, turns_left
from dolmen.bots.search.mcts import acting_seat
from dolmen.engine.core import JSON, Game
from dolmen.engine.core import Action as KernelAction
from dolmen.engine.errors import DolmenError, IllegalStep, OptionsError
from dolmen.games.rtta import steps
from dolmen.games.rtta.actions import (
    ACCEPT,
    DECLINE,
    END_BUILD,
    END_BUY,
    END_TRADE,
    KEEP,
    PRESERVE,
    ROLL,
    Action,
    Kind,
)
from dolmen.games.rtta.board import Board, board_of
from dolmen.games.rtta.components import FOOD_OR_WORKERS, LEADERSHIP, SPEARHEADS
from dolmen.games.rtta.harvest import collect_board
from dolmen.games.rtta.rolling import preserve_on_board
from dolmen.games.rtta.scoring import Scorer
from dolmen.games.rtta.state import RttaState
from dolmen.games.rtta.trading import after_offer


class RttaExpectimax:
    """Expectimax dice and planned turns on ``weights``. ``strict`` lets a failure raise instead of falling back
    to the greedy rules, then to the first legal action (tests use it)."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, *, strict: bool = False) -> None:
        self.weights = weights
        self.strict = strict
        self._search_key: tuple[int, int, Board] | None = None
        self._search: DiceSearch | None = None

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[KernelAction], rng: random.Random) -> KernelAction:
        if len(legal) == 1:
            return legal[0]
        state = game.state_from_view(view, rng)
        assert isinstance(state, RttaState)
        seat = acting_seat(view, state)
        moves = cast(Sequence[Action], legal)
        try:
            action = self.choose(state, seat, moves)
            if action not in legal:
                raise IllegalStep(f"expectimax chose {state.action_text(action)!r}, which is not legal")
        except DolmenError as error:
            if self.strict:
                raise
            log_fallback(self, view, error, "the greedy rules")
            return self.fallback(state, seat, moves, view)
        return action

    def fallback(self, state: RttaState, seat: int, legal: Sequence[Action], view: dict[str, JSON]) -> KernelAction:
        """The greedy rules' answer; if they fail too (a :class:`DolmenError`, or an action that is not legal),
        the first legal action (logged, :mod:`dolmen.bots.fallback`)."""
        try:
            action = greedy_action(state, seat, legal)
            if action not in legal:
                raise IllegalStep(f"greedy chose {state.action_text(action)!r}, which is not legal")
        except DolmenError as error:
            log_fallback(self, view, error, "the first legal action")
            return legal[0]
        return action

    def choose(self, state: RttaState, seat: int, legal: Sequence[Action]) -> Action:
        """The decision of ``seat`` in the full state ``state``."""
        match state.step:
            case steps.PRESERVE:
                return self.preservation(state, seat)
            case steps.REROLL:
                reroll = self.dice_search(state, seat).best_reroll(tuple(state.dice), state.rerolls_left)
                return KEEP if reroll is None else (Kind.REROLL, reroll)
            case steps.LEADERSHIP:
                face = self.dice_search(state, seat).best_leadership(tuple(state.dice))
                return KEEP if face is None else (Kind.LEADERSHIP, face)
            case steps.FOOD:
                return self.food(state, seat)
            case steps.SMITHING:
                return (Kind.SPEARHEADS, state.goods[seat][SPEARHEADS])
            case steps.BUILD:
                return self.build(state, seat, legal)
            case steps.TRADE:
                return END_TRADE if END_TRADE in legal else greedy_action(state, seat, legal)
            case steps.ANSWER:
                return answer(state, seat, self.weights)
            case steps.BUY:
                plan = Planner(state, seat, self.weights).finish(board_of(state, seat), 0, state.coins, can_build=False)
                return END_BUY if plan.purchase is None else plan.purchase
            case steps.DISCARD:
                return (Kind.DISCARD, most_valuable_discard(tuple(state.goods[seat])))
        return greedy_action(state, seat, legal)

    def dice_search(self, state: RttaState, seat: int) -> DiceSearch:
        """The turn's dice search (kept while the board before collecting stays the same)."""
        board = board_of(state, seat)
        key = (state.round, seat, board)
        if self._search is None or self._search_key != key:
            planner = Planner(state, seat, self.weights)
            has_leadership = bool(state.devs[seat] >> LEADERSHIP & 1)
            self._search = DiceSearch(planner, board, state.cities[seat], solo=state.solo, leadership=has_leadership)
            self._search_key = key
        return self._search

    def food(self, state: RttaState, seat: int) -> Action:
        """The split of the either-dice whose planned end of turn is best."""
        planner = Planner(state, seat, self.weights)
        board = board_of(state, seat)
        best, best_food = -1e18, 0
        for food_dice in range(state.dice[FOOD_OR_WORKERS] + 1):
            after, workers, coins = collect_board(board, tuple(state.dice), food_dice, state.solo)
            value = planner.finish(after, workers, coins).value
            if value > best:
                best, best_food = value, food_dice
        return (Kind.FOOD, best_food)

    def build(self, state: RttaState, seat: int, legal: Sequence[Action]) -> Action:
        plan = Planner(state, seat, self.weights).finish(board_of(state, seat), state.workers, state.coins)
        if plan.engineer and (Kind.ENGINEER, plan.engineer) in legal:
            return (Kind.ENGINEER, plan.engineer)
        for target, boxes in plan.builds:
            action = (Kind.BUILD, target, boxes)
            if action in legal:
                return action
        return END_BUILD

    def preservation(self, state: RttaState, seat: int) -> Action:
        """Preserve when the board with doubled food (one pottery less) is worth more."""
        scorer = Scorer(state, seat)
        turns = turns_left(state, seat, finished=False)
        row = self.weights.row(turns) if turns > 0 else None
        board = board_of(state, seat)
        kept = board_value(scorer, row, *board)
        preserved = board_value(scorer, row, *preserve_on_board(board))
        return PRESERVE if preserved > kept else ROLL


def answer(state: RttaState, seat: int, weights: Weights) -> Action:
    """Accept the pending offer only when ``seat``'s board value rises with it."""
    assert state.offer is not None
    to, vector = state.offer
    scorer = Scorer(state, seat)
    turns = turns_left(state, seat)
    row = weights.row(turns) if turns > 0 else None
    board = board_of(state, seat)
    food, goods = after_offer(board.food, board.goods, vector, seat == to)
    before = board_value(scorer, row, *board)
    after = board_value(scorer, row, food, goods, *board[2:])
    return ACCEPT if after > before + 1e-9 else DECLINE


def make_expectimax(level: str | None, *, timed: bool) -> RttaExpectimax:
    if level is not None:
        raise OptionsError(f"the expectimax bot has no levels (got {level!r})")
    return RttaExpectimax()
