"""``dolmen play`` on the table: the log since the person last acted, in their language and as their seat may
read it; refusals that say why; help; a record saved before every prompt and on quit, end of input or Ctrl-C;
resuming a saved game with the same dice."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dolmen.cli.main import build_parser, main
from dolmen.cli.play import cmd_play
from dolmen.engine import Record
from dolmen.engine.messages import Catalogue
from dolmen.engine.table import Table
from dolmen.games import GAMES, get_game


def play(argv: list[str], keys: str | io.StringIO) -> tuple[int, str]:
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    stdin = io.StringIO(keys) if isinstance(keys, str) else keys
    status = cmd_play(args, stdin=stdin, out=out)
    return status, out.getvalue()


def restored(path: Path) -> Table:
    record = Record.load(path)
    assert record.secret is not None, "a saved game keeps its dice secret"
    secret = bytes.fromhex(record.secret)
    return Table.restore(get_game(record.game), record.players, record.options, record.steps, secret)


def log_lines(table: Table, viewer: int | None, lang: str, names: list[str]) -> Iterator[str]:
    """The log as the catalogue renders it (whatever the games' catalogues hold today)."""
    texts = Catalogue(lang, [table.game.message_package()])
    for event in table.events(viewer, 0):
        yield " ".join(texts.render(event, names).split())


@pytest.fixture
def pig(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's toy game (tests/engine/toy.py), whose log has an event only the roller reads in full."""
    monkeypatch.setitem(GAMES, "pig", "tests.engine.toy:Pig")


@pytest.mark.usefixtures("pig")
def test_the_screen_tells_what_happened_as_the_person_may_read_it(tmp_path: Path) -> None:
    save = tmp_path / "pig.json"
    status, text = play(["pig", "--bots", "1", "--bot", "random", "--seed", "3", "--save", str(save)], "0\n" * 500)
    assert status == 0
    table = restored(save)
    assert table.is_over()
    flat = " ".join(text.split())
    names = ["Seat 0", "Seat 1 (random)"]
    mine = list(log_lines(table, 0, "en", names))
    assert any(line.startswith("rolled") for line in mine) and any(line.startswith("held") for line in mine)
    position = 0
    for line in mine:  # every line, in order
        found = flat.find(line, position)
        assert found >= 0, line
        position = found + len(line)
    lucky = [event for event in table.events(None) if event["event"] == "lucky"]
    assert lucky, "pick a seed with a six for each seat"
    assert flat.count('"charm": "clover"') == sum(1 for e in table.events(0) if e.get("charm"))
    assert "wins with" in text


def test_a_game_against_a_bot_is_saved_replayable_and_ends_with_the_winner(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, text = play(["rtta", "--bots", "1", "--seed", "4", "--save", str(save)], "0\n" * 3000)
    assert status == 0
    table = restored(save)
    assert table.is_over()
    flat = " ".join(text.split())
    for line in log_lines(table, 0, "en", ["Seat 0", "Seat 1 (greedy)"]):
        assert line in flat
    result = table.state.result()
    winner = "Seat 0" if result.winners == (0,) else "Seat 1 (greedy)"
    assert f"{winner} wins with {max(result.scores)} points." in flat
    assert main(["replay", "--verify", str(save)]) == 0


def test_the_log_in_french(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, text = play(["rtta", "--players", "1", "--seed", "2", "--lang", "fr", "--save", str(save)], "0\n" * 20)
    assert status == 0
    flat = " ".join(text.split())
    for line in log_lines(restored(save), 0, "fr", ["Seat 0"]):
        assert line in flat


def test_refusals_say_why_and_help_explains() -> None:
    status, text = play(["rtta", "--players", "1", "--seed", "1"], "99\ndance\nbuy empire\nhelp\nquit\n")
    assert status == 0
    refusals = [line.strip() for line in text.splitlines() if line.startswith("  ! ")]
    assert refusals[0].startswith("! there is no action 99 (they are numbered 0 to")
    assert refusals[1] == "! unknown rtta action 'dance'" or "dance" in refusals[1]
    assert len(refusals) == 3  # the third is the rules' own words, whatever they are
    flat = " ".join(text.split())
    assert "Now:" in flat and "for example '" in flat and "'quit' leaves" in flat
    assert "Game left unfinished." in text


def test_refusals_in_the_readers_language() -> None:
    """A rule's refusal is a catalogue message: with ``--lang fr`` it is said in French, with the players' names
    (seed 002 "1. Roll Dice": dice showing a skull are set aside in a multiplayer game)."""
    keys = "buy empire\nreroll skull\nquit\n"
    argv = ["rtta", "--players", "2", "--bots", "1", "--seed", "1", "--names", "Ana"]
    status, text = play([*argv, "--lang", "fr"], keys)
    assert status == 0
    refusals = [" ".join(part.split()) for part in text.split("  ! ")[1:]]
    assert refusals[0].startswith("« buy empire » n'est pas une action légale : vous êtes en train de choisir les dés")
    assert refusals[1].startswith("« reroll skull » n'est pas une action légale : les dés montrant un crâne restent")
    _, english = play([*argv, "--lang", "en"], keys)
    assert "'reroll skull' is not a legal action: dice showing a skull stay set aside" in " ".join(english.split())


def test_input_is_case_insensitive() -> None:
    status, text = play(["rtta", "--players", "1", "--seed", "1"], "  KEEP \nquit\n")
    assert status == 0 and "  ! " not in text


def test_quit_and_the_end_of_input_save_the_game(tmp_path: Path) -> None:
    for keys in ("0\n0\nquit\n", "0\n0\n"):
        save = tmp_path / "game.json"
        save.unlink(missing_ok=True)
        status, text = play(["rtta", "--bots", "1", "--seed", "3", "--save", str(save)], keys)
        assert status == 0 and f"Record saved to {save}" in text
        table = restored(save)
        assert not table.is_over() and table.version > 0


class Interrupted(io.StringIO):
    """Typed input that ends with Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(-1 if size is None else size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, text = play(["rtta", "--players", "1", "--seed", "5", "--save", str(save)], Interrupted("0\n0\n0\n"))
    assert status == 130 and "Interrupted" in text
    assert restored(save).version >= 3


def test_resume_goes_on_with_the_same_dice_and_bots(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    assert play(["stoneage", "--bots", "1", "--seed", "6", "--save", str(whole)], "0\n" * 4000)[0] == 0
    part = tmp_path / "part.json"
    status, _ = play(["stoneage", "--bots", "1", "--seed", "6", "--save", str(part)], "0\n" * 12 + "quit\n")
    assert status == 0 and not restored(part).is_over()
    status, text = play(["--resume", str(part)], "0\n" * 4000)
    assert status == 0 and "Resuming" in text and "Seat 1 (greedy)" in text
    assert json.loads(part.read_text())["steps"] == json.loads(whole.read_text())["steps"]
    assert main(["replay", "--verify", str(part)]) == 0


def test_resume_refuses_what_cannot_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nothing.json"
    assert main(["play", "--resume", str(missing)]) == 2
    assert "--resume" in capsys.readouterr().err
    assert main(["play", "rtta", "--resume", str(missing)]) == 2
    assert "give no game" in capsys.readouterr().err


def test_a_person_takes_back_their_own_actions_but_not_a_roll(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    keys = "0\n0\n1\nundo\nundo\nundo\nundo\nquit\n"  # keep, food 0, build; then take back build and food
    status, text = play(["rtta", "--bots", "1", "--seed", "4", "--save", str(save)], keys)
    assert status == 0
    assert text.count("took back their last action") == 3  # build, food, keep: then the roll stops it
    assert "! nothing to take back" in " ".join(text.split())
    steps = json.loads(save.read_text())["steps"]
    assert len(steps) == 1 and "chance" in steps[0]  # undone steps are as if never made


def test_players_by_name_and_kept_on_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, text = play(["rtta", "--bots", "1", "--seed", "4", "--names", "Ann", "--save", str(save)], "0\nquit\n")
    assert status == 0 and "Ann> " in text and "Seat 1 (greedy)" in text
    status, text = play(["--resume", str(save)], "0\n" * 3000)
    assert status == 0 and "Ann> " in text
    result = restored(save).state.result()
    winner = "Ann" if result.winners == (0,) else "Seat 1 (greedy)"
    assert f"{winner} wins with" in " ".join(text.split())


def test_names_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "rtta", "--names", "A", "B", "C"]) == 2
    assert "3 names for 2 seat(s)" in capsys.readouterr().err
    assert main(["play", "rtta", "--names", "A", "A"]) == 2
    assert "A is given twice" in capsys.readouterr().err


@pytest.mark.usefixtures("pig")
def test_help_tells_what_each_choice_would_do() -> None:
    status, text = play(["pig", "--players", "1", "--seed", "1"], "help\nwhat hold\nwhat 7\nquit\n")
    assert status == 0
    flat = " ".join(text.split())
    assert "What each choice does:" in flat and "[0] roll: (the log would say nothing)" in flat
    assert '[1] hold: held {"seat": 0, "points": 0}' in flat  # the rules' own event, rendered by the catalogue
    assert '= held {"seat": 0, "points": 0}' in flat and "= there is no action 7" in flat
