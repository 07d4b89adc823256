"""Which bot a ``NAME[:LEVEL]`` spec means, per game.

A bot name has at most one implementation per game plus at most one generic implementation (``game=None``);
:meth:`BotRegistry.make` prefers the game's own. Game-specific bots live in ``dolmen/bots/<game>_*.py``
modules that call :func:`dolmen.bots.register_bot` at import time; the default registry imports every such
module of a game the first time a bot is asked for that game, so adding a bot needs no edit elsewhere.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from dolmen.engine.driver import Policy
from dolmen.engine.errors import OptionsError


class BotFactory(Protocol):
    """Builds a fresh bot for one seat.

    ``level`` is the text after the colon of the spec (``None`` when absent); a factory raises
    :class:`OptionsError` for a level it does not know. ``timed=False`` asks for a budget that does not depend
    on the clock, so that the same generator gives the same decisions on any machine (the arena's default).
    """

    def __call__(self, level: str | None, *, timed: bool) -> Policy: ...


@dataclass(frozen=True, slots=True)
class BotEntry:
    name: str
    game: str | None
    factory: BotFactory
    levels: tuple[str, ...]
    summary: str


def split_spec(spec: str) -> tuple[str, str | None]:
    """``"mcts:hard"`` -> ``("mcts", "hard")``; ``"random"`` -> ``("random", None)``."""
    name, sep, level = spec.strip().partition(":")
    if not name or (sep and not level):
        raise OptionsError(f"a bot is written NAME or NAME:LEVEL, not {spec!r}")
    return name, (level if sep else None)


class BotRegistry:
    """Bot factories by ``(name, game)``; ``game=None`` is a generic bot that plays any kernel game."""

    def __init__(self, discover_package: str | None = None) -> None:
        self._entries: dict[tuple[str, str | None], BotEntry] = {}
        self._discover_package = discover_package
        self._discovered: set[str] = set()

    def register(
        self,
        name: str,
        factory: BotFactory,
        *,
        game: str | None = None,
        levels: Iterable[str] = (),
        summary: str = "",
    ) -> None:
        """Add a bot. Registering the same ``(name, game)`` twice is an error (two bots would share a name)."""
        if not name or ":" in name or "*" in name or "," in name:
            raise ValueError(f"a bot name has no ':', '*' or ',' and is not empty: {name!r}")
        key = (name, game)
        if key in self._entries:
            where = f"for {game!r}" if game else "as a generic bot"
            raise ValueError(f"bot {name!r} is already registered {where}")
        self._entries[key] = BotEntry(name, game, factory, tuple(levels), summary)

    def entry(self, name: str, game: str | None = None) -> BotEntry:
        """The implementation of ``name`` for ``game``: the game's own, else the generic one."""
        if game is not None:
            self._discover(game)
            found = self._entries.get((name, game))
            if found is not None:
                return found
        found = self._entries.get((name, None))
        if found is not None:
            return found
        others = sorted(g for n, g in self._entries if n == name and g is not None)
        if others and game is None:
            raise OptionsError(f"bot {name!r} is specific to {', '.join(others)}; say which game it plays")
        known = ", ".join(self.names(game))
        where = f" for {game}" if game else ""
        raise OptionsError(f"unknown bot {name!r}{where}; known bots: {known}")

    def make(self, spec: str, game: str | None = None, *, timed: bool = True) -> Policy:
        """A fresh bot from ``NAME[:LEVEL]`` for ``game`` (see :class:`BotFactory` for ``timed``)."""
        name, level = split_spec(spec)
        return self.entry(name, game).factory(level, timed=timed)

    def names(self, game: str | None = None) -> list[str]:
        """The bot names that can play ``game`` (generic ones included), sorted."""
        if game is not None:
            self._discover(game)
        return sorted({n for n, g in self._entries if g is None or g == game})

    def entries(self, game: str | None = None) -> list[BotEntry]:
        """The implementations :meth:`make` would pick for ``game``, sorted by name."""
        return [self.entry(name, game) for name in self.names(game)]

    def _discover(self, game: str) -> None:
        """Import ``<package>.<game>_*`` modules once; they register their bots as they load."""
        if self._discover_package is None or game in self._discovered:
            return
        self._discovered.add(game)
        package = importlib.import_module(self._discover_package)
        prefix = f"{game}_"
        for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if module.name.startswith(prefix):
                importlib.import_module(f"{self._discover_package}.{module.name}")
