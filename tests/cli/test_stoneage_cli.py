"""The ``dolmen`` command with Stone Age: simulate, replay, play (in-process)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dolmen.cli import commands
from dolmen.cli.main import build_parser, main
from dolmen.cli.render.stoneage import render
from dolmen.games.stoneage import StoneAge


def dolmen(*argv: str) -> int:
    """``main(argv)``; the commands print to the ``sys.stdout`` of the moment (the one ``capsys`` installed)."""
    return main(list(argv))


def test_simulate_four_players_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert dolmen("simulate", "stoneage", "--players", "4", "--games", "3", "--seed", "5", "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "stoneage" and report["players"] == 4 and report["games"] == 3
    assert report["options"] == {"modules": [], "open_cards": False}
    assert len(report["mean_scores"]) == 4 and sum(report["wins"]) == pytest.approx(3)


def test_simulate_records_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "stoneage", "--players", "3", "--games", "2", "--seed", "9", "--open-cards"]
    assert dolmen(*args, "--records", str(tmp_path), "--json") == 0
    capsys.readouterr()
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert dolmen("replay", str(files[0]), "--json") == 0
    report = json.loads(capsys.readouterr().out)
    stored = json.loads(files[0].read_text())["result"]
    assert report["over"] is True and report["scores"] == stored["scores"] and report["winners"] == stored["winners"]


def test_replay_reports_a_bad_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {
        "format": "dolmen-record",
        "version": 1,
        "game": "stoneage",
        "players": 2,
        "options": {},
        "steps": [{"chance": "card music-points3"}, {"seat": 0, "action": "place hut"}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert dolmen("replay", str(path), "--json") == 1
    report = json.loads(capsys.readouterr().out)
    assert report["step"] == 2 and "no chance step" not in report["error"]


def test_simulate_and_replay_with_every_module_at_five_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--modules` takes any combination of the six modules (seed 003: all may be active at once)."""
    modules = "igloos,animals,winter,mammoths,new_huts,extension"
    args = ["simulate", "stoneage", "--players", "5", "--games", "2", "--seed", "3", "--modules", modules]
    assert dolmen(*args, "--records", str(tmp_path), "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"]["modules"] == ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"]
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert dolmen("replay", str(files[1]), "--json") == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["over"] is True and replayed["scores"] == json.loads(files[1].read_text())["result"]["scores"]


def test_five_players_without_the_extension_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert dolmen("simulate", "stoneage", "--players", "5", "--games", "1", "--modules", "mammoths") == 2
    assert "5 players need the extension" in capsys.readouterr().err


def test_play_with_modules_by_piped_input(tmp_path: Path) -> None:
    """`dolmen play stoneage --modules ...` shows the modules on the board and saves a replayable record."""
    save = tmp_path / "game.json"
    modules = ["--modules", "extension,mammoths,animals,igloos"]
    args = build_parser().parse_args(
        ["play", "stoneage", "--players", "2", "--bots", "1", "--seed", "8", "--save", str(save), *modules]
    )
    out = io.StringIO()
    assert commands.cmd_play(args, stdin=io.StringIO("0\n" * 8000), out=out) == 0
    text = out.getvalue()
    assert "The game is over" in text and "jewels" in text and "Mammoth herd" in text and "igloo" in text
    assert dolmen("replay", str(save), "--json") == 0


def test_play_with_two_bots_by_piped_input(tmp_path: Path) -> None:
    """`dolmen play stoneage --players 3 --bots 1 2` is playable from typed input (always the first action)."""
    save = tmp_path / "game.json"
    args = build_parser().parse_args(
        ["play", "stoneage", "--players", "3", "--bots", "1", "2", "--seed", "4", "--save", str(save)]
    )
    out = io.StringIO()
    assert commands.cmd_play(args, stdin=io.StringIO("0\n" * 5000), out=out) == 0
    text = out.getvalue()
    assert "The game is over" in text and "Sites (seat:people):" in text and "Civilization cards (deck" in text
    assert json.loads(save.read_text())["result"]["scores"]


def test_render_shows_the_board_and_the_tool_yields() -> None:
    state = StoneAge().new_state(2)
    state.apply_chance(state.parse_outcome("card music-points3"))
    text = render(state.view(0), 0)
    assert "card 1 (cost 1): music-points3" in text and "building 1: (none)" in text


def test_spaces_say_who_placed_there_and_what_they_give() -> None:
    state = StoneAge().new_state(2)
    while state.is_chance():
        state.apply_chance(state.chance_outcomes()[0][0])
    view = state.view(0)
    card, top = view["display"][0], view["stacks"][0]["top"]
    state.apply_action(0, state.parse_action("place card 1"))
    text = render(state.view(0), 0, {card: "culture music, 3 points", top: "cost wood stone stone, 12 points"})
    assert f"card 1 (cost 1): {card} (culture music, 3 points)  — seat 0 placed a person here" in text
    assert f"building 1: {top:<5} 7 left (cost wood stone stone, 12 points)" in text
    assert "taken" not in text


def test_used_tools_are_explained() -> None:
    state = StoneAge().new_state(2)
    view = state.view(0)
    view["seats"][0]["tools"] = [2, 1, 0]
    view["seats"][0]["tools_used"] = [True, False, False]
    assert "tools 2* 1 (* used this round)" in render(view, 0)
    view["seats"][0]["tools_used"] = [False, False, False]
    assert "used this round" not in render(view, 0)
