"""When a bot falls back to a simpler choice, it says so: a warning on the :data:`LOGGER` logger that carries the
view that caused it.

A fallback is a bot answering a decision its own rules could not (they raised a :class:`DolmenError`, or chose
an action that is not legal): the game goes on, but the bot played below its strength. The arena counts them per
bot (``fallbacks`` in its report) and the test suite fails on any.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass

from dolmen.engine.core import JSON
from dolmen.engine.errors import DolmenError

LOGGER = "dolmen.bots.fallback"
"""The logger every fallback is reported on."""

log = logging.getLogger(LOGGER)


class NoRule(DolmenError):
    """A bot's rules have no answer for the decision asked (a step they do not know): the bot falls back."""


@dataclass(frozen=True, slots=True)
class Fallback:
    """One fallback, attached to its log record as ``record.fallback``."""

    bot: str
    """The bot that fell back (its class name)."""
    reason: str
    """What went wrong: the error's words."""
    instead: str
    """What the bot did instead."""
    view: Mapping[str, JSON]
    """The view the bot was deciding from."""


def log_fallback(bot: object, view: Mapping[str, JSON], error: DolmenError, instead: str) -> None:
    """Report that ``bot`` fell back to ``instead`` on ``view`` because of ``error``."""
    found = Fallback(type(bot).__name__, str(error) or type(error).__name__, instead, view)
    log.warning(
        "%s fell back to %s (%s) on the view %s",
        found.bot,
        found.instead,
        found.reason,
        json.dumps(view, sort_keys=True, default=repr),
        extra={"fallback": found},
    )


def fallback_of(record: logging.LogRecord) -> Fallback | None:
    """The fallback a log record reports, if it reports one."""
    found = getattr(record, "fallback", None)
    return found if isinstance(found, Fallback) else None


class FallbackCounter(logging.Handler):
    """Counts the fallbacks logged while it is installed (:meth:`install`/:meth:`remove`)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.fallbacks: list[Fallback] = []

    def emit(self, record: logging.LogRecord) -> None:
        found = fallback_of(record)
        if found is not None:
            self.count += 1
            self.fallbacks.append(found)

    def install(self) -> FallbackCounter:
        log.addHandler(self)
        return self

    def remove(self) -> None:
        log.removeHandler(self)
