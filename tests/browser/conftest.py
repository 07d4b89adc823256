"""Browser tests: a real ``dolmen serve`` on a free 127.0.0.1 port and a temporary SQLite file, driven through
Debian's Chromium (``/usr/bin/chromium``, headless) by Playwright for Python — never a downloaded browser.

Without Chromium these tests skip with the reason, unless ``DOLMEN_REQUIRE_SERVICES=1``, when they fail."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def _unavailable(reason: str) -> None:
    if os.environ.get("DOLMEN_REQUIRE_SERVICES") == "1":
        pytest.fail(f"Chromium is required (DOLMEN_REQUIRE_SERVICES=1) but {reason}")
    pytest.skip(f"no browser tests: {reason}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``dolmen serve`` on a new SQLite file, until the session ends."""
    if importlib.util.find_spec("dolmen.server.app") is None:
        pytest.skip("the server's app factory is not on this branch yet")
    db = tmp_path_factory.mktemp("browser") / "dolmen.db"
    port = _free_port()
    env = {key: value for key, value in os.environ.items() if key != "DOLMEN_DATABASE_URL"}
    command = [sys.executable, "-m", "dolmen.cli.main", "serve", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen([*command, "--bot-workers", "1"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"dolmen serve exited with {process.returncode}")
            try:
                if httpx.get(base + "/api/games", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("dolmen serve did not answer in time")
            time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture()
def new_page(browser: Any, base_url: str) -> Iterator[Any]:
    """``new_page(width=…, height=…, locale=…, permissions=[…])``: a page in a browser context of its own (its own
    cookies; ``permissions`` granted to the server's origin, e.g. ``notifications``)."""
    contexts = []

    def make(width: int = 1280, height: int = 900, locale: str = "en-US", permissions: list[str] | None = None) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": height}, locale=locale, base_url=base_url, permissions=permissions
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.problems = []
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()


def shot(page: Any, name: str) -> None:
    """Save a screenshot for people to look at (``tests/browser/screenshots/``, ignored by git)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
