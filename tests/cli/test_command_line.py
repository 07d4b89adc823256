"""The command line as a person meets it: every bad option is refused at once in one line with exit status 2,
paths are checked before a game starts, help shows defaults, reports are JSON-clean."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dolmen.cli.main import main

DOLMEN = str(Path(sys.executable).with_name("dolmen"))


def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([DOLMEN, *argv], input=stdin, capture_output=True, text=True, timeout=120)


def one_line_refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """``main(argv)`` must exit 2 before playing, with one line on standard error and nothing on standard out."""
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own errors
        status = exc.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert status == 2, captured
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["play", "rtta", "--bots", "x"], "a seat is a number from 0, not 'x'"),
        (["play", "rtta", "--bots", "5"], "there is no seat 5 with 2 player(s)"),
        (["play", "rtta", "--players", "3", "--bots", "1", "2", "1"], "seat 1 is named twice"),
        (["play", "rtta", "--players", "9"], "rtta is played by 1 to 4 players, not 9"),
        (["play", "rtta", "--players", "0"], "must be at least 1, not 0"),
        (["play", "stoneage", "--edition", "late"], "--edition is an option of rtta, not of stoneage"),
        (["play", "rtta", "--modules", "mammoths"], "--modules is an option of stoneage, not of rtta"),
        (["simulate", "rtta", "--open-cards"], "--open-cards is an option of stoneage, not of rtta"),
        (["arena", "stoneage", "--bots", "greedy*2", "--trade"], "--trade is an option of rtta"),
        (["play", "rtta", "--bots", "1", "--bot", "nope"], "unknown bot 'nope' for rtta; known bots:"),
        (["simulate", "rtta", "--bot", "nope"], "unknown bot 'nope' for rtta"),
        (["arena", "rtta", "--bots", "greedy,nope"], "unknown bot 'nope' for rtta"),
        (["simulate", "rtta", "--games", "-5"], "argument --games: must be at least 1, not -5"),
        (["simulate", "rtta", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["arena", "rtta", "--bots", "greedy*2", "--games", "0"], "must be at least 1, not 0"),
        (["simulate", "rtta", "--games", "many"], "expected a whole number, not 'many'"),
        (["play", "chess"], "invalid choice: 'chess'"),
        (["play"], "name the game to play"),
        (["simulate", "rtta", "--option", "edition"], "--option takes KEY=VALUE"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert says in one_line_refusal(argv, capsys)


def test_records_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("mine\n")
    for argv in (["simulate", "rtta", "--games", "1"], ["arena", "rtta", "--bots", "random*2", "--games", "1"]):
        line = one_line_refusal([*argv, "--records", str(file)], capsys)
        assert "is a file, not a folder" in line
    assert file.read_text() == "mine\n"


@pytest.mark.parametrize(
    ("where", "says"),
    [
        ("missing/game.json", "does not exist"),
        (".", "is a folder"),
        ("notes.txt/game.json", "is not a folder"),
    ],
)
def test_save_is_checked_before_the_game_starts(
    where: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("")
    assert says in one_line_refusal(["play", "rtta", "--save", where], capsys)


def test_an_unwritable_save_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        probe = folder / "probe"
        try:
            probe.write_text("")
        except PermissionError:
            pass
        else:
            pytest.skip("this user writes in read-only folders (root)")
        assert "cannot write" in one_line_refusal(["play", "rtta", "--save", str(folder / "g.json")], capsys)
    finally:
        folder.chmod(0o700)


def test_exit_statuses_from_the_installed_command(tmp_path: Path) -> None:
    refused = run("play", "rtta", "--bots", "5")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr
    refused = run("simulate", "rtta", "--games", "0")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    refused = run("play", "rtta", "--save", str(tmp_path / "no" / "g.json"))
    assert refused.returncode == 2 and "does not exist" in refused.stderr
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("dolmen ")


@pytest.mark.parametrize("command", ["play", "simulate", "replay", "arena"])
def test_every_help_shows_the_defaults(command: str) -> None:
    shown = run(command, "--help")
    assert shown.returncode == 0
    text = " ".join(shown.stdout.split())
    expected = {
        "play": ["(default: 2)", "(default: greedy)"],
        "simulate": ["(default: random)", "(default: 100)", "(default: 0)", "(default: 2)"],
        "replay": ["--step", "--verify"],
        "arena": ["(default: 100)", "(default: 0)"],
    }[command]
    for default in expected:
        assert default in text
    assert "(default: None)" not in text and "(default: False)" not in text


def test_simulate_names_its_bot_and_prints_json_clean_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "stoneage", "--games", "2", "--seed", "1", "--bot", "greedy"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    report = dict(line.split(": ", 1) for line in lines)
    assert report["bot"] == "greedy" and report["game"] == "stoneage"
    assert json.loads(report["options"]) == {"modules": [], "open_cards": False}
    for value in report.values():
        assert "'" not in value and "True" not in value and "None" not in value
    assert main(["simulate", "rtta", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bot"] == "random"


def test_ctrl_c_at_the_prompt_saves_the_game(tmp_path: Path) -> None:
    """A real ``dolmen play`` interrupted while waiting for the person: exit 130, the game kept in --save."""
    import signal
    import time

    save = tmp_path / "game.json"
    argv = [DOLMEN, "play", "rtta", "--players", "1", "--seed", "3", "--save", str(save)]
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdin is not None
    process.stdin.write("0\n")
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (save.exists() and '"action"' in save.read_text()):
        time.sleep(0.1)  # the record is written before each prompt
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err and f"Record saved to {save}" in out
    assert len(json.loads(save.read_text())["steps"]) >= 2  # the roll and the person's first action


def test_the_log_speaks_the_language_of_lang(tmp_path: Path) -> None:
    """Without --lang the log follows LANG (here French), rendered by the games' catalogues."""
    import os

    from dolmen.engine import Record
    from dolmen.engine.messages import Catalogue
    from dolmen.engine.table import Table
    from dolmen.games import get_game

    save = tmp_path / "game.json"
    environ = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    argv = [DOLMEN, "play", "rtta", "--players", "2", "--bots", "1", "--seed", "7", "--save", str(save)]
    done = subprocess.run(argv, input="0\n" * 30, capture_output=True, text=True, timeout=120, env=environ)
    assert done.returncode == 0, done.stderr
    record = Record.load(save)
    assert record.secret is not None
    game = get_game("rtta")
    table = Table.restore(game, 2, record.options, record.steps, bytes.fromhex(record.secret))
    french = Catalogue("fr", [game.message_package()])
    flat = " ".join(done.stdout.split())
    for event in table.events(0):  # (none until the game's rules log events)
        assert " ".join(french.render(event, ["Seat 0", "Seat 1 (greedy)"]).split()) in flat
