"""The Roll Through the Ages bots always answer: a step the greedy rules do not know raises a
:class:`~dolmen.bots.fallback.NoRule` (a ``DolmenError``) that the bots' fallbacks catch, and expectimax guards its
fallback to the greedy rules like the others (:mod:`dolmen.bots.fallback`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dolmen.bots.fallback import FallbackCounter, NoRule
from dolmen.bots.rtta.choices import greedy_action
from dolmen.bots.rtta.expectimax import RttaExpectimax
from dolmen.bots.rtta.greedy import RttaGreedy
from dolmen.engine import DolmenError, IllegalStep
from dolmen.games.rtta import RollThroughTheAges, RttaState, steps
from tests.rtta.helpers import new, play

GAME = RollThroughTheAges()


class Unknown:
    """Stands in for the game: the states it rebuilds from a view stand at a step no greedy rule knows (the end:
    nobody acts there, so the tests also tell the bots which seat they play, :func:`lost`)."""

    def state_from_view(self, view: dict[str, Any], rng: random.Random) -> RttaState:
        state = GAME.state_from_view(view, rng)
        state.step = steps.OVER
        return state


@pytest.fixture
def lost(monkeypatch: pytest.MonkeyPatch) -> Unknown:
    """The :class:`Unknown` game, the bots playing seat 0 whoever acts."""
    for module in ("greedy", "expectimax"):
        monkeypatch.setattr(f"dolmen.bots.rtta.{module}.acting_seat", lambda view, state: 0)
    return Unknown()


def rerolling() -> tuple[RttaState, dict[str, Any], list[Any]]:
    """A solo turn after its first roll: a decision with many legal actions, its view and legal list."""
    state = play(new(1), "roll food3 goods skull")
    return state, state.view(0), list(state.legal_actions(0))


def test_a_step_without_a_greedy_rule_is_a_dolmen_error() -> None:
    state, _, legal = rerolling()
    state.step = steps.OVER
    with pytest.raises(NoRule, match="no greedy rule for step"):
        greedy_action(state, 0, legal)
    assert issubclass(NoRule, DolmenError)


@pytest.mark.allow_fallback
def test_greedy_falls_back_when_it_has_no_rule(lost: Unknown) -> None:
    _, view, legal = rerolling()
    counter = FallbackCounter().install()
    try:
        assert RttaGreedy().act(lost, view, legal, random.Random(0)) == legal[0]  # type: ignore[arg-type]
        with pytest.raises(NoRule):
            RttaGreedy(strict=True).act(lost, view, legal, random.Random(0))  # type: ignore[arg-type]
    finally:
        counter.remove()
    assert [fallback.instead for fallback in counter.fallbacks] == ["the first legal action"]


@pytest.mark.allow_fallback
def test_expectimax_falls_back_to_greedy_then_to_the_first_legal_action(lost: Unknown) -> None:
    """Expectimax has no rule for the step and falls back to the greedy rules, which have none either: the first
    legal action, both fallbacks logged."""
    _, view, legal = rerolling()
    counter = FallbackCounter().install()
    try:
        assert RttaExpectimax().act(lost, view, legal, random.Random(0)) == legal[0]  # type: ignore[arg-type]
        with pytest.raises(NoRule):
            RttaExpectimax(strict=True).act(lost, view, legal, random.Random(0))  # type: ignore[arg-type]
    finally:
        counter.remove()
    assert [fallback.instead for fallback in counter.fallbacks] == ["the greedy rules", "the first legal action"]


@pytest.mark.allow_fallback
def test_expectimax_never_plays_an_illegal_greedy_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> object:
        raise IllegalStep("a position expectimax does not know")

    monkeypatch.setattr(RttaExpectimax, "choose", refuse)
    monkeypatch.setattr("dolmen.bots.rtta.expectimax.greedy_action", lambda *args: ("no such action",))
    _, view, legal = rerolling()
    counter = FallbackCounter().install()
    try:
        assert RttaExpectimax().act(GAME, view, legal, random.Random(0)) == legal[0]
    finally:
        counter.remove()
    assert [fallback.instead for fallback in counter.fallbacks] == ["the greedy rules", "the first legal action"]
