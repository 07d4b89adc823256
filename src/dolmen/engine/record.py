"""Game records: a JSON document holding everything needed to replay a game exactly.

Format (see ``docs/records.md``)::

    {"format": "dolmen-record", "version": 1, "game": "rtta", "players": 2,
     "options": {...}, "seed": 42,
     "steps": [{"chance": "roll 1 3 6"}, {"seat": 0, "action": "keep 1 2"}, ...],
     "result": {"scores": [...], "winners": [...], ...}}      # optional, checked on replay when present
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dolmen.engine.core import CHANCE, JSON, Action, Game, Outcome, State
from dolmen.engine.errors import DolmenError, RecordError

FORMAT = "dolmen-record"
VERSION = 1


@dataclass
class Record:
    """A game's options, seed and every step in order, in text form."""

    game: str
    players: int
    options: dict[str, JSON]
    seed: int | str | None = None
    steps: list[dict[str, JSON]] = field(default_factory=list)
    result: dict[str, JSON] | None = None

    def add_action(self, state: State, seat: int, action: Action) -> None:
        self.steps.append({"seat": seat, "action": state.action_text(action)})

    def add_chance(self, state: State, outcome: Outcome) -> None:
        self.steps.append({"chance": state.outcome_text(outcome)})

    def to_json(self) -> dict[str, JSON]:
        doc: dict[str, JSON] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "steps": self.steps,
        }
        if self.result is not None:
            doc["result"] = self.result
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, doc: Any) -> Record:
        if not isinstance(doc, dict):
            raise RecordError("a record is a JSON object")
        if doc.get("format") != FORMAT:
            raise RecordError(f"not a dolmen record (format is {doc.get('format')!r}, expected {FORMAT!r})")
        if doc.get("version") != VERSION:
            raise RecordError(f"unsupported record version {doc.get('version')!r} (this Dolmen reads {VERSION})")
        game, players, options, steps = (
            doc.get("game"),
            doc.get("players"),
            doc.get("options", {}),
            doc.get("steps"),
        )
        if not isinstance(game, str):
            raise RecordError("'game' must be a string")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("'players' must be an integer")
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        if not isinstance(steps, list):
            raise RecordError("'steps' must be a list")
        result = doc.get("result")
        return cls(game, players, options, doc.get("seed"), steps, result if isinstance(result, dict) else None)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from exc

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.loads(Path(path).read_text(encoding="utf-8"))


def apply_step(state: State, step: Mapping[str, JSON], number: int) -> None:
    """Apply one recorded step, checked. On error raise :class:`RecordError` naming step ``number``; the state
    is left as it was."""
    if not isinstance(step, Mapping):
        raise RecordError("a step is an object with 'chance', or 'seat' and 'action'", number)
    try:
        if "chance" in step:
            text = step["chance"]
            if not isinstance(text, str):
                raise RecordError("'chance' must be a string", number)
            state.apply_chance(state.parse_outcome(text))
        elif "action" in step:
            seat, text = step.get("seat"), step["action"]
            if not isinstance(seat, int) or isinstance(seat, bool) or seat == CHANCE:
                raise RecordError(f"'seat' must be a seat number, not {seat!r}", number)
            if not isinstance(text, str):
                raise RecordError("'action' must be a string", number)
            state.apply_action(seat, state.parse_action(text))
        else:
            raise RecordError("a step needs 'chance', or 'seat' and 'action'", number)
    except RecordError:
        raise
    except DolmenError as exc:
        raise RecordError(str(exc), number) from exc


def replay(game: Game, record: Record, *, check_result: bool = True) -> State:
    """Replay ``record`` from the start and return the final state.

    Raises :class:`RecordError` naming the first bad step; when the record holds a result and the game is
    over, the replayed result must match it.
    """
    if record.game != game.name:
        raise RecordError(f"record is for {record.game!r}, not {game.name!r}")
    try:
        state = game.new_state(record.players, record.options)
    except DolmenError as exc:
        raise RecordError(f"cannot set up the game: {exc}") from exc
    for number, step in enumerate(record.steps, start=1):
        apply_step(state, step, number)
    if check_result and record.result is not None and state.is_over():
        replayed = state.result().to_json()
        for key in ("scores", "winners"):
            if key in record.result and record.result[key] != replayed[key]:
                raise RecordError(f"replay gives {key} {replayed[key]}, the record says {record.result[key]}")
    return state
