"""The wire protocol's messages (``docs/protocol.md``): what clients send, validated with pydantic.

Every message a client sends on a table's socket is one JSON object with a ``type``. Anything else (not JSON,
an unknown type, a missing or extra field, a wrong type, a message over :data:`MAX_MESSAGE` bytes) is answered
with an ``error`` message and changes nothing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from dolmen.server.errors import say

PROTOCOL = 2
"""The version of the wire protocol; ``docs/protocol.md`` describes it. Sent in ``table`` and ``lobby``
messages."""

MAX_MESSAGE = 4096
"""Largest client message answered (in bytes of UTF-8); larger ones get ``error`` ``too_large``."""

MAX_FRAME = 65536
"""Largest websocket frame the server reads at all (uvicorn closes the socket beyond it)."""

MAX_VERSION = 2**31 - 1

MAX_ID = 2**31 - 1
"""Largest table number a request may name (the database's integer): a larger one is refused (``422``) before any
storage sees it."""

MAX_LEGAL = 200
"""At most this many legal action texts are sent; ``legal.more`` says when there are more."""


def encode(message: dict[str, Any]) -> str:
    """The text frame of a server message: compact JSON, UTF-8 as is. orjson, because every move sends one such
    message of a few kilobytes to each seat and spectator, and json.dumps spent more of the server's time on
    them than the engine computing the views (bench/server_move.py)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Act(_Message):
    """Play ``action`` (its text form) against table version ``version``; ``seat`` is optional."""

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=1000)]
    version: Annotated[int, Field(ge=0, le=MAX_VERSION)]
    seat: Annotated[int, Field(ge=0, le=64)] | None = None


class Undo(_Message):
    """Take back the last own step (tables with take-backs)."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0, le=MAX_VERSION)]


class Chat(_Message):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=500)]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[Act | Undo | Chat | Ping, Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    """A message refused before it means anything: ``code`` (``malformed``, ``too_large``) and ``message``, the
    server's catalogue message (:func:`~dolmen.server.errors.say`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_client_message(text: str) -> Act | Undo | Chat | Ping:
    """Parse and validate one client message; :class:`BadMessage` says what was wrong."""
    if len(text.encode()) > MAX_MESSAGE:
        raise BadMessage("too_large", say("server_message_too_large", most=MAX_MESSAGE))
    try:
        return _client.validate_json(text)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in error['loc']) or 'message'}: {error['msg']}" for error in exc.errors()[:3]
        )
        raise BadMessage("malformed", say("server_malformed_message", problems=problems)) from None


# -- HTTP bodies ----------------------------------------------------------------------------------------
class SignUp(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=256)]
    language: Literal["en", "fr"] = "en"
    email: Annotated[str, Field(max_length=254)] | None = None
    """Where turn notifications go (optional)."""


class UpdateMe(BaseModel):
    """Change your language, or your email (``""`` removes it)."""

    model_config = ConfigDict(extra="forbid")
    language: Literal["en", "fr"] | None = None
    email: Annotated[str, Field(max_length=254)] | None = None


class LogIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=256)]


class RealtimeClock(BaseModel):
    """Each person's time: ``initial`` seconds, plus ``increment`` seconds at the end of each of their turns."""

    model_config = ConfigDict(extra="forbid")
    initial: Annotated[float, Field(ge=1, le=86400)] = 900
    increment: Annotated[float, Field(ge=0, le=3600)] = 15


class TurnClock(BaseModel):
    """Each move within ``per_move`` seconds (1 hour to 14 days)."""

    model_config = ConfigDict(extra="forbid")
    per_move: Annotated[float, Field(gt=0, le=14 * 86400)] = 86400


class CreateTable(BaseModel):
    """A new table: ``seats[i]`` is ``null`` (open) or a bot ``NAME[:LEVEL]``; with ``join`` the creator takes
    the first open seat. ``clock`` left out: the mode's default; ``null``: untimed."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(max_length=32)]
    players: Annotated[int, Field(ge=1, le=8)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[Annotated[str, Field(max_length=64)] | None], Field(max_length=8)] | None = None
    take_backs: bool = False
    join: bool = True
    mode: Literal["realtime", "turn"] = "realtime"
    clock: RealtimeClock | TurnClock | None = None
    away_bot: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    private: bool = False


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    invite: Annotated[str, Field(max_length=64)] | None = None


class AddBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: Annotated[str, Field(min_length=1, max_length=64)]
    seat: Annotated[int, Field(ge=0, le=7)] | None = None


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: Annotated[str, Field(min_length=1, max_length=500)]


# -- HTTP answers (documented in the OpenAPI schema; the handlers build them from the services' records) ----------
class SeatDoc(BaseModel):
    seat: int
    name: str | None = Field(description="the person's name, if a person has the seat")
    bot: str | None = Field(description="the bot NAME[:LEVEL], if a bot has the seat")
    open: bool
    away: bool = Field(description="its person left or ran out of time: the table's away_bot plays the seat")


class TableDoc(BaseModel):
    """A table as the lobby shows it (docs/protocol.md)."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    take_backs: bool
    creator: int
    status: Literal["open", "running", "finished"]
    seats: list[SeatDoc]
    version: int
    commitment: str | None = Field(description="SHA-256 of the dice secret, from the start")
    result: dict[str, Any] | None
    created_at: str
    mode: Literal["realtime", "turn"]
    clock: RealtimeClock | TurnClock | None = Field(description="null: untimed")
    away_bot: str
    private: bool
    invite: str | None = Field(None, description="a private table's invite token, for its seated players only")


def answers(model: type[BaseModel], status: int = 200) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that answers ``model`` (documentation only: no validation on the way out)."""
    return {status: {"model": model}}
