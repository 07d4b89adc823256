"""The browser client's serving: index.html at ``/`` and at the client's routes, its files under ``/web/``,
the merged message catalogues at ``/api/messages/{lang}``, and the files shipped as package data."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from dolmen.engine.messages import load_catalogue
from dolmen.games import get_game
from dolmen.server.web import WEB, catalogue, mount_web

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    mount_web(app)
    return TestClient(app)


@pytest.mark.parametrize("path", ["/", "/tables/12", "/players/ann"])
def test_index_for_the_client_routes(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/web/app.js">' in response.text


def test_the_client_files(client: TestClient) -> None:
    for name in ("app.js", "table.js", "rtta.js", "stoneage.js", "style.css", "i18n/fr.json"):
        assert client.get(f"/web/{name}").status_code == 200, name
    assert client.get("/web/nothing.js").status_code == 404


def test_messages_merge_the_engine_the_server_and_the_game(client: TestClient) -> None:
    server = load_catalogue("dolmen.server", "fr")
    engine = load_catalogue("dolmen.engine", "fr")
    for game in ("rtta", "stoneage"):
        doc = client.get(f"/api/messages/fr?game={game}").json()
        own = load_catalogue(get_game(game).message_package(), "fr")
        assert doc["language"] == "fr"
        assert doc["events"] == {**engine["events"], **server["events"], **own["events"]}
        assert doc["terms"] == {**engine["terms"], **server["terms"], **own["terms"]}
    alone = client.get("/api/messages/fr").json()  # the lobby's: the server's refusals without a game
    assert alone == catalogue("fr", None)
    assert alone["events"] == {**engine["events"], **server["events"]}
    assert alone["events"]["server_creator_starts"] == "seul le créateur de la table peut la lancer"


def test_unknown_language_or_game(client: TestClient) -> None:
    assert client.get("/api/messages/de").status_code == 404
    unknown = client.get("/api/messages/en?game=chess").json()
    assert unknown == {
        "error": "not_found",
        "message": "no game chess",
        "reason": {"event": "server_no_game", "game": "chess"},
    }


def test_ui_catalogues_have_the_same_keys() -> None:
    en = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((WEB / "i18n" / "fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    assert all(isinstance(text, str) and text for text in [*en.values(), *fr.values()])


def test_every_ui_string_the_client_asks_for_exists() -> None:
    en = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    asked: set[str] = set()
    for script in WEB.glob("*.js"):
        asked |= set(re.findall(r"""\bt\("([a-z_.]+)"[,)]""", script.read_text(encoding="utf-8")))
    assert len(asked) > 50
    assert asked <= set(en), sorted(asked - set(en))


def test_the_server_catalogue_ships_as_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    server = ROOT / "src" / "dolmen" / "server"
    shipped = {path for pattern in data["dolmen.server"] for path in server.glob(pattern)}
    assert {server / "messages" / "en.json", server / "messages" / "fr.json"} <= shipped


def test_the_client_ships_as_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["dolmen.web"]
    shipped = {path.relative_to(WEB) for pattern in data for path in WEB.glob(pattern)}
    files = {path.relative_to(WEB) for path in WEB.rglob("*") if path.is_file() and path.suffix != ".py"}
    files = {path for path in files if "__pycache__" not in path.parts}
    assert files <= shipped, sorted(map(str, files - shipped))
