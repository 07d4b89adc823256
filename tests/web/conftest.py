"""The server in-process for the client's read-only endpoints: ``create_app`` on the in-memory storage twin,
driven by Starlette's test client, and games written to that storage as the table service writes them (a
start with the first steps and the secret, then the rest with the result), played by the engine itself."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dolmen.engine.dice import commitment
from dolmen.engine.table import Table
from dolmen.games import get_game
from dolmen.server.app import create_app
from dolmen.server.config import Settings
from dolmen.server.storage import PLAIN, NewSeat, TableSetup
from dolmen.server.storage.memory import MemoryStorage

SETTINGS = Settings(fast_password_hashing=True, bot_workers=1)
PASSWORD = "correct horse battery"


@dataclass
class Server:
    storage: MemoryStorage
    client: TestClient

    def sign_up(self, name: str) -> tuple[TestClient, int]:
        """A client of its own signed in as ``name``, and the account's id."""
        client = TestClient(self.client.app)
        response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert response.status_code == 201, response.text
        account_id: int = response.json()["id"]
        return client, account_id


@pytest.fixture()
def server() -> Iterator[Server]:
    storage = MemoryStorage()
    with TestClient(create_app(SETTINGS, storage)) as client:
        yield Server(storage, client)


def played(
    game: str, players: int, options: dict[str, Any], seed: int, stop: Callable[[Table], bool] | None = None
) -> Table:
    """A table played with random legal actions to its end, or until ``stop(table)``."""
    rng = random.Random(seed)
    table = Table(get_game(game), players, options, secret=random.Random(seed).randbytes(32))
    table.advance()
    while not table.is_over() and not (stop and stop(table)):
        seat = table.actors()[0]
        legal = table.legal(seat)
        table.submit(seat, legal[rng.randrange(len(legal))], table.version)
        table.advance()
    return table


def doing(activity: str) -> Callable[[Table], bool]:
    """A ``stop`` for :func:`played`: the acting seat is doing ``activity``."""
    return lambda table: table.view(None)["activity"] == activity


def store(storage: MemoryStorage, table: Table, account_ids: list[int], setup: TableSetup = PLAIN) -> int:
    """Store ``table`` as the table service does, every seat a person's; returns the table's id."""
    seats = [NewSeat(account_id=a) for a in account_ids]
    info = storage.create_table(
        table.game.name, table.players, dict(table.options), False, account_ids[0], seats, setup
    )
    steps = table.steps()
    storage.start_table(info.id, table.secret, commitment(table.secret), steps[:1])
    result = table.record().result if table.is_over() else None
    storage.append_steps(info.id, 1, steps[1:], result)
    return info.id
