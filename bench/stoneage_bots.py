"""Speed of the Stone Age bots, and a weight of the greedy bot against a variant.

    python bench/stoneage_bots.py                 # decision speeds (a few seconds)
    python bench/stoneage_bots.py tune conversion=1.0 person_round=2.5 --games 100
    python bench/stoneage_bots.py fit --games 3000

The first form prints the greedy bot's time per decision, the MCTS search's iterations per second at a
four-player placement and how many iterations ``mcts:hard`` reaches in its timed second. The second plays a
greedy bot with changed :class:`dolmen.bots.stoneage.values.Weights` against three default greedy bots (four
players, seats rotated, paired dice) and prints its win rate and mean score lead: how the default weights were
chosen (a variant that wins clearly more than 25% is better). The third plays four-player greedy games, records
every seat's :func:`dolmen.bots.stoneage.worth.position_terms` at the start of each round with the estimated
rounds left, and fits per rounds left (rounded) the weights of the terms that best forecast the final score
(ridge regression toward plain sums): it prints the table of :mod:`dolmen.bots.stoneage.projection`, with how
well the plain sum and the fit forecast the final score.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from dolmen.bots import make_bot
from dolmen.bots.stoneage.greedy import StoneAgeGreedy
from dolmen.bots.stoneage.mcts import HORIZON_ROUNDS, Guidance, StoneAgeMCTS, placement_candidates
from dolmen.bots.stoneage.values import Weights, rounds_left
from dolmen.bots.stoneage.worth import POSITION_TERMS, position_terms
from dolmen.engine import CHANCE, chance_rng, play_game, seat_rng
from dolmen.games.stoneage import StoneAge, StoneAgeState
from fitting import Sample, r_squared, ridge

GAME = StoneAge()


def greedy_game(players: int, seed: int) -> tuple[float, int]:
    """Seconds per greedy decision over one greedy game, and the number of decisions."""
    bots = [StoneAgeGreedy() for _ in range(players)]
    state = GAME.new_state(players)
    dice, rngs = chance_rng(seed), [seat_rng(seed, s) for s in range(players)]
    spent, decisions = 0.0, 0
    while state.actors():
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(dice))
            continue
        legal = state.legal_actions(who)
        started = time.process_time()
        action = bots[who].act(GAME, state.view(who), legal, rngs[who])
        spent += time.process_time() - started
        decisions += 1
        state.apply_action(who, action)
    return spent / decisions, decisions


def placement(players: int, seed: int, rounds: int) -> StoneAgeState:
    """A greedy game after ``rounds`` rounds, at a placement with a choice."""
    bots = [StoneAgeGreedy() for _ in range(players)]
    state = GAME.new_state(players)
    dice = chance_rng(seed)
    while True:
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(dice))
            continue
        legal = state.legal_actions(who)
        if state.round > rounds and state.action_text(legal[0]).startswith("place") and len(legal) > 1:
            return state
        state.apply_action(who, bots[who].act(GAME, state.view(who), legal, random.Random(0)))


def speeds() -> None:
    per_decision, decisions = greedy_game(4, seed=1)
    print(f"greedy: {per_decision * 1000:.2f} ms per decision (4 players, {decisions} decisions in a game)")
    state = placement(4, seed=2, rounds=4)
    who = state.actors()[0]
    view, legal = state.view(who), state.legal_actions(who)
    bot = make_bot("mcts:400", game="stoneage", timed=False)
    assert isinstance(bot, StoneAgeMCTS)
    candidates = placement_candidates(state, who, legal, 4)
    started = time.process_time()
    report = bot.searcher(Guidance(state.round + HORIZON_ROUNDS)).search(GAME, view, candidates, random.Random(0))
    seconds = time.process_time() - started
    print(f"mcts: {report.iterations / seconds:.0f} iterations per CPU second at a 4-player placement (round 5)")
    hard = make_bot("mcts:hard", game="stoneage", timed=True)
    assert isinstance(hard, StoneAgeMCTS)
    report = hard.searcher(Guidance(state.round + HORIZON_ROUNDS)).search(GAME, view, candidates, random.Random(0))
    print(f"mcts:hard (timed): {report.iterations} iterations in {report.seconds:.2f} s")


def tune_game(job: tuple[dict[str, float], int, int]) -> tuple[float, float]:
    changes, seed, seat = job
    bots = [StoneAgeGreedy() for _ in range(4)]
    bots[seat] = StoneAgeGreedy(weights=Weights(**changes))
    state, _ = play_game(GAME, 4, None, seed, bots, record=False)
    result = state.result()
    others = statistics.mean(score for s, score in enumerate(result.scores) if s != seat)
    win = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return win, result.scores[seat] - others


def tune(changes: dict[str, float], games: int, workers: int) -> None:
    jobs = [(changes, 1 + g // 4, g % 4) for g in range(games)]
    with ProcessPoolExecutor(workers) as pool:
        outcomes = list(pool.map(tune_game, jobs))
    wins = [w for w, _ in outcomes]
    leads = [lead for _, lead in outcomes]
    spread = 1.96 * statistics.stdev(leads) / len(leads) ** 0.5
    print(
        f"{changes}: win rate {sum(wins) / len(wins):.3f} (parity 0.250) over {len(wins)} games, "
        f"mean lead {statistics.mean(leads):+.1f} ± {spread:.1f} points"
    )


FIT_ROWS = 8
"""Rows of the fitted table: rounds left 0 … 7. Earlier positions are left out: further from the end the terms
forecast almost nothing (R² near 0 at eight rounds and more) and a fit there flattens every difference; the
projection uses the last row for them."""


def round_samples(seed: int) -> list[Sample]:
    """One four-player greedy game: per seat and round, ``(rounds left, terms and 1, final score)``."""
    players = 4
    bots = [StoneAgeGreedy() for _ in range(players)]
    state = GAME.new_state(players)
    dice, rngs = chance_rng(seed), [seat_rng(seed, s) for s in range(players)]
    rows: list[tuple[int, list[float], int]] = []
    seen = 0
    while state.actors():
        if state.round != seen:
            seen = state.round
            left = round(rounds_left(state))
            if left < FIT_ROWS:
                rows.extend((left, [*position_terms(state, s), 1.0], s) for s in range(players))
        who = state.actors()[0]
        if who == CHANCE:
            state.apply_chance(state.sample_chance(dice))
            continue
        legal = state.legal_actions(who)
        state.apply_action(who, bots[who].act(GAME, state.view(who), legal, rngs[who]))
    final = state.result().scores
    return [(left, terms, float(final[s])) for left, terms, s in rows]


def fit(games: int, workers: int, strength: float) -> None:
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        samples = [s for game in pool.map(round_samples, range(1, games + 1), chunksize=8) for s in game]
    print(f"# {games} greedy games, {len(samples)} samples, {time.perf_counter() - started:.0f} s")
    plain = [1.0] * len(POSITION_TERMS) + [0.0]
    rows = []
    for left in range(FIT_ROWS):
        bucket = [s for s in samples if s[0] == left]
        weights, rmse = ridge(bucket, plain, strength)
        # the plain sum's forecast, with its best constant offset (a constant does not change a comparison)
        offset = statistics.mean(t - sum(row[:-1]) for _, row, t in bucket)
        before = r_squared(bucket, [*plain[:-1], offset])
        after = r_squared(bucket, weights)
        print(f"# rounds left {left}: {len(bucket)} samples, R² sum {before:.3f}, fit {after:.3f}, rmse {rmse:.1f}")
        rows.append(tuple(round(w, 3) for w in weights))
    print("# fmt: off")
    print("TERM_WEIGHTS: Final[tuple[tuple[float, ...], ...]] = (")
    print(f"    # weights of the POSITION_TERMS then a constant, per rounds left 0, 1, 2, ... {FIT_ROWS - 1}")
    for row in rows:
        print(f"    ({', '.join(repr(w) for w in row)}),")
    print(")")
    print("# fmt: on")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", nargs="?", default="speed", choices=("speed", "tune", "fit"))
    parser.add_argument("weights", nargs="*", help="tune: NAME=VALUE changes to the default Weights")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--strength", type=float, default=100.0, help="fit: pull toward the plain sum")
    args = parser.parse_args()
    if args.mode == "speed":
        speeds()
        return
    if args.mode == "fit":
        fit(args.games, args.workers, args.strength)
        return
    changes = {name: float(value) for name, value in (item.split("=", 1) for item in args.weights)}
    tune(changes, args.games, args.workers)


if __name__ == "__main__":
    main()
