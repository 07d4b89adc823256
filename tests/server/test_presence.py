"""Presence (issue 10, turn notifications "never while they are online"): an account with a socket open counts as
online in every process through a lease in storage, which one process writes at most four times a window."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime

import pytest

from dolmen.server.notify import Presence
from dolmen.server.storage.database import make_engine, migrate
from dolmen.server.storage.sql import SqlStorage
from tests.server.conftest import BACKENDS, fresh_database


class CountingStorage(SqlStorage):
    """A real SQL storage that also counts its presence writes."""

    writes: list[list[int]]

    def mark_seen(self, account_ids: Sequence[int], now: datetime) -> None:
        self.writes.append(list(account_ids))
        super().mark_seen(account_ids, now)


@pytest.fixture(params=BACKENDS)
def storage(request: pytest.FixtureRequest) -> Iterator[CountingStorage]:
    engine = make_engine(fresh_database(request.param, request))
    migrate(engine)
    counting = CountingStorage(engine)
    counting.writes = []
    yield counting
    engine.dispose()


def test_the_lease_is_written_at_most_four_times_a_window_and_never_runs_out(storage: CountingStorage) -> None:
    ada = storage.create_account("ada", "hash", "en")
    bob = storage.create_account("bob", "hash", "fr")
    presence = Presence(storage, window=0.8)

    async def scenario() -> None:
        await presence.opened(ada)
        assert storage.writes == [[ada.id]] and storage.seen_at(ada.id) is not None
        for _ in range(5):  # sockets of the same account closing and opening again within 0.2 s: no write
            await presence.closed(ada)
            await presence.opened(ada)
        await presence.opened(bob)
        await presence.renew()  # both marked just now
        assert storage.writes == [[ada.id], [bob.id]]
        marked = storage.seen_at(ada.id)
        await asyncio.sleep(0.25)  # a quarter of the window later, a sweep renews both in one write
        await presence.renew()
        assert storage.writes[2:] == [[ada.id, bob.id]]
        assert storage.seen_at(ada.id) > marked  # type: ignore[operator]
        for _ in range(6):  # sweeps every 0.1 s: the lease stays younger than the window all along
            await asyncio.sleep(0.1)
            await presence.renew()
            seen = storage.seen_at(bob.id)
            assert seen is not None and (datetime.now(UTC) - seen).total_seconds() < 0.8
        assert len(storage.writes) <= 3 + 3

    asyncio.run(scenario())
    # another process (a Presence of its own, nothing open there) reads the lease until it runs out
    other = Presence(storage, window=0.8)
    assert asyncio.run(other.is_online(ada.id))
    time.sleep(0.9)
    assert not asyncio.run(other.is_online(ada.id))
