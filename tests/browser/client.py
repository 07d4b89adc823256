"""What a person does in the browser client, step by step, through the interface alone."""

from __future__ import annotations

import random
import secrets
import time
from typing import Any

PASSWORD = "correct horse battery"
Page = Any


def unique(name: str) -> str:
    return f"{name}{secrets.token_hex(3)}"


def sign_up(page: Page, name: str) -> None:
    page.goto("/")
    page.locator("#account-title").wait_for()
    page.locator(".account-form input[name=name]").fill(name)
    page.locator(".account-form input[name=password]").fill(PASSWORD)
    page.locator("#signup").click()
    page.locator("#create").wait_for()


def create_table(
    page: Page,
    game: str,
    players: int,
    seats: list[str],
    *,
    take_backs: bool = False,
    modules: tuple[str, ...] = (),
    trade: bool = False,
    edition: str | None = None,
    turn_based: str | None = None,
    clock: tuple[str, str] | None = None,
    untimed: bool = False,
    private: bool = False,
    away_bot: str | None = None,
    open_cards: bool = False,
) -> int:
    """Create a table from the lobby's form (``seats[i]``: ``""`` open or a bot spec; seat 0 is the creator)
    and return its number once the table page shows. ``turn_based``: the time per move (``"2 day"``);
    ``clock``: a real-time clock's initial time and increment (``("3 second", "5 second")``)."""
    page.select_option("#new-game", game)
    page.locator(f".create[data-ready='{game}']").wait_for()
    page.select_option("#new-players", str(players))
    for module in modules:
        page.locator(f"#new-option-modules input[value='{module}']").check()
    if edition:
        page.select_option("#new-option-edition", edition)
    if trade:
        page.check("#new-option-trade")
    if open_cards:
        page.check("#new-option-open_cards")
    for index, spec in enumerate(seats):
        if index > 0:
            page.select_option(f"#new-seat-{index}", spec)
    if take_backs:
        page.check("#new-take-backs")
    if turn_based:
        page.check("#new-mode-turn")
        _duration(page, "#new-clock-per-move", turn_based)
    if clock:
        _duration(page, "#new-clock-initial", clock[0])
        _duration(page, "#new-clock-increment", clock[1])
    if untimed:
        page.uncheck("#new-timed")
    if private:
        page.check("#new-private")
    if away_bot:
        page.select_option("#new-away-bot", away_bot)
    page.locator(".create:not([data-checking])").wait_for()
    page.locator("#create").click()
    page.wait_for_function(
        """() => /tables\\/\\d+/.test(location.pathname)
            || [...document.querySelectorAll('.create .error')].some((e) => e.textContent)"""
    )
    error = page.locator(".create .error")
    assert "/tables/" in page.url, error.all_text_contents() if error.count() else "no table"
    return int(page.url.split("?")[0].rstrip("/").rsplit("/", 1)[1])


def _duration(page: Page, field: str, amount: str) -> None:
    """Fill a duration field of the create form: ``"3 second"``, ``"2 day"``."""
    number, unit = amount.split()
    page.fill(field, number)
    page.select_option(f"{field}-unit", unit)


def version(page: Page) -> int:
    text = page.locator("#version").text_content() or ""
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else -1


def is_over(page: Page) -> bool:
    return page.locator("#final-scores").count() > 0


Weight = Any
"""``weight(text) -> float``: how likely a legal action's text form is to be clicked (0: never, if others)."""


def act_once(page: Page, rng: random.Random, weight: Weight = None) -> bool:
    """Click one of the legal-action buttons shown, if any (and none is in flight), at random (by ``weight`` of
    their text forms when given); wait for the answer."""
    buttons = page.locator("#actions:not(.pending) button.action:visible")
    count = buttons.count()
    if count == 0:
        return False
    before = version(page)
    index = rng.randrange(count)
    if weight is not None:
        texts = buttons.evaluate_all("(buttons) => buttons.map((b) => b.dataset.action)")
        weights = [weight(text) for text in texts]
        if len(texts) == count and sum(weights) > 0:
            index = rng.choices(range(count), weights=weights)[0]
    try:
        buttons.nth(index).click(timeout=2000)
    except Exception:
        return False  # the list changed under the click: look again
    wait_for_answer(page, before)
    return True


