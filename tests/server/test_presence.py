"""Presence (issue 10, turn notifications "never while they are online"): an account with a socket open counts as
online in every process through a lease in storage, which one process writes at most four times a window."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime

import pytest

from dolmen.server.notify import Presence
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.sql import SqlStorage
from tests.server.conftest import BACKENDS, fresh_database


class CountingStorage(SqlStorage):
    """A real SQL storage that also writes down its presence writes, with the test clock's time of each."""

    writes: list[tuple[float, list[int]]]
    now: float

    def mark_seen(self, account_ids: Sequence[int], now: datetime) -> None:
        self.writes.append((self.now, list(account_ids)))
        super().mark_seen(account_ids, now)


@pytest.fixture(params=BACKENDS)
def storage(request: pytest.FixtureRequest) -> Iterator[CountingStorage]:
    engine = make_engine(fresh_database(request.param, request))
    migrate(engine)
    counting = CountingStorage(engine)
    counting.writes, counting.now = [], 0.0
    yield counting
    engine.dispose()


def test_the_lease_is_written_at_most_four_times_a_window_and_never_runs_out(storage: CountingStorage) -> None:
    ada = storage.create_account("ada", "hash", "en")
    bob = storage.create_account("bob", "hash", "fr")
    presence = Presence(storage, window=60.0, clock=lambda: storage.now)

    async def at(moment: float, step: object) -> None:
        storage.now = moment
        await step  # type: ignore[misc]

    async def scenario() -> None:
        await at(0.0, presence.opened(ada))
        first = storage.seen_at(ada.id)
        assert storage.writes == [(0.0, [ada.id])] and first is not None
        for second in range(1, 6):  # ada's sockets closing and opening again within the quarter window: no write
            await at(second, presence.closed(ada))
            await at(second + 0.5, presence.opened(ada))
        await at(6.0, presence.opened(bob))
        await at(10.0, presence.renew())  # a sweep: both marked less than 15 s ago
        assert storage.writes == [(0.0, [ada.id]), (6.0, [bob.id])]
        await at(15.0, presence.renew())  # ada's lease is a quarter window old: renewed alone
        assert storage.writes[2:] == [(15.0, [ada.id])]
        later = storage.seen_at(ada.id)
        assert later is not None and later >= first
        for second in range(16, 300):  # a sweep every second: each lease renewed within a quarter window
            await at(second, presence.renew())
        for account in (ada.id, bob.id):
            times = [moment for moment, ids in storage.writes if account in ids]
            assert all(b - a <= 15.0 for a, b in itertools.pairwise(times)), times
            assert 300 - times[-1] < 60.0 - 15.0
        assert len(storage.writes) <= 2 + 2 * (300 // 15)  # four times a window each, not sixty

    asyncio.run(scenario())
    # another process (nothing open there) reads the lease that storage holds
    seen = storage.seen_at(ada.id)
    assert seen is not None
    age = (datetime.now(UTC) - seen).total_seconds()
    assert asyncio.run(Presence(storage, window=age + 60.0).is_online(ada.id))
    assert not asyncio.run(Presence(storage, window=age / 2).is_online(ada.id))
