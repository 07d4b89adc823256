"""The Stone Age bots: the greedy bot plays sound moves and beats random play clearly, answers every decision the
engine asks (modules included), and the Stone Age MCTS searches within its budget; both decide from their
seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import pytest

from dolmen.bots import Budget, make_bot
from dolmen.bots.fallback import FallbackCounter
from dolmen.bots.stoneage.choices import choose, kind, lookahead
from dolmen.bots.stoneage.greedy import StoneAgeGreedy
from dolmen.bots.stoneage.mcts import (
    PREPARATION,
    Guidance,
    StoneAgeMCTS,
    evaluate,
    placement_candidates,
    projected_rewards,
    reward,
)
from dolmen.bots.stoneage.projection import projected_score
from dolmen.bots.stoneage.values import outlook, rounds_left
from dolmen.bots.stoneage.worth import card_value
from dolmen.engine import CHANCE, RandomPolicy, play_game
from dolmen.engine.core import rank_by
from dolmen.engine.errors import IllegalStep, OptionsError
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.actions import (
    BARTER,
    BUY,
    DECLINE_ACTION,
    FEED,
    JEWELS,
    PAY,
    PENALTY,
    PICK,
    PLACE,
    RESOLVE,
    REWARD,
    TAME,
    TOOLS,
    WINTER,
)
from dolmen.games.stoneage.components import CARDS, GOLD, NRES
from dolmen.games.stoneage.game import MODULES
from dolmen.games.stoneage.state import SLOTS
from dolmen.games.stoneage.steps import REVEAL, ROLL_DICE
from tests.stoneage.helpers import act, legal, new_game, roll, seat, set_goods, set_tools

GAME = StoneAge()


def decide(bot: Any, state: StoneAgeState, seed: int = 0) -> str:
    """The bot's answer, as text, to the decision pending in ``state``."""
    who = seat(state)
    action = bot.act(GAME, state.view(who), state.legal_actions(who), random.Random(seed))
    assert action in state.legal_actions(who)
    return state.action_text(action)


# -- the greedy bot's rules ---------------------------------------------------------------------------------
def test_greedy_uses_the_smallest_tools_that_reach_the_next_unit() -> None:
    """Rules page "Actions": tools are added whole to the dice total, total ÷ value rounded down. With 8 on the
    dice at the quarry (stone ÷ 5) and tiles 3, 2, 1: tile 2 reaches 10 (2 stone); every tile together only 14,
    still 2 stone, so the other tiles stay unused for later."""
    state = new_game(2)
    set_tools(state, 0, 3, 2, 1)
    act(state, "place quarry 2", "place hunting 5", "place hunting 3", "resolve quarry")
    roll(state, 4, 4)
    assert decide(StoneAgeGreedy(strict=True), state) == "tools 2"


def test_greedy_keeps_its_tools_when_they_reach_no_further_unit() -> None:
    """Rules page "Actions": 10 on the dice at the quarry (stone ÷ 5) gives 2 stone; tile 1 adds nothing."""
    state = new_game(2)
    set_tools(state, 0, 1)
    act(state, "place quarry 2", "place hunting 5", "place hunting 3", "resolve quarry")
    roll(state, 5, 5)
    assert decide(StoneAgeGreedy(strict=True), state) == "tools none"


def short_of_food(good: str) -> StoneAgeState:
    """Seat 0 (5 people, no food, 3 of ``good``) hunts 2 food and must cover 3 more at the feeding."""
    state = new_game(2)
    set_goods(state, 0, food=0, **{good: 3})
    act(state, "place hunting 5", "place hunting 5")  # each seat resolves its only place at once
    roll(state, 1, 1, 1, 1, 1)  # 5 // 2 = 2 food
    roll(state, 6, 6, 6, 6, 6)
    return state


def test_greedy_feeds_with_cheap_goods_rather_than_losing_ten_points() -> None:
    """Rules page "Actions, feeding": short of food, pay the rest in resources 1 for 1 or take −10. Three wood
    are worth less than 10 points to a player who can still build."""
    state = short_of_food("wood")
    assert legal(state) == ["feed resources wood wood wood", "feed penalty"]
    assert decide(StoneAgeGreedy(strict=True), state) == "feed resources wood wood wood"


