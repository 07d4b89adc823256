"""Timed tables through the browser client: a real-time clock that counts down and runs out (the seat is away,
a bot plays it, its person takes it back), and a turn-based table played to its end against a bot with a
reload mid-game — the deadline, the tab's title, "my tables, your turn first" in the lobby, the answer
panel of an offer the bot makes, and the turn alerts of a hidden tab."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.browser.client import (
    act_once,
    create_table,
    is_over,
    play_to_the_end,
    sign_up,
    unique,
    unlabelled_controls,
    version,
)
from tests.browser.conftest import shot

Page = Any


def clock_seconds(page: Page, seat: int) -> int:
    """The time left on ``seat``'s clock as shown (``m:ss``), in seconds."""
    minutes, seconds = (page.locator(f"#clock-{seat}").text_content() or "").split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_realtime_clock_runs_out_and_the_seat_is_taken_back(new_page: Any) -> None:
    page = new_page()
    sign_up(page, unique("kim"))
    # a bot that thinks (up to 0.3 s a move) plays for the person while away, slowly enough that the game is
    # still on when they come back and when they leave again (with a quicker one, a loaded machine once saw the
    # game end before the come-back click)
    create_table(page, "rtta", 2, ["", "greedy"], clock=("4 second", "10 second"), away_bot="mcts:medium")
    page.locator("#table-setup").get_by_text("real time, 4 s + 10 s").wait_for()
    page.locator("#start-table").click()
    page.locator("button.action").first.wait_for()
    # docs/protocol.md "Modes and clocks": the person's clock runs while they act; the bot's seat has none
    page.locator("#clocks li.running[data-seat='0']").wait_for()
    assert page.locator("#clock-1").count() == 0
    first = clock_seconds(page, 0)
    assert 0 < first <= 4
    page.wait_for_timeout(1100)
    assert clock_seconds(page, 0) < first  # it counts down by itself
    shot(page, "clock-running")

    # The time runs out: the seat is away, the away bot plays it; its person takes it back.
    page.locator("#table-header .away[data-seat='0']").wait_for(timeout=15_000)
    page.locator("#clocks li[data-seat='0']").get_by_text("away").wait_for()
    assert page.locator("#clock-0").text_content() == "0:00"
    assert page.locator("button.action").count() == 0  # no legal actions while a bot plays the seat
    shot(page, "clock-out")
    page.locator("#come-back").click()
    page.locator("#table-header .away").wait_for(state="detached")
    page.locator("#leave-game").wait_for()
    # back with no time left, each move must come within one increment (10 s): the clicks come sooner
    page.locator("#actions:not(.pending) button.action").first.wait_for(timeout=30_000)
    before = version(page)
    assert act_once(page, random.Random(1))
    assert version(page) > before
    assert page.locator("#table-header .away").count() == 0

    # Leaving a running game: a bot plays the seat until its person comes back.
    page.locator("#leave-game").click()
    page.locator("#table-header .away[data-seat='0']").wait_for()
    page.locator("#come-back").wait_for()
    assert unlabelled_controls(page) == []
    assert page.problems == []


ALERTS = """(() => {
    // The tab hidden or shown as the test says (window.__setHidden), and a log of the tab's titles and of the
    // turn alerts (docs/web.md, notify.js): the system notifications made and the sounds started.
    const log = [];
    window.__alerts = log;
    let hidden = false;
    Object.defineProperty(Document.prototype, "hidden", {configurable: true, get: () => hidden});
    Object.defineProperty(Document.prototype, "visibilityState", {
        configurable: true, get: () => (hidden ? "hidden" : "visible")});
    window.__setHidden = (value) => {
        hidden = value;
        document.dispatchEvent(new Event("visibilitychange"));
    };
    const title = Object.getOwnPropertyDescriptor(Document.prototype, "title");
    Object.defineProperty(Document.prototype, "title", {configurable: true, get: title.get, set(value) {
        log.push({kind: "title", title: value, hidden});
        title.set.call(this, value);
    }});
    const Real = window.Notification;
    window.Notification = class extends Real {
        constructor(heading, options) {
            super(heading, options);
            log.push({kind: "notification", heading, body: options?.body, tag: options?.tag, hidden});
        }
    };
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function (...args) {
        log.push({kind: "sound", hidden});
        return start.apply(this, args);
    };
})()"""


def turn_alerts(page: Page, table: int) -> tuple[list[bool], list[dict[str, Any]]]:
    """The tab's turns as its title says them (``True``: "●", your turn), each one when the turn came while the
    tab was hidden; and the alerts made, each with the number of such turns before it."""
    log: list[dict[str, Any]] = page.evaluate("window.__alerts")
    titles = re.compile(rf"(● )?Dolmen #{table} — ")
    was = False
    came: list[bool] = []  # each time the turn became mine: whether the tab was hidden
    alerts: list[dict[str, Any]] = []
    for entry in log:
        if entry["kind"] != "title":
            alerts.append(entry | {"after": len(came)})
        elif titles.match(entry["title"]):
            mine = entry["title"].startswith("● ")
            if mine and not was:
                came.append(entry["hidden"])
            was = mine
    return came, alerts


