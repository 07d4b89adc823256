"""The browser client (``dolmen/web``: static ES modules, SVG and CSS, no build step) and the message catalogues
it renders the game log with.

:func:`mount_web` adds to an app, ahead of the API's routes:

- ``GET /`` and the client's own routes (``/tables/{id}``, ``/players/{name}``): the client's ``index.html``;
- ``GET /web/...``: the client's files;
- ``GET /api/messages/{lang}?game=NAME``: the engine's catalogue merged with the game's (``docs/table.md``,
  "Message catalogues"), the texts the client renders log events with.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from dolmen.engine.messages import LANGUAGES, load_catalogue
from dolmen.games import GAMES, get_game

JSON = Any
WEB = Path(str(resources.files("dolmen.web")))
"""The client's files: ``index.html``, ``*.js``, ``style.css`` and the UI catalogues ``i18n/{en,fr}.json``."""

NO_CACHE = {"Cache-Control": "no-cache"}


def catalogue(language: str, game: str | None) -> dict[str, JSON]:
    """The texts of ``language`` for the engine's events and, with ``game``, that game's: ``{"language",
    "events", "terms"}``, the game's entries overriding the engine's."""
    packages = ["dolmen.engine"]
    if game is not None:
        packages.append(get_game(game).message_package())
    merged: dict[str, JSON] = {"language": language, "events": {}, "terms": {}}
    for package in packages:
        doc = load_catalogue(package, language)
        merged["events"].update(doc["events"])
        merged["terms"].update(doc["terms"])
    return merged


def _not_found(message: str) -> JSONResponse:
    return JSONResponse({"error": "not_found", "message": message}, status_code=404)


def mount_web(app: FastAPI) -> None:
    """Serve the browser client and the message catalogues from ``app``. Call it before the API's routes are
    included, so that the client's ``/`` comes first."""

    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html", media_type="text/html", headers=NO_CACHE)

    async def table_page(table_id: int) -> FileResponse:
        return await index()

    async def player_page(name: str) -> FileResponse:
        return await index()

    async def messages(language: str, game: Annotated[str | None, Query()] = None) -> JSONResponse:
        if language not in LANGUAGES:
            return _not_found(f"no messages in {language!r}; known: {', '.join(LANGUAGES)}")
        if game is not None and game not in GAMES:
            return _not_found(f"no game {game!r}")
        return JSONResponse(catalogue(language, game), headers=NO_CACHE)

    app.add_api_route("/", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/tables/{table_id}", table_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/players/{name}", player_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/api/messages/{language}", messages, methods=["GET"], summary="Message catalogues")
    app.mount("/web", StaticFiles(directory=WEB), name="web")
