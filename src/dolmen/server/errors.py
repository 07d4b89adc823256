"""Errors the services raise; handlers turn them into HTTP statuses or websocket error messages."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses. ``code`` is a stable machine name; the message is for people."""

    code = "bad_request"
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
