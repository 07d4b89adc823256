"""Accounts and sessions: sign up, log in, log out, who is this cookie.

Passwords are hashed with Argon2id (argon2-cffi). A session is an opaque random token given to the browser in
an HttpOnly cookie; only its SHA-256 is stored, so a leaked database holds no usable token and a session can
be revoked by deleting its row. A wrong name and a wrong password get the same answer after the same work.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from dolmen.server.errors import Invalid, Refused, WrongCredentials, say
from dolmen.server.storage import Account, NameTaken, Storage, name_key

SESSION_DAYS = 30
NAME = re.compile(r"[A-Za-z0-9_\-]{2,32}\Z")
LANGUAGES = ("en", "fr")
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]+\.[^@\s]+\Z")
MAX_EMAIL = 254
MIN_PASSWORD, MAX_PASSWORD = 8, 256
FREE_FAILURES = 3
"""Failed logins for one name answered at once; each further one waits twice as long (at most
:data:`MAX_DELAY` seconds) until a success or :data:`FAILURE_MEMORY` seconds without failure."""
MAX_DELAY = 8.0
FAILURE_MEMORY = 900.0


def failure_delay(failures: int) -> float:
    """Seconds to wait before answering the ``failures``-th failed login in a row for a name."""
    if failures <= FREE_FAILURES:
        return 0.0
    return min(MAX_DELAY, 0.25 * 2 ** (failures - FREE_FAILURES - 1))


def _check_language(language: str) -> None:
    if language not in LANGUAGES:
        raise Invalid(say("server_language", languages=list(LANGUAGES)))


def _check_email(email: str) -> None:
    if len(email) > MAX_EMAIL or not EMAIL.match(email):
        raise Invalid(say("server_email", most=MAX_EMAIL))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AccountService:
    def __init__(self, storage: Storage, hasher: PasswordHasher | None = None) -> None:
        self.storage = storage
        self.hasher = hasher or PasswordHasher()  # Argon2id with the library's recommended parameters
        self._dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))
        self._failures: dict[str, tuple[int, float]] = {}

    async def sign_up(
        self, name: str, password: str, language: str = "en", email: str | None = None
    ) -> tuple[Account, str]:
        """Create an account and open a session; returns the account and the session token."""
        if not NAME.match(name):
            raise Invalid(say("server_name", least=2, most=32))
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise Invalid(say("server_password", least=MIN_PASSWORD, most=MAX_PASSWORD))
        _check_language(language)
        if email:
            _check_email(email)
        hashed = await asyncio.to_thread(self.hasher.hash, password)
        try:
            account = await asyncio.to_thread(self.storage.create_account, name, hashed, language, email or None)
        except NameTaken:
            raise Refused(say("server_name_taken")) from None
        return account, await self._open_session(account)

    async def log_in(self, name: str, password: str) -> tuple[Account, str]:
        """Check the password and open a session; :class:`WrongCredentials` whether the name exists or not."""
        account = await asyncio.to_thread(self.storage.find_account, name) if len(name) <= 64 else None
        hashed = account.password_hash if account else self._dummy_hash
        if not await asyncio.to_thread(self._verify, hashed, password[:MAX_PASSWORD]) or account is None:
            await asyncio.sleep(failure_delay(self._failed(name)))  # the same for unknown names
            raise WrongCredentials(say("server_wrong_credentials"))
        self._failures.pop(name_key(name), None)
        return account, await self._open_session(account)

    def _failed(self, name: str) -> int:
        """Count a failed login for ``name``; returns how many in a row (kept in memory, per process)."""
        now = time.monotonic()
        if len(self._failures) > 10_000:
            self._failures = {k: v for k, v in self._failures.items() if now - v[1] < FAILURE_MEMORY}
        count, last = self._failures.get(name_key(name), (0, now))
        count = count + 1 if now - last < FAILURE_MEMORY else 1
        self._failures[name_key(name)] = (count, now)
        return count

    async def update(self, account: Account, language: str | None = None, email: str | None = None) -> Account:
        """Change an account's language, or its email (``""`` removes it: no more notifications)."""
        if language is not None:
            _check_language(language)
        if email:
            _check_email(email)
        return await asyncio.to_thread(self.storage.update_account, account.id, language=language, email=email)

    async def log_out(self, token: str) -> None:
        await asyncio.to_thread(self.storage.drop_session, token_hash(token))

    async def account_for(self, token: str | None) -> Account | None:
        """The account of a session token, or ``None`` (no token, unknown or expired)."""
        if not token or len(token) > 128:
            return None
        return await asyncio.to_thread(self.storage.session_account, token_hash(token), datetime.now(UTC))

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return self.hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _open_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        expires = datetime.now(UTC) + timedelta(days=SESSION_DAYS)
        await asyncio.to_thread(self.storage.add_session, token_hash(token), account.id, expires)
        return token
