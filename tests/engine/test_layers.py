"""Imports point one way: engine <- games <- bots <- arena <- cli/server (shared/STYLE.md).

The arena is an application of the bots (a process pool writing files): it may import the engine, the games and
the bots; the bots never import the arena, the command line or the server.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "dolmen"
FORBIDDEN = {
    "engine": ("dolmen.games", "dolmen.bots", "dolmen.arena", "dolmen.cli", "dolmen.server"),
    "games": ("dolmen.bots", "dolmen.arena", "dolmen.cli", "dolmen.server"),
    "bots": ("dolmen.arena", "dolmen.cli", "dolmen.server"),
    "arena": ("dolmen.cli", "dolmen.server"),
}
BOTS_INSIDE = {
    "search": ("dolmen.bots.rtta", "dolmen.bots.stoneage", "dolmen.games"),
    "rtta": ("dolmen.bots.stoneage",),
    "stoneage": ("dolmen.bots.rtta",),
}
"""Inside the bots: the generic search knows no game; one game's bots do not use the other's."""


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def offences(root: Path, rules: dict[str, tuple[str, ...]]) -> list[str]:
    found = []
    for layer, forbidden in rules.items():
        assert (root / layer).is_dir(), f"no package {layer} in {root}"
        for path in (root / layer).rglob("*.py"):
            for name in imported_modules(path):
                if name.startswith(forbidden):
                    found.append(f"{path.relative_to(SRC)} imports {name}")
    return found


def test_layers_import_only_downwards() -> None:
    assert not offences(SRC, FORBIDDEN)


def test_the_generic_search_knows_no_game_and_each_games_bots_stand_alone() -> None:
    assert not offences(SRC / "bots", BOTS_INSIDE)


def test_the_bots_are_in_packages_by_role_not_by_file_name_prefix() -> None:
    flat = sorted(path.name for path in (SRC / "bots").glob("*.py") if path.name.startswith(("rtta_", "stoneage_")))
    assert not flat
    assert not (SRC / "bots" / "arena.py").exists()


def test_engine_uses_the_standard_library_only() -> None:
    import sys

    found = []
    for path in (SRC / "engine").rglob("*.py"):
        for name in imported_modules(path):
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top not in ("dolmen", "__future__"):
                found.append(f"{path.name} imports {name}")
    assert not found
