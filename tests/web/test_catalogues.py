"""The client's own strings for the names the games give it: every activity and Stone Age phase a view can
name, every verb of a legal action, every culture symbol, figure, village gain and hut of ``describe``, every
score part of a finished view has a text in both UI catalogues (``src/dolmen/web/i18n/``), or the game's
catalogue has a term for it (docs/table.md, "Message catalogues")."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import dolmen
from dolmen.engine.errors import IllegalStep, MalformedStep, OptionsError
from dolmen.engine.messages import ENGLISH_SEATS, Catalogue, load_catalogue, placeholders
from dolmen.engine.table import Table
from dolmen.games import get_game
from dolmen.games.stoneage import reasons as stoneage_reasons
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


# -- refusals in the reader's language ---------------------------------------------------------------------
SOURCES = {
    "dolmen.engine": ("engine/core.py", "engine/table.py"),
    "dolmen.games.rtta": ("games/rtta/reasons.py", "games/rtta/game.py"),
    "dolmen.games.stoneage": ("games/stoneage/reasons.py", "games/stoneage/game.py"),
}
"""Where refusals are raised, by the package whose catalogue holds their messages."""
ROOT = Path(dolmen.__file__).parent
MESSAGE_KEY = re.compile(r"(refused|options)_[a-z0-9_]+")
TERM_KEY = re.compile(r"(doing|verb)_[a-z0-9_]+")


def _constants(path: Path, pattern: re.Pattern[str]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    strings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    return {text for text in strings if pattern.fullmatch(text)}


@pytest.mark.parametrize("package", SOURCES)
def test_every_refusal_key_has_words_in_both_languages_with_the_same_arguments(package: str) -> None:
    """Every message key a refusal is raised with (``refused_…``, ``options_…``) is in the English and French
    catalogues of its package with the same placeholders; every ``doing_…``/``verb_…`` term it names too."""
    packages = () if package == "dolmen.engine" else (package,)
    english, french = Catalogue("en", packages), Catalogue("fr", packages)
    keys: set[str] = set()
    terms: set[str] = set()
    for source in SOURCES[package]:
        keys |= _constants(ROOT / source, MESSAGE_KEY)
        terms |= _constants(ROOT / source, TERM_KEY)
    if package == "dolmen.games.stoneage":  # the verbs are built from the kinds of action
        terms |= set(stoneage_reasons.VERBS.values())
    assert keys, "no refusal found: the pattern or the sources moved"
    for key in sorted(keys):
        assert key in english.events and key in french.events, key
        assert placeholders(english.events[key]) == placeholders(french.events[key]), key
    for term in sorted(terms):
        assert term in english.terms and term in french.terms, term


def _candidates(game: str, seen: list[str]) -> list[str]:
    """Text forms to try where they are likely illegal: actions legal earlier in the game, and a few others."""
    fixed = {
        "rtta": [
            "reroll skull",
            "build temple 1",
            "build great-pyramid 99",
            "buy empire",
            "buy granaries with food 9",
            "engineer 1",
            "ship",
            "swap wood cloth",
            "offer 1 give 9 food",
            "offer 0 get 1 wood",
            "discard 9 wood",
            "food 5",
            "spearheads 3",
            "leadership skull",
            "end trade",
            "keep",
        ],
        "stoneage": [
            "place hunting 9",
            "place forest 7",
            "place hut",
            "place merchant",
            "place igloo",
            "place animal",
            "place card 5",
            "place building 5",
            "resolve forest",
            "tools 4",
            "pay gold gold gold gold",
            "buy",
            "feed wood",
            "pick 6",
            "decline",
        ],
    }[game]
    return fixed + seen[-40:]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_refusals_met_in_random_games_render_in_both_languages(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Refusals of actions tried at random points of random games (by the acting seat and by another) carry a
    catalogue message whose placeholders are all given, rendered in French with the players' names."""
    rng = random.Random(5)
    package = get_game(game).message_package()
    english, french = Catalogue("en", [package]), Catalogue("fr", [package])
    names = [f"P{seat}" for seat in range(players)]
    table = Table(get_game(game), players, options, secret=rng.randbytes(32))
    table.advance()
    seen: list[str] = []
    met: set[str] = set()
    while not table.is_over():
        seat = table.actors()[0]
        legal = table.legal(seat)
        if rng.random() < 0.3:
            for text in rng.sample(_candidates(game, seen), 6):
                for who in (seat, (seat + 1) % players):
                    state = table.state.clone()
                    try:
                        state.apply_action(who, state.parse_action(text))
                    except IllegalStep as refused:
                        reason = refused.reason
                        assert reason is not None, str(refused)
                        for catalogue in (english, french):
                            template = catalogue.events[reason["event"]]
                            assert placeholders(template) <= set(reason), (reason, template)
                        assert english.render(reason, ENGLISH_SEATS) == str(refused)
                        said = french.render(reason, names)
                        assert "{" not in said and said != str(refused), said
                        met.add(reason["event"])
                    except MalformedStep:
                        pass
        seen.append(table.action_text(legal[rng.randrange(len(legal))]))
        table.submit(seat, seen[-1], table.version)
        table.advance()
    assert len(met) >= 6, met


def test_an_options_refusal_carries_its_message() -> None:
    """docs/stoneage.md "Options": five players need the extension — said in French from its message."""
    with pytest.raises(OptionsError) as refused:
        get_game("stoneage").check_options(5, {})
    assert refused.value.reason == {"event": "options_need_extension", "players": 5}
    french = Catalogue("fr", ["dolmen.games.stoneage"])
    assert french.render(refused.value.reason).startswith("5 joueurs demandent l'extension")
