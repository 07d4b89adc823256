"""Golden records (tests/rtta/golden/*.json, written once by make_golden.py): replaying them must keep giving
the stored final scores, winners and end reason. A failure here means the rules engine changed behaviour."""

from __future__ import annotations

from pathlib import Path

import pytest

from dolmen.engine import Record, replay
from dolmen.games.rtta import RollThroughTheAges

GOLDEN = sorted((Path(__file__).resolve().parent / "golden").glob("*.json"))


def test_there_are_golden_records() -> None:
    """The four golden games: solo bronze, 2-player bronze, 4-player bronze with trade, 3-player late."""
    assert {path.stem for path in GOLDEN} == {"solo-bronze", "2p-bronze", "4p-bronze-trade", "3p-late"}


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_golden_record_replays_to_its_stored_result(path: Path) -> None:
    """Replaying a stored game gives its stored scores, winners, ranks, reason and tie-breaks."""
    record = Record.load(path)
    assert record.result is not None
    state = replay(RollThroughTheAges(), record)
    assert state.is_over()
    result = state.result().to_json()
    for key in ("scores", "winners", "ranks", "reason", "tiebreak"):
        assert result[key] == record.result[key], key
