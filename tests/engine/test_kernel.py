"""The kernel's contract, checked on a tiny dice game (tests/engine/toy.py)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from dolmen.engine import (
    CHANCE,
    IllegalStep,
    RandomPolicy,
    Record,
    RecordError,
    play_game,
    random_playout,
    rank_by,
    replay,
)
from tests.engine.toy import Pig


def test_a_played_game_replays_to_the_same_state() -> None:
    game = Pig()
    for seed in range(50):
        state, record = play_game(game, 3, None, seed, [RandomPolicy()] * 3)
        assert record is not None
        again = replay(game, Record.loads(record.dumps()))
        assert again.signature() == state.signature()
        assert again.result() == state.result()


def test_same_seed_same_game_and_bots_do_not_move_the_dice() -> None:
    game = Pig()
    _, first = play_game(game, 2, None, 7, [RandomPolicy()] * 2)
    _, second = play_game(game, 2, None, 7, [RandomPolicy()] * 2)
    assert first is not None and second is not None
    assert first.steps == second.steps


def test_an_illegal_step_is_named_and_changes_nothing() -> None:
    game = Pig()
    _, record = play_game(game, 2, None, 3, [RandomPolicy()] * 2)
    assert record is not None
    bad = copy.deepcopy(record)
    bad.steps[:2] = [{"seat": 0, "action": "roll"}, {"chance": "die 9"}]
    with pytest.raises(RecordError, match=r"^step 2: 'die 9' is not a possible outcome"):
        replay(game, bad)
    bad.steps[:2] = [{"chance": "die 3"}]
    with pytest.raises(RecordError, match=r"^step 1: no chance step is pending"):
        replay(game, bad)
    state = game.new_state(2)
    before = state.signature()
    with pytest.raises(IllegalStep):
        state.apply_action(1, "roll")
    with pytest.raises(IllegalStep):
        state.apply_chance(3)
    assert state.signature() == before


def test_malformed_records_are_rejected_with_a_reason() -> None:
    game = Pig()
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{")
    with pytest.raises(RecordError, match="not a dolmen record"):
        Record.loads(json.dumps({"format": "other"}))
    record = Record("pig", 2, {}, 1, [{"seat": 0, "action": "dance"}])
    with pytest.raises(RecordError, match="step 1: unknown pig action"):
        replay(game, record)
    record = Record("pig", 2, {}, 1, [{"seat": "zero", "action": "roll"}])
    with pytest.raises(RecordError, match="step 1: 'seat' must be a seat number"):
        replay(game, record)


def test_a_forged_result_is_caught() -> None:
    game = Pig()
    _, record = play_game(game, 2, None, 5, [RandomPolicy()] * 2)
    assert record is not None and record.result is not None
    record.result["winners"] = [seat for seat in (0, 1) if seat not in record.result["winners"]]
    with pytest.raises(RecordError, match="replay gives winners"):
        replay(game, record)


def test_random_playout_ends_and_sample_chance_matches_the_outcome_list() -> None:
    game = Pig()
    state = random_playout(game.new_state(2), random.Random(1))
    assert state.is_over()
    state = game.new_state(1)
    state.apply_action(0, "roll")
    assert state.actors() == (CHANCE,)
    rng = random.Random(2)
    seen = {state.sample_chance(rng) for _ in range(200)}
    assert seen == {o for o, _ in state.chance_outcomes()}


def test_ranks_share_ties_and_tiebreaks_decide() -> None:
    result = rank_by([10, 12, 12, 3], [0, 5, 5, 9], "end")
    assert result.winners == (1, 2)
    assert result.ranks == (3, 1, 1, 4)
    result = rank_by([12, 12], [4, 6], "end")
    assert result.winners == (1,)
