"""How long a searching bot may think: an iteration budget, a time budget, or both (whichever ends first)."""

from __future__ import annotations

from dataclasses import dataclass

from dolmen.engine.errors import OptionsError

RESERVE = 0.02
"""Share of a time budget kept back from searching (freeing a large tree takes a few milliseconds)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``iterations`` search iterations and at most ``seconds`` of wall-clock time per decision.

    An iteration-only budget makes a bot deterministic given its generator; a time budget makes its
    decisions (and so arena results) depend on the machine and its load.
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"a budget needs at least one iteration, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"a time budget must be positive, not {self.seconds}")

    def untimed(self) -> Budget:
        """The same budget without its clock (the iterations alone); an error for a time-only budget."""
        if self.iterations is None:
            raise ValueError("a time-only budget has no untimed form")
        return Budget(self.iterations)

    def deadline(self, started: float) -> float:
        """The ``time.perf_counter()`` value at which searching must stop (infinity when untimed): a little
        before ``seconds`` have passed, leaving :data:`RESERVE` of the budget to free the tree and answer."""
        return started + self.seconds * (1 - RESERVE) if self.seconds is not None else float("inf")


LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=100, seconds=0.05),
    "medium": Budget(iterations=1_000, seconds=0.3),
    "hard": Budget(iterations=5_000, seconds=1.0),
}
"""The search levels. Timed (interactive play) a level stops at whichever limit comes first, so ``hard`` never
thinks longer than 1 s; untimed (the arena's default) only the iterations count."""

DEFAULT_LEVEL = "medium"


def level_budget(level: str | None, *, timed: bool) -> Budget:
    """The budget of ``easy``/``medium``/``hard`` (``None``: medium), or of a bare iteration count such as
    ``500`` (never timed)."""
    name = DEFAULT_LEVEL if level is None else level
    if name.isdigit():
        iterations = int(name)
        if iterations < 1:
            raise OptionsError("an iteration budget is at least 1")
        return Budget(iterations)
    try:
        budget = LEVELS[name]
    except KeyError:
        known = ", ".join(LEVELS)
        raise OptionsError(f"unknown level {name!r}; levels: {known}, or an iteration count such as 500") from None
    return budget if timed else budget.untimed()
