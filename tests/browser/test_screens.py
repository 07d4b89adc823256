"""Screens the whole-game tests do not reach: logging out and in again with an existing account; the profile (history
and rating) and the leaderboard after a rated game between two people, played through the wire protocol from
the test; who built which monument on a finished Roll Through the Ages table; skulls shown locked in a
multi-player game and free in solo; Stone Age civilization cards on hover, the others' hidden without open cards
and shown with them."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.browser.client import PASSWORD, act_once, create_table, sign_up, unique, unlabelled_controls
from tests.browser.conftest import shot
from tests.server.harness import Player, Socket

Page = Any


class Address:
    """What the protocol harness of tests/server needs of a server: its base URL and port."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.port = int(base.rsplit(":", 1)[1])


def paced(socket: Socket, seed: int, timeout: float = 150.0) -> dict[str, Any]:
    """Play a seat at random (keen on monuments) through its socket, never faster than the server's rate limit
    (10 messages a second on average, docs/protocol.md "Error codes"), until the game is over; the last view
    message."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    acted_at, last_sent = -1, 0.0
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "the game did not end in time"
        message = socket.recv(left)
        assert message["type"] != "error", message
        if message["type"] not in ("state", "update", "resync"):
            continue
        if message["view"]["over"]:
            return message
        actions = message["legal"]["actions"]
        if actions and message["version"] != acted_at:
            time.sleep(max(0.0, last_sent + 0.15 - time.monotonic()))
            acted_at, last_sent = message["version"], time.monotonic()
            weights = [builder(text) for text in actions]
            action = rng.choices(actions, weights=weights)[0]
            socket.send({"type": "act", "action": action, "version": message["version"]})


MONUMENTS = ("step-pyramid", "stone-circle", "temple", "obelisk", "hanging-gardens", "great-wall", "great-pyramid")


def builder(text: str) -> float:
    """A player keen on monuments (their workers go there first, all at once) who seldom buys a development (the
    game ends with a player's fifth), so that the game has builders."""
    words = text.split()
    if words[0] == "build" and words[1] in MONUMENTS:
        return 50.0 * int(words[2])
    if words[0] == "buy":
        return 0.002  # a buy step lists dozens of payments: at 0.02 each, one clean run still saw no monument
    return 1.0


def rated_game(base_url: str) -> tuple[str, str, int]:
    """Two people play a whole Roll Through the Ages game (The Bronze Age, 2 players) through HTTP and the table
    sockets, choosing at random; returns their names and the table. Every seat a person's: it is rated."""
    server = Address(base_url)
    ada, bob = Player(server, unique("ada")), Player(server, unique("bob"))
    table = ada.post("/api/tables", {"game": "rtta", "players": 2, "seats": [None, None], "clock": None})
    bob.post(f"/api/tables/{table['id']}/join")
    ada.post(f"/api/tables/{table['id']}/start")
    sockets = [ada.socket(table["id"]), bob.socket(table["id"])]
    last: list[dict[str, Any]] = []
    try:
        with ThreadPoolExecutor(2) as pool:
            last = list(pool.map(paced, sockets, (21, 22)))
    finally:
        for socket in sockets:
            socket.close()
    assert all(message["view"]["over"] for message in last)
    for player in (ada, bob):
        player.close()
    return ada.name, bob.name, table["id"]


def log_in(page: Page, name: str) -> None:
    page.locator("#account-title").wait_for()
    page.locator(".account-form input[name=name]").fill(name)
    page.locator(".account-form input[name=password]").fill(PASSWORD)
    page.locator("#login").click()
    page.locator("#create").wait_for()


def test_log_out_and_in_a_profile_and_the_leaderboard_after_a_rated_game(new_page: Any, base_url: str) -> None:
    ada, bob, table = rated_game(base_url)
    page = new_page()

    # Log out, then in again with the account (docs/protocol.md "Accounts and sessions").
    sign_up(page, unique("zoe"))
    page.locator("#logout").click()
    page.locator("#account-title").wait_for()
    assert page.locator("#logout").count() == 0
    assert page.evaluate("fetch('/api/me').then((r) => r.status)") == 401
    page.locator(".account-form input[name=name]").fill(ada)
    page.locator(".account-form input[name=password]").fill("not the password")
    page.locator("#login").click()
    page.locator(".account-form .error").get_by_text("Wrong name or password").wait_for()
    log_in(page, ada)
    page.locator("#account").get_by_text(f"Signed in as {ada}").wait_for()

    # The leaderboard: both people are rated by the game they played together (openskill; rating = mu − 3 sigma).
    ratings = {row["name"]: row for row in page.request.get("/api/ratings/rtta?limit=100").json()}
    assert ratings[ada]["games"] == ratings[bob]["games"] == 1
    page.select_option("#leaderboard-game", "rtta")
    board = page.locator("#leaderboard")
    for name in (ada, bob):
        row = board.locator("li").filter(has=page.locator(f"a.player-link:text-is('{name}')"))
        row.get_by_text(str(ratings[name]["rating"])).wait_for()
        assert "1 game" in (row.text_content() or "")
    shot(page, "leaderboard")

    # Bob's page: his rating and the game in his history, with its replay.
    board.locator(f"a.player-link:text-is('{bob}')").click()
    page.wait_for_url(f"**/players/{bob}")
    page.get_by_role("heading", name=bob).wait_for()
    page.locator("#h-ratings + ul li").get_by_text(f"Roll Through the Ages: {ratings[bob]['rating']}").wait_for()
    game = page.locator(".tables li.table-row").filter(has=page.locator(f"a[href='/tables/{table}']"))
    assert ada in (game.text_content() or "") and game.locator(f"a[href='/tables/{table}/replay']").count() == 1
    assert unlabelled_controls(page) == []
    shot(page, "profile")

    # The finished table: who built which monument, and the monuments two players leave out (seed 002, "Rules
    # for 2/3-player Games": the Temple and the Great Pyramid), against the final view the server gives.
    game.locator(f"a[href='/tables/{table}']").click()
    page.locator("#final-scores").wait_for()
    frames = page.request.get(f"/api/tables/{table}/replay").json()
    last = frames["last"]
    view = page.request.get(f"/api/tables/{table}/replay?from={last}&to={last}").json()["frames"][0]["view"]
    names = {0: ada, 1: bob}
    rows = page.locator("#monuments tbody tr")
    assert rows.count() == len(view["board"]["monuments"])
    built = 0
    for monument in view["board"]["monuments"]:
        cell = page.locator(f"#monuments tr[data-monument='{monument['name']}'] .built-by").text_content() or ""
        if not monument["in_play"]:
            assert monument["name"] in ("temple", "great-pyramid") and cell == "not used with 2 players"
            continue
        done = [p["seat"] for p in view["board"]["boards"] if p["monuments"][monument["name"]] >= monument["boxes"]]
        built += len(done)
        assert all(names[seat] in cell for seat in done), (monument, cell)
        assert (monument["first_builder"] is None) == (not done)
        if done:
            assert f"★ {names[monument['first_builder']]} (first)" in cell, cell
        else:
            assert cell == "nobody yet"
    assert built >= 1, "nobody completed a monument"
    shot(page, "rtta-monuments")
    assert page.problems == []


def dice_with_a_skull(page: Page, rng: random.Random, timeout: float = 90.0) -> list[dict[str, Any]]:
    """Play at random until the dice tray shows a skull while this person decides on a reroll; its dice."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page.locator("#actions:not(.pending)").wait_for()
        if (
            page.locator("#board .die.skull").count()
            and page.locator("#actions button.action[data-action^='reroll']").count()
        ):
            dice: list[dict[str, Any]] = page.locator("#board .die").evaluate_all(
                """(dice) => dice.map((d) => ({face: d.dataset.face, locked: d.classList.contains('locked'),
                    label: d.getAttribute('aria-label')}))"""
            )
            return dice
        if not act_once(page, rng):
            page.wait_for_timeout(50)
    raise AssertionError("no skull in time")


def test_skulls_locked_with_others_and_free_alone(new_page: Any) -> None:
    """Seed 002 "1. Roll Dice": dice showing a skull are set aside and cannot be rerolled; "Rules for Solitaire
    Play": a solo player may reroll them."""
    page = new_page()
    sign_up(page, unique("sol"))
    create_table(page, "rtta", 2, ["", "greedy"])
    page.locator("#start-table").click()
    dice = dice_with_a_skull(page, random.Random(1))
    skulls = [die for die in dice if die["face"] == "skull"]
    assert all(die["locked"] and "(locked)" in die["label"] for die in skulls), dice
    assert not [die for die in dice if die["locked"] and die["face"] != "skull"]
    page.locator(".dice-tray .facts").get_by_text(
        f"{len(skulls)} {'skull' if len(skulls) == 1 else 'skulls'} locked"
    ).wait_for()
    rerolls = page.locator("#actions button.action[data-action^='reroll']").evaluate_all(
        "(b) => b.map((x) => x.dataset.action)"
    )
    assert rerolls and not any("skull" in text.split() for text in rerolls), rerolls
    shot(page, "rtta-skulls-locked")

    page.goto("/")
    create_table(page, "rtta", 1, [""])
    page.locator("#start-table").click()
    dice = dice_with_a_skull(page, random.Random(2))
    assert not any(die["locked"] for die in dice), dice
    page.locator("#actions button.action[data-action^='reroll'][data-action*='skull']").first.wait_for()
    shot(page, "rtta-skulls-solo")
    assert page.problems == []


def fact(page: Page, seat: int, label: str) -> str:
    """A seat's fact as its Stone Age card shows it (``Cards`` → ``2``)."""
    text: str = page.locator(f".player[data-seat='{seat}'] dt:text-is('{label}') + dd").text_content() or ""
    return text


def likes_cards(text: str) -> float:
    """A person who places on the card spaces and pays for them."""
    return 6.0 if text.startswith(("place card", "pay")) else 1.0


def play_until_both_hold_cards(page: Page, seed: int, timeout: float = 120.0) -> None:
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while not (int(fact(page, 0, "Cards") or 0) and int(fact(page, 1, "Cards") or 0)):
        assert time.monotonic() < deadline, "nobody bought a card in time"
        if page.locator("#final-scores").count():
            raise AssertionError("the game ended first")
        if not act_once(page, rng, likes_cards):
            page.wait_for_timeout(50)


def test_stone_age_cards_on_hover_hidden_or_open(new_page: Any) -> None:
    """Seed 004 "On ne peut voir que ses propres cartes": one's own civilization cards, each with both halves on
    hover, and the others' hidden (only how many); with open cards, everyone's."""
    for open_cards in (False, True):
        page = new_page()
        sign_up(page, unique("cas"))
        create_table(page, "stoneage", 2, ["", "greedy"], open_cards=open_cards)
        page.locator("#start-table").click()
        page.locator("#version").wait_for()
        play_until_both_hold_cards(page, seed=3 if open_cards else 4)
        mine = page.locator(".player[data-seat='0'] .hand .chip").first
        mine.hover()
        title = mine.get_attribute("title") or ""
        assert " — " in title and title.split(" — ")[0] == (mine.text_content() or ""), title
        theirs = page.locator(".player[data-seat='1'] .hand .chip")
        if open_cards:
            assert theirs.count() == int(fact(page, 1, "Cards"))
            theirs.first.hover()
            assert " — " in (theirs.first.get_attribute("title") or "")
            shot(page, "stoneage-open-cards")
        else:
            assert page.locator(".player[data-seat='1'] .hand").count() == 0
            shot(page, "stoneage-hidden-cards")
        assert page.problems == []