def test_greedy_takes_the_penalty_rather_than_give_up_gold_worth_more() -> None:
    """Rules page "Actions, feeding": three gold (18 points in a building) are worth more than −10."""
    state = short_of_food("gold")
    assert decide(StoneAgeGreedy(strict=True), state) == "feed penalty"


def test_greedy_buys_a_building_it_can_pay_for() -> None:
    """Rules page "Buildings": a WWC tile scores 10 for two wood and a clay."""
    state = new_game(2)
    set_goods(state, 0, wood=2, clay=1)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1")
    assert legal(state) == ["buy", "decline"]
    assert decide(StoneAgeGreedy(strict=True), state) == "buy"


def test_greedy_picks_the_better_die_of_a_dice_for_all() -> None:
    """Rules page "Civilization cards": dice for all, 1 wood … 4 gold; gold is worth more than wood."""
    state = new_game(2, display=("writing-dice", "weaving-food3", "pottery-food7", "medicine-food5"))
    set_goods(state, 0, wood=1)
    act(state, "place card 1", "place hunting 5", "place hunting 4", "resolve card 1", "pay wood")
    roll(state, 1, 4)
    assert decide(StoneAgeGreedy(strict=True), state) == "pick 4"


# -- strength and coverage ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_greedy_beats_random_play_by_a_wide_margin() -> None:
    """Two-player games on both seats: greedy wins every one, by more than 100 points on average (random play
    scores near zero: it starves and buys little)."""
    margins = []
    for seed in range(2):
        for greedy_seat in (0, 1):
            policies: list[Any] = [RandomPolicy(), RandomPolicy()]
            policies[greedy_seat] = StoneAgeGreedy(strict=True)
            state, _ = play_game(GAME, 2, None, f"greedy-vs-random:{seed}", policies, record=False)
            result = state.result()
            assert result.winners == (greedy_seat,)
            margins.append(result.scores[greedy_seat] - result.scores[1 - greedy_seat])
    assert sum(margins) / len(margins) > 100


def walk_asking(bot: Any, players: int, modules: Sequence[str], seed: int, every: int = 1) -> set[int | None]:
    """Play a random game; at every ``every``-th decision with a choice ask ``bot`` too and check its answer is
    legal. Returns the action kinds it was asked about."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"modules": list(modules)})
    asked: set[int | None] = set()
    decisions = 0
    while state.actors():
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        options = state.legal_actions(who)
        decisions += 1
        if decisions % every == 0:
            answer = bot.act(GAME, state.view(who), options, random.Random(decisions))
            assert answer in options, f"{state.action_text(answer)!r} is not legal"
            asked |= {kind(action) for action in options}
        state.apply_action(who, options[rng.randrange(len(options))])
    return asked


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_answers_every_decision_of_random_games(players: int) -> None:
    """At every decision of random games the greedy rules (no fallback) give a legal action."""
    asked: set[int | None] = set()
    for seed in range(5):
        asked |= walk_asking(StoneAgeGreedy(strict=True), players, [], seed)
    assert {PLACE, RESOLVE, TOOLS, PAY, BUY, FEED, PENALTY, PICK} <= asked


MODULE_DECISIONS: dict[str, set[int | None]] = {
    "extension": {BARTER, JEWELS},
    "mammoths": {TAME, REWARD},
    "winter": {WINTER},
}
"""Decisions of a module that its random games surely ask for."""


@pytest.mark.slow
@pytest.mark.parametrize("modules", [[module] for module in MODULES] + [list(MODULES)])
def test_greedy_answers_every_decision_with_the_modules(modules: list[str]) -> None:
    """Modules bring decisions the rules do not know (jewels, taming, winter gold, barter, ...): the greedy bot
    answers them by looking ahead, never by failing."""
    players = 5 if "extension" in modules else 4
    asked: set[int | None] = set()
    for seed in range(2):
        asked |= walk_asking(StoneAgeGreedy(strict=True), players, modules, seed, every=2)
    for module in modules:
        assert MODULE_DECISIONS.get(module, set()) <= asked


class Patron(StoneAgeState):
    """A table with a module action the bots have never seen: ``(99, k)`` gives ``k`` gold and declines. Made
    through its constructor (:func:`as_patron`), never by setting ``__class__``: compiled, the bots call a state's
    methods through a table the object gets when it is made, so a state turned into a Patron afterwards would
    still run the base class's."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> Sequence[Hashable]:
        base = super().legal_actions(seat)
        return [*base, (99, 0), (99, 6)] if base and base[-1] == DECLINE_ACTION else base

    def _apply_action(self, seat: int, action: Hashable) -> None:
        move: Any = action
        if move[0] == 99:
            self.resources[seat * NRES + GOLD] += move[1]
            move = DECLINE_ACTION
        super()._apply_action(seat, move)

    def clone(self) -> Patron:
        return as_patron(super().clone())


