"""Ratings: one per account and game, from finished games between people (openskill's Plackett-Luce model,
which rates 2 to 5 players by their ranks, ties included).

A game counts when every seat was a person's and no step was played for an absent person (``"by"`` in a
step). Each finished table is rated exactly once, in one transaction with its players' ratings; a table that
finished just before a crash is rated at the next start.
"""

from __future__ import annotations

import asyncio
import logging

from openskill.models import PlackettLuce

from dolmen.server.errors import Invalid, NotFound, say
from dolmen.server.storage import Account, Rating, Storage, TableInfo

MODEL = PlackettLuce()
log = logging.getLogger("dolmen.server")


def rate(current: dict[int, tuple[float, float] | None], ranks: dict[int, int]) -> dict[int, tuple[float, float]]:
    """New ``(mu, sigma)`` by account after a game with ``ranks`` (1 = first; equal ranks tie)."""
    accounts = list(ranks)
    teams = []
    for account in accounts:
        known = current.get(account)
        teams.append([MODEL.rating(mu=known[0], sigma=known[1]) if known else MODEL.rating()])
    rated = MODEL.rate(teams, ranks=[float(ranks[a]) for a in accounts])
    return {account: (team[0].mu, team[0].sigma) for account, team in zip(accounts, rated, strict=True)}


def counts(info: TableInfo, steps: list[dict[str, object]]) -> bool:
    """Whether a finished game changes ratings: people in every seat (two or more), none replaced by a bot."""
    people = all(seat.account_id is not None for seat in info.seats)
    return people and info.players >= 2 and info.result is not None and not any("by" in step for step in steps)


class RatingService:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def rate_table(self, table_id: int) -> bool:
        """Rate finished ``table_id`` if it counts (once; later calls do nothing). Whether ratings changed."""
        info = await asyncio.to_thread(self.storage.get_table, table_id)
        if info is None or info.result is None:
            return False
        steps = await asyncio.to_thread(self.storage.table_steps, table_id, 0)
        ranks: dict[int, int] = {}
        if counts(info, steps):
            ranks = {s.account_id: int(info.result["ranks"][s.seat]) for s in info.seats if s.account_id is not None}
        done = await asyncio.to_thread(self.storage.rate_table, table_id, ranks, rate)
        return done and bool(ranks)

    async def catch_up(self) -> None:
        """Rate the tables that finished but were not rated (the server stopped in between)."""
        for table_id in await asyncio.to_thread(self.storage.unrated_tables):
            try:
                await self.rate_table(table_id)
            except Exception:
                log.exception("cannot rate table %s", table_id)

    async def leaderboard(self, game: str, limit: int = 100) -> list[Rating]:
        from dolmen.games import GAMES

        if game not in GAMES:
            raise Invalid(say("server_unknown_game", game=game, games=sorted(GAMES)))
        return await asyncio.to_thread(self.storage.ratings, game, max(1, min(limit, 500)))

    async def profile(self, name: str) -> tuple[Account, list[Rating], list[TableInfo]]:
        account = await asyncio.to_thread(self.storage.find_account, name)
        if account is None:
            raise NotFound(say("server_no_player", name=name))
        ratings = await asyncio.to_thread(self.storage.account_ratings, account.id)
        tables = await asyncio.to_thread(self.storage.account_tables, account.id, 50)
        return account, ratings, tables
