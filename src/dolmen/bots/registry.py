"""Which bot a ``NAME[:LEVEL]`` spec means, per game.

A bot name has at most one implementation per game plus at most one generic implementation (``game=None``);
:meth:`BotRegistry.make` prefers the game's own. The registry starts from a table (:data:`dolmen.bots.roster.ROSTER`
for the default one) that names each factory as ``"module:attribute"``; a module is imported the first time one
of its bots is built, so listing the bots imports none of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
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
class BotListing:
    """One row of a registry's table: where the factory lives (``"package.module:attribute"``), the levels it
    knows and a one-line summary."""

    factory: str
    levels: tuple[str, ...] = ()
    summary: str = ""


BotTable = Mapping[tuple[str, str | None], BotListing]
"""``(name, game) -> listing``; ``game=None`` is a generic bot that plays any kernel game."""


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


def load_factory(target: str) -> BotFactory:
    """The object ``"package.module:attribute"`` names (its module is imported now)."""
    module, sep, attribute = target.partition(":")
    if not sep or not module or not attribute:
        raise ValueError(f"a bot factory is named 'package.module:attribute', not {target!r}")
    factory: BotFactory = getattr(importlib.import_module(module), attribute)
    return factory


class BotRegistry:
    """Bot factories by ``(name, game)``, from a table of listings and from :meth:`register`."""

    def __init__(self, table: BotTable | None = None) -> None:
        self._listings: dict[tuple[str, str | None], BotListing] = {}
        self._entries: dict[tuple[str, str | None], BotEntry] = {}
        for (name, game), listing in (table or {}).items():
            self.register(name, listing.factory, game=game, levels=listing.levels, summary=listing.summary)

    def register(
        self,
        name: str,
        factory: BotFactory | str,
        *,
        game: str | None = None,
        levels: Iterable[str] = (),
        summary: str = "",
    ) -> None:
        """Add a bot: its factory, or the factory's ``"module:attribute"`` (imported when first needed).
        Registering the same ``(name, game)`` twice is an error (two bots would share a name)."""
        if not name or ":" in name or "*" in name or "," in name:
            raise ValueError(f"a bot name has no ':', '*' or ',' and is not empty: {name!r}")
        key = (name, game)
        if key in self._listings:
            where = f"for {game!r}" if game else "as a generic bot"
            raise ValueError(f"bot {name!r} is already registered {where}")
        target = factory if isinstance(factory, str) else f"<{getattr(factory, '__qualname__', factory)}>"
        self._listings[key] = BotListing(target, tuple(levels), summary)
        if not isinstance(factory, str):
            self._entries[key] = BotEntry(name, game, factory, tuple(levels), summary)

    def entry(self, name: str, game: str | None = None) -> BotEntry:
        """The implementation of ``name`` for ``game``: the game's own, else the generic one."""
        for key in ((name, game), (name, None)) if game is not None else ((name, None),):
            if key in self._listings:
                return self._resolve(key)
        others = sorted(g for n, g in self._listings if n == name and g is not None)
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
        """The bot names that can play ``game`` (generic ones included), sorted; imports nothing."""
        return sorted({n for n, g in self._listings if g is None or g == game})

    def listing(self, name: str, game: str | None = None) -> BotListing:
        """The table row :meth:`make` would use for ``name`` and ``game`` (imports nothing)."""
        found = self._listings.get((name, game)) if game is not None else None
        found = found or self._listings.get((name, None))
        if found is None:
            raise OptionsError(f"unknown bot {name!r}")
        return found

    def entries(self, game: str | None = None) -> list[BotEntry]:
        """The implementations :meth:`make` would pick for ``game``, sorted by name (imports their modules)."""
        return [self.entry(name, game) for name in self.names(game)]

    def _resolve(self, key: tuple[str, str | None]) -> BotEntry:
        found = self._entries.get(key)
        if found is None:
            listing = self._listings[key]
            found = BotEntry(key[0], key[1], load_factory(listing.factory), listing.levels, listing.summary)
            self._entries[key] = found
        return found
