"""Ridge regression for the bots' value tables (``bench/rtta_bots.py fit``, ``bench/stoneage_bots.py fit``):
pure Python, the systems are small."""

from __future__ import annotations

from collections.abc import Sequence

Sample = tuple[int, list[float], float]
"""A bucket (e.g. turns or rounds left), the features and the target."""


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems are small and well conditioned by the ridge)."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def ridge(samples: Sequence[Sample], prior: Sequence[float], strength: float) -> tuple[list[float], float]:
    """Weights minimising squared error plus ``strength`` times the squared distance to ``prior``, and the
    root mean squared error of the fit."""
    k = len(prior)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for _, row, target in samples:
        for i, xi in enumerate(row):
            if xi:
                xty[i] += xi * target
                line = xtx[i]
                for j, xj in enumerate(row):
                    line[j] += xi * xj
    for i in range(k):
        xtx[i][i] += strength
        xty[i] += strength * prior[i]
    weights = solve(xtx, xty)
    return weights, (squared_error(samples, weights) / max(1, len(samples))) ** 0.5


def squared_error(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    """The summed squared error of the linear forecast ``weights · features`` over ``samples``."""
    return sum((t - sum(w * x for w, x in zip(weights, row, strict=True))) ** 2 for _, row, t in samples)


def r_squared(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    """The share of the targets' variance that the forecast ``weights · features`` explains (below 0 when it
    forecasts worse than their mean)."""
    mean = sum(t for _, _, t in samples) / len(samples)
    return 1.0 - squared_error(samples, weights) / sum((t - mean) ** 2 for _, _, t in samples)