def as_patron(state: StoneAgeState) -> Patron:
    """``state``'s position as a :class:`Patron` (its attributes moved over: ``state`` is not used after)."""
    other = Patron(state.game, state.players, blank=True)
    for name in SLOTS:
        setattr(other, name, getattr(state, name))
    other.log = state.log
    return other


def test_an_unknown_action_kind_is_weighed_by_looking_ahead() -> None:
    """Six gold are worth far more than a 10-point building paid with three goods: the lookahead sees it."""
    state = new_game(2)
    set_goods(state, 0, wood=2, clay=1)
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1")
    state = as_patron(state)
    options = state.legal_actions(0)
    assert [kind(action) for action in options] == [BUY, kind(DECLINE_ACTION), 99, 99]
    assert choose(state, 0, options, random.Random(0)) == (99, 6)
    assert lookahead(state, 0, options[:2], random.Random(0)) == options[0]  # buying beats declining


@pytest.mark.allow_fallback
def test_greedy_still_answers_when_its_rules_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that raises a DolmenError makes the bot fall back (logged): to the lookahead, then to a random legal
    action. Strict, that is an error; any other error is a bug and is never swallowed."""
    state = new_game(2)
    options = state.legal_actions(0)
    counter = FallbackCounter().install()
    try:

        def refuse(*args: object, **kwargs: object) -> object:
            raise IllegalStep("a position the rules do not know")

        monkeypatch.setattr("dolmen.bots.stoneage.greedy.choose", refuse)
        with pytest.raises(IllegalStep):
            StoneAgeGreedy(strict=True).act(GAME, state.view(0), options, random.Random(0))
        assert StoneAgeGreedy().act(GAME, state.view(0), options, random.Random(0)) in options
        assert counter.count == 1 and counter.fallbacks[0].instead == "the lookahead"
        monkeypatch.setattr("dolmen.bots.stoneage.greedy.lookahead", refuse)
        assert StoneAgeGreedy().act(GAME, state.view(0), options, random.Random(0)) in options
        assert counter.count == 3 and counter.fallbacks[0].view == state.view(0)

        def broken(*args: object, **kwargs: object) -> object:
            raise KeyError("a bug")

        monkeypatch.setattr("dolmen.bots.stoneage.greedy.choose", broken)
        with pytest.raises(KeyError):
            StoneAgeGreedy().act(GAME, state.view(0), options, random.Random(0))
    finally:
        counter.remove()


def test_greedy_has_no_levels() -> None:
    assert isinstance(make_bot("greedy", game="stoneage"), StoneAgeGreedy)
    with pytest.raises(OptionsError):
        make_bot("greedy:hard", game="stoneage")


# -- the Stone Age MCTS -------------------------------------------------------------------------------------
def is_placing(state: StoneAgeState) -> bool:
    actors = state.actors()
    return bool(actors) and actors[0] != CHANCE and kind(state.legal_actions(actors[0])[0]) == PLACE


def mid_game(players: int = 4, seed: int = 3, rounds: int = 3) -> StoneAgeState:
    """A greedy game after ``rounds`` rounds, at its next placement."""
    state = GAME.new_state(players)
    rng = random.Random(seed)
    greedy = StoneAgeGreedy(strict=True)
    while state.round <= rounds or not is_placing(state):
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            options = state.legal_actions(who)
            state.apply_action(who, greedy.act(GAME, state.view(who), options, rng))
    return state


def test_stoneage_mcts_is_its_own_bot_with_the_levels() -> None:
    """The levels of the generic search; timed, a little of the time is kept for the work before the search."""
    for level in ("easy", "medium", "hard", "40"):
        assert isinstance(make_bot(f"mcts:{level}", game="stoneage"), StoneAgeMCTS)
    hard = make_bot("mcts:hard", game="stoneage")
    assert isinstance(hard, StoneAgeMCTS) and hard.mcts.budget == Budget(5_000, 1.0 - PREPARATION)
    untimed = make_bot("mcts:hard", game="stoneage", timed=False)
    assert isinstance(untimed, StoneAgeMCTS) and untimed.mcts.budget == Budget(5_000)
    assert not isinstance(make_bot("mcts", game="rtta"), StoneAgeMCTS)
    with pytest.raises(OptionsError):
        make_bot("mcts:brutal", game="stoneage")


def test_a_placement_search_spends_its_budget_on_the_candidates() -> None:
    state = mid_game()
    who = seat(state)
    candidates = placement_candidates(state, who, state.legal_actions(who), 4)
    assert len(candidates) == 4 and set(candidates) <= set(state.legal_actions(who))
    assert candidates[0] == choose(state, who, state.legal_actions(who), random.Random(0))
    bot = make_bot("mcts:60", game="stoneage", timed=False)
    assert isinstance(bot, StoneAgeMCTS)
    report = bot.searcher(Guidance(state.round + 1)).search(GAME, state.view(who), candidates, random.Random(1))
    assert report.seat == who and report.iterations == 60
    assert sum(entry.visits for entry in report.actions) == 60
    assert {entry.action for entry in report.actions} == set(candidates)


def test_stoneage_mcts_plays_a_whole_game_with_legal_actions() -> None:
    """``play_game`` checks every action; the small decisions follow the greedy rules."""
    mcts = make_bot("mcts:8", game="stoneage", timed=False)
    state, _ = play_game(GAME, 2, None, "mcts-game", [mcts, StoneAgeGreedy()], record=False)
    assert state.is_over()


def test_the_guidance_offers_the_greedy_choice_and_stops_at_its_horizon() -> None:
    state = mid_game(players=3)
    who = seat(state)
    guidance = Guidance(state.round + 1)
    sample = GAME.state_from_view(state.view(who), random.Random(0))
    assert type(sample) is StoneAgeState  # the search's states are the game's own
    options = state.legal_actions(who)
    assert guidance.candidates(sample, who, options) == [choose(state, who, options, random.Random(0))]
    rng = random.Random(2)
    while sample.actors() and not guidance.evaluate_at(sample):
        actor = sample.actors()[0]
        if actor == CHANCE:
            sample._apply_chance(guidance.chance(sample, rng))
        else:
            (only,) = guidance.candidates(sample, actor, sample.legal_actions(actor))
            assert guidance.rollout(sample, actor, sample.legal_actions(actor), rng) == only
            sample._apply_action(actor, only)
    assert sample.round == state.round + 1 and not sample.is_over()
    rewards = evaluate(sample)
    assert len(rewards) == 3 and all(0.0 <= r <= 1.0 for r in rewards)
    expected = projected_rewards([projected_score(sample, s) for s in range(3)], rounds_left(sample))
    assert rewards == expected


def test_the_kth_iteration_through_any_candidate_meets_the_same_chance() -> None:
    """Common random numbers: whichever root candidate an iteration follows, its ``k``-th visit draws the same
    outcome for the same chance event, whatever the search's generator; the next visit draws anew."""
    state = mid_game(players=3)
    who = seat(state)
    first, second = placement_candidates(state, who, state.legal_actions(who), 2)
    guidance = Guidance(state.round + 1, seed=0.25)
    draws: dict[tuple[Any, int], list[Hashable]] = {}
    for visit in range(2):
        for candidate in (first, second):
            sample = GAME.state_from_view(state.view(who), random.Random(visit))
            guidance.scenarios.begin(candidate)
            sample._apply_action(who, candidate)
            roll, reveal = sample.clone(), sample.clone()
            roll.step, roll.roll_count = ROLL_DICE, 4
            reveal.step, reveal.reveals = REVEAL, [0]
            rolls = {guidance.chance(roll, random.Random(n)) for n in range(3)}
            assert len(rolls) == 1  # the same event: the outcome depends on nothing else
            draws[(candidate, visit)] = [rolls.pop(), guidance.chance(reveal, random.Random(9))]
    assert draws[(first, 0)] == draws[(second, 0)] and draws[(first, 1)] == draws[(second, 1)]
    assert draws[(first, 0)] != draws[(first, 1)]


