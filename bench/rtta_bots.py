"""Roll Through the Ages bots: fit the board-value weights, and time the bots' decisions.

``fit`` plays solo *Bronze Age* games with a bot, records the board at the end of each turn with the number of
turns left and the game's final score, and fits, per number of turns left, the weights of
:mod:`dolmen.bots.rtta.values` by ridge regression (toward the prior of :mod:`dolmen.bots.rtta.weights`) of
``final score - score at that turn``. It prints the table to paste into ``rtta_weights.py``. ``epsilon`` is
the share of building and buying decisions taken at random, so that the boards vary beyond the bot's habits.

``--blend`` prints the average of the new fit and the table in use (damped policy iteration: the table in use
is the greedy fit of 3,000 games blended with a fit of 1,500 expectimax games played with it, which scored
better than either, and better than one more blended round).

``time`` prints each bot's mean and longest decision on solo and four-player games. ``cpu`` prints the CPU
time of each untimed bot's decisions on fixed games (deterministic, so two versions of the code play the same
games): for comparing versions on a busy machine, run it alternately with each and compare medians.

Run: ``.venv/bin/python bench/rtta_bots.py fit --games 4000 --bot expectimax --workers 2``;
``.venv/bin/python bench/rtta_bots.py time``; ``.venv/bin/python bench/rtta_bots.py cpu``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from dolmen.bots import make_bot
from dolmen.bots.rtta.plan import features_of
from dolmen.bots.rtta.values import FEATURES
from dolmen.bots.rtta.weights import PRIOR, SOLO_BRONZE
from dolmen.engine import CHANCE, Action, Game, Policy, chance_rng, play_game, seat_rng
from dolmen.engine.core import JSON
from dolmen.games.rtta import RollThroughTheAges, steps
from dolmen.games.rtta.board import board_of
from dolmen.games.rtta.components import SOLO_ROUNDS
from dolmen.games.rtta.scoring import Scorer
from fitting import Sample, ridge

GAME = RollThroughTheAges()


def play_for_samples(args: tuple[str, int, float]) -> list[Sample]:
    """One solo game: the end-of-turn samples ``(turns left, features, final score - score then)``."""
    spec, seed, epsilon = args
    bot = make_bot(spec, "rtta", timed=False)
    state = GAME.new_state(1, {"edition": "bronze"})
    dice, rng, explore = chance_rng(seed), seat_rng(seed, 0), random.Random(f"explore:{seed}")
    turns: list[tuple[int, list[float], int]] = []
    while not state.is_over():
        actors = state.actors()
        if actors[0] == CHANCE:
            state._apply_chance(state.sample_chance(dice))
            continue
        legal = state.legal_actions(0)
        if state.step in (steps.BUILD, steps.BUY) and explore.random() < epsilon:
            action = legal[explore.randrange(len(legal))]
        else:
            action = bot.act(GAME, state.view(0), legal, rng)
        played = state.round
        state._apply_action(0, action)
        if state.round != played or state.is_over():
            scorer = Scorer(state, 0)
            left = 0 if state.is_over() else SOLO_ROUNDS - played
            board = board_of(state, 0)
            turns.append((left, features_of(board, scorer), scorer.total(*board[1:])))
    final = state.result().scores[0]
    return [(left, row, float(final - now)) for left, row, now in turns if left > 0]


def fit(bot: str, games: int, seed: int, workers: int, epsilon: float, strength: float, blend: bool) -> None:
    started = time.perf_counter()
    tasks = [(bot, seed * 1_000_000 + g, epsilon) for g in range(games)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        samples = [s for game in pool.map(play_for_samples, tasks, chunksize=20) for s in game]
    seconds = time.perf_counter() - started
    print(f"# {games} games of {bot} (epsilon {epsilon}), {len(samples)} samples, {seconds:.0f} s")
    rows = [PRIOR[0]]
    for left in range(1, len(PRIOR)):
        bucket = [s for s in samples if s[0] == left]
        weights, rmse = ridge(bucket, PRIOR[left], strength)
        print(f"# turns left {left}: {len(bucket)} samples, rmse {rmse:.2f}")
        if blend:  # damped policy iteration: half the new fit, half the table in use
            weights = [(w + old) / 2 for w, old in zip(weights, SOLO_BRONZE[left], strict=True)]
        rows.append(tuple(round(w, 4) for w in weights))
    print("# fmt: off")
    print("SOLO_BRONZE: tuple[tuple[float, ...], ...] = (")
    print(f"    # the {len(FEATURES)} FEATURES of rtta_values (cities ... bias), per turns left 0..{len(rows) - 1}")
    for row in rows:
        values = [repr(w) for w in row]
        print(f"    ({', '.join(values[:13])},\n     {', '.join(values[13:])}),")
    print(")")
    print("# fmt: on")


class Stopwatch:
    """Wraps a bot and records how long each of its decisions takes (``clock``: wall time by default)."""

    def __init__(self, bot: Policy, clock: Callable[[], float] = time.perf_counter) -> None:
        self.bot = bot
        self.clock = clock
        self.spent: list[float] = []

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        started = self.clock()
        action = self.bot.act(game, view, legal, rng)
        self.spent.append(self.clock() - started)
        return action


def time_bots() -> None:
    """Decision times (timed budgets, one core): solo and with three greedy opponents."""
    for players, specs in ((1, ("greedy", "expectimax", "mcts:100", "mcts:hard")), (4, ("greedy", "expectimax"))):
        for spec in specs:
            watch = Stopwatch(make_bot(spec, "rtta", timed=True))
            others = [make_bot("greedy", "rtta") for _ in range(players - 1)]
            for seed in range(2 if spec.startswith("mcts") else 10):
                play_game(GAME, players, {"edition": "bronze"}, seed, [watch, *others], record=False)
            spent = watch.spent
            print(f"{players}p {spec:<11} {len(spent):5} decisions", end="")
            print(f"  mean {1000 * sum(spent) / len(spent):8.2f} ms  longest {1000 * max(spent):7.1f} ms")


CPU_CASES = (
    (1, "bronze", "greedy", 300),
    (1, "bronze", "expectimax", 8),
    (4, "late", "expectimax", 2),
    (1, "bronze", "mcts:100", 2),
    (3, "bronze", "mcts:30", 1),
)
"""``(players, edition, bot, games)``: every seat plays ``bot`` (untimed)."""


def cpu_bots() -> None:
    """CPU seconds the untimed bots spend on fixed games (every seat the same bot)."""
    for players, edition, spec, games in CPU_CASES:
        watches = [Stopwatch(make_bot(spec, "rtta", timed=False), time.process_time) for _ in range(players)]
        for seed in range(games):
            play_game(GAME, players, {"edition": edition}, seed, watches, record=False)
        spent = [s for watch in watches for s in watch.spent]
        print(f"{players}p {edition:<6} {spec:<11} {len(spent):5} decisions  {sum(spent):7.2f} s CPU", end="")
        print(f"  mean {1000 * sum(spent) / len(spent):8.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--bot", default="greedy")
    f.add_argument("--games", type=int, default=2000)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--workers", type=int, default=2)
    f.add_argument("--epsilon", type=float, default=0.05)
    f.add_argument("--strength", type=float, default=30.0)
    f.add_argument("--blend", action="store_true", help="print the average of the fit and the table in use")
    sub.add_parser("time")
    sub.add_parser("cpu")
    args = parser.parse_args()
    if args.command == "fit":
        fit(args.bot, args.games, args.seed, args.workers, args.epsilon, args.strength, args.blend)
    elif args.command == "cpu":
        cpu_bots()
    else:
        time_bots()


if __name__ == "__main__":
    main()
