"""Golden records: full games whose replay must keep producing the stored final scores (the base game at 2, 3
and 4 players; all six modules at 5 players, seed 003)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dolmen.engine import Record, replay
from dolmen.games.stoneage import StoneAge

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_games_for_2_3_and_4_players_and_one_with_every_module() -> None:
    records = [Record.load(path) for path in GOLDEN]
    assert sorted(record.players for record in records if not record.options["modules"]) == [2, 3, 4]
    assert [record.players for record in records if len(record.options["modules"]) == 6] == [5]


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_record_replays_to_its_scores(path: Path) -> None:
    record = Record.load(path)
    state = replay(StoneAge(), record, check_result=False)
    assert state.is_over()
    assert record.result is not None
    result = state.result().to_json()
    assert result["scores"] == record.result["scores"]
    assert result["winners"] == record.result["winners"]
    assert result["tiebreak"] == record.result["tiebreak"]
    assert result["reason"] == record.result["reason"]
