"""Refusals: legal lists cannot be changed from outside, foreign values are IllegalStep, and every refusal says
which rule forbids it (``illegal_reason``)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from dolmen.engine import CHANCE, IllegalStep, MalformedStep
from dolmen.games.rtta import RollThroughTheAges, RttaState
from tests.rtta.helpers import new, play, setup

GAME = RollThroughTheAges()


def _try_to_mutate(legal: Any) -> None:
    for attempt in (
        lambda: legal.append(("keep",)),
        lambda: legal.clear(),
        lambda: legal.__setitem__(0, ("buy", 0, 0, 0)),
        lambda: legal.__delitem__(0),
        lambda: legal.fixed.append(("keep",)),
        lambda: legal.spaces.clear(),
    ):
        with contextlib.suppress(AttributeError, TypeError):
            attempt()


@pytest.mark.parametrize("options", [{"edition": "bronze", "trade": True}, {"edition": "late"}])
def test_legal_action_lists_cannot_be_changed_from_outside(options: dict[str, Any]) -> None:
    """legal_actions hands out tuples or read-only sequences: trying to mutate them changes nothing, even for
    the lists the engine keeps (memoised reroll choices, the trade step's cached offers)."""
    rng = random.Random(3)
    for seed in range(3):
        state = GAME.new_state(3, options)
        twin = GAME.new_state(3, options)
        rng.seed(seed)
        while state.actors():
            actors = state.actors()
            if actors == (CHANCE,):
                outcome = state.sample_chance(rng)
                state.apply_chance(outcome)
                twin.apply_chance(outcome)
                continue
            legal = state.legal_actions(actors[0])
            before = list(legal)
            _try_to_mutate(legal)
            again = state.legal_actions(actors[0])
            assert list(again) == before and len(again) == len(before)
            assert isinstance(again, tuple) or not hasattr(again, "append")
            action = before[rng.randrange(len(before))]
            state.apply_action(actors[0], action)
            twin.apply_action(actors[0], action)
            assert state.signature() == twin.signature()


@pytest.mark.parametrize(
    "value",
    [["keep"], {"keep": 1}, ("reroll", [0, 1, 0, 0, 0, 0]), ("offer", 1, ["x"] * 6), ("offer", 1, ("a",) * 6), None, 3],
)
def test_foreign_and_unhashable_values_are_illegal_steps(value: Any) -> None:
    """A value that is no action (unhashable, foreign) raises IllegalStep, never TypeError; nothing changes."""
    for s in (play(new(2), "roll food3 goods coins"), play(new(2, trade=True), "roll workers3 food3 food3", "keep")):
        before = s.signature()
        with pytest.raises(IllegalStep, match=r"not a Roll Through the Ages action|not a legal action"):
            s.apply_action(s.actors()[0], value)
        assert s.signature() == before


def reason(s: RttaState, text: str) -> str:
    """The IllegalStep message when the acting seat takes ``text`` (the state is left unchanged)."""
    before = s.signature()
    with pytest.raises(IllegalStep) as error:
        s.apply_action(s.actors()[0], s.parse_action(text))
    assert s.signature() == before
    return str(error.value)


def test_a_development_that_costs_more_than_the_payment() -> None:
    """Seed 002 "4. Buy a Development": the payment must reach the cost."""
    s = setup(new(2), 0, devs=["granaries"], goods={"wood": 2})
    play(s, "roll coins coins coins", "keep")
    s.coins = 24  # a pinned purse: granaries needs 30
    s.food[0] = 0
    assert reason(s, "buy masonry") == "'buy masonry' is not a legal action: Masonry costs 30, you have 24"
    assert "you already own Granaries" in reason(s, "buy granaries")
    assert "not a development of The Bronze Age" in reason(s, "buy smithing")
    assert "your stone track is empty" in reason(s, "buy masonry with stone")


def test_a_monument_not_in_play() -> None:
    """Seed 002 "Rules for 2/3-player Games": two players cross off the Temple and the Great Pyramid."""
    s = play(new(2), "roll workers3 workers3 workers3", "keep")
    assert reason(s, "build temple 1") == (
        "'build temple 1' is not a legal action: the Temple is not used with 2 players (seed 002, 2/3-player rules)"
    )
    assert "you have 9 workers, not 10" in reason(s, "build great-wall 10")
    assert "has only 3 boxes left" in reason(s, "build step-pyramid 4")
    assert "needs Engineering" in reason(s, "engineer 1")


def test_not_your_turn_and_the_wrong_step() -> None:
    """The kernel: only the acting seat acts, and only with the actions of the step it is at."""
    s = play(new(2), "roll food3 goods coins")
    assert "it is not your turn; seat 0 is playing" in s.illegal_reason(1, ("keep",))
    assert reason(s, "end build") == (
        "'end build' is not a legal action: you are choosing dice to reroll ('reroll FACE ...' or 'keep') now"
    )
    assert "dice are rolling" in new(2).illegal_reason(0, ("keep",))


def test_rerolling_a_skull_and_dice_not_shown() -> None:
    """Seed 002 "1. Roll Dice": dice showing a skull are set aside (multiplayer)."""
    s = play(new(2), "roll food3 skull coins")
    assert "dice showing a skull stay set aside" in reason(s, "reroll skull")
    assert "no die shows 3 workers" in reason(s, "reroll workers3")
    assert "only 1 die shows 7 coins, not 2" in reason(s, "reroll coins coins")


def test_an_offer_beyond_what_a_side_has() -> None:
    """[ruling] An offer that a side cannot pay, or that breaks a track maximum, is illegal."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep")
    assert "you have 6 food, not 9" in reason(s, "offer 1 give 9 food")
    assert "seat 1 has 0 wood, not 1" in reason(s, "offer 1 get 1 wood")
    assert "you cannot trade with yourself" in reason(s, "offer 0 give 1 food")


def test_discarding_must_leave_six() -> None:
    """Seed 002 "5. Discard Goods in Excess of 6"."""
    s = setup(new(2), 0, goods={"wood": 5, "stone": 3})
    play(s, "roll food3 food3 food3", "keep", "end buy")
    assert reason(s, "discard 1 wood") == (
        "'discard 1 wood' is not a legal action: discarding leaves exactly 6 goods; you would keep 7"
    )
    assert "you have 3 stone, not 4" in reason(s, "discard 4 stone")


class TestDicePositions:
    """README and docs/rtta.md: dice may be named by position (1-based, in the order the view lists them)."""

    def test_keep_and_reroll_by_position(self) -> None:
        """``keep 1 3`` keeps dice 1 and 3 and rerolls the rest; ``reroll 2 3`` rerolls dice 2 and 3."""
        s = play(new(2), "roll food3 goods coins")
        assert s.parse_action("keep 1 3") == ("reroll", (0, 1, 0, 0, 0, 0))
        assert s.parse_action("reroll 2 3") == ("reroll", (0, 1, 0, 0, 0, 1))
        assert s.parse_action("keep 1 2 3") == ("keep",)
        play(s, "keep 1 3")
        assert s.is_chance() and s.to_roll == 1

    def test_skulls_stay_set_aside_when_keeping_by_position(self) -> None:
        """Seed 002: skulls stay set aside; solo they are rerolled like any die."""
        s = play(new(2), "roll food3 skull coins")
        assert s.parse_action("keep 1") == ("reroll", (0, 0, 0, 0, 0, 1))
        solo = play(new(1), "roll food3 skull coins")
        assert solo.parse_action("keep 1") == ("reroll", (0, 0, 1, 0, 0, 1))

    def test_leadership_by_position(self) -> None:
        """Seed 002 Table 3, Leadership: reroll one die after the last roll; ``leadership 2`` names die 2."""
        s = setup(new(2), 0, devs=["leadership"])
        play(s, "roll food3 goods coins", "keep")
        assert s.parse_action("leadership 2") == ("leadership", 1)

    @pytest.mark.parametrize("text", ["keep 4", "keep 0", "reroll 1 1", "leadership 1 2"])
    def test_bad_positions_are_malformed(self, text: str) -> None:
        """A position beyond the dice, a die named twice, or two dice for Leadership are MalformedStep."""
        s = play(new(2), "roll food3 goods coins")
        with pytest.raises(MalformedStep):
            s.parse_action(text)

    def test_text_is_case_insensitive_and_prints_canonically(self) -> None:
        """Text is read in any case; Dolmen prints the canonical lower-case face form."""
        s = play(new(2), "ROLL Food3 GOODS coins")
        assert s.action_text(s.parse_action("Reroll COINS")) == "reroll coins"
        assert s.action_text(s.parse_action("KEEP 1 2")) == "reroll coins"
