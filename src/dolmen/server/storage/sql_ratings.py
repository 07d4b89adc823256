"""Ratings in SQL (a part of sql.py's SqlStorage)."""

from __future__ import annotations

from sqlalchemy import select

from dolmen.server.storage import FINISHED, RateFunction, Rating
from dolmen.server.storage.models import AccountRow, RatingRow, TableRow
from dolmen.server.storage.sql_base import SqlBase


class SqlRatings(SqlBase):
    """Ratings per game and account, rated once per finished table."""

    def rate_table(self, table_id: int, ranks: dict[int, int], rate: RateFunction) -> bool:
        with self._session() as session, session.begin():
            table = session.get(TableRow, table_id, with_for_update=True)
            if table is None or table.status != FINISHED or table.rated:
                return False
            rows = {
                row.account_id: row
                for row in session.scalars(
                    select(RatingRow)
                    .where(RatingRow.game == table.game, RatingRow.account_id.in_(list(ranks)))
                    .with_for_update()
                )
            }
            current = {a: ((rows[a].mu, rows[a].sigma) if a in rows else None) for a in ranks}
            for account_id, (mu, sigma) in (rate(current, ranks) if ranks else {}).items():
                row = rows.get(account_id)
                if row is None:
                    session.add(RatingRow(account_id=account_id, game=table.game, mu=mu, sigma=sigma, games=1))
                else:
                    row.mu, row.sigma, row.games = mu, sigma, row.games + 1
            table.rated = True
            return True

    def unrated_tables(self) -> list[int]:
        with self._session() as session, session.begin():
            query = select(TableRow.id).where(TableRow.status == FINISHED, TableRow.rated.is_(False))
            return list(session.scalars(query.order_by(TableRow.id)))

    def ratings(self, game: str, limit: int = 100) -> list[Rating]:
        with self._session() as session, session.begin():
            rows = session.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.account_id)
                .limit(limit)
            ).all()
            return [Rating(r.account_id, name, r.game, r.mu, r.sigma, r.games) for r, name in rows]

    def account_ratings(self, account_id: int) -> list[Rating]:
        with self._session() as session, session.begin():
            rows = session.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.account_id == account_id)
                .order_by(RatingRow.game)
            ).all()
            return [Rating(r.account_id, name, r.game, r.mu, r.sigma, r.games) for r, name in rows]
