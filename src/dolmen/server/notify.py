"""Turn notifications: when ``DOLMEN_SMTP_URL`` is set, a person who is not connected gets one email when it
becomes their turn at a turn-based table — at most one per table and seat in ``notify_interval`` (an hour),
never while they are online.

*Online* means a socket open to any server process: each process keeps a count of its open sockets per account
(:class:`Presence`) and renews a lease in storage at every clock sweep, so that all processes agree. The "once
an hour" is claimed in storage with one guarded update, so two processes never both send. Mail goes out through
the standard library's :mod:`smtplib`, in a thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import time
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from dolmen.engine.messages import LANGUAGES, load_catalogue
from dolmen.server.errors import SERVER_MESSAGES
from dolmen.server.storage import TURN, Account, Storage, TableInfo

log = logging.getLogger("dolmen.server")
TITLES = {"rtta": "Roll Through the Ages", "stoneage": "Stone Age"}


def mail_texts(language: str) -> tuple[str, str]:
    """The subject and body of a turn notification in ``language`` (English for another), from the server's
    catalogue (``server_mail_subject``, ``server_mail_body``); ``{name}``, ``{game}``, ``{table}``, ``{link}``
    are filled in as they are (a name is never a catalogue term)."""
    texts = load_catalogue(SERVER_MESSAGES[0], language if language in LANGUAGES else "en")["events"]
    return texts["server_mail_subject"], texts["server_mail_body"]


class Presence:
    """The accounts with a socket open in this process, and the lease that tells the other processes.

    The lease of an account lasts ``window`` seconds from its last mark; this process marks an account when a
    socket of its opens or closes and renews the marks of its connected accounts, but never marks one again
    within a quarter of the window: storage is written at most four times a window per account (SQLite has
    one writer, which the steps of every table wait for), and a lease never runs out while a socket is open."""

    def __init__(self, storage: Storage, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.window = window
        self.clock = clock
        self._open: Counter[int] = Counter()
        self._marked: dict[int, float] = {}
        """When (monotonic) this process last marked each account."""

    async def opened(self, account: Account | None) -> None:
        """A socket of ``account`` opened (never raises: presence is a hint, not worth a connection)."""
        if account is not None:
            self._open[account.id] += 1
            await self._mark([account.id])

    async def closed(self, account: Account | None) -> None:
        if account is not None:
            self._open[account.id] -= 1
            if self._open[account.id] <= 0:
                del self._open[account.id]
            await self._mark([account.id])

    async def renew(self) -> None:
        """Renew the lease of every account connected here (at each clock sweep; each at most four times a
        window)."""
        if self._open:
            await self._mark(list(self._open))

    async def _mark(self, account_ids: list[int]) -> None:
        now = self.clock()
        due = [account for account in account_ids if now - self._marked.get(account, -self.window) >= self.window / 4]
        if not due:
            return
        for account in due:
            self._marked[account] = now
        if len(self._marked) > 4 * len(self._open) + 1000:  # forget the accounts long gone
            self._marked = {a: t for a, t in self._marked.items() if now - t < self.window}
        try:
            await asyncio.to_thread(self.storage.mark_seen, due, datetime.now(UTC))
        except Exception:
            log.exception("cannot record who is online")
            for account in due:
                self._marked.pop(account, None)

    async def is_online(self, account_id: int) -> bool:
        if self._open[account_id] > 0:
            return True
        seen = await asyncio.to_thread(self.storage.seen_at, account_id)
        return seen is not None and (datetime.now(UTC) - seen).total_seconds() < self.window


class Mailer:
    """Sends one email through the SMTP server of ``url`` (``smtp://``, ``smtps://``; ``?starttls``)."""

    def __init__(self, url: str, sender: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"DOLMEN_SMTP_URL is smtp://[user:password@]host[:port], not {url!r}")
        self.host = parts.hostname
        self.tls = parts.scheme == "smtps"
        self.port = parts.port or (465 if self.tls else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.starttls = "starttls" in parse_qs(parts.query, keep_blank_values=True)
        self.sender = sender

    def send(self, to: str, subject: str, body: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(body)
        client = smtplib.SMTP_SSL if self.tls else smtplib.SMTP
        with client(self.host, self.port, timeout=30) as smtp:
            if self.starttls:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)


class TurnNotifier:
    """Tells offline people by email that a turn-based table waits for them."""

    def __init__(
        self, storage: Storage, presence: Presence, mailer: Mailer | None, public_url: str, interval: float = 3600.0
    ) -> None:
        self.storage = storage
        self.presence = presence
        self.mailer = mailer
        self.public_url = public_url.rstrip("/")
        self.interval = interval
        self.sent = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def turn_came(self, info: TableInfo, seats: Iterable[int]) -> None:
        """It became the turn of ``seats`` at ``info``: notify those who should be, in the background."""
        if self.mailer is None or info.setup.mode != TURN:
            return
        for seat in seats:
            account_id = info.seats[seat].account_id
            if account_id is not None and not info.seats[seat].away:
                task = asyncio.get_running_loop().create_task(self._notify(info, seat, account_id))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _notify(self, info: TableInfo, seat: int, account_id: int) -> None:
        try:
            account = await asyncio.to_thread(self.storage.get_account, account_id)
            if account is None or not account.email or await self.presence.is_online(account_id):
                return
            now = datetime.now(UTC)
            if not await asyncio.to_thread(self.storage.claim_notification, info.id, seat, now, self.interval):
                return
            subject, body = mail_texts(account.language)
            words = {
                "name": account.name,
                "game": TITLES.get(info.game, info.game),
                "table": info.id,
                "link": f"{self.public_url}/tables/{info.id}",
            }
            assert self.mailer is not None
            await asyncio.to_thread(self.mailer.send, account.email, subject.format(**words), body.format(**words))
            self.sent += 1
        except Exception:
            log.exception("cannot notify seat %s of table %s", seat, info.id)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