def wait_for_answer(page: Page, before: int) -> None:
    """Wait until the table shows a version other than ``before``, or an error."""
    page.wait_for_function(
        """before => {
            const v = document.querySelector('#version');
            const error = document.querySelector('#table-error');
            return (v && !v.textContent.endsWith(' ' + before)) || (error && error.textContent);
        }""",
        arg=before,
        timeout=15_000,
    )


def play_to_the_end(
    pages: list[Page],
    seed: int,
    *,
    timeout: float = 150.0,
    max_actions: int = 5000,
    on_action: Any = None,
    before_action: Any = None,
    weight: Weight = None,
) -> int:
    """Play every page's seat with random legal actions until a page shows the final scores; returns the
    number of actions clicked. ``on_action(page, clicks)`` is called after each click, ``before_action(page)``
    before each look for one; ``weight`` as for :func:`act_once`."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    clicks = 0
    while not any(is_over(page) for page in pages):
        if time.monotonic() > deadline or clicks >= max_actions:
            raise AssertionError(f"the game did not end in time ({clicks} actions)")
        acted = False
        for page in pages:
            if before_action is not None:
                before_action(page)
            if act_once(page, rng, weight):
                clicks += 1
                acted = True
                error = page.locator("#table-error").text_content()
                assert not error or error.startswith(("The table had moved on", "La table avait")), error
                if on_action is not None:
                    on_action(page, clicks)
        if not acted:
            pages[0].wait_for_timeout(50)
    return clicks


def unlabelled_controls(page: Page) -> list[str]:
    """Buttons, inputs and selects without a name a screen reader can read."""
    names: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, a[href], [role=button]')]
            .filter(e => e.offsetParent !== null || e.getBoundingClientRect().width > 0)
            .filter(e => {
                const label = (e.getAttribute('aria-label') || e.textContent || '').trim()
                    || (e.id && document.querySelector(`label[for="${e.id}"]`))
                    || e.closest('label') || e.getAttribute('title');
                return !label;
            })
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    return names


VIEWS = """(() => {
    // Every message of the table's socket that carries a view, by version (the last 200), read by the tests to
    // compare what the page shows with what the server sent. The listener is added as the socket is made,
    // before the page's own: a version the page shows is always here already.
    const messages = {};
    window.__dolmenViews = messages;
    const Real = window.WebSocket;
    window.WebSocket = class extends Real {
        constructor(...args) {
            super(...args);
            this.addEventListener("message", (event) => {
                const message = JSON.parse(event.data);
                if (!message.view) return;
                messages[message.version] = {view: message.view, legal: message.legal, events: message.events,
                                             since: message.since};
                delete messages[message.version - 200];
            });
        }
    };
})()"""


def record_views(page: Page) -> None:
    """Keep the views the table's socket brings (for :func:`shown`); before the page opens a table."""
    page.add_init_script(VIEWS)


def shown(page: Page, read: str = "() => null") -> dict[str, Any]:
    """What the page shows now, read in one go: ``version`` (the header's), ``view`` and ``legal`` (the server's
    message of that version, :func:`record_views`) and ``dom``, what the JavaScript function ``read`` returns."""
    result: dict[str, Any] = page.evaluate(
        f"""() => {{
            const text = document.querySelector('#version')?.textContent || '';
            const version = Number(text.replace(/\\D/g, '') || -1);
            const message = (window.__dolmenViews || {{}})[version] || {{}};
            return {{version, view: message.view ?? null, legal: message.legal ?? null, dom: ({read})()}};
        }}"""
    )
    return result


def events_after(page: Page, before: int, upto: int) -> list[dict[str, Any]]:
    """The log events of the steps after version ``before`` up to ``upto``, as the socket brought them."""
    events: list[dict[str, Any]] = page.evaluate(
        """([before, upto]) => {
            let covered = before;
            const out = [];
            for (const message of Object.values(window.__dolmenViews || {})) {  // by version, ascending
                out.push(...(message.events || []).filter((e) => e.version > covered && e.version <= upto));
                covered = Math.max(covered, Math.min(message.view.version, upto));
            }
            return out;
        }""",
        [before, upto],
    )
    return events


def message_after(page: Page, before: int) -> dict[str, Any]:
    """The socket's first message after version ``before`` (``view``, ``legal``, ``events``, ``since``): the
    step that followed and its chance steps, as the server sent them."""
    message: dict[str, Any] = page.evaluate(
        "(before) => Object.entries(window.__dolmenViews || {}).find(([v]) => Number(v) > before)?.[1] ?? null",
        before,
    )
    assert message is not None, f"no message after version {before}"
    return message
