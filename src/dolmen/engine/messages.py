"""Message catalogues: the texts of log events, per language, keyed by event name with named arguments.

A catalogue is a JSON document (``docs/log.md``)::

    {"language": "en",
     "events": {"rolled": "{seat} rolled {dice}.", "famine": "{seat} lacks {missing} {missing|food|food}…"},
     "terms": {"skull": "skull", "temple": "Temple"}}

A template's ``{name}`` is replaced by argument ``name`` rendered for a reader: a seat argument (``seat``,
``seats``, or a name ending in ``_seat`` or ``_seats``) by the player's name, a string by its entry in
``terms`` (itself when it has none), a list by its items joined with ", ", a number as it is.
``{name|one|other}`` chooses ``one`` when argument ``name`` is 1 (or, in French, 0 or 1) and ``other``
otherwise. The browser renders the same catalogues with the same rules; stored logs hold events, never text.

The engine's own catalogue (``dolmen/engine/messages/<lang>.json``) holds the events every game shares; each
game adds its own (``dolmen/games/<game>/messages/<lang>.json``), found through :meth:`Game.messages`.

Refusals are messages too: a rule's reason (``IllegalStep``) or an options error (``OptionsError``) is raised with
a :class:`Message` — the English sentence, carrying its template's key and arguments — so that the terminal and
the browser can say it in their reader's language (keys ``refused_…`` and ``options_…``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr")
"""The languages every catalogue must have."""

JSON = Any
_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)(?:\|([^|{}]*)\|([^|{}]*))?\}")


def is_seat_argument(name: str) -> bool:
    return name in ("seat", "seats") or name.endswith(("_seat", "_seats"))


@lru_cache(maxsize=64)
def load_catalogue(package: str, language: str) -> dict[str, JSON]:
    """The catalogue ``<package>/messages/<language>.json`` (``{}`` parts when the file does not exist)."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    path = resources.files(package) / "messages" / f"{language}.json"
    if not path.is_file():
        return {"language": language, "events": {}, "terms": {}}
    doc: dict[str, JSON] = json.loads(path.read_text(encoding="utf-8"))
    doc.setdefault("events", {})
    doc.setdefault("terms", {})
    return doc


class Catalogue:
    """The merged texts of the engine and one or more games, in one language."""

    def __init__(self, language: str, packages: Sequence[str] = ()) -> None:
        self.language = language
        self.events: dict[str, str] = {}
        self.terms: dict[str, str] = {}
        for package in ("dolmen.engine", *packages):
            doc = load_catalogue(package, language)
            self.events.update(doc["events"])
            self.terms.update(doc["terms"])

    def term(self, value: str) -> str:
        return self.terms.get(value, value)

    def render(self, event: Mapping[str, JSON], names: Sequence[str] = ()) -> str:
        """The sentence for ``event`` (``{"event": name, **args}``); ``names`` are the players' names by seat."""
        name = str(event.get("event"))
        template = self.events.get(name)
        if template is None:
            return name + " " + json.dumps({k: v for k, v in event.items() if k != "event"}, ensure_ascii=False)

        def field(match: re.Match[str]) -> str:
            key, one, other = match.group(1), match.group(2), match.group(3)
            value = event.get(key)
            if one is not None:
                singular = value in (0, 1) if self.language == "fr" else value == 1
                return one if singular else (other or "")
            return self._value(key, value, names)

        return _FIELD.sub(field, template)

    def _value(self, key: str, value: JSON, names: Sequence[str]) -> str:
        if isinstance(value, list):
            return ", ".join(self._value(key, item, names) for item in value)
        if is_seat_argument(key) and isinstance(value, int) and not isinstance(value, bool):
            return names[value] if 0 <= value < len(names) else self.term("seat_n").replace("{n}", str(value + 1))
        if isinstance(value, str):
            return self.term(value)
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.term("yes" if value else "no")
        return str(value)


class Message(str):
    """An English sentence that carries the catalogue message it was rendered from: :meth:`to_json` is
    ``{"event": key, **arguments}``, to render in any language. Everywhere else it is that English ``str``
    (printed, logged, compared), so code that reads refusals as text keeps working."""

    key: str
    arguments: dict[str, JSON]

    def __new__(cls, text: str, key: str, arguments: Mapping[str, JSON]) -> Message:
        self = super().__new__(cls, text)
        self.key = key
        self.arguments = dict(arguments)
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with its key (errors cross process boundaries)
        return (Message, (str(self), self.key, self.arguments))

    def to_json(self) -> dict[str, JSON]:
        return {"event": self.key, **self.arguments}


ENGLISH_SEATS = tuple(f"seat {seat}" for seat in range(16))
"""How an English message names seats when no player names are known: ``seat 0`` (0-based, as text forms do)."""


@lru_cache(maxsize=16)
def _english(packages: tuple[str, ...]) -> Catalogue:
    return Catalogue("en", packages)


def message(packages: Sequence[str], key: str, **arguments: JSON) -> Message:
    """The :class:`Message` ``key`` with ``arguments`` (JSON values), in the English catalogue of the engine and
    ``packages`` (a game's ``message_package()``); raises ``KeyError`` for a key the catalogue does not have."""
    english = _english(tuple(packages))
    if key not in english.events:
        raise KeyError(f"no message {key!r} in the English catalogue of {', '.join(('dolmen.engine', *packages))}")
    return Message(english.render({"event": key, **arguments}, ENGLISH_SEATS), key, arguments)


def placeholders(template: str) -> set[str]:
    """The argument names a template uses (for tests that check catalogues against events)."""
    return {match.group(1) for match in _FIELD.finditer(template)}


__all__ = ["LANGUAGES", "Catalogue", "Message", "is_seat_argument", "load_catalogue", "message", "placeholders"]
