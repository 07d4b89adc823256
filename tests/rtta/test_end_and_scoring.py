"""Game end (rounds always finish), final scoring, tie-break and shared wins."""

from __future__ import annotations

import random

import pytest

from dolmen.engine import DolmenError, GameNotOver, RandomPolicy, play_game
from dolmen.games.rtta import RttaState, scoring
from dolmen.games.rtta.components import (
    CITIES,
    DEVELOPMENT_BY_NAME,
    GOOD_MAX,
    MAX_CITIES,
    MONUMENT_BOXES,
    MONUMENTS,
    START_CITIES,
    TARGET_BOXES,
)
from dolmen.games.rtta.scoring import Scorer, score, score_parts
from tests.rtta.helpers import GAME, new, play, setup, step


def devs_mask(*names: str) -> int:
    return sum(1 << DEVELOPMENT_BY_NAME[name] for name in names)


def test_the_round_finishes_after_a_fifth_development() -> None:
    """Seed 002 "Game End": the game is over at the end of the round when one player buys his 5th development;
    play until all players have had an equal number of turns."""
    s = new(3)
    setup(s, 0, devs=["agriculture", "quarrying", "medicine", "caravans"])
    play(s, "roll coins coins food3", "keep", "buy leadership")
    assert s.active == 1 and not s.is_over()
    play(s, "roll food3 food3 food3", "keep")
    assert s.active == 2 and not s.is_over()
    play(s, "roll food3 food3 food3", "keep")
    assert s.is_over() and step(s) == "over" and s.actors() == ()
    assert s.result().reason == "a player owns 5 developments"


def test_the_last_seat_ending_the_round_ends_the_game_at_once() -> None:
    """Seed 002 "Game End": the last player is the one to the right of the start player; their 5th
    development ends the round and the game."""
    s = new(2)
    setup(s, 1, devs=["agriculture", "quarrying", "medicine", "caravans"])
    play(s, "roll food3 food3 food3", "keep")
    play(s, "roll coins coins food3", "keep", "buy irrigation")
    assert s.is_over()


def test_late_needs_seven_developments() -> None:
    """Seed 000 "Fin de la Partie": the game ends at the end of the round in which 7 developments are bought."""
    s = new(2, edition="late")
    six = ("agriculture", "quarrying", "medicine", "caravans", "coinage", "irrigation")
    s.devs[0] = devs_mask(*six)
    for _ in range(2):
        play(s, "roll food3 food3 food3", "keep", "end trade")
    assert not s.is_over() and s.round == 2
    s.devs[0] = devs_mask(*six, "preservation")
    for _ in range(2):
        play(s, "roll food3 food3 food3", "keep", "end trade")
    assert s.is_over() and s.result().reason == "a player owns 7 developments"


def test_the_game_ends_when_every_monument_in_play_is_built() -> None:
    """Seed 002 "Game End": each monument has been built at least once by any of the players (2 players: the
    Temple and the Great Pyramid are not in play)."""
    s = new(2)
    for m in (0, 1, 3, 4, 5):
        s.first_builder[m] = 1
        s.progress[1][CITIES + m] = MONUMENT_BOXES[m]
    setup(s, 0, progress={"step-pyramid": 2})
    play(s, "roll workers3 food3 food3", "keep", "build step-pyramid 1", "end build")
    assert not s.is_over()
    play(s, "roll food3 food3 food3", "keep")
    assert s.is_over() and s.result().reason == "every monument in play has been built"


def test_solo_lasts_ten_rounds() -> None:
    """Seed 002 "Rules for Solitaire Play": play for a total of 10 rounds."""
    s = new(1)
    for round_number in range(1, 11):
        assert s.round == round_number and not s.is_over()
        play(s, "roll food3 food3 food3", "keep")
    assert s.is_over() and s.result().reason == "10 rounds played"


def test_solo_ends_sooner_when_the_usual_condition_holds() -> None:
    """[ruling] shared/rules/rtta.md: solo ends sooner at the end of a round in which the usual end condition
    holds."""
    s = setup(new(1), 0, devs=["agriculture", "quarrying", "medicine", "caravans"])
    play(s, "roll coins coins food3", "keep", "buy leadership")
    assert s.is_over() and s.round == 1


