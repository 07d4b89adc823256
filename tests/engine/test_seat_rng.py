"""A seat's generator (``seat_rng``) is seeded on its first draw, and draws exactly what
``random.Random("dolmen-seat:<seed>:<seat>")`` draws: bots' choices, and so every simulated game, depend on it."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from dolmen.engine import seat_rng

DRAWS: dict[str, Callable[[random.Random], Any]] = {
    "randrange": lambda r: [r.randrange(n) for n in (1, 2, 7, 1000, 2**40)],
    "random": lambda r: [r.random() for _ in range(5)],
    "getrandbits": lambda r: [r.getrandbits(k) for k in (1, 31, 64, 100)],
    "choice": lambda r: r.choice("abcdefgh"),
    "shuffle": lambda r: r.shuffle(items := list(range(20))) or items,
    "sample": lambda r: r.sample(range(100), 10),
    "choices": lambda r: r.choices("abc", weights=(1, 2, 3), k=6),
    "uniform": lambda r: r.uniform(2.0, 3.0),
    "gauss": lambda r: [r.gauss(0.0, 1.0) for _ in range(3)],
    "randbytes": lambda r: r.randbytes(9),
    "getstate": lambda r: r.getstate(),
}


@pytest.mark.parametrize("draw", DRAWS)
@pytest.mark.parametrize("seed", [1, "tournament", None])
def test_a_seat_generator_draws_what_random_random_of_its_text_draws(draw: str, seed: int | str | None) -> None:
    mine, reference = seat_rng(seed, 2), random.Random(f"dolmen-seat:{seed}:2")
    first = DRAWS[draw]
    assert first(mine) == first(reference)
    assert [mine.randrange(6) for _ in range(50)] == [reference.randrange(6) for _ in range(50)]


def test_a_seat_generator_is_seeded_only_when_drawn_from_then_is_a_plain_generator() -> None:
    rng = seat_rng(7, 0)
    assert type(rng) is not random.Random and isinstance(rng, random.Random)
    rng.randrange(10)
    assert type(rng) is random.Random


def test_copies_pickles_and_reseeding_behave_as_for_random_random() -> None:
    for make in (lambda: seat_rng(3, 1), lambda: random.Random("dolmen-seat:3:1")):
        assert [copy.copy(make()).random(), copy.deepcopy(make()).random()] == [
            random.Random("dolmen-seat:3:1").random()
        ] * 2
        assert pickle.loads(pickle.dumps(make())).random() == random.Random("dolmen-seat:3:1").random()
    reseeded, restored = seat_rng(3, 1), seat_rng(4, 0)
    reseeded.seed(99)
    restored.setstate(random.Random(99).getstate())
    assert reseeded.random() == restored.random() == random.Random(99).random()
