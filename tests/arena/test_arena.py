"""The arena: entries, rotated seats with paired dice, statistics, and the process pool."""

from __future__ import annotations

import math

import pytest

from dolmen.arena import parse_entries, run_arena, schedule
from dolmen.arena.stats import add_pairwise, elo_ratings, mean_interval, wilson_interval
from dolmen.engine import OptionsError, Record
from tests.engine.toy import Pig


def test_entries_name_every_seat_with_a_repeat_shorthand() -> None:
    assert parse_entries("mcts:hard,greedy*3") == ("mcts:hard", "greedy", "greedy", "greedy")
    assert parse_entries(["random", "mcts*2"], 3) == ("random", "mcts", "mcts")
    with pytest.raises(OptionsError, match="2 bot entries for 4 seats"):
        parse_entries("mcts,random", 4)
    for bad in ("mcts,", "random*", "random*0", "*2"):
        with pytest.raises(OptionsError, match="NAME"):
            parse_entries(bad)


def test_seats_rotate_within_blocks_that_share_one_seed() -> None:
    entries = ("a", "b", "c")
    plan = schedule(entries, 7, seed=42)
    assert [game.index for game in plan] == list(range(7))
    assert [game.seats for game in plan[:3]] == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]
    blocks = [plan[0:3], plan[3:6], plan[6:7]]
    assert all(len({game.seed for game in block}) == 1 for block in blocks)
    assert len({block[0].seed for block in blocks}) == 3
    for block in blocks[:2]:  # a complete block puts every entry at every seat once
        for seat in range(3):
            assert sorted(game.seats[seat] for game in block) == ["a", "b", "c"]
    assert schedule(entries, 7, seed=42) == plan and schedule(entries, 7, seed=43) != plan


def test_wilson_intervals_match_the_published_values() -> None:
    # Wilson (1927) score interval at 95%; reference values as tabulated by Newcombe (1998), method 3.
    assert wilson_interval(8, 10) == pytest.approx((0.4902, 0.9433), abs=5e-5)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    assert wilson_interval(50, 100) == pytest.approx((0.4038, 0.5962), abs=5e-5)
    low, high = wilson_interval(2.5, 5)  # shared wins make fractional successes
    assert low + high == pytest.approx(1) and high - low > 0.7634 - 0.2366
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_mean_intervals_use_the_sample_deviation() -> None:
    mean, low, high = mean_interval([1, 2, 3, 4, 5])
    half = 1.959963984540054 * math.sqrt(2.5) / math.sqrt(5)
    assert (mean, low, high) == pytest.approx((3.0, 3.0 - half, 3.0 + half))
    assert mean_interval([7]) == (7.0, None, None)


def test_elo_ratings_fit_the_pairwise_results() -> None:
    scores: dict[tuple[str, str], float] = {}
    for ranks in ([1, 2], [1, 2], [1, 2], [2, 1]):
        add_pairwise(scores, ["a", "b"], ranks)
    assert scores == {("a", "b"): 3.0, ("b", "a"): 1.0}
    ratings = elo_ratings(["a", "b"], scores)
    # With one virtual draw, a scored 3.5 to 1.5: the Bradley–Terry odds 7/3 are a 147.2-point gap.
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3.5 / 1.5))
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)
    add_pairwise(scores, ["a", "a", "b"], [1, 1, 1])  # a tie, and seats of the same bot are not compared
    assert scores == {("a", "b"): 4.0, ("b", "a"): 2.0}
    even = elo_ratings(["x", "y", "z"], {("x", "y"): 2.0, ("y", "x"): 2.0})
    assert even == pytest.approx({"x": 1500.0, "y": 1500.0, "z": 1500.0})


@pytest.mark.slow
def test_mcts_beats_random_clearly_at_pig() -> None:
    report = run_arena(Pig(), "mcts:easy,random", 40, seed=1, workers=1)
    mcts, rand = report["bots"]
    assert (mcts["bot"], rand["bot"]) == ("mcts:easy", "random")
    assert mcts["seat_games"] == rand["seat_games"] == 40 and report["complete_rotations"]
    assert mcts["wins"] + rand["wins"] == 40
    # Two equal bots win 50% each after rotation; MCTS's whole 95% interval lies far above.
    assert mcts["win_rate_ci95"][0] > 0.7
    assert mcts["elo"] - rand["elo"] > 200
    assert mcts["mean_score_ci95"][0] > rand["mean_score_ci95"][1]


def test_the_process_pool_gives_the_same_report_as_one_process() -> None:
    args = (Pig(), "mcts:15,random*2", 9)
    pooled = run_arena(*args, seed=3, workers=2)
    alone = run_arena(*args, seed=3, workers=1)
    for report in (pooled, alone):
        for key in ("timing", "seconds", "workers"):
            report.pop(key)
    assert pooled == alone
    rand = alone["bots"][1]
    assert rand["bot"] == "random" and rand["seats_per_game"] == 2 and rand["seat_games"] == 18
    assert sum(row["wins"] for row in alone["bots"]) == pytest.approx(9)
    assert sum(alone["seat_win_share"]) == pytest.approx(1, abs=1e-3)


def test_games_of_a_block_draw_the_same_dice(tmp_path: object) -> None:
    from pathlib import Path

    directory = Path(str(tmp_path))
    run_arena(Pig(), "random,mcts:10", 6, seed=8, workers=1, records=directory)
    records = [Record.load(directory / f"pig-{index:05d}.json") for index in range(6)]
    for block in (records[0:2], records[2:4], records[4:6]):
        assert block[0].seed == block[1].seed
        first, second = ([step["chance"] for step in record.steps if "chance" in step] for record in block)
        shorter = min(len(first), len(second))
        assert shorter > 0 and first[:shorter] == second[:shorter]  # Pig draws one die per chance step
    assert records[0].seed != records[2].seed


def test_bad_arena_requests_are_refused_before_playing() -> None:
    with pytest.raises(OptionsError, match="unknown bot 'nobody'"):
        run_arena(Pig(), "nobody,random", 2, seed=0, workers=1)
    with pytest.raises(OptionsError, match="at least one game"):
        run_arena(Pig(), "random,random", 0, seed=0)
    with pytest.raises(OptionsError, match="pig is played by 1 to 4 players, not 5"):
        run_arena(Pig(), "random*5", 1, seed=0)
