"""Imports point one way: engine <- games <- bots <- cli/server (shared/STYLE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "dolmen"
FORBIDDEN = {
    "engine": ("dolmen.games", "dolmen.bots", "dolmen.cli", "dolmen.server"),
    "games": ("dolmen.bots", "dolmen.cli", "dolmen.server"),
    "bots": ("dolmen.cli", "dolmen.server"),
}


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_layers_import_only_downwards() -> None:
    offences = []
    for layer, forbidden in FORBIDDEN.items():
        for path in (SRC / layer).rglob("*.py"):
            for name in imported_modules(path):
                if name.startswith(forbidden):
                    offences.append(f"{path.relative_to(SRC)} imports {name}")
    assert not offences


def test_engine_uses_the_standard_library_only() -> None:
    import sys

    offences = []
    for path in (SRC / "engine").rglob("*.py"):
        for name in imported_modules(path):
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top not in ("dolmen", "__future__"):
                offences.append(f"{path.name} imports {name}")
    assert not offences
