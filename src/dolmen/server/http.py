"""The HTTP API (FastAPI; its schema at ``/openapi.json``): accounts, lobby, chat. Handlers only parse, call a
service and answer."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from dolmen.bots import BOTS
from dolmen.games import GAMES, get_game
from dolmen.server.accounts import SESSION_DAYS
from dolmen.server.errors import NotAuthenticated, NotFound, Refused, say
from dolmen.server.lobby import UNSET, is_seated
from dolmen.server.protocol import (
    MAX_ID,
    AddBot,
    CreateTable,
    Join,
    LogIn,
    Say,
    SignUp,
    TableDoc,
    UpdateMe,
    answers,
)
from dolmen.server.storage import FINISHED, OPEN, Account, TableInfo
from dolmen.server.throttle import client_address

JSON = Any
router = APIRouter()


def services(request: Request) -> Any:
    return request.app.state.services


async def optional_account(request: Request) -> Account | None:
    s = services(request)
    account: Account | None = await s.accounts.account_for(request.cookies.get(s.cookie_name))
    return account


async def current_account(account: Annotated[Account | None, Depends(optional_account)]) -> Account:
    if account is None:
        raise NotAuthenticated(say("server_log_in_first"))
    return account


Me = Annotated[Account, Depends(current_account)]
MaybeMe = Annotated[Account | None, Depends(optional_account)]
Invite = Annotated[str | None, Query(max_length=64, description="a private table's invite token")]
TableId = Annotated[int, Path(ge=1, le=MAX_ID, description="a table's number")]


def address(request: Request) -> str:
    """The client's address (from ``X-Forwarded-For`` only behind a trusted proxy: Settings.trusted_proxies)."""
    peer = request.client.host if request.client else None
    return client_address(peer, request.headers.get("x-forwarded-for"), services(request).settings.trusted_proxies)


def _account_json(account: Account) -> dict[str, JSON]:
    return {"id": account.id, "name": account.name, "language": account.language, "email": account.email}


def _table_json(info: TableInfo, account: Account | None) -> dict[str, JSON]:
    """A table as its viewer may see it: the invite token of a private table for its seated players only."""
    return info.to_json(invite=is_seated(info, account))


def _set_session(request: Request, response: Response, token: str) -> None:
    s = services(request)
    response.set_cookie(
        s.cookie_name,
        token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=s.settings.cookie_secure,
        path="/",
    )


# -- accounts -----------------------------------------------------------------------------------------------
@router.post("/api/accounts", status_code=201)
async def sign_up(body: SignUp, request: Request, response: Response) -> dict[str, JSON]:
    """A new account and its session (at most ``signup_limit`` per client address)."""
    s = services(request)
    s.throttle.check(s.throttle.signup, address(request), "server_too_many_signups")
    account, token = await s.accounts.sign_up(body.name, body.password, body.language, body.email)
    _set_session(request, response, token)
    return _account_json(account)


@router.post("/api/session")
async def log_in(body: LogIn, request: Request, response: Response) -> dict[str, JSON]:
    """Open a session (at most ``login_limit`` attempts per client address; failures for one name are slowed)."""
    s = services(request)
    s.throttle.check(s.throttle.login, address(request), "server_too_many_logins")
    account, token = await s.accounts.log_in(body.name, body.password)
    _set_session(request, response, token)
    return _account_json(account)


@router.delete("/api/session", status_code=204)
async def log_out(request: Request, response: Response) -> None:
    s = services(request)
    token = request.cookies.get(s.cookie_name)
    if token:
        await s.accounts.log_out(token)
    response.delete_cookie(s.cookie_name, path="/")


@router.get("/api/me")
async def me(account: Me) -> dict[str, JSON]:
    return _account_json(account)


@router.patch("/api/me")
async def update_me(body: UpdateMe, request: Request, account: Me) -> dict[str, JSON]:
    """Change your language, or your email for turn notifications (``""`` removes it)."""
    return _account_json(await services(request).accounts.update(account, body.language, body.email))


@router.get("/api/me/tables")
async def my_tables(request: Request, account: Me) -> list[dict[str, JSON]]:
    """The tables where you have a seat; those where it is your turn first (``your_turn``)."""
    pairs = await services(request).tables.tables_of(account)
    return [{**_table_json(info, account), "your_turn": your_turn} for info, your_turn in pairs]


@router.get("/api/players/{name}")
async def profile(name: str, request: Request) -> dict[str, JSON]:
    """A player's name, language, ratings by game and last games."""
    account, ratings, tables = await services(request).ratings.profile(name)
    return {
        "name": account.name,
        "language": account.language,
        "ratings": {r.game: r.to_json() for r in ratings},
        "games": [info.to_json() for info in tables if not info.setup.private],
    }


@router.get("/api/ratings/{game}")
async def leaderboard(game: str, request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 100) -> list[JSON]:
    """The best rated players of ``game`` (rating = mu - 3 sigma, from games between people only)."""
    return [r.to_json() for r in await services(request).ratings.leaderboard(game, limit)]


# -- games ----------------------------------------------------------------------------------------------------
@router.get("/api/games")
async def games() -> list[dict[str, JSON]]:
    out = []
    for name in sorted(GAMES):
        game = get_game(name)
        out.append(
            {
                "name": name,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": game.default_options(),
                "bots": [{"name": e.name, "levels": list(e.levels), "summary": e.summary} for e in BOTS.entries(name)],
            }
        )
    return out


# -- lobby ----------------------------------------------------------------------------------------------------
@router.get("/api/tables")
async def tables(request: Request, viewer: MaybeMe, status: Annotated[str, Query()] = OPEN) -> list[dict[str, JSON]]:
    """The tables of ``status``: the public ones, and the private ones where you have a seat."""
    return [_table_json(info, viewer) for info in await services(request).lobby.tables(status, viewer)]


