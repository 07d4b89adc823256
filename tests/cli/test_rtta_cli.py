"""The ``dolmen`` command with Roll Through the Ages: simulate, replay, play (in-process), and the renderer."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dolmen.cli import commands
from dolmen.cli.main import build_parser, main
from dolmen.cli.render.rtta import render
from dolmen.games.rtta import RollThroughTheAges


def dolmen(*argv: str) -> int:
    """``main(argv)``; the commands print to the ``sys.stdout`` of the moment (the one ``capsys`` installed)."""
    return main(list(argv))


@pytest.mark.parametrize(
    ("players", "flags", "options"),
    [
        (1, [], {"edition": "bronze", "trade": False}),
        (4, ["--trade"], {"edition": "bronze", "trade": True}),
        (3, ["--edition", "late"], {"edition": "late", "trade": True}),
    ],
)
def test_simulate_prints_one_json_report(
    players: int, flags: list[str], options: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "rtta", "--players", str(players), "--games", "4", "--seed", "3", "--json", *flags]
    assert dolmen(*args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["games"] == 4 and report["options"] == options and report["seconds"] >= 0
    assert report["games_per_second"] > 0
    assert len(report["mean_scores"]) == players and sum(report["wins"]) == pytest.approx(4)


def test_the_same_seed_simulates_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(2):
        assert dolmen("simulate", "rtta", "--players", "2", "--games", "3", "--seed", "8", "--json") == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.strip().splitlines())
    assert first["mean_scores"] == second["mean_scores"] and first["wins"] == second["wins"]


def test_simulated_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "rtta", "--players", "2", "--games", "2", "--seed", "9", "--edition", "late"]
    assert dolmen(*args, "--records", str(tmp_path), "--json") == 0
    capsys.readouterr()
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for path in files:
        assert dolmen("replay", str(path), "--json") == 0
        report = json.loads(capsys.readouterr().out)
        stored = json.loads(path.read_text())
        assert report["over"] is True and report["steps"] == len(stored["steps"])
        assert report["scores"] == stored["result"]["scores"] and report["winners"] == stored["result"]["winners"]


def test_a_corrupted_record_exits_1_naming_the_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert dolmen("simulate", "rtta", "--players", "2", "--games", "1", "--seed", "2", "--records", str(tmp_path)) == 0
    capsys.readouterr()
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text())
    number = next(i for i, step in enumerate(record["steps"], start=1) if "action" in step and i > 3)
    record["steps"][number - 1]["action"] = "buy empire"
    path.write_text(json.dumps(record))
    assert dolmen("replay", str(path), "--json") == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["step"] == number
    assert f"step {number}: 'buy empire' is not a legal action" in captured.err


def test_a_malformed_step_is_named_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {
        "format": "dolmen-record",
        "version": 1,
        "game": "rtta",
        "players": 2,
        "options": {},
        "steps": [{"chance": "roll food3 food3 food3"}, {"seat": 0, "action": "keep it all"}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert dolmen("replay", str(path)) == 1
    assert "step 2: unknown rtta action 'keep it all'" in capsys.readouterr().err


def test_play_against_a_bot_by_piped_input(tmp_path: Path) -> None:
    """`dolmen play rtta --players 2 --bots 1` is playable from typed input (here always the first action)."""
    save = tmp_path / "game.json"
    args = build_parser().parse_args(
        ["play", "rtta", "--players", "2", "--bots", "1", "--seed", "4", "--save", str(save)]
    )
    out = io.StringIO()
    assert commands.cmd_play(args, stdin=io.StringIO("0\n" * 3000), out=out) == 0
    text = out.getvalue()
    assert "=== Roll Through the Ages: The Bronze Age" in text and "Seat 1 (greedy)" in text
    assert "The game is over" in text and "wins with" in text and save.exists()
    assert dolmen("replay", str(save)) == 0


def test_play_accepts_typed_text_and_explains_bad_input(tmp_path: Path) -> None:
    args = build_parser().parse_args(["play", "rtta", "--players", "1", "--seed", "1"])
    out = io.StringIO()
    assert commands.cmd_play(args, stdin=io.StringIO("dance\nbuy empire\nkeep\nquit\n"), out=out) == 0
    text = out.getvalue()
    assert "! unknown rtta action 'dance'" in text and text.count("  ! ") == 2  # buy empire: the rule's words
    assert "Game left unfinished." in text


def test_the_board_shows_what_a_player_needs() -> None:
    game = RollThroughTheAges()
    state = game.new_state(2, {"edition": "late"})
    state.apply_chance(state.parse_outcome("roll skull food2/workers2 coins"))
    state.goods[0] = [2, 1, 0, 0, 0]
    state.devs[0] = 1  # leadership
    text = render(state.view(0), 0)
    assert "The Late Bronze Age" in text and "round 1" in text and "seat 0 (you) to play" in text
    assert "Step: reroll" in text and "2 reroll(s) left" in text
    assert "Dice: skull food2/workers2 coins" in text
    assert "wood 2/8 (3)" in text and "= 3 units worth 5" in text
    assert "developments  leadership" in text and "ships 0/5" in text
    assert "great-pyramid [15] 12/8" in text and "empire 70/10" in text
    state.apply_action(0, ("keep",))
    state.apply_action(0, ("keep",))  # no Leadership reroll
    text = render(state.view(1), 1)
    assert "Step: food-or-workers" in text and "'food N'" in text and "seat 0 to play" in text
