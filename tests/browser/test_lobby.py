"""The lobby's side of tables through the browser client: a private table and its invite link (copied, opened
by someone else, who watches and joins through it; nobody else sees the table), the create form checked by the
engine as one chooses, the chat commands typed in the lobby (their refusals in the reader's language), and the
account settings."""

from __future__ import annotations

from typing import Any

from tests.browser.client import create_table, sign_up, unique, unlabelled_controls
from tests.browser.conftest import shot

Page = Any


def test_a_private_table_through_its_invite_link(new_page: Any) -> None:
    host = new_page(permissions=["clipboard-read", "clipboard-write"])
    guest, stranger = new_page(), new_page()
    sign_up(host, unique("pia"))
    guest_name = unique("quin")
    sign_up(guest, guest_name)

    # The engine's word on the form's choices: five players need the extension (docs/stoneage.md "Options").
    host.select_option("#new-game", "stoneage")
    host.locator(".create[data-ready='stoneage']").wait_for()
    host.select_option("#new-players", "5")
    host.locator("#create-check").get_by_text("need the extension").wait_for()
    assert host.locator("#create").is_disabled()
    host.locator("#new-option-modules input[value='extension']").check()
    host.locator("#create-check:empty").wait_for(state="attached")
    assert host.locator("#create").is_enabled()

    table = create_table(host, "stoneage", 2, ["", ""], private=True)
    host.locator("#table-setup").get_by_text("private").wait_for()
    link = host.locator("#invite-link").input_value()
    assert f"/tables/{table}?invite=" in link
    host.locator("#copy-invite").click()
    host.locator("#invite-copied").get_by_text("Copied").wait_for()
    assert host.evaluate("navigator.clipboard.readText()") == link
    assert unlabelled_controls(host) == []
    shot(host, "private-table")

    # Nobody else sees it: not in the lobby, and its page without the token answers "not found".
    guest.goto("/")
    guest.locator("#tables-open").wait_for()
    guest.wait_for_timeout(300)
    assert guest.locator(f"#tables-open li[data-table='{table}']").count() == 0
    guest.goto(f"/tables/{table}")
    guest.locator("#app .error").get_by_text("Not found").wait_for()
    stranger.goto(f"/tables/{table}/replay")
    stranger.locator("#app .error").get_by_text("Not found").wait_for()

    # Through the link: a spectator without an account watches, a person joins.
    stranger.goto(link)
    stranger.locator("#seats-box h2").wait_for()
    assert stranger.locator("#join-table").count() == 0 and stranger.locator("#invite-link").count() == 0
    guest.goto(link)
    guest.locator("#join-table").click()
    host.locator("#seats-box").get_by_text(guest_name).wait_for()
    stranger.locator("#seats-box").get_by_text(guest_name).wait_for()
    host.locator("#start-table").click()
    for page in (host, guest, stranger):
        page.locator("#version").wait_for()
    guest.locator("#invite-box #invite-link").wait_for()  # a seated player may pass the link on
    assert stranger.locator("#table-header .spectator").count() == 1
    assert host.problems == [] and guest.problems == [] and stranger.problems == []


def say(page: Page, text: str) -> None:
    field = page.locator(".chat-form input")
    field.fill(text)
    field.press("Enter")


def test_lobby_chat_commands_and_account_settings(new_page: Any) -> None:
    host, guest = new_page(), new_page()
    guest_name = unique("rae")
    sign_up(host, unique("sam"))
    sign_up(guest, guest_name)
    table = create_table(host, "rtta", 3, ["", "", ""])
    host.goto("/")
    row = f"li[data-table='{table}']"

    # The lobby's chat takes the table commands with the table's number (docs/protocol.md "The lobby").
    guest.locator(f"#tables-open {row}").wait_for()
    say(guest, f"/join {table}")
    guest.locator(f"#tables-mine {row}").wait_for()
    host.locator(f"#tables-open {row}").get_by_text(guest_name).wait_for()
    say(guest, f"/leave {table}")
    guest.locator(f"#tables-mine {row}").wait_for(state="detached")
    say(guest, f"/join {table} 2")
    say(host, f"/bot {table} random")
    host.locator(f"#tables-open {row}").get_by_text("bot random").wait_for()
    say(guest, f"/start {table}")  # only its creator starts a table
    guest.locator(".lobby > .error").get_by_text("only the table's creator starts it").wait_for()
    say(guest, "/dance")
    guest.locator(".lobby > .error").get_by_text("Unknown command").wait_for()
    say(host, f"/start {table}")  # starts it and opens it, as the button does
    host.wait_for_url(f"**/tables/{table}")
    host.locator("#version").wait_for()
    say(guest, f"/watch {table}")
    guest.wait_for_url(f"**/tables/{table}")
    guest.locator("#version").wait_for()
    assert host.problems == [] and guest.problems == []

    # Account settings: the language and the email for turn notifications, kept by the server.
    guest.goto("/")
    guest.locator("#settings-email").fill("rae@example.org")
    guest.select_option("#settings-language", "fr")
    guest.locator("#settings-save").click()
    guest.get_by_role("heading", name="Réglages du compte").wait_for()  # the page speaks French now
    me = guest.evaluate("fetch('/api/me').then((r) => r.json())")
    assert (me["email"], me["language"]) == ("rae@example.org", "fr")
    guest.reload()
    assert guest.locator("#settings-email").input_value() == "rae@example.org"
    guest.locator("#settings-email").fill("not an address")
    guest.locator("#settings-save").click()
    assert guest.locator("#settings-email:invalid").count() == 1  # the browser says so; nothing is sent
    assert guest.evaluate("fetch('/api/me').then((r) => r.json())")["email"] == "rae@example.org"
    guest.locator("#settings-email").fill("")
    guest.locator("#settings-save").click()
    guest.locator("#settings-status").get_by_text("Enregistré").wait_for()
    assert guest.evaluate("fetch('/api/me').then((r) => r.json())")["email"] is None
    # the server's refusals in the reader's language too, not English after a French prefix
    say(guest, f"/start {table}")
    refused = guest.locator(".lobby > .error").get_by_text("Non autorisé : seul le créateur de la table peut la lancer")
    refused.wait_for()
    say(guest, f"/join {table} ²")
    guest.locator(".lobby > .error").get_by_text("une place se désigne par un numéro").wait_for()
    shot(guest, "settings-fr")