@router.post("/api/tables", status_code=201, responses=answers(TableDoc, 201))
async def create_table(body: CreateTable, request: Request, account: Me) -> dict[str, JSON]:
    """A new table (at most ``create_limit`` per account, three times that per client address). A private
    table's answer carries its ``invite`` token: the invite link is ``/tables/{id}?invite=TOKEN``."""
    s = services(request)
    s.throttle.check(s.throttle.create, str(account.id), "server_too_many_tables")
    s.throttle.check(s.throttle.create_by_address, address(request), "server_too_many_tables_here")
    clock = UNSET if "clock" not in body.model_fields_set else (body.clock.model_dump() if body.clock else None)
    info = await s.lobby.create(
        account,
        body.game,
        body.players,
        body.options,
        body.seats,
        body.take_backs,
        body.join,
        mode=body.mode,
        clock=clock,
        away_bot=body.away_bot,
        private=body.private,
    )
    return info.to_json(invite=True)


@router.get("/api/tables/{table_id}", responses=answers(TableDoc))
async def table(table_id: TableId, request: Request, viewer: MaybeMe, invite: Invite = None) -> dict[str, JSON]:
    """A table; a private one for its seated players (with its ``invite``) and the holders of its invite."""
    info = await services(request).lobby.visible_table(table_id, viewer, invite)
    return _table_json(info, viewer)


@router.post("/api/tables/{table_id}/join", responses=answers(TableDoc))
async def join(table_id: TableId, request: Request, account: Me, body: Join | None = None) -> dict[str, JSON]:
    """Take a seat (the first open one by default); a private table needs ``invite``."""
    info = await services(request).lobby.join(
        account, table_id, body.seat if body else None, body.invite if body else None
    )
    return _table_json(info, account)


@router.post("/api/tables/{table_id}/bot", responses=answers(TableDoc))
async def add_bot(table_id: TableId, body: AddBot, request: Request, account: Me) -> dict[str, JSON]:
    """The creator seats a bot ``NAME[:LEVEL]`` (a bare ``LEVEL``: the game's search bot at that level) at an open
    seat (the first by default)."""
    return _table_json(await services(request).lobby.add_bot(account, table_id, body.bot, body.seat), account)


@router.post("/api/tables/{table_id}/leave", responses=answers(TableDoc))
async def leave(table_id: TableId, request: Request, account: Me) -> dict[str, JSON]:
    """Before the start your seat opens again; during the game a bot plays it until you come back."""
    return _table_json(await services(request).tables.leave(account, table_id), account)


@router.post("/api/tables/{table_id}/back", responses=answers(TableDoc))
async def back(table_id: TableId, request: Request, account: Me) -> dict[str, JSON]:
    """Take your seat back from the bot that played it while you were away."""
    return _table_json(await services(request).tables.come_back(account, table_id), account)


@router.post("/api/tables/{table_id}/start", responses=answers(TableDoc))
async def start(table_id: TableId, request: Request, account: Me) -> dict[str, JSON]:
    return _table_json(await services(request).tables.start(account, table_id), account)


@router.post("/api/tables/{table_id}/again", status_code=201, responses=answers(TableDoc, 201))
async def again(table_id: TableId, request: Request, account: Me) -> dict[str, JSON]:
    """Play again: a new table with the same game, options and bots; you in your seat, the others' open."""
    return (await services(request).lobby.again(account, table_id)).to_json(invite=True)


@router.get("/api/tables/{table_id}/record")
async def record(table_id: TableId, request: Request, viewer: MaybeMe, invite: Invite = None) -> dict[str, JSON]:
    """The game record with the dice secret, once the game is over (``dolmen replay --verify`` checks it)."""
    s = services(request)
    info = await s.lobby.visible_table(table_id, viewer, invite)
    if info.status != FINISHED:
        raise Refused(say("server_record_not_yet"))
    live = await s.tables.live(table_id)
    if live is None:
        raise NotFound(say("server_no_game_at_table", table=table_id))
    doc: dict[str, JSON] = live.table.record().to_json()
    return doc


# -- chat -------------------------------------------------------------------------------------------------------
@router.get("/api/chat")
async def lobby_chat(request: Request) -> list[dict[str, JSON]]:
    return [line.to_json() for line in await services(request).chat.lines(None)]


@router.post("/api/chat", status_code=201)
async def say_in_lobby(body: Say, request: Request, account: Me) -> dict[str, JSON]:
    """Say ``text`` in the lobby (at most ``chat_limit`` lines per account, tables' included)."""
    s = services(request)
    s.throttle.check(s.throttle.chat, str(account.id), "server_too_many_lines")
    return (await s.chat.say(account, None, body.text)).to_json()


@router.get("/api/tables/{table_id}/chat")
async def table_chat(
    table_id: TableId, request: Request, viewer: MaybeMe, invite: Invite = None
) -> list[dict[str, JSON]]:
    s = services(request)
    await s.lobby.visible_table(table_id, viewer, invite)
    return [line.to_json() for line in await s.chat.lines(table_id)]


@router.post("/api/tables/{table_id}/chat", status_code=201)
async def say_at_table(
    table_id: TableId, body: Say, request: Request, account: Me, invite: Invite = None
) -> dict[str, JSON]:
    """Say ``text`` at the table (at most ``chat_limit`` lines per account, the lobby's included)."""
    s = services(request)
    await s.lobby.visible_table(table_id, account, invite)
    s.throttle.check(s.throttle.chat, str(account.id), "server_too_many_lines")
    return (await s.chat.say(account, table_id, body.text)).to_json()
