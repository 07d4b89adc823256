"""Text for people in a terminal: the reader's language, the game log in sentences, and action lists grouped
by verb and wrapped to the terminal's width without cutting a word."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dolmen.engine.core import Action, Game
from dolmen.engine.messages import LANGUAGES, Catalogue

LISTED = 240
"""At most this many legal actions are listed; beyond (millions of trade offers) the reader types the text."""


def language(environ: Mapping[str, str] | None = None) -> str:
    """The reader's language from ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first one set, as POSIX reads
    them), when Dolmen has it; English otherwise.

    >>> language({"LANG": "fr_FR.UTF-8"}), language({"LC_ALL": "C", "LANG": "fr_FR"}), language({})
    ('fr', 'en', 'en')
    """
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def width() -> int:
    """The terminal's width in columns (80 when it cannot be known, at least 40)."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def catalogue(game: Game, lang: str) -> Catalogue:
    """The log's texts for ``game`` in ``lang`` (the engine's and the game's catalogues)."""
    return Catalogue(lang, [game.message_package()])


def fill(items: Iterable[str], columns: int, indent: str = "  ", gap: str = "  ", hang: str | None = None) -> list[str]:
    """``items`` laid out in lines of at most ``columns`` characters, never cutting an item; the first line
    starts with ``indent``, the others with ``hang`` (default: ``indent``). An item too long for any line is
    cut between its words only.

    >>> fill(["place:", "[0] hunting 1", "[1] hunting 2", "[2] forest 1"], 30, hang="         ")
    ['  place:  [0] hunting 1', '         [1] hunting 2', '         [2] forest 1']
    """
    hang = indent if hang is None else hang
    lines: list[str] = []
    line = ""
    for item in items:
        lead = hang if lines else indent
        candidate = f"{line}{gap}{item}" if line else lead + item
        if len(candidate) <= columns or not line:
            line = candidate
        else:
            lines.append(line)
            line = hang + item
        while len(line) > columns:
            start = len(hang if lines else indent)
            cut = line.rfind(" ", start + 1, columns + 1)
            if cut <= start:
                break
            lines.append(line[:cut].rstrip())
            line = hang + line[cut + 1 :]
    if line:
        lines.append(line)
    return lines


def group_by_verb(texts: Sequence[str]) -> dict[str, list[tuple[int, str]]]:
    """``{verb: [(number, rest of the text), ...]}`` in the order the verbs first appear."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for number, text in enumerate(texts):
        verb, _, rest = text.partition(" ")
        groups.setdefault(verb, []).append((number, rest))
    return groups


def action_lines(legal: Sequence[Action], text_of: Any, columns: int) -> list[str]:
    """The legal actions, numbered, one block per verb, wrapped to ``columns``.

    Each verb starts a line; its actions follow as ``[n] rest``; a verb with one bare action is ``[n] verb``.
    """
    count = len(legal)
    texts = [text_of(legal[i]) for i in range(min(count, LISTED))]
    lines: list[str] = []
    for verb, entries in group_by_verb(texts).items():
        if len(entries) == 1 and not entries[0][1]:
            lines.extend(fill([f"[{entries[0][0]}] {verb}"], columns))
            continue
        items = [f"[{number}] {rest}" if rest else f"[{number}] {verb}" for number, rest in entries]
        hang = " " * min(len(verb) + 5, 16)
        lines.extend(fill([f"{verb}:", *items], columns, indent="  ", hang=hang))
    if count > len(texts):
        lines.append(f"  ... and {count - len(texts)} more: type an action's text ('help' shows the forms)")
    return lines


def examples(legal: Sequence[Action], text_of: Any) -> dict[str, str]:
    """One example text per verb among the first legal actions (``{verb: example}``): the longest, which shows
    the most of the form."""
    found: dict[str, str] = {}
    for i in range(min(len(legal), LISTED)):
        text = text_of(legal[i])
        verb = text.partition(" ")[0]
        if len(text) > len(found.get(verb, "")):
            found[verb] = text
    return found


BOOKKEEPING = ("id", "name", "copies")
"""Fields of a component that say nothing to a player about what it gives."""


def glossary(tables: Any, texts: Catalogue) -> dict[str, str]:
    """What each named component of a game's static tables (:meth:`Game.describe`) costs, gives and is worth,
    in words: ``{name: "cost 30, 6 points: In the buy step, each food ..."}``.

    Generic: every object of a list (a table of components) with an ``id`` (the text form) or a ``name`` is an
    entry; its cost and points come first, its other fields follow as ``field value``; an ``effect`` that is a
    message (``{"event": ...}``) is rendered with the catalogue, in the reader's language.

    >>> tables = {"developments": [{"name": "granaries", "cost": 30, "points": 6, "effect": "food for coins"}],
    ...           "cards": [{"id": "pottery-food7", "copies": 1, "culture": "pottery", "effect": "food",
    ...                      "amount": 7, "figure": None}]}
    >>> glossary(tables, Catalogue("en"))
    {'granaries': 'cost 30, 6 points, effect food for coins', 'pottery-food7': 'culture pottery, effect food, amount 7'}
    """
    found: dict[str, str] = {}

    def words(value: Any) -> str:
        if isinstance(value, Mapping) and "event" in value:
            return texts.render(value)
        if isinstance(value, Mapping):
            return ", ".join(f"{texts.term(str(k))} {words(v)}" for k, v in value.items())
        if isinstance(value, list):
            return " ".join(words(v) for v in value)
        return texts.term(value) if isinstance(value, str) else str(value)

    def entry(node: Mapping[str, Any]) -> str:
        parts = []
        if node.get("cost") is not None:
            parts.append(f"cost {words(node['cost'])}")
        if node.get("points") is not None:
            parts.append(f"{words(node['points'])} points")
        effect = node.get("effect")
        sentence = words(effect) if isinstance(effect, Mapping) and "event" in effect else ""
        for key, value in node.items():
            if key in (*BOOKKEEPING, "cost", "points") or value in (None, False, 0, []):
                continue  # nothing to say (no figures, no module part)
            if key == "effect" and sentence:
                continue
            parts.append(f"{texts.term(key).replace('_', ' ')} {words(value)}")
        text = ", ".join(parts)
        return f"{text}: {sentence}" if text and sentence else text or sentence

    def visit(node: Any, listed: bool = False) -> None:
        if isinstance(node, Mapping):
            name = node.get("id", node.get("name"))
            text = entry(node) if listed and isinstance(name, str) else ""
            if text:
                found.setdefault(str(name), text)
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value, listed=True)

    visit(tables)
    return found


def game_glossary(game: Game, options: Mapping[str, Any], texts: Catalogue) -> dict[str, str]:
    """:func:`glossary` of ``game.describe(options)``; empty for a game that cannot describe itself yet."""
    try:
        tables = game.describe(options)
    except NotImplementedError:
        return {}
    return glossary(tables, texts)


__all__ = [
    "LISTED",
    "action_lines",
    "catalogue",
    "examples",
    "fill",
    "game_glossary",
    "glossary",
    "group_by_verb",
    "language",
    "width",
]
