"""Suite-wide checks: a bot that falls back to a simpler choice fails the test it happens in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dolmen.bots.fallback import FallbackCounter


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_fallback: the test makes a bot fall back on purpose")


@pytest.fixture(autouse=True)
def no_fallbacks(request: pytest.FixtureRequest) -> Iterator[FallbackCounter]:
    """Fail the test if a bot logged a fallback (:mod:`dolmen.bots.fallback`) in this process, unless the test
    is marked ``allow_fallback``. (Arena games played in worker processes are checked by their report.)"""
    counter = FallbackCounter().install()
    try:
        yield counter
    finally:
        counter.remove()
    if counter.fallbacks and request.node.get_closest_marker("allow_fallback") is None:
        first = counter.fallbacks[0]
        pytest.fail(
            f"{counter.count} bot fallback(s); the first: {first.bot} fell back to {first.instead} ({first.reason})"
        )
