"""The interface around the games: the language (the browser's, then the switch), the phone screen,
keyboard use and labels, watching a table, lobby chat."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.browser.client import act_once, create_table, sign_up, unique, unlabelled_controls, version, wait_for_answer
from tests.browser.conftest import shot


def test_french_from_the_browser_and_the_switch(new_page: Any) -> None:
    page = new_page(locale="fr-FR")
    page.goto("/")
    page.get_by_role("button", name="Créer un compte").wait_for()
    assert page.evaluate("document.documentElement.lang") == "fr"
    shot(page, "lobby-fr")
    page.select_option("#lang-switch", "en")
    page.get_by_role("button", name="Sign up").wait_for()
    page.reload()
    page.get_by_role("button", name="Sign up").wait_for()  # the choice is remembered
    sign_up(page, unique("dee"))
    page.select_option("#lang-switch", "fr")
    page.get_by_role("button", name="Créer la table").wait_for()
    # The engine's refusal of a choice, in French from its catalogue message (docs/stoneage.md "Options").
    page.select_option("#new-game", "stoneage")
    page.locator(".create[data-ready='stoneage']").wait_for()
    page.select_option("#new-players", "5")
    page.locator("#create-check").get_by_text("5 joueurs demandent l'extension").wait_for()
    create_table(page, "stoneage", 2, ["", "random"])
    page.locator("#start-table").click()
    page.get_by_text("Engagement des dés").wait_for()
    page.get_by_text("Journal de la partie").wait_for()
    # The log in the reader's language, from the game's French catalogue (seed 004's words).
    page.locator("#log li").get_by_text("Le tour 1 commence", exact=False).wait_for()
    assert page.locator("#board .site[data-site='forest']").get_attribute("aria-label").startswith("la forêt")
    # A rule's refusal in French (seed 004 "Phase 1": one places people one has; five at the start).
    page.locator("#board .site.playable").first.wait_for()
    page.locator("#action-text").fill("place hunting 9")
    page.locator("#action-text").press("Enter")
    page.locator("#table-error").get_by_text("il vous reste 5 personnages à placer, pas 9", exact=False).wait_for()
    assert (page.locator("#table-error").text_content() or "").startswith("Action interdite maintenant :")
    shot(page, "stoneage-fr")
    assert page.problems == []


def test_phone_screen_keyboard_and_labels(new_page: Any) -> None:
    page = new_page(width=390, height=844)
    sign_up(page, unique("eve"))
    shot(page, "phone-lobby")
    assert unlabelled_controls(page) == []
    create_table(page, "rtta", 2, ["", "greedy"])
    page.locator("#start-table").click()
    page.locator("#version").wait_for()
    page.locator("button.action").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert unlabelled_controls(page) == []
    shot(page, "phone-rtta")

    # The dice are keyboard controls: Tab to one, Enter chooses it for a reroll.
    die = page.locator("#board .die").first
    die.focus()
    page.keyboard.press("Enter")
    assert page.locator("#board .die").first.get_attribute("aria-pressed") == "true"
    page.locator("#board .die").first.focus()
    page.keyboard.press(" ")
    assert page.locator("#board .die").first.get_attribute("aria-pressed") == "false"

    # The text field plays any legal text form; a wrong one is refused in words.
    page.locator("#action-text").fill("build nothing")
    page.keyboard.press("Enter")
    page.locator("#table-error").get_by_text("build nothing", exact=False).wait_for()

    # Stone Age's board on the phone: three sites a row, nothing wider than the screen; a site by the keyboard.
    page.goto("/")
    create_table(page, "stoneage", 2, ["", "greedy"])
    page.locator("#start-table").click()
    page.locator("#board .site.playable").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert unlabelled_controls(page) == []
    page.locator("#board .site[data-site='forest']").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#site-actions') !== null")  # the site's choices, focused
    shot(page, "phone-stoneage")
    assert page.problems == []


def test_watching_a_table_and_lobby_chat(new_page: Any) -> None:
    host, guest = new_page(), new_page()
    sign_up(host, unique("fay"))
    table = create_table(host, "stoneage", 2, ["", "greedy"])
    host.locator("#start-table").click()
    host.locator("#version").wait_for()
    # Placing by clicking a site on the board: it lists the legal actions that name it.
    host.locator("#board .site.playable").first.wait_for()
    before = version(host)
    host.locator("#board .site.playable").first.click()
    host.locator("#site-actions button.action").first.click()
    wait_for_answer(host, before)
    assert host.locator("#table-error").text_content() == ""

    guest.goto(f"/tables/{table}")  # no account: a spectator
    guest.locator("#table-header .spectator").get_by_text("You are watching").wait_for()
    assert guest.locator("button.action").count() == 0
    shot(guest, "spectator")

    host.goto("/")
    host.locator(".chat-form input").fill("anyone for Stone Age?")
    host.locator(".chat-form button").click()
    guest.goto("/")
    guest.locator(".chat-lines").get_by_text("anyone for Stone Age?").wait_for()
    assert host.problems == [] and guest.problems == []


def test_reconnects_by_itself_with_its_last_version(new_page: Any) -> None:
    page = new_page()
    sockets: list[Any] = []

    def through(route: Any) -> None:
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket(re.compile(r"/ws/tables/\d+"), through)
    sign_up(page, unique("gus"))
    create_table(page, "rtta", 1, [""])
    page.locator("#start-table").click()
    page.locator("button.action").first.wait_for()
    assert act_once(page, random.Random(2))
    seen = version(page)

    sockets[-1].close()  # the connection drops
    page.locator("#offline").wait_for(state="visible", timeout=3000)
    page.locator("#offline").wait_for(state="hidden", timeout=10_000)
    assert sockets[-1].url.endswith(f"?v={seen}&e=0")  # its last version and epoch
    assert version(page) == seen
    assert act_once(page, random.Random(3))  # and play goes on
    assert page.problems == []


def test_a_stale_tab_gets_the_resync(new_page: Any) -> None:
    first = new_page()
    sign_up(first, unique("hal"))
    table = create_table(first, "rtta", 1, [""])
    first.locator("#start-table").click()
    first.locator("button.action").first.wait_for()

    # A second tab of the same person, whose updates are lost while the first tab plays.
    second = first.context.new_page()
    drop = {"on": False}

    def lossy(route: Any) -> None:
        server = route.connect_to_server()
        server.on_message(lambda message: None if drop["on"] else route.send(message))

    second.route_web_socket(re.compile(r"/ws/tables/\d+"), lossy)
    second.goto(f"/tables/{table}")
    second.locator("button.action").first.wait_for()
    stale = version(second)
    drop["on"] = True
    assert act_once(first, random.Random(4))
    first.locator("#actions:not(.pending) button.action").first.wait_for()  # every step of that turn is out
    first.wait_for_timeout(300)
    drop["on"] = False
    assert version(second) == stale
    second.locator("button.action").first.click()
    second.locator("#table-error").get_by_text("The table had moved on").wait_for()
    assert version(second) == version(first) > stale


def test_chat_commands_join_leave_seat_a_bot_and_start(new_page: Any) -> None:
    page, guest = new_page(), new_page()
    guest_name = unique("jo")
    sign_up(page, unique("ida"))
    sign_up(guest, guest_name)
    table = create_table(page, "stoneage", 2, ["", ""])
    page.locator("#seats-box h2").wait_for()  # the table's socket is open

    # A second person types /join at the table's chat, then /leave: the seat fills and opens again for all.
    guest.goto(f"/tables/{table}")
    guest.locator("#seats-box h2").wait_for()
    guest_says = guest.locator(".chat-form input")
    guest_says.fill("/join")
    guest_says.press("Enter")
    page.locator("#seats-box").get_by_text(guest_name).wait_for()
    guest_says.fill("/leave")
    guest_says.press("Enter")
    page.locator("#seats-box li").get_by_text("open").wait_for()
    guest_says.fill("/dance")
    guest_says.press("Enter")
    guest.locator("#table-error").get_by_text("commands:", exact=False).wait_for()

    say = page.locator(".chat-form input")
    say.fill("/bot random")
    say.press("Enter")
    page.locator("#seats-box").get_by_text("bot random").wait_for()
    say.fill("/start")
    say.press("Enter")
    page.locator("#version").wait_for()
    guest.locator("#version").wait_for()  # the watcher's page follows the start
    assert page.problems == [] and guest.problems == []


def test_a_take_back_changes_the_epoch_a_tab_reconnects_with(new_page: Any) -> None:
    first = new_page()
    sign_up(first, unique("ike"))
    for _ in range(5):
        # "keep" is an action without dice, which a take-back undoes; but when it ends the turn with nothing left
        # to decide, the next turn's roll follows at once (about one table in eight): that one cannot be taken
        # back, so play it on a new table
        first.goto("/")
        table = create_table(first, "rtta", 1, [""], take_backs=True)
        first.locator("#start-table").click()
        first.locator("button.action[data-action='keep']").wait_for()

        second = first.context.new_page()  # a second tab of the same person, whose connection will drop
        sockets: list[Any] = []

        def through(route: Any, sockets: list[Any] = sockets) -> None:
            route.connect_to_server()
            sockets.append(route)

        second.route_web_socket(re.compile(r"/ws/tables/\d+"), through)
        second.goto(f"/tables/{table}")
        second.locator("button.action").first.wait_for()
        start = version(first)
        first.locator("button.action[data-action='keep']").click()
        wait_for_answer(first, start)
        if version(first) == start + 1:
            break
        second.close()
    else:
        pytest.fail("every keep was followed by a roll")
    second.locator("#version").get_by_text(f"version {start + 1}", exact=True).wait_for()

    # docs/protocol.md "Reconnecting": a take-back changes the epoch; every tab gets the whole state
    first.locator("#take-back").click()
    first.locator("#version").get_by_text(f"version {start}", exact=True).wait_for()
    second.locator("#version").get_by_text(f"version {start}", exact=True).wait_for()
    assert second.locator("#log li").count() == first.locator("#log li").count()
    sockets[-1].close()
    for _ in range(200):  # the tab comes back by itself within a second
        if len(sockets) == 2:
            break
        second.wait_for_timeout(50)
    assert len(sockets) == 2 and sockets[-1].url.endswith(f"?v={start}&e=1")  # its version, in the new epoch
    second.locator("#offline").wait_for(state="hidden", timeout=10_000)
    second.locator("button.action").first.wait_for()
    assert version(second) == start
    assert first.problems == []
