"""Errors the services raise; handlers turn them into HTTP statuses or websocket error messages.

Every refusal is a catalogue message (``{"event": KEY, **arguments}``) besides its English text, so that clients
say it in their reader's language (docs/protocol.md, "Refusals in the reader's language"): the server's own are
raised with :func:`say`, from the server's catalogue (``dolmen/server/messages/{en,fr}.json``, keys
``server_…``); a refusal of the engine (a rule's reason, an options error) keeps the engine's
(:attr:`dolmen.engine.errors.DolmenError.reason`)."""

from __future__ import annotations

from typing import Any

from dolmen.engine.messages import Message, message

Reason = dict[str, Any] | None
SERVER_MESSAGES = ("dolmen.server",)
"""The package whose ``messages/`` hold the server's catalogue."""


def say(key: str, **arguments: Any) -> Message:
    """The server's message ``key`` with ``arguments`` (JSON values): its English sentence, carrying the key and
    arguments for a reader of another language. ``KeyError`` for a key the English catalogue lacks (a test
    checks every key the server uses against both catalogues)."""
    return message(SERVER_MESSAGES, key, **arguments)


def whole(value: float) -> float | int:
    """A number as an argument of a message: ``3600.0`` as ``3600`` (Python and the browser then write it alike)."""
    return int(value) if float(value).is_integer() else value


def reason_of(text: str) -> Reason:
    """The catalogue message ``text`` carries (a :class:`Message`), else ``None``."""
    return text.to_json() if isinstance(text, Message) else None


class ServiceError(Exception):
    """A request the service refuses. ``code`` is a stable machine name; ``message`` the English sentence;
    ``reason`` the same refusal as a catalogue message — taken from ``message`` when it is a :class:`Message`
    (:func:`say`), or given (the engine's)."""

    code = "bad_request"
    status = 400

    def __init__(self, message: str, reason: Reason = None) -> None:
        super().__init__(message)
        self.message = str(message)
        self.reason = reason if reason is not None else reason_of(message)


def error_fields(code: str, message: str, reason: Reason = None) -> dict[str, Any]:
    """The fields of an error on the wire: ``code`` (``error`` over HTTP is added by the caller), ``message``
    and ``reason`` when the refusal has its catalogue message."""
    fields: dict[str, Any] = {"code": code, "message": str(message)}
    reason = reason if reason is not None else reason_of(message)
    if reason is not None:
        fields["reason"] = reason
    return fields


class NotAuthenticated(ServiceError):
    code, status = "not_authenticated", 401


class WrongCredentials(ServiceError):
    code, status = "wrong_credentials", 401


class Forbidden(ServiceError):
    code, status = "forbidden", 403


class NotFound(ServiceError):
    code, status = "not_found", 404


class Refused(ServiceError):
    """The request conflicts with the current state (seat taken, table already started, name taken)."""

    code, status = "conflict", 409


class Invalid(ServiceError):
    code, status = "invalid", 422


class RateLimited(ServiceError):
    """Too many requests from one client address or account; ``retry_after`` seconds until the next."""

    code, status = "rate_limited", 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after
