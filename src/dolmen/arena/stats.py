"""The statistics of an arena: Wilson intervals for win rates, normal intervals for mean scores, and
Elo-style ratings fitted (Bradley–Terry) to the pairwise results within games."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

ELO_BASE = 1500.0
ELO_SCALE = 400.0
"""Elo convention: a 400-point gap means 10-to-1 odds, and the bots' mean rating is 1500."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (``successes`` may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} must lie between 0 and trials {trials}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float | None, float | None]:
    """The mean and its normal-approximation interval ``mean ± z·s/√n`` (no interval below two values)."""
    if not values:
        raise ValueError("the mean of no values")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, None, None)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


PairwiseScores = dict[tuple[str, str], float]
"""``(a, b) -> points a scored against b``: 1 per game a finished ahead of b, 1/2 per tie."""


def add_pairwise(scores: PairwiseScores, bots: Sequence[str], ranks: Sequence[int]) -> None:
    """Add one game's comparisons: every pair of seats played by different bots (lower rank is better)."""
    for i, a in enumerate(bots):
        for j in range(i + 1, len(bots)):
            b = bots[j]
            if a == b:
                continue
            if ranks[i] < ranks[j]:
                points = 1.0
            elif ranks[i] == ranks[j]:
                points = 0.5
            else:
                points = 0.0
            scores[(a, b)] = scores.get((a, b), 0.0) + points
            scores[(b, a)] = scores.get((b, a), 0.0) + 1.0 - points


def elo_ratings(
    bots: Sequence[str], scores: Mapping[tuple[str, str], float], *, prior_draws: float = 1.0, rounds: int = 10_000
) -> dict[str, float]:
    """Bradley–Terry strengths by minorization–maximization (Hunter 2004), as Elo ratings averaging 1500.

    Every pair that met gets ``prior_draws`` virtual drawn games, so a bot that won everything still gets a
    finite rating; with two bots the rating gap is ``400·log10((points_a + p/2) / (points_b + p/2))``. Bots
    that never met anybody get 1500.
    """
    games: dict[tuple[str, str], float] = {}
    for (a, b), points in scores.items():
        games[(a, b)] = points + scores.get((b, a), 0.0) + prior_draws
    wins = {a: sum(scores.get((a, b), 0.0) + prior_draws / 2 for b in bots if (a, b) in games) for a in bots}
    strength = dict.fromkeys(bots, 1.0)
    met = [a for a in bots if wins[a] > 0]
    for _ in range(rounds):
        updated = dict(strength)
        for a in met:
            denominator = sum(n / (strength[a] + strength[b]) for (x, b), n in games.items() if x == a)
            updated[a] = wins[a] / denominator
        norm = math.exp(statistics.fmean(math.log(updated[a]) for a in met)) if met else 1.0
        updated = {a: s / norm for a, s in updated.items()}
        change = max((abs(updated[a] - strength[a]) for a in bots), default=0.0)
        strength = updated
        if change < 1e-12:
            break
    return {a: ELO_BASE + ELO_SCALE * math.log10(strength[a]) if a in met else ELO_BASE for a in bots}