def test_rewards_follow_the_scores() -> None:
    rewards = projected_rewards([120.0, 100.0, 80.0], rounds=4.0)
    assert rewards[0] > rewards[1] > rewards[2] and all(0.0 <= r <= 1.0 for r in rewards)
    assert projected_rewards([100.0, 100.0], rounds=0.0)[0] == pytest.approx(0.5)
    final = reward(rank_by([90, 95, 95], [3, 9, 2], "a building stack is empty"))
    assert final[1] > final[2] > final[0]  # the tie-break decides the tie


# -- what the bots see ----------------------------------------------------------------------------------------
class Recorder(StoneAge):
    """Stone Age that records every view a bot rebuilds a state from."""

    def __init__(self) -> None:
        self.views: list[Mapping[str, Any]] = []

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> StoneAgeState:
        self.views.append(view)
        return super().state_from_view(view, rng)


def swapped_hidden_card(state: StoneAgeState, viewer: int) -> StoneAgeState:
    """A copy of ``state`` in which another seat's hidden card is swapped with a card of the deck."""
    other = state.clone()
    holder = next(s for s in range(state.players) if s != viewer and state.hands[s])
    card = state.hands[holder][0]
    swap = next(c for c, n in enumerate(state.deck) if n and c != card)
    other.hands[holder] = (swap, *state.hands[holder][1:])
    other.deck[swap] -= 1
    other.deck[card] += 1
    assert other.view(viewer) == state.view(viewer) and other.hands != state.hands
    return other


