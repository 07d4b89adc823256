"""Whole games through the browser client: two people and a bot at Roll Through the Ages, a person and a bot
at Stone Age with a reload mid-game; the end screen, the record and the dice secret."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.client import create_table, is_over, play_to_the_end, sign_up, unique, version
from tests.browser.conftest import shot


def test_two_people_and_a_bot_play_roll_through_the_ages(new_page: Any) -> None:
    ann, bob = new_page(), new_page()
    ann_name, bob_name = unique("ann"), unique("bob")
    sign_up(ann, ann_name)
    sign_up(bob, bob_name)
    shot(ann, "lobby")
    table = create_table(ann, "rtta", 3, ["", "", "greedy"], take_backs=True)
    shot(ann, "table-waiting")

    # Bob finds the table in the lobby, joins it and opens it; Ann starts it.
    bob.goto("/")
    row = bob.locator(f"#tables-open li[data-table='{table}']")
    row.locator("button.join").click()
    row = bob.locator(f"#tables-open li[data-table='{table}']")
    row.locator("a.open-table").click()
    bob.wait_for_url(f"**/tables/{table}")
    ann.locator("#start-table").click()
    for page in (ann, bob):
        page.locator("#version").wait_for()
    assert bob.locator("#table-header").get_by_text(bob_name).count() == 1
    assert ann.locator("#take-back").count() == 1  # the table allows take-backs
    commitment = ann.locator(".commitment").get_attribute("title")
    assert commitment and len(commitment) == 64

    # Table chat reaches the other seat.
    bob.locator(".chat-form input").fill("good luck")
    bob.locator(".chat-form button").click()
    ann.locator(".chat-lines").get_by_text("good luck").wait_for()

    def look(page: Any, clicks: int) -> None:
        if clicks == 6:
            shot(page, "rtta-table")

    clicks = play_to_the_end([ann, bob], seed=11, on_action=look)
    assert clicks > 10
    for page in (ann, bob):
        page.locator("#final-scores").wait_for()
    shot(ann, "rtta-end")
    secret = ann.locator("#secret").text_content()
    assert secret and len(secret) == 64
    record = ann.request.get(ann.locator("#record-link").get_attribute("href"))
    assert record.ok and json.loads(record.body())["format"] == "dolmen-record"

    # Play again: Ann's click makes a new table; Bob is told and joins it.
    ann.locator("#play-again").click()
    ann.wait_for_url(lambda url: url.rstrip("/").endswith("/tables/" + str(table)) is False)
    bob.locator("#again-link").click()
    bob.locator("#join-table").click()
    ann.locator("#seats-box").get_by_text(bob_name).wait_for()

    # Profiles: the finished game is in Bob's history.
    ann.goto(f"/players/{bob_name}")
    ann.get_by_role("heading", name=bob_name).wait_for()
    ann.locator(f"a[href='/tables/{table}']").wait_for()
    assert ann.problems == [] and bob.problems == []


def test_stone_age_against_a_bot_with_a_reload(new_page: Any) -> None:
    page = new_page()
    sign_up(page, unique("cy"))
    table = create_table(page, "stoneage", 2, ["", "greedy"])
    page.locator("#start-table").click()
    page.locator("#version").wait_for()

    reloaded: list[int] = []

    def reload_once(page: Any, clicks: int) -> None:
        if clicks == 25 and not is_over(page):
            seen = version(page)
            shot(page, "stoneage-table")
            page.reload()
            page.locator("#version").wait_for()
            assert version(page) >= seen
            assert page.locator("#board .stoneage-board").count() == 1
            reloaded.append(seen)

    play_to_the_end([page], seed=5, on_action=reload_once, timeout=180.0)
    assert reloaded, "the game ended before the reload"
    assert page.url.endswith(f"/tables/{table}")
    shot(page, "stoneage-end")
    assert page.locator("table.scores tbody tr").count() == 2
    assert page.problems == []


def test_stone_age_with_every_module_at_five(new_page: Any) -> None:
    page = new_page()
    sign_up(page, unique("dot"))
    modules = ("extension", "new_huts", "mammoths", "winter", "animals", "igloos")
    create_table(page, "stoneage", 5, ["", "greedy", "greedy", "greedy", "greedy"], modules=modules)
    page.locator("#start-table").click()
    page.locator("#version").wait_for()
    play_to_the_end([page], seed=9, timeout=200.0)
    shot(page, "stoneage-5-modules-end")
    assert page.locator("table.scores tbody tr").count() == 5
    assert page.problems == []


def test_late_bronze_age_solo(new_page: Any) -> None:
    page = new_page()
    sign_up(page, unique("lee"))
    page.select_option("#new-game", "rtta")
    page.select_option("#new-players", "1")
    page.select_option("#new-option-edition", "late")
    page.locator("#create").click()
    page.wait_for_url("**/tables/*")
    page.locator("#start-table").click()
    page.locator("#version").wait_for()
    assert "The Late Bronze Age" in (page.locator("#board .facts").first.text_content() or "")
    play_to_the_end([page], seed=3, timeout=120.0)
    shot(page, "rtta-late-solo-end")
    assert page.locator("table.scores tbody tr").count() == 1
    assert page.problems == []
