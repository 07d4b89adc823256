"""Errors raised by the engine kernel and the games built on it."""

from typing import Any


class DolmenError(Exception):
    """Base class of every error Dolmen raises on bad input.

    Raised with a :class:`~dolmen.engine.messages.Message` (the English text carrying its catalogue key and
    arguments), the error keeps it as :attr:`reason`, for a reader of another language."""

    @property
    def reason(self) -> dict[str, Any] | None:
        """The error as a catalogue message, ``{"event": KEY, **arguments}`` (``None``: it has only its text)."""
        text = self.args[0] if self.args else None
        to_json = getattr(text, "to_json", None)
        return to_json() if callable(to_json) else None


class OptionsError(DolmenError):
    """A game was set up with options or a player count the rules do not allow."""


class MalformedStep(DolmenError):
    """A step's text form could not be parsed (unknown verb, wrong arguments)."""


class IllegalStep(DolmenError):
    """A well-formed step that the rules do not allow now (wrong seat, not a legal action or outcome)."""


class RecordError(DolmenError):
    """A game record is malformed, or one of its steps is illegal; ``step`` is its 1-based number."""

    def __init__(self, message: str, step: int | None = None) -> None:
        self.step = step
        super().__init__(f"step {step}: {message}" if step is not None else message)


class GameNotOver(DolmenError):
    """A finished game's result was asked of a game still in play."""
