"""Dice anyone can verify: every chance outcome of a table is drawn from a secret fixed when the table starts.

The table publishes ``commitment(secret)`` (SHA-256 of the secret, hex) at once and reveals the secret when the
game ends. Chance step *k* (the *k*-th chance step of the game, counting from 0, whatever the seats did between)
is drawn from :class:`ChanceStream` ``(secret, k)``, whose every number is a function of the secret and *k*
alone: any process holding the secret draws the same outcome for step *k* without keeping generator state, and
anyone who learns the secret afterwards can recompute every roll and draw. ``docs/records.md`` ("Verifiable
dice") gives the derivation in full, for verifiers written in other languages.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from typing import Any

SCHEME = "hmac-sha256-v1"
"""The name of the derivation below, written into records."""

SECRET_BYTES = 32
_FOUR_WORDS = struct.Struct(">4Q")
_INNER_PAD = bytes(b ^ 0x36 for b in range(256))
_OUTER_PAD = bytes(b ^ 0x5C for b in range(256))
"""HMAC's pads (RFC 2104) as translation tables: ``key.translate(_INNER_PAD)`` xors every byte with 0x36."""


def new_secret() -> bytes:
    """A fresh secret for a table, from the operating system's cryptographic generator."""
    return secrets.token_bytes(SECRET_BYTES)


def secret_from_seed(seed: int | str) -> bytes:
    """A secret derived from a public seed, for reproducible simulations (``dolmen simulate --seed``). Such dice
    are verifiable but predictable by anyone who knows the seed: never use one for a table played by people."""
    return hashlib.sha256(f"dolmen-seed:{seed}".encode()).digest()


def commitment(secret: bytes) -> str:
    """The public commitment to ``secret``: its SHA-256, in lowercase hex."""
    return hashlib.sha256(secret).hexdigest()


class ChanceStream(random.Random):
    """The generator of chance step ``k``: 64-bit words read from HMAC-SHA256(secret, k ‖ block) blocks.

    Block ``j`` is ``HMAC-SHA256(key=secret, msg=k as 8 bytes big-endian + j as 4 bytes big-endian)``; its 32
    bytes are four words (big-endian). :meth:`random` is the next word's top 53 bits divided by 2**53;
    :meth:`getrandbits` ``(n ≤ 64)`` is the next word's top ``n`` bits. Every other method of
    :class:`random.Random` (``randrange``, ``choices``…) is built by Python on these two.
    """

    def __init__(self, secret: bytes, step: int = 0) -> None:
        # ``random.Random.__init__`` would only call :meth:`seed` (a no-op here) and clear ``gauss_next``
        self.gauss_next = None
        self._secret = secret
        # HMAC (RFC 2104) with the key's padded blocks hashed once: the same digests as ``hmac.digest``, cheaper
        key = secret if len(secret) <= 64 else hashlib.sha256(secret).digest()
        key = key.ljust(64, b"\0")
        self._inner = hashlib.sha256(key.translate(_INNER_PAD))
        self._outer = hashlib.sha256(key.translate(_OUTER_PAD))
        self.at(step)

    def at(self, step: int) -> ChanceStream:
        """Restart the stream at the first word of chance step ``step`` (one object serves a whole table)."""
        self._prefix = step.to_bytes(8, "big")
        self._block = 0
        self._words: list[int] = []
        return self

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """The stream is fixed by the secret and the step: reseeding is not allowed (``Random`` calls it once
        while being built, which does nothing)."""
        if getattr(self, "_secret", None) is not None:
            raise TypeError("a ChanceStream cannot be reseeded")

    def _word(self) -> int:
        if not self._words:
            inner = self._inner.copy()
            inner.update(self._prefix + self._block.to_bytes(4, "big"))
            outer = self._outer.copy()
            outer.update(inner.digest())
            self._block += 1
            self._words = list(_FOUR_WORDS.unpack(outer.digest()))[::-1]
        return self._words.pop()

    def random(self) -> float:
        return (self._word() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if not 0 <= k <= 64:
            raise ValueError("a ChanceStream gives at most 64 bits at a time")
        return self._word() >> (64 - k) if k else 0

    def getstate(self) -> Any:
        raise TypeError("a ChanceStream has no state to save: rebuild it from the secret and the step")

    def setstate(self, state: Any) -> None:
        raise TypeError("a ChanceStream has no state to restore: rebuild it from the secret and the step")


__all__ = ["SCHEME", "ChanceStream", "commitment", "new_secret", "secret_from_seed"]
