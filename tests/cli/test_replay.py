"""``dolmen replay FILE --step``: a recorded game on screen, forwards, backwards and jumping to a step."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dolmen.cli.main import main
from dolmen.cli.stepper import frames
from dolmen.engine import Record
from dolmen.games import get_game


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    assert main(["simulate", "stoneage", "--games", "1", "--seed", "4", "--records", str(tmp_path), "--json"]) == 0
    return next(tmp_path.glob("*.json"))


def step(path: Path, keys: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    assert main(["replay", str(path), "--step"]) == 0
    return capsys.readouterr().out


def test_forwards_backwards_and_jumps(
    recorded: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = len(json.loads(recorded.read_text())["steps"])
    text = step(recorded, "n\n\n5\np\n9999\nzz\nq\n", monkeypatch, capsys)
    shown = [line for line in text.splitlines() if line.startswith("--- step")]
    assert [line.split()[2] for line in shown] == ["0", "1", "2", "5", "4"]
    assert shown[0] == f"--- step 0 of {steps}: the start"
    assert "! '9999': type n (next), p (previous), a step number" in text and "! 'zz'" in text
    assert text.count("=== Stone Age") == 5  # a refused key does not redraw


def test_the_last_step_says_the_game_ended(
    recorded: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = len(json.loads(recorded.read_text())["steps"])
    text = step(recorded, f"{steps}\nn\n", monkeypatch, capsys)  # the input ends: leave quietly
    assert f"--- step {steps} of {steps}" in text and "(the end of the game)" in text


def test_hidden_draws_stay_hidden_and_bad_steps_stop_the_show(tmp_path: Path) -> None:
    record = Record("stoneage", 2, {}, steps=[{"chance": "card music-points3"}, {"seat": 0, "action": "fly"}])
    shown, error = frames(get_game("stoneage"), record)
    assert len(shown) == 2 and error is not None and error.step == 2
    assert shown[1].step == "chance: card music-points3"  # the display is face up: everyone sees it


def test_verify_names_the_die_that_does_not_match(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--verify", str(recorded), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] is True
    doc = json.loads(recorded.read_text())
    steps = doc["steps"]
    number = next(i for i, s in enumerate(steps, start=1) if "chance" in s and s["chance"].startswith("dice "))
    faces = steps[number - 1]["chance"].split()
    faces[1] = "1" if faces[1] != "1" else "2"  # one die altered
    steps[number - 1]["chance"] = " ".join(faces)
    recorded.write_text(json.dumps(doc))
    assert main(["replay", "--verify", str(recorded)]) == 1
    assert f"step {number}:" in capsys.readouterr().err
