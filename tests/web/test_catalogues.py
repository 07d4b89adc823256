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


# -- the server's own refusals -------------------------------------------------------------------------------
SERVER = ROOT / "server"
SERVER_KEY = re.compile(r"server_[a-z0-9_]+")
REFUSALS = {"ServiceError", "NotAuthenticated", "WrongCredentials", "Forbidden", "NotFound", "Refused", "Invalid"}
REFUSALS |= {"RateLimited", "Conflict", "BadMessage", "BadCommand"}
"""The errors that reach a client as a refusal (the storage's ``Conflict`` through ``Refused``)."""
SAID = {"_not_found", "_invalid", "error"}
"""Functions that send a refusal's message (the web routes' answers, the sockets' ``error``)."""
ENGLISH_ONLY = {"live.py"}
"""``check_seat``'s refusals, which the table socket says again in the catalogue's words (sockets.py)."""


def _server_trees() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(SERVER)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(SERVER.rglob("*.py"))
        if "migrations" not in path.parts
    }


def _name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _messages_said(tree: ast.Module) -> dict[str, set[str]]:
    """Each key the server says (``say("server_…", **arguments)``, or names for a rate limit's refusal, which
    ``Throttle.check`` says with ``seconds``) with the arguments given."""
    said: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if _name(node.func) == "say" and node.args and isinstance(node.args[0], ast.Constant):
            said[node.args[0].value] = {keyword.arg for keyword in node.keywords if keyword.arg}
        if _name(node.func) == "check" and len(node.args) == 3 and isinstance(node.args[2], ast.Constant):
            said[node.args[2].value] = {"seconds"}
    return said


def test_every_server_refusal_has_words_in_both_languages_with_its_arguments() -> None:
    """Every message the server says is in its English and French catalogues, with the very arguments it is
    said with; both catalogues have the same keys and placeholders, all of them said somewhere (the turn
    notification's mail among them), none shared with the engine's or a game's."""
    english, french = (load_catalogue("dolmen.server", lang)["events"] for lang in ("en", "fr"))
    assert set(english) == set(french)
    said: dict[str, set[str]] = {}
    named: set[str] = set()
    for tree in _server_trees().values():
        said |= _messages_said(tree)
        named |= _constants_of(tree, SERVER_KEY)
    assert len(said) > 50, "too few refusals found: the pattern or the sources moved"
    for key, arguments in sorted(said.items()):
        assert key in english, key
        assert placeholders(english[key]) == placeholders(french[key]) == arguments, key
    for key in english:
        assert SERVER_KEY.fullmatch(key) and placeholders(english[key]) == placeholders(french[key]), key
    assert set(english) <= named, sorted(set(english) - named)  # none left unsaid
    others = {*load_catalogue("dolmen.engine", "en")["events"]}
    for game in ("rtta", "stoneage"):
        others |= set(load_catalogue(get_game(game).message_package(), "en")["events"])
    assert not others & set(english)


def _constants_of(tree: ast.Module, pattern: re.Pattern[str]) -> set[str]:
    strings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    return {text for text in strings if pattern.fullmatch(text)}


def test_no_server_refusal_is_english_text_alone() -> None:
    """No refusal in the server's code is raised or sent with a bare string: each is a catalogue message
    (``say``), the engine's refusal, or one passed on."""
    bare = []
    for path, tree in _server_trees().items():
        if path in ENGLISH_ONLY:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = _name(node.func)
            message = node.args[1] if name == "error" and len(node.args) > 1 else node.args[0]
            if name == "BadMessage" or name == "BadCommand":
                message = node.args[1] if len(node.args) > 1 else message
            if (name in REFUSALS or name in SAID) and isinstance(message, ast.Constant | ast.JoinedStr):
                bare.append(f"{path}:{node.lineno}")
    assert not bare, bare


def test_server_refusals_render_in_french() -> None:
    """A refusal as the server sends it renders in French with the catalogue the client loads."""
    from dolmen.server.errors import Forbidden, say
    from dolmen.server.web import catalogue

    refused = Forbidden(say("server_creator_starts"))
    assert refused.message == "only the table's creator starts it"
    assert refused.reason == {"event": "server_creator_starts"}
    french = Catalogue("fr", ["dolmen.server"])
    assert french.render(refused.reason) == "seul le créateur de la table peut la lancer"
    seat = say("server_seat_not_open", number=3)
    assert (str(seat), french.render(seat.to_json())) == ("seat 3 is not open", "la place 3 n'est pas libre")
    for game in (None, "rtta"):
        assert catalogue("fr", game)["events"]["server_creator_starts"] == french.events["server_creator_starts"]