@pytest.mark.parametrize("spec", ["greedy", "mcts:30"])
def test_bots_decide_from_the_view_alone(spec: str) -> None:
    """Only the seat's view reaches the bot, and two true states with the same view get the same decision."""
    state = mid_game(players=3, seed=5, rounds=4)
    who = seat(state)
    assert any(state.hands[s] for s in range(3) if s != who)
    recorder = Recorder()
    bot = make_bot(spec, game="stoneage", timed=False)
    first = bot.act(recorder, state.view(who), state.legal_actions(who), random.Random(7))
    assert recorder.views and all(view == state.view(who) for view in recorder.views)
    other = swapped_hidden_card(state, who)
    again = bot.act(GAME, other.view(who), other.legal_actions(who), random.Random(7))
    assert first == again


def test_no_card_is_missing_from_the_value_tables() -> None:
    """Every civilization card has a value for its buyer (the rules know every top and bottom half)."""
    state = mid_game(players=2, rounds=1)
    view = outlook(state, 0)
    assert all(card_value(state, view, card) > 0 for card in range(len(CARDS)))


def test_a_game_records_only_legal_bot_actions_with_every_kind_of_bot() -> None:
    policies: list[Any] = [StoneAgeGreedy(), make_bot("mcts:6", game="stoneage", timed=False), RandomPolicy()]
    state, record = play_game(GAME, 3, None, "three-bots", policies)
    assert state.is_over() and record is not None
