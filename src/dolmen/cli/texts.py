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


def fill(items: Iterable[str], columns: int, indent: str = "  ", gap: str = "  ") -> list[str]:
    """``items`` laid out in lines of at most ``columns`` characters, never cutting an item; an item too long
    for any line is cut between its words only.

    >>> fill(["[0] keep", "[1] reroll coins", "[2] reroll food3"], 24)
    ['  [0] keep', '  [1] reroll coins', '  [2] reroll food3']
    """
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}{gap}{item}" if line else indent + item
        if len(candidate) <= columns or not line:
            line = candidate
        else:
            lines.append(line)
            line = indent + item
        while len(line) > columns and " " in line.strip():
            cut = line.rfind(" ", len(indent) + 1, columns + 1)
            if cut <= len(indent):
                break
            lines.append(line[:cut])
            line = indent + "    " + line[cut + 1 :]
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
        block = fill([f"{verb}:", *items], columns)
        lines.extend(block)
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


__all__ = ["LISTED", "action_lines", "catalogue", "examples", "fill", "group_by_verb", "language", "width"]
