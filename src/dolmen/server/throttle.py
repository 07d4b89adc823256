"""Rate limits: token buckets by key (a client address, an account), in the memory of one server process.

A :class:`RateLimit` lets ``burst`` requests through at once and refills at ``burst / per`` a second. Behind a
proxy the client's address is read from ``X-Forwarded-For`` only when the direct peer is a configured trusted
proxy (:func:`client_address`); otherwise anyone could pretend to be anyone.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from dolmen.server.errors import RateLimited, say

MAX_KEYS = 10_000


@dataclass(frozen=True, slots=True)
class RateLimit:
    burst: float
    """Requests allowed at once."""
    per: float
    """Seconds in which a full burst is earned back."""

    @property
    def rate(self) -> float:
        return self.burst / self.per


class Buckets:
    """One token bucket per key. :meth:`take` answers how long to wait (0: allowed, a token was taken)."""

    def __init__(self, limit: RateLimit) -> None:
        self.limit = limit
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        limit = self.limit
        tokens, stamp = self._buckets.get(key, (limit.burst, now))
        tokens = min(limit.burst, tokens + (now - stamp) * limit.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / limit.rate
        if len(self._buckets) >= MAX_KEYS and key not in self._buckets:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1, now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled (they hold no memory worth keeping), so memory stays bounded."""
        limit = self.limit
        self._buckets = {
            key: (tokens, stamp)
            for key, (tokens, stamp) in self._buckets.items()
            if tokens + (now - stamp) * limit.rate < limit.burst
        }
        if len(self._buckets) >= MAX_KEYS:  # a flood of distinct keys: start afresh rather than grow
            self._buckets.clear()


def client_address(peer: str | None, forwarded_for: str | None, trusted: tuple[str, ...]) -> str:
    """The client's address: the direct ``peer``, or — when the peer is a trusted proxy — the rightmost
    address of ``X-Forwarded-For`` that is not itself a trusted proxy."""
    address = peer or "unknown"
    if address not in trusted or not forwarded_for:
        return address
    for hop in reversed([part.strip() for part in forwarded_for.split(",")]):
        if hop and hop not in trusted:
            return hop
    return address


class Throttle:
    """The server's rate limits (from its settings): log-ins and sign-ups per client address, table creation
    per account and per address, chat lines sent over HTTP per account."""

    def __init__(self, login: RateLimit, signup: RateLimit, create: RateLimit, chat: RateLimit | None = None) -> None:
        self.login = Buckets(login)
        self.signup = Buckets(signup)
        self.create = Buckets(create)
        self.create_by_address = Buckets(RateLimit(create.burst * 3, create.per))
        self.chat = Buckets(chat or RateLimit(30, 60))

    @staticmethod
    def check(buckets: Buckets, key: str, refusal: str) -> None:
        """Take a token for ``key``; :class:`~dolmen.server.errors.RateLimited` when there is none, with the
        server's message ``refusal`` (its ``seconds`` to wait)."""
        wait = buckets.take(key)
        if wait > 0:
            raise RateLimited(say(refusal, seconds=math.ceil(wait)), wait)
