"""Server settings, from arguments or the environment (``DOLMEN_DATABASE_URL``)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    database_url: str = "./dolmen.db"
    """A SQLAlchemy URL or a SQLite file path; ``DOLMEN_DATABASE_URL`` overrides the default."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://example.org``) allowed to open websockets besides the server's own."""
    cookie_secure: bool = False
    """Send the session cookie over HTTPS only (set it behind a TLS proxy)."""
    bot_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    bot_timeout: float = 30.0
    away_bot: str = "greedy"
    """The bot that plays the seat of a person who left a running game, until they come back."""
    socket_rate: float = 10.0
    """Messages a client may send per second on average on a table socket; more get ``rate_limited``."""
    socket_burst: float = 30.0
    """…and in a burst."""
    fast_password_hashing: bool = False
    """Cheap Argon2id parameters: for tests only, never for a server people use."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        url = os.environ.get("DOLMEN_DATABASE_URL")
        values: dict[str, object] = {"database_url": url} if url else {}
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
