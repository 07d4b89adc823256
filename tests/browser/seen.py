"""What the browser games check with: checks made once per game (:class:`Seen`) and a game's ``describe`` and
terms as the page fetches them (:class:`Rules`), the end of a game (:func:`check_end`)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

Page = Any


class Seen:
    """Checks made once, the first time a panel shows during a game (``on_action`` hooks)."""

    def __init__(self) -> None:
        self.done: set[str] = set()
        self.notes: list[str] = []  # why a check could not be made yet (shown if it never is)

    def once(self, page: Page, name: str, selector: str) -> bool:
        """Whether ``selector`` shows now on ``page`` and ``name`` was not checked yet (it is now)."""
        if name in self.done or page.locator(selector).count() == 0:
            return False
        self.done.add(name)
        return True


class Rules:
    """A game's ``describe`` for the table's options and the English terms, as the page fetches them."""

    def __init__(self, page: Page, game: str, options: dict[str, Any]) -> None:
        answer = page.request.get(f"/api/games/{game}/describe?options={quote(json.dumps(options))}")
        assert answer.ok, answer.text()
        self.describe: dict[str, Any] = answer.json()
        self.terms: dict[str, str] = page.request.get(f"/api/messages/en?game={game}").json()["terms"]

    def term(self, name: str) -> str:
        return self.terms.get(name, name)


def check_end(page: Page, columns: list[str], players: int) -> None:
    page.locator("#final-scores").wait_for()
    headers = page.locator("table.scores thead th").all_text_contents()
    assert all(column in headers for column in columns), headers
    assert page.locator("table.scores tbody tr").count() == players
    page.locator("#verify").click()
    page.locator("#verify-result").get_by_text("matches the dice commitment").wait_for()
