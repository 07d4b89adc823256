"""Game records: a JSON document holding everything needed to replay a game exactly.

Format (see ``docs/records.md``)::

    {"format": "dolmen-record", "version": 2, "game": "rtta", "players": 2, "options": {...},
     "dice": {"scheme": "hmac-sha256-v1", "commitment": "<hex>", "secret": "<hex>"},  # secret once over
     "steps": [{"chance": "roll 1 3 6"}, {"seat": 0, "action": "keep 1 2"}, ...],
     "result": {"scores": [...], "winners": [...], ...}}      # optional, checked on replay when present

Version 1 records (a ``seed`` instead of ``dice``) are still read.
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
VERSION = 2
READS = (1, 2)
DICE_SCHEME = "hmac-sha256-v1"


@dataclass
class Record:
    """A game's options, dice commitment (and secret, once the game is over), and every step in order, in text
    form. ``seed`` is informative (version 1 records, simulations that derive their secret from a seed)."""

    game: str
    players: int
    options: dict[str, JSON]
    seed: int | str | None = None
    steps: list[dict[str, JSON]] = field(default_factory=list)
    result: dict[str, JSON] | None = None
    commitment: str | None = None
    secret: str | None = None

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
        }
        if self.commitment is not None:
            doc["dice"] = {"scheme": DICE_SCHEME, "commitment": self.commitment, "secret": self.secret}
        if self.seed is not None:
            doc["seed"] = self.seed
        doc["steps"] = self.steps
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
        if doc.get("version") not in READS:
            raise RecordError(f"unsupported record version {doc.get('version')!r} (this Dolmen reads 1 and 2)")
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
        commitment, secret = _dice(doc.get("dice"))
        result = result if isinstance(result, dict) else None
        return cls(game, players, options, doc.get("seed"), steps, result, commitment, secret)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from exc

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.loads(Path(path).read_text(encoding="utf-8"))


def _dice(block: JSON) -> tuple[str | None, str | None]:
    if block is None:
        return None, None
    if not isinstance(block, dict) or block.get("scheme") != DICE_SCHEME:
        raise RecordError(f"'dice' must be an object with scheme {DICE_SCHEME!r}")
    commitment, secret = block.get("commitment"), block.get("secret")
    if not isinstance(commitment, str) or not (secret is None or isinstance(secret, str)):
        raise RecordError("'dice' needs a 'commitment' string and a 'secret' string or null")
    return commitment, secret


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


def verify(game: Game, record: Record) -> State:
    """Replay ``record`` and recompute every chance step from its dice secret (:mod:`dolmen.engine.dice`).

    Raises :class:`RecordError` when the record has no secret, the secret does not match the commitment, or a
    recorded chance outcome is not the one the secret draws (naming that step). Returns the final state.
    """
    from dolmen.engine.dice import ChanceStream, commitment

    if record.secret is None or record.commitment is None:
        raise RecordError("this record carries no dice secret to verify (an unfinished game, or version 1)")
    try:
        secret = bytes.fromhex(record.secret)
    except ValueError as exc:
        raise RecordError("the dice secret is not hexadecimal") from exc
    if commitment(secret) != record.commitment:
        raise RecordError("the dice secret does not match the commitment published at the start")
    if record.game != game.name:
        raise RecordError(f"record is for {record.game!r}, not {game.name!r}")
    try:
        state = game.new_state(record.players, record.options)
    except DolmenError as exc:
        raise RecordError(f"cannot set up the game: {exc}") from exc
    stream, chances = ChanceStream(secret), 0
    for number, step in enumerate(record.steps, start=1):
        if isinstance(step, Mapping) and "chance" in step and state.is_chance():
            drawn = state.outcome_text(state.sample_chance(stream.at(chances)))
            chances += 1
            try:
                recorded = state.outcome_text(state.parse_outcome(str(step["chance"])))
            except DolmenError as exc:
                raise RecordError(str(exc), number) from exc
            if recorded != drawn:
                raise RecordError(f"the record says {recorded!r}, the dice secret draws {drawn!r}", number)
        apply_step(state, step, number)
    return state
