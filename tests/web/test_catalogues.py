"""The client's own strings for the names the games give it: every activity and Stone Age phase a view can
name, every verb of a legal action, every culture symbol, figure, village gain and hut of ``describe``, every
score part of a finished view has a text in both UI catalogues (``src/dolmen/web/i18n/``), or the game's
catalogue has a term for it (docs/table.md, "Message catalogues")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dolmen.engine.messages import load_catalogue
from dolmen.engine.table import Table
from dolmen.games import get_game
from dolmen.server.choices import option_choices, table_modes
from dolmen.server.config import Settings
from dolmen.server.web import WEB

UI = {lang: json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "fr")}

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("rtta", 3, {"edition": "late"}),
    ("rtta", 2, {"edition": "bronze", "trade": True}),
    ("stoneage", 5, {"modules": ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"]}),
    ("stoneage", 2, {}),
]


def _names_seen(game: str, players: int, options: dict[str, Any], seed: int) -> dict[str, set[str]]:
    """Activities, phases and verbs met in a random game, and its final view."""
    rng = random.Random(seed)
    table = Table(get_game(game), players, options, secret=rng.randbytes(32))
    seen: dict[str, set[str]] = {"activity": set(), "phase": set(), "verb": set()}
    table.advance()
    while not table.is_over():
        seat = table.actors()[0]
        view = table.view(seat)
        seen["activity"].add(view["activity"])
        if "phase" in view["board"]:
            seen["phase"].add(view["board"]["phase"])
        legal = table.legal(seat)
        seen["verb"] |= {table.action_text(legal[i]).split()[0] for i in range(min(len(legal), 200))}
        table.submit(seat, legal[rng.randrange(len(legal))], table.version)
        table.advance()
    seen["activity"].add(table.view(None)["activity"])
    return seen


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_every_activity_phase_and_verb_has_words(game: str, players: int, options: dict[str, Any]) -> None:
    terms = load_catalogue(get_game(game).message_package(), "fr")["terms"]
    seen = _names_seen(game, players, options, seed=7)
    for lang, texts in UI.items():
        assert {f"activity.{a}" for a in seen["activity"]} <= set(texts), (lang, seen["activity"])
        assert {f"phase.{p}" for p in seen["phase"]} <= set(texts), (lang, seen["phase"])
        missing = {verb for verb in seen["verb"] if f"verb.{verb}" not in texts and verb not in terms}
        assert not missing, (lang, missing)


def test_every_name_of_stone_ages_description_has_words() -> None:
    modules = ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"]
    doc = get_game("stoneage").describe({"modules": modules})
    keys = {f"culture.{symbol}" for symbol in doc["culture_symbols"]}
    keys |= {f"figure.{figure}" for figure in doc["figures"]}
    keys |= {f"part.{figure}" for figure in doc["figures"]}
    keys |= {f"gain.{loc['gain']}" for loc in doc["locations"] if loc["kind"] == "village"}
    keys |= {f"hut.{tile['hut']}" for tile in doc["buildings"] if "hut" in tile}
    for lang, texts in UI.items():
        assert keys <= set(texts), (lang, sorted(keys - set(texts)))


def test_every_rtta_score_part_and_disaster_target_has_words() -> None:
    doc = get_game("rtta").describe({"edition": "late"})
    table = Table(get_game("rtta"), 1, {"edition": "late"})
    parts = set(table.view(None)["board"]["boards"][0]["score"]) - {"bonus", "total"}
    keys = {f"part.{part}" for part in parts} | {f"hits.{d['hits']}" for d in doc["disasters"]}
    for lang, texts in UI.items():
        assert keys <= set(texts), (lang, sorted(keys - set(texts)))


def test_every_table_option_value_and_mode_has_words() -> None:
    """The create form labels what ``GET /api/games/{game}/options`` lists: each option, each value, each mode."""
    keys = set()
    for game in ("rtta", "stoneage"):
        for choice in option_choices(game):
            keys.add(f"option.{choice['name']}")
            keys |= {f"{choice['name']}.{value}" for value in choice.get("values", [])}
    keys |= {f"{kind}.{mode}" for mode in table_modes(Settings())["modes"] for kind in ("mode", "mode_long")}
    for lang, texts in UI.items():
        assert keys <= set(texts), (lang, sorted(keys - set(texts)))