@pytest.mark.parametrize(
    ("edition", "devs", "expected"),
    [
        ("bronze", ("architecture",), 8 + (10 + 1) + 2 - 5),
        ("late", ("architecture",), 8 + (10 + 1) + 4 - 5),
        ("bronze", ("empire",), 8 + (10 + 1) + 5 - 5),
        ("late", ("empire",), 10 + (10 + 1) + 5 - 5),
        ("late", ("commerce",), 8 + (10 + 1) + 9 - 5),
    ],
)
def test_final_score_adds_bonuses_and_subtracts_disasters(edition: str, devs: tuple[str, ...], expected: int) -> None:
    """Seed 002 "Game End": developments + monuments, Architecture +1 per monument built, Empire +1 per city,
    minus 1 per disaster box; seed 000: Architecture +2 per monument, Empire 10 points, Commerce +1 per good."""
    s = new(2, edition=edition)
    s.devs[0] = devs_mask(*devs)
    s.progress[0][CITIES + 5] = 13  # Great Wall, first: 10
    s.progress[0][CITIES + 1] = 5  # Stone Circle, later: 1
    s.first_builder[5] = 0
    s.first_builder[1] = 1
    s.cities[0] = 5
    s.goods[0] = [3, 2, 2, 1, 1]
    s.disasters[0] = 5
    assert score(s, 0) == expected


def test_ties_go_to_the_most_valuable_goods_then_are_shared() -> None:
    """Seed 002 "Winning the Game": in a tie, the tied player whose remaining goods are worth the most wins;
    shared/rules/rtta.md: still tied, the tied players share the win."""
    s = new(3)
    s.devs = [devs_mask("leadership")] * 3
    s.goods = [[2, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 0]]
    result = scoring.result(s)
    assert result.scores == (2, 2, 2) and result.tiebreak == (3, 2, 0)
    assert result.winners == (0,) and result.ranks == (1, 2, 3)
    s.goods[1] = [1, 1, 0, 0, 0]
    result = scoring.result(s)
    assert result.winners == (0, 1) and result.ranks == (1, 1, 3)


def test_a_result_is_asked_only_of_a_finished_game() -> None:
    """``result()`` before the end raises GameNotOver (a DolmenError, as in every game), at the start and in
    the middle of a game; once it is over it gives the scores."""
    s = new(2)
    with pytest.raises(GameNotOver, match="not over"):
        s.result()
    play(s, "roll food3 goods coins", "keep")
    with pytest.raises(DolmenError):
        s.result()
    state, _ = play_game(GAME, 2, {"edition": "bronze"}, 5, [RandomPolicy(), RandomPolicy()], record=False)
    assert state.is_over() and state.result().scores == tuple(score(state, seat) for seat in range(2))


def _random_sheet(rng: random.Random, players: int, edition: str) -> RttaState:
    """A table whose seat 0 holds a random board: any goods, developments, cities, disasters, boxes ticked in
    the monuments in play (a completed one has a first builder, as in play)."""
    s = new(players, edition=edition)
    s.goods[0] = [rng.randint(0, top) for top in GOOD_MAX]
    s.devs[0] = sum(1 << dev for dev in s.edition.developments if rng.random() < 0.3)
    s.cities[0] = rng.randint(START_CITIES, MAX_CITIES)
    s.disasters[0] = rng.randint(0, 20)
    for m in range(MONUMENTS):
        if s.in_play[m]:
            boxes = TARGET_BOXES[CITIES + m]
            s.progress[0][CITIES + m] = rng.choice((0, boxes, rng.randint(0, boxes)))
            if s.progress[0][CITIES + m] == boxes:
                s.first_builder[m] = rng.choice((0, 0, rng.randrange(players)))
    return s


@pytest.mark.parametrize("edition", ["bronze", "late"])
def test_the_fast_total_is_the_score_sheet_total(edition: str) -> None:
    """:meth:`Scorer.total` (the bots' many boards) equals the sheet of :meth:`Scorer.parts` on 2,000 random
    boards, and the views' ``score_parts`` is that sheet."""
    rng = random.Random(edition)
    for _ in range(2000):
        s = _random_sheet(rng, rng.randint(1, 4), edition)
        scorer = Scorer(s, 0)
        board = (s.goods[0], s.progress[0], s.cities[0], s.devs[0], s.disasters[0])
        assert scorer.total(*board) == score_parts(s, 0)["total"] == scorer.parts(*board)["total"]


@pytest.mark.parametrize("edition", ["bronze", "late"])
def test_completing_a_target_adds_its_completion_points(edition: str) -> None:
    """:meth:`Scorer.completion_points` (the planners' gain for finishing a city or a monument) is what the total
    gains when its last box is ticked: seed 002 "Game End" (Empire +1 per city, Architecture per monument)."""
    rng = random.Random(edition)
    for _ in range(500):
        s = _random_sheet(rng, rng.randint(1, 4), edition)
        scorer = Scorer(s, 0)
        progress, cities, devs = s.progress[0], s.cities[0], s.devs[0]
        before = scorer.total(s.goods[0], progress, cities, devs, s.disasters[0])
        for target, boxes, _ in s.build_rows:
            if progress[target] < boxes:
                done = [*progress[:target], boxes, *progress[target + 1 :]]
                more = cities + (target < CITIES)
                after = scorer.total(s.goods[0], done, more, devs, s.disasters[0])
                assert after - before == scorer.completion_points(target, devs)
