"""The arena's report: per bot, games, shared wins, win rate and mean score with 95% intervals, and an
Elo-style rating; pairwise results; seat win shares; and (machine-dependent) thinking times."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from dolmen.arena.stats import PairwiseScores, add_pairwise, elo_ratings, mean_interval, wilson_interval
from dolmen.engine.core import JSON

if TYPE_CHECKING:
    from dolmen.arena.run import GameOutcome

DIGITS = 4


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def summarize(
    game: str,
    entries: Sequence[str],
    options: Mapping[str, JSON],
    seed: int,
    outcomes: Sequence[GameOutcome],
    *,
    timed: bool,
) -> dict[str, JSON]:
    """The report of ``outcomes`` (in schedule order). Everything but ``timing`` (and the ``seconds`` and
    ``workers`` the caller adds) depends only on the games, so it is reproducible when untimed.

    Entries with the same spec form one bot: its ``seat_games`` is games × seats it held per game, and its
    wins, win rate and mean score are per seat-game (a win shared by k seats counts 1/k to each). Its
    ``fallbacks`` are the decisions it answered by falling back to a simpler choice (:mod:`dolmen.bots.fallback`;
    0 unless something is wrong).
    """
    players = len(entries)
    bots = list(dict.fromkeys(entries))
    wins = dict.fromkeys(bots, 0.0)
    scores: dict[str, list[float]] = {bot: [] for bot in bots}
    seat_wins = [0.0] * players
    pairwise: PairwiseScores = {}
    decisions = dict.fromkeys(bots, 0)
    thinking = dict.fromkeys(bots, 0.0)
    longest = dict.fromkeys(bots, 0.0)
    fallbacks = dict.fromkeys(bots, 0)
    for outcome in outcomes:
        seats = outcome.game.seats
        share = 1.0 / len(outcome.winners)
        for seat, bot in enumerate(seats):
            scores[bot].append(outcome.scores[seat])
            decisions[bot] += outcome.decisions[seat]
            thinking[bot] += outcome.think_seconds[seat]
            longest[bot] = max(longest[bot], outcome.longest_decision[seat])
            fallbacks[bot] += outcome.fallbacks[seat] if outcome.fallbacks else 0
            if seat in outcome.winners:
                wins[bot] += share
                seat_wins[seat] += share
        add_pairwise(pairwise, seats, outcome.ranks)
    ratings = elo_ratings(bots, pairwise)
    table = []
    for bot in bots:
        seat_games = len(scores[bot])
        low, high = wilson_interval(wins[bot], seat_games)
        mean, mean_low, mean_high = mean_interval(scores[bot])
        table.append(
            {
                "bot": bot,
                "seats_per_game": entries.count(bot),
                "games": len(outcomes),
                "seat_games": seat_games,
                "wins": _round(wins[bot]),
                "win_rate": _round(wins[bot] / seat_games),
                "win_rate_ci95": [_round(low), _round(high)],
                "mean_score": _round(mean),
                "mean_score_ci95": [_round(mean_low), _round(mean_high)],
                "elo": round(ratings[bot], 1),
                "fallbacks": fallbacks[bot],
            }
        )
    return {
        "game": game,
        "players": players,
        "options": dict(options),
        "seed": seed,
        "entries": list(entries),
        "games": len(outcomes),
        "rotations": players,
        "complete_rotations": len(outcomes) % players == 0,
        "timed": timed,
        "bots": table,
        "pairwise": [
            {"bot": a, "against": b, "points": _round(points), "comparisons": _round(points + pairwise[(b, a)])}
            for (a, b), points in pairwise.items()
        ],
        "seat_win_share": [_round(w / len(outcomes)) for w in seat_wins],
        "timing": {
            bot: {
                "decisions": decisions[bot],
                "mean_decision_seconds": _round(thinking[bot] / decisions[bot]) if decisions[bot] else None,
                "max_decision_seconds": _round(longest[bot]),
            }
            for bot in bots
        },
    }
