"""MCTS on the toy games: it finds obvious moves, handles lazy action sets, keeps to its budget, plugs in a
game's hooks, and its thinking never moves the game's dice."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from dolmen.bots import Budget, MCTSBot, RandomBot, make_bot, neutral_reward, outcome_reward
from dolmen.bots.search.tree import Widening
from dolmen.engine import Action, Game, Record, State, play_game, rank_by, replay
from tests.bots.cards import HighCard
from tests.bots.lazy import Offers, value
from tests.engine.toy import Pig, PigState


def pig_position(banked: list[int], turn: int, seat: int = 0) -> PigState:
    state = Pig().new_state(len(banked))
    state.banked, state.turn, state.seat = list(banked), turn, seat
    return state


def decide(bot: MCTSBot, game: Game, state: State, seed: int) -> Action:
    seat = state.actors()[0]
    return bot.act(game, state.view(seat), state.legal_actions(seat), random.Random(seed))


def test_mcts_holds_when_holding_wins_and_rolls_when_holding_loses() -> None:
    bot = MCTSBot(Budget(200))
    for seed in range(5):
        # 15 banked + 6 this turn reaches the target of 20 now; the opponent needs one point.
        assert decide(bot, Pig(), pig_position([15, 19], 6), seed) == "hold"
        # Holding with nothing this turn hands the opponent (at 19) the turn: only rolling keeps a chance.
        assert decide(bot, Pig(), pig_position([0, 19], 0), seed) == "roll"


def test_a_single_legal_action_is_returned_without_thinking() -> None:
    rng = random.Random(4)
    before = rng.getstate()
    # An empty view would make state_from_view fail: it must not even be called.
    assert MCTSBot(Budget(100)).act(Pig(), {}, ["hold"], rng) == "hold"
    assert rng.getstate() == before


def test_the_acting_seat_is_learnt_from_the_sampled_state() -> None:
    state = pig_position([3, 4, 5], 2, seat=2)  # Pig's view has no key naming the viewer
    report = MCTSBot(Budget(50)).search(Pig(), state.view(2), state.legal_actions(2), random.Random(0))
    assert report.seat == 2 and report.iterations == 50
    assert sum(s.visits for s in report.actions) == 50
    assert {s.action for s in report.actions} == {"roll", "hold"}


def test_search_is_deterministic_given_the_generator() -> None:
    state = pig_position([5, 9], 7)
    first = MCTSBot(Budget(300)).search(Pig(), state.view(0), state.legal_actions(0), random.Random(11))
    again = MCTSBot(Budget(300)).search(Pig(), state.view(0), state.legal_actions(0), random.Random(11))
    assert first.actions == again.actions


class Thinker:
    """Searches (spending its generator) and then plays a fixed Pig rule: only the thinking differs."""

    def __init__(self, iterations: int) -> None:
        self.bot = MCTSBot(Budget(iterations)) if iterations else None
        self.generator_states: list[object] = []

    def act(self, game: Game, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if self.bot is not None:
            self.bot.search(game, view, legal, rng)
        self.generator_states.append(rng.getstate())
        return "hold" if view["turn"] >= 8 else "roll"


def test_thinking_never_moves_the_games_dice() -> None:
    for seed in range(3):
        lazy, busy = Thinker(0), Thinker(60)
        _, quiet = play_game(Pig(), 2, None, seed, [Thinker(0), lazy])
        _, thought = play_game(Pig(), 2, None, seed, [Thinker(0), busy])
        assert quiet is not None and thought is not None
        assert quiet.steps == thought.steps  # same actions, so the same chance outcomes in the same places
        assert lazy.generator_states != busy.generator_states  # while the searching bot used its generator


def test_huge_lazy_action_sets_are_sampled_never_listed() -> None:
    game = Offers()
    state = game.new_state(2)
    bot = MCTSBot(Budget(300))
    report = bot.search(game, state.view(0), state.legal_actions(0), random.Random(2))  # iterating would raise
    assert 2 <= len(report.actions) <= Widening().limit(5_000_000, 300)
    picked: list[int] = []
    for seed in range(6):
        final, record = play_game(game, 2, None, seed, [bot, RandomBot()])
        assert record is not None and replay(game, record).signature() == final.signature()
        picked += [int(step["action"].split()[1]) for step in record.steps if step["seat"] == 0]
    # Random offers are worth 50 on average (29 standard deviation: 7 for a mean of 18 picks); MCTS's average
    # about 85 (3 for a mean of 18).
    assert sum(map(value, picked)) / len(picked) > 75


def test_widening_considers_more_actions_as_visits_grow() -> None:
    widening = Widening(above=48, coefficient=2.0, exponent=0.5)
    assert widening.limit(48, 0) == 48  # small sets are searched in full
    assert [widening.limit(10**6, visits) for visits in (0, 3, 99, 9999)] == [2, 4, 20, 200]
    assert widening.limit(60, 10**6) == 60


def test_a_time_budget_stops_the_search_even_inside_a_long_playout() -> None:
    state = Pig().new_state(2, {"target": 10**6})  # a random playout of this game is very long
    bot = MCTSBot(Budget(iterations=10**9, seconds=0.01))
    report = bot.search(Pig(), state.view(0), ["roll", "hold"], random.Random(0))
    assert report.iterations == 0  # the first playout was cut short by the clock, not by its step cap
    assert bot.act(Pig(), state.view(0), ["roll", "hold"], random.Random(0)) in ("roll", "hold")
    short = make_bot("mcts:easy", timed=True)
    assert isinstance(short, MCTSBot)
    small = Pig().new_state(2)
    assert short.search(Pig(), small.view(0), ["roll", "hold"], random.Random(0)).iterations <= 100


def test_games_plug_in_their_rollout_policy_and_evaluation() -> None:
    rollouts: list[tuple[int, tuple[Action, ...]]] = []

    def hold_at_ten(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(state, PigState)
        rollouts.append((seat, tuple(legal)))
        return "hold" if state.turn >= 10 else "roll"

    state = pig_position([5, 9], 3)
    bot = MCTSBot(Budget(40), rollout=hold_at_ten)
    bot.search(Pig(), state.view(0), ["roll", "hold"], random.Random(0))
    assert rollouts and all(legal == ("roll", "hold") for _, legal in rollouts)
    assert {seat for seat, _ in rollouts} == {0, 1}

    evaluated: list[list[int]] = []

    def leader(state: State) -> tuple[float, ...]:
        assert isinstance(state, PigState)
        evaluated.append(list(state.banked))
        best = max(state.banked)
        return tuple(1.0 if b == best else 0.0 for b in state.banked)

    bot = MCTSBot(Budget(60), evaluate=leader, playout_steps=0)
    report = bot.search(Pig(), state.view(0), ["roll", "hold"], random.Random(0))
    assert len(evaluated) == report.iterations == 60  # every leaf is evaluated, none played out


def test_games_narrow_the_trees_actions_and_set_a_horizon_without_touching_the_states() -> None:
    """``candidates`` narrows the tree's decisions below the root (playouts still see every legal action);
    ``evaluate_at`` stops the tree and the playouts where it holds and scores the state with ``evaluate``."""
    narrowed: list[tuple[str, ...]] = []

    def only_roll(state: State, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        assert type(state) is PigState  # the game's own states
        narrowed.append(tuple(legal))
        return ["roll"]

    seen: list[tuple[Action, ...]] = []

    def uniform(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        seen.append(tuple(legal))
        return legal[rng.randrange(len(legal))]

    state = pig_position([5, 9], 3)
    report = MCTSBot(Budget(50), candidates=only_roll, rollout=uniform).search(
        Pig(), state.view(0), ["roll", "hold"], random.Random(0)
    )
    assert narrowed and report.iterations == 50 and {s.action for s in report.actions} == {"roll", "hold"}
    assert seen and all(legal == ("roll", "hold") for legal in seen)

    def two_more(state: State) -> bool:
        assert isinstance(state, PigState)
        return state.turn >= 5 or state.seat != 0

    scored: list[int] = []

    def turn_total(state: State) -> tuple[float, ...]:
        assert isinstance(state, PigState) and two_more(state)
        scored.append(state.turn)
        return (0.5, 0.5)

    horizon = MCTSBot(Budget(60), evaluate=turn_total, evaluate_at=two_more)
    report = horizon.search(Pig(), state.view(0), ["roll", "hold"], random.Random(1))
    assert report.iterations == 60 and len(scored) == 60
    with pytest.raises(ValueError, match="needs an evaluation"):
        MCTSBot(Budget(10), evaluate_at=two_more)


def test_a_search_draws_chance_through_its_hook_and_tells_its_scenarios() -> None:
    from dolmen.bots.search.pairing import Scenarios

    drawn: list[int] = []

    def scenario_die(state: State, rng: random.Random) -> Any:
        drawn.append(scenarios.current)
        return state.sample_chance(rng)

    scenarios = Scenarios()
    state = pig_position([5, 9], 3)
    bot = MCTSBot(Budget(5)).with_hooks(chance=scenario_die, scenarios=scenarios)
    report = bot.search(Pig(), state.view(0), ["roll", "hold"], random.Random(0))
    assert drawn and MCTSBot(Budget(5)).chance is None  # with_hooks copies
    for entry in report.actions:
        assert sorted(scenarios.outcomes[entry.action]) == list(range(entry.visits))
    with pytest.raises(TypeError, match="not a search hook"):
        bot.with_hooks(budget=Budget(3))


def test_the_default_reward_is_mostly_the_win_and_a_little_the_margin() -> None:
    win = outcome_reward(rank_by([20, 10], [0, 0], "end"))
    assert win == pytest.approx((0.9 + 0.05 * (1 + 10 / 31), 0.05 * (1 - 10 / 31)))
    tie = outcome_reward(rank_by([7, 7, 1], [0, 0, 0], "end"))
    assert tie[0] == tie[1] == pytest.approx(0.45 + 0.05) and tie[2] == pytest.approx(0.05 * (1 - 6 / 9))
    assert outcome_reward(rank_by([31], [0], "solo")) == (31.0,)
    assert math.isclose(sum(neutral_reward(3)), 0.9 + 0.15)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_mcts_plays_pig_to_the_end_at_every_table_size(players: int) -> None:
    game = Pig()
    final, record = play_game(game, players, {"target": 12}, players, [make_bot("mcts:20")] * players)
    assert final.is_over() and record is not None
    assert replay(game, Record.loads(record.dumps())).signature() == final.signature()


def test_mcts_plays_the_hidden_card_game_to_the_end() -> None:
    game = HighCard()
    for seed in range(5):
        final, _ = play_game(game, 2, {"cards": 4}, seed, [make_bot("mcts:30"), make_bot("mcts:30")])
        assert final.is_over()
