"""The browser client (``dolmen/web``: static ES modules, SVG and CSS, no build step) and the message catalogues
it renders the game log with.

:func:`mount_web` adds to an app, ahead of the API's routes:

- ``GET /`` and the client's own routes (``/tables/{id}``, ``/tables/{id}/replay``, ``/players/{name}``): the
  client's ``index.html``;
- ``GET /web/...``: the client's files;
- ``GET /api/messages/{lang}?game=NAME``: the engine's catalogue merged with the game's (``docs/table.md``,
  "Message catalogues") and the server's (its refusals), the texts the client renders log events and refusals
  with;
- ``GET /api/games/{game}/describe?options=JSON``: the game's ``describe(options)``, the static tables (track
  lengths, costs, effects, locations) the client draws with instead of keeping its own;
- ``GET /api/games/{game}/options[?players=N&options=JSON]``: what a new table of the game may be — each option's
  values, the modes and their clocks' bounds — and the engine's word on one choice (:mod:`dolmen.server.choices`);
- the read-only table endpoints the client needs: ``/api/tables/{id}/replay`` (:mod:`dolmen.server.replay`)
  and ``/api/tables/{id}/preview`` (:mod:`dolmen.server.preview`).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from dolmen.engine.errors import OptionsError
from dolmen.engine.messages import LANGUAGES, load_catalogue
from dolmen.games import GAMES, get_game
from dolmen.server.choices import check_choice, option_choices, table_modes
from dolmen.server.config import Settings
from dolmen.server.errors import SERVER_MESSAGES, Reason, error_fields, say
from dolmen.server.preview import mount_preview
from dolmen.server.replay import mount_replay

JSON = Any
WEB = Path(str(resources.files("dolmen.web")))
"""The client's files: ``index.html``, ``*.js``, ``style.css`` and the UI catalogues ``i18n/{en,fr}.json``."""

NO_CACHE = {"Cache-Control": "no-cache"}


def catalogue(language: str, game: str | None) -> dict[str, JSON]:
    """The texts of ``language`` for the engine's events, the server's refusals and, with ``game``, that game's
    events: ``{"language", "events", "terms"}``, the game's entries overriding the engine's (the server's keys,
    ``server_…``, are its own)."""
    packages = ["dolmen.engine", *SERVER_MESSAGES]
    if game is not None:
        packages.append(get_game(game).message_package())
    merged: dict[str, JSON] = {"language": language, "events": {}, "terms": {}}
    for package in packages:
        doc = load_catalogue(package, language)
        merged["events"].update(doc["events"])
        merged["terms"].update(doc["terms"])
    return merged


def _not_found(message: str) -> JSONResponse:
    return _refusal("not_found", 404, message)


def _invalid(message: str, reason: Reason = None) -> JSONResponse:
    return _refusal("invalid", 422, message, reason)


def _refusal(code: str, status: int, message: str, reason: Reason = None) -> JSONResponse:
    """An HTTP error as the API's handler writes a service's: ``error``, ``message`` and ``reason`` (the engine's
    refusal, or the server's message, to render in the reader's language)."""
    fields = error_fields(code, message, reason)
    return JSONResponse({"error": fields.pop("code"), **fields}, status_code=status)


def _options(text: str | None) -> dict[str, JSON] | JSONResponse:
    """Options given as a JSON object (``{}`` when absent), or the ``422`` answer."""
    try:
        chosen = {} if text is None else json.loads(text)
    except ValueError:
        return _invalid(say("server_options_not_object"))
    if not isinstance(chosen, dict):
        return _invalid(say("server_options_not_object"))
    return chosen


def description(game: str, options: str | None) -> JSONResponse:
    """``game``'s ``describe`` for ``options`` (a JSON object; the game's defaults when absent)."""
    if game not in GAMES:
        return _not_found(say("server_no_game", game=game))
    chosen = _options(options)
    if isinstance(chosen, JSONResponse):
        return chosen
    try:
        doc = get_game(game).describe(chosen)
    except OptionsError as exc:
        return _invalid(str(exc), exc.reason)
    return JSONResponse(doc, headers=NO_CACHE)


def choices(game: str, settings: Settings, players: int | None, options: str | None) -> JSONResponse:
    """What a new table of ``game`` may be; with ``players``, the engine's word on ``options`` for them."""
    if game not in GAMES:
        return _not_found(say("server_no_game", game=game))
    doc: dict[str, JSON] = {"game": game, "options": option_choices(game), **table_modes(settings)}
    if players is not None:
        chosen = _options(options)
        if isinstance(chosen, JSONResponse):
            return chosen
        doc["check"] = check_choice(game, players, chosen)
    return JSONResponse(doc, headers=NO_CACHE)


def mount_web(app: FastAPI) -> None:
    """Serve the browser client and the message catalogues from ``app``. Call it before the API's routes are
    included, so that the client's ``/`` comes first."""

    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html", media_type="text/html", headers=NO_CACHE)

    async def table_page(table_id: int) -> FileResponse:
        return await index()

    async def player_page(name: str) -> FileResponse:
        return await index()

    async def describe(game: str, options: Annotated[str | None, Query(max_length=2000)] = None) -> JSONResponse:
        """The game's static tables for these options (``describe`` in docs/rtta.md and docs/stoneage.md)."""
        return description(game, options)

    async def table_choices(
        game: str,
        request: Request,
        players: Annotated[int | None, Query(ge=1, le=8)] = None,
        options: Annotated[str | None, Query(max_length=2000)] = None,
    ) -> JSONResponse:
        """Each option's values, the modes and their clocks' bounds; with ``players``, the engine's word on
        ``options`` (``check``: the options completed, or the refusal)."""
        return choices(game, request.app.state.services.settings, players, options)

    async def messages(language: str, game: Annotated[str | None, Query()] = None) -> JSONResponse:
        if language not in LANGUAGES:
            return _not_found(say("server_no_language", language=language, languages=list(LANGUAGES)))
        if game is not None and game not in GAMES:
            return _not_found(say("server_no_game", game=game))
        return JSONResponse(catalogue(language, game), headers=NO_CACHE)

    app.add_api_route("/", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/tables/{table_id}", table_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/tables/{table_id}/replay", table_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/players/{name}", player_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/api/messages/{language}", messages, methods=["GET"], summary="Message catalogues")
    app.add_api_route("/api/games/{game}/describe", describe, methods=["GET"], summary="A game's static tables")
    app.add_api_route("/api/games/{game}/options", table_choices, methods=["GET"], summary="What a table may be")
    mount_replay(app)
    mount_preview(app)
    app.mount("/web", StaticFiles(directory=WEB), name="web")
