"""Text for the terminal: the reader's language, action lists grouped by verb and wrapped without cutting a word,
boards wrapped between words, the end screen, and the documented examples of the CLI modules."""

from __future__ import annotations

import doctest
import importlib

import pytest

from dolmen.cli.render import render, wrap
from dolmen.cli.scores import final_lines, seat_breakdowns
from dolmen.cli.texts import action_lines, examples, fill, language
from dolmen.engine import Result
from dolmen.engine.messages import Catalogue
from dolmen.games.rtta import RollThroughTheAges
from dolmen.games.stoneage import StoneAge


@pytest.mark.parametrize("module", ["dolmen.cli.texts", "dolmen.cli.render", "dolmen.cli.scores", "dolmen.cli.stepper"])
def test_doctests(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_CA", "LANG": "en_US"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_the_environment(environ: dict[str, str], lang: str) -> None:
    assert language(environ) == lang


def words_of(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


def test_stone_age_placements_fit_80_columns_grouped_by_verb() -> None:
    state = StoneAge().new_state(2)
    state.apply_chance(state.parse_outcome("card music-points3"))
    while state.is_chance():
        state.apply_chance(state.sample_chance(__import__("random").Random(1)))
    legal = state.legal_actions(0)
    lines = action_lines(legal, state.action_text, 80)
    assert all(len(line) <= 80 for line in lines)
    assert sum(line.count("place:") for line in lines) == 1  # one block for the verb
    # every action is there, whole, with its number
    texts = [state.action_text(action) for action in legal]
    joined = " ".join(" ".join(lines).split())
    for number, text in enumerate(texts):
        rest = text.partition(" ")[2]
        assert f"[{number}] {rest}" in joined


def test_no_word_is_cut_at_any_width() -> None:
    items = [f"[{i}] offer 1 give 2 wood 1 stone get 3 cloth" for i in range(30)]
    for columns in (40, 57, 80, 132):
        lines = fill(items, columns)
        assert all(len(line) <= columns for line in lines)
        assert words_of(lines) == " ".join(items).split()


def test_a_lazy_list_of_millions_is_not_listed() -> None:
    class Offers:
        def __len__(self) -> int:
            return 5_000_000

        def __getitem__(self, index: int) -> str:
            return f"offer {index}"

    lines = action_lines(Offers(), str, 80)  # type: ignore[arg-type]
    assert "4999760 more" in lines[-1] and len(lines) < 80


def test_examples_take_one_text_per_verb() -> None:
    legal = ["keep", "reroll coins", "reroll goods coins", "reroll food3"]
    assert examples(legal, str) == {"keep": "keep", "reroll": "reroll goods coins"}


def test_boards_wrap_between_words() -> None:
    state = RollThroughTheAges().new_state(2)
    state.apply_chance(state.parse_outcome("roll skull food3 coins"))
    text = render("rtta", state.view(0), 0, 80)
    plain = render("rtta", state.view(0), 0)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert text.split() == plain.split()
    assert wrap("short", 80) == "short"


def test_the_end_names_the_winner_and_breaks_scores_down() -> None:
    view = {"boards": [{"score": {"total": 30, "developments": 20, "monuments": 10}}, {"score": {"total": 12}}]}
    result = Result((30, 12), (0,), (1, 2), "the last development was bought", (0, 0))
    texts = Catalogue("en", [])
    lines = final_lines(view, result, ["Ann", "Bob"], texts)
    assert lines[0] == "The game is over (the last development was bought)."
    assert lines[1] == "  1. Ann: 30 — developments 20, monuments 10" and lines[2] == "  2. Bob: 12"
    assert lines[-1] == "  Ann wins with 30 points."
    french = final_lines(view, Result((7, 7), (0, 1), (1, 1), "fin", (2, 2)), ["Ann", "Bob"], Catalogue("fr", []))
    assert french[-1] == "  Ann, Bob gagnent avec 7 points." and "(tie-break 2)" in french[1]


def test_breakdowns_are_found_where_the_views_keep_them() -> None:
    assert seat_breakdowns({"seats": [{"score": 3}, {"score": 4}]}, 2) == [None, None]
    per_seat = [{"cards": 3}, {"cards": 4}]
    assert seat_breakdowns({"board": {"score_breakdown": per_seat}}, 2) == per_seat
    assert seat_breakdowns({"seats": [{"breakdown": {"a": 1}}, {}]}, 2) == [{"a": 1}, None]
    assert seat_breakdowns({"scoring": per_seat}, 2) == per_seat


def test_the_short_board_shows_the_turn_and_the_acting_seat() -> None:
    from dolmen.cli.render import status

    state = RollThroughTheAges().new_state(3)
    state.apply_chance(state.parse_outcome("roll skull food3 coins"))
    short = status("rtta", state.view(0), 0)
    assert "Dice: " in short and "seat 0 (you):" in short and "seat 1:" not in short and "Monuments" not in short
    state = StoneAge().new_state(2)
    while state.is_chance():
        state.apply_chance(state.chance_outcomes()[0][0])
    short = status("stoneage", state.view(1), 1)
    assert "Seat 1 (you)" in short and "Seat 0" not in short and "Sites" not in short
