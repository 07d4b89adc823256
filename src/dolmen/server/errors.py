"""Errors the services raise; handlers turn them into HTTP statuses or websocket error messages.

A refusal of the engine (a rule's reason, an options error) keeps its catalogue message as ``reason``
(``{"event": KEY, **arguments}``, :attr:`dolmen.engine.errors.DolmenError.reason`): it goes on the wire beside the
English ``message`` so that clients say it in their reader's language (docs/protocol.md, "Errors")."""

from __future__ import annotations

from typing import Any

Reason = dict[str, Any] | None


class ServiceError(Exception):
    """A request the service refuses. ``code`` is a stable machine name; the message is for people; ``reason``
    is the engine's catalogue message when the engine refused."""

    code = "bad_request"
    status = 400

    def __init__(self, message: str, reason: Reason = None) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


def error_fields(code: str, message: str, reason: Reason = None) -> dict[str, Any]:
    """The fields of an error on the wire: ``code`` (``error`` over HTTP is added by the caller), ``message``
    and, when the engine refused, ``reason``."""
    fields: dict[str, Any] = {"code": code, "message": message}
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
