"""Accounts, sessions, presence and chat lines in SQL (a part of sql.py's SqlStorage)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from dolmen.server.errors import say
from dolmen.server.storage import Account, ChatLine, Conflict, NameTaken, name_key
from dolmen.server.storage.models import AccountRow, ChatRow, SessionRow
from dolmen.server.storage.sql_base import SqlBase, account_of, aware, maybe_aware, utc_now


class SqlAccounts(SqlBase):
    """Accounts, login sessions, who was seen when, chat lines."""

    def create_account(self, name: str, password_hash: str, language: str, email: str | None = None) -> Account:
        row = AccountRow(
            name=name,
            name_key=name_key(name),
            password_hash=password_hash,
            language=language,
            email=email,
            created_at=utc_now(),
        )
        try:
            with self._session() as session, session.begin():
                session.add(row)
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return account_of(row)

    def find_account(self, name: str) -> Account | None:
        with self._session() as session, session.begin():
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            return account_of(row) if row else None

    def get_account(self, account_id: int) -> Account | None:
        with self._session() as session, session.begin():
            row = session.get(AccountRow, account_id)
            return account_of(row) if row else None

    def update_account(self, account_id: int, *, language: str | None = None, email: str | None = None) -> Account:
        with self._session() as session, session.begin():
            row = session.get(AccountRow, account_id)
            if row is None:
                raise Conflict(say("server_no_account", account=account_id))
            if language is not None:
                row.language = language
            if email is not None:
                row.email = email or None
            return account_of(row)

    def mark_seen(self, account_ids: Sequence[int], now: datetime) -> None:
        if not account_ids:
            return
        with self._session() as session, session.begin():
            session.execute(update(AccountRow).where(AccountRow.id.in_(list(account_ids))).values(seen_at=now))

    def seen_at(self, account_id: int) -> datetime | None:
        with self._session() as session, session.begin():
            return maybe_aware(session.scalar(select(AccountRow.seen_at).where(AccountRow.id == account_id)))

    def add_session(self, token_hash: str, account_id: int, expires_at: datetime) -> None:
        with self._session() as session, session.begin():
            session.add(
                SessionRow(token_hash=token_hash, account_id=account_id, created_at=utc_now(), expires_at=expires_at)
            )

    def session_account(self, token_hash: str, now: datetime) -> Account | None:
        with self._session() as session, session.begin():
            found = session.execute(
                select(SessionRow.expires_at, AccountRow)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.token_hash == token_hash)
            ).first()
            if found is None or aware(found[0]) <= now:
                return None
            return account_of(found[1])

    def drop_session(self, token_hash: str) -> None:
        with self._session() as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def add_chat(self, table_id: int | None, account_id: int, text: str) -> ChatLine:
        with self._session() as session, session.begin():
            row = ChatRow(table_id=table_id, account_id=account_id, text=text, created_at=utc_now())
            session.add(row)
            session.flush()
            name = session.scalar(select(AccountRow.name).where(AccountRow.id == account_id)) or "?"
            return ChatLine(row.id, table_id, account_id, name, text, aware(row.created_at))

    def chat(self, table_id: int | None, limit: int = 50) -> list[ChatLine]:
        with self._session() as session, session.begin():
            where = ChatRow.table_id.is_(None) if table_id is None else ChatRow.table_id == table_id
            rows = session.execute(
                select(ChatRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == ChatRow.account_id)
                .where(where)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
            return [
                ChatLine(row.id, row.table_id, row.account_id, name, row.text, aware(row.created_at))
                for row, name in reversed(rows)
            ]