def answer_seen(page: Page, seen: dict[str, int]) -> None:
    """The answer panel of an offer the bot makes (docs/rtta.md "Trade"): who offers, what one gets and gives;
    the random play then answers it with one of its buttons."""
    panel = page.locator("#offer-panel")
    if panel.count() == 0:
        return
    assert "makes you an offer" in (panel.locator("h3").text_content() or "")
    assert panel.get_by_text("You would get:").count() == 1 and panel.get_by_text("You would give:").count() == 1
    assert page.locator("#actions button.action[data-action^='accept']").count() >= 1
    if not seen.get("offer"):
        shot(page, "rtta-offer-from-a-bot")
    seen["offer"] = seen.get("offer", 0) + 1


def test_a_turn_based_game_to_its_end_with_a_reload(new_page: Any) -> None:
    page = new_page(permissions=["notifications"])
    page.add_init_script(ALERTS)
    sign_up(page, unique("lou"))
    # The Late Bronze Age trades: the random bot makes offers
    table = create_table(page, "rtta", 2, ["", "random"], edition="late", turn_based="2 day")
    page.locator("#table-setup").get_by_text("turn by turn, 2 days a move").wait_for()
    page.locator("#start-table").click()
    page.locator("button.action").first.wait_for()
    # docs/protocol.md "Modes and clocks": the seat to move has a deadline, two days from its turn
    deadline = page.locator("#clocks .deadline")
    deadline.wait_for()
    assert "must move by" in (deadline.text_content() or "")
    assert (page.locator("#clock-deadline").text_content() or "").startswith(("1 day 23 h", "2 days"))
    assert page.title().startswith("● ")  # the tab says it is your turn

    # The alerts: a system notification needs the browser's permission, asked for when switched on.
    page.locator("#alert-popup").check()
    assert page.evaluate("localStorage.getItem('dolmen.alert.popup')") == "1"
    page.locator("#alert-sound").check()

    # The lobby, in another tab: this table first among "my tables", with its badge, and the title says so.
    lobby = page.context.new_page()
    lobby.goto("/")
    first = lobby.locator("#tables-mine li").first
    first.locator(".badge").get_by_text("Your turn").wait_for()
    assert first.get_attribute("data-table") == str(table)
    assert "turn by turn" in (first.text_content() or "")
    lobby.wait_for_function("() => document.title.startsWith('● ')")
    shot(lobby, "lobby-your-turn")
    lobby.close()

    seen: dict[str, int] = {}
    reloaded: list[int] = []

    def look(page: Page, clicks: int) -> None:
        if clicks >= 12 and not reloaded and not is_over(page) and turn_alerts(page, table)[0][1:]:
            # The turn came back while the tab was shown: no alert.
            came, alerts = turn_alerts(page, table)
            assert not any(came) and alerts == [], (came, alerts)
            before = version(page)
            page.reload()
            page.locator("#version").wait_for()
            assert version(page) >= before
            page.locator("#clocks").wait_for()
            reloaded.append(before)
            page.evaluate("window.__setHidden(true)")  # from now on, the person looks at another tab

    play_to_the_end([page], seed=21, on_action=look, before_action=lambda page: answer_seen(page, seen), timeout=180.0)
    assert reloaded, "the game ended before the reload"
    assert seen.get("offer"), "the bot made no offer"
    # Since the reload, the tab hidden: each time the turn came, once, a sound and a notification.
    came, alerts = turn_alerts(page, table)
    hidden = [index + 1 for index, tab_hidden in enumerate(came) if tab_hidden]
    assert len(hidden) >= 2 and all(came[1:]), came  # the first may be the page's first view, still shown
    sounds = [alert["after"] for alert in alerts if alert["kind"] == "sound"]
    notes = [alert for alert in alerts if alert["kind"] == "notification"]
    assert sounds == [note["after"] for note in notes] == hidden, (came, alerts)
    assert all(alert["hidden"] for alert in alerts), alerts
    assert {(note["heading"], note["body"], note["tag"]) for note in notes} == {
        ("Dolmen", f"Your turn at table {table}", "dolmen-turn")
    }
    page.locator("#final-scores").wait_for()
    page.locator("#clocks").get_by_text("No deadline running").wait_for()
    assert not page.title().startswith("● ")
    assert page.problems == []


def test_notifications_refused_by_the_browser_stay_off(new_page: Any) -> None:
    page = new_page()  # no permission granted: the browser refuses it
    sign_up(page, unique("mo"))
    create_table(page, "rtta", 1, [""], untimed=True)
    page.locator("#table-setup").get_by_text("untimed").wait_for()
    page.locator("#start-table").click()
    page.locator("button.action").first.wait_for()
    assert page.locator("#clocks").is_hidden()  # an untimed table has no clocks
    page.locator("#alert-popup").check()
    page.wait_for_function("() => !document.querySelector('#alert-popup').checked")
    assert page.evaluate("localStorage.getItem('dolmen.alert.popup')") == "0"
    page.locator("#alert-sound").check()  # a sound needs no permission
    assert page.evaluate("localStorage.getItem('dolmen.alert.sound')") == "1"
