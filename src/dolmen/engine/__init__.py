"""The game-agnostic kernel (standard library only): the Game/State API, chance, records and replay."""

from dolmen.engine.core import CHANCE, Action, Game, Outcome, Result, State, rank_by
from dolmen.engine.driver import Policy, RandomPolicy, chance_rng, play_game, random_playout, run, seat_rng
from dolmen.engine.errors import DolmenError, GameNotOver, IllegalStep, MalformedStep, OptionsError, RecordError
from dolmen.engine.events import Event
from dolmen.engine.record import Record, apply_step, replay, verify
from dolmen.engine.table import StaleVersion, Table

__all__ = [
    "CHANCE",
    "Action",
    "DolmenError",
    "Event",
    "Game",
    "GameNotOver",
    "IllegalStep",
    "MalformedStep",
    "OptionsError",
    "Outcome",
    "Policy",
    "RandomPolicy",
    "Record",
    "RecordError",
    "Result",
    "StaleVersion",
    "State",
    "Table",
    "apply_step",
    "chance_rng",
    "play_game",
    "random_playout",
    "rank_by",
    "replay",
    "run",
    "seat_rng",
    "verify",
]
