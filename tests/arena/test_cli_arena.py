"""``dolmen arena`` on the toy game (registered for the test): JSON report, table, records that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dolmen import games
from dolmen.cli.main import main
from dolmen.engine import Record, replay
from tests.engine.toy import Pig


@pytest.fixture(autouse=True)
def pig_is_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "pig", "tests.engine.toy:Pig")


def test_arena_json_report_and_records_that_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "records"
    argv = ["arena", "pig", "--bots", "mcts:20,random", "--games", "4", "--seed", "5", "--option", "target=15"]
    code = main([*argv, "--workers", "1", "--records", str(records), "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {"target": 15} and report["games"] == 4 and report["players"] == 2
    assert [row["bot"] for row in report["bots"]] == ["mcts:20", "random"]
    index = json.loads((records / "arena.json").read_text(encoding="utf-8"))
    assert index["report"]["bots"] == report["bots"] and len(index["games"]) == 4
    for entry in index["games"]:
        record = Record.load(records / entry["file"])
        assert record.options == {"target": 15} and record.seed == entry["seed"]
        final = replay(Pig(), record)  # checks the recorded result too
        assert list(final.result().scores) == entry["scores"]
    assert index["games"][0]["seats"] == ["mcts:20", "random"] and index["games"][1]["seats"] == ["random", "mcts:20"]


def test_arena_table_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "pig", "--bots", "random*3", "--games", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "pig, 3 seats, 3 games, seed 0" in out
    assert out.count("\nrandom ") == 1  # three equal entries are one bot
    assert "seat win share:" in out


def test_arena_refuses_a_seat_count_that_does_not_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "pig", "--players", "3", "--bots", "mcts,random", "--games", "2"]) == 2
    assert "2 bot entries for 3 seats" in capsys.readouterr().err
