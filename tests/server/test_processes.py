"""Several server processes on one database: a deadline armed by a process that died is fired by another.

(A module of its own: its servers empty and share the test database, which no server of another test may use
at the same time.)"""

from __future__ import annotations

import time

import httpx
import pytest

from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import Server, started_pair


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_deadline_armed_by_a_process_that_died_is_fired_by_another(
    backend: str, request: pytest.FixtureRequest
) -> None:
    url = fresh_database(backend, request)
    first, second = Server(url).start(), Server(url).start()
    try:
        ada, _bob, table = started_pair(first, {"clock": {"initial": 2, "increment": 1}})
        start = ada.get(f"/api/tables/{table['id']}")
        first.kill()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            seen = httpx.get(f"{second.base}/api/tables/{table['id']}", timeout=5).json()
            if any(s["away"] for s in seen["seats"]) and seen["version"] > start["version"]:
                break  # the other process fired the deadline and its bot plays the away seat
            time.sleep(0.2)
        else:
            pytest.fail("the deadline was not fired by the surviving process")
        assert sum(s["away"] for s in seen["seats"]) == 1
    finally:
        first.stop()
        second.stop()
