"""A bot that falls back to a simpler choice logs it with the view that caused it; the arena counts it."""

from __future__ import annotations

import logging
import multiprocessing
import random

import pytest

from dolmen.arena import run_arena
from dolmen.bots import make_bot
from dolmen.bots.fallback import LOGGER, FallbackCounter, fallback_of
from dolmen.engine import IllegalStep
from dolmen.games.rtta import RollThroughTheAges

GAME = RollThroughTheAges()


def refuse(*args: object, **kwargs: object) -> object:
    raise IllegalStep("a rule that does not know this position")


@pytest.mark.allow_fallback
def test_a_fallback_is_logged_with_its_view(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr("dolmen.bots.rtta.greedy.greedy_action", refuse)
    state = GAME.new_state(2)
    while state.is_chance():
        state.apply_chance(state.sample_chance(random.Random(0)))
    seat = state.actors()[0]
    legal = state.legal_actions(seat)
    view = state.view(seat)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        action = make_bot("greedy", "rtta").act(GAME, view, legal, random.Random(0))
    assert action == legal[0]
    (record,) = [r for r in caplog.records if fallback_of(r) is not None]
    fallback = fallback_of(record)
    assert fallback is not None and fallback.bot == "RttaGreedy" and fallback.view == view
    assert "does not know this position" in record.getMessage() and '"players"' in record.getMessage()


def test_errors_other_than_dolmen_errors_are_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("a bug")

    monkeypatch.setattr("dolmen.bots.rtta.greedy.greedy_action", broken)
    state = GAME.new_state(1)
    while state.is_chance():
        state.apply_chance(state.sample_chance(random.Random(0)))
    with pytest.raises(KeyError):
        make_bot("greedy", "rtta").act(GAME, state.view(0), state.legal_actions(0), random.Random(0))


@pytest.mark.allow_fallback
def test_the_arena_counts_fallbacks_per_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dolmen.bots.rtta.greedy.greedy_action", refuse)
    counter = FallbackCounter().install()
    try:
        report = run_arena("rtta", "greedy,random", 2, seed=1, workers=1)
    finally:
        counter.remove()
    rows = {row["bot"]: row for row in report["bots"]}  # type: ignore[union-attr, index]
    assert rows["random"]["fallbacks"] == 0
    assert rows["greedy"]["fallbacks"] == counter.count > 0


@pytest.mark.allow_fallback
@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the patched rule must reach the workers")
def test_the_pooled_arena_counts_the_fallbacks_of_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played in worker processes report their fallbacks too: the same games give the same counts in
    one process and in a pool of two."""
    monkeypatch.setattr("dolmen.bots.rtta.greedy.greedy_action", refuse)
    serial = run_arena("rtta", "greedy,random", 4, seed=3, workers=1)
    pooled = run_arena("rtta", "greedy,random", 4, seed=3, workers=2)
    counts = [{row["bot"]: row["fallbacks"] for row in report["bots"]} for report in (serial, pooled)]  # type: ignore[union-attr, index]
    assert counts[0] == counts[1]
    assert counts[1]["greedy"] > 0 and counts[1]["random"] == 0
