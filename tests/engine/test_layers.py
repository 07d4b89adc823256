"""Imports point one way: engine <- games <- bots <- arena <- cli/server (shared/STYLE.md).

The arena is an application of the bots (a process pool writing files): it may import the engine, the games and
the bots; the bots never import the arena, the command line or the server. Inside Stone Age too: tables, then
values and rules over small values, then the phases one above the other, then the modules, then the state.
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


STONEAGE = "dolmen.games.stoneage"
STONEAGE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("components", "steps", "actions", "hooks"),
    ("module_components", "payments", "scoring", "rolls"),
    ("log", "texts"),
    ("board", "description"),
    ("feeding",),
    ("resolution",),
    ("gathering", "cards", "buildings", "placement"),
    (
        "reveals",
        "room",
        *(f"modules.{module}" for module in ("extension", "new_huts", "mammoths", "winter", "animals", "igloos")),
    ),
    ("modules",),
    ("decisions", "views"),
    ("reasons",),
    ("state",),
    ("rebuild",),
    ("game",),
    ("__init__",),
)
"""Each Stone Age module imports (at run time) only modules of the layers before its own: the phases never
import a module (they call the hooks the state resolved), a module never imports another (``modules`` is the
package that lists them), and nothing below the state imports it."""


def runtime_imports(source: str, package: str) -> set[str]:
    """The modules of ``package`` that ``source`` imports when it runs (not those imported for annotations only,
    under ``if TYPE_CHECKING:``), relative to ``package``."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.module and child.module.startswith(package):
                if child.module == package:
                    names.update(alias.name for alias in child.names)
                else:
                    names.add(child.module[len(package) + 1 :])
            elif isinstance(child, ast.Import):
                names.update(alias.name[len(package) + 1 :] for alias in child.names if alias.name.startswith(package))
            visit(child)

    visit(ast.parse(source))
    return names


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


COMPILER_HINTS = ("mypy_extensions",)
"""Beside the standard library, the engine imports only the decorators that tell mypyc how to compile a class
(``mypyc_attr``), which do nothing at run time."""


def test_engine_uses_the_standard_library_only() -> None:
    import sys

    found = []
    for path in (SRC / "engine").rglob("*.py"):
        for name in imported_modules(path):
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top not in ("dolmen", "__future__", *COMPILER_HINTS):
                found.append(f"{path.name} imports {name}")
    assert not found


def test_stone_age_modules_import_only_the_layers_below_their_own() -> None:
    root = SRC / "games" / "stoneage"
    layer_of = {name: rank for rank, layer in enumerate(STONEAGE_LAYERS) for name in layer}
    found = []
    listed = set()
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1]) if parts[-1] == "__init__" and len(parts) > 1 else ".".join(parts)
        listed.add(name)
        assert name in layer_of, f"{name} is in no layer of STONEAGE_LAYERS: place it"
        for other in runtime_imports(path.read_text(encoding="utf-8"), STONEAGE):
            if layer_of[other] >= layer_of[name]:
                found.append(f"{name} imports {other}")
    assert not found
    assert listed == set(layer_of), "every listed module exists"


def test_runtime_imports_leave_out_annotations_only() -> None:
    source = (
        "from dolmen.games.stoneage import cards, rolls\n"
        "from dolmen.games.stoneage.board import gain\n"
        "if TYPE_CHECKING:\n"
        "    from dolmen.games.stoneage.state import StoneAgeState\n"
        "def f():\n"
        "    from dolmen.games.stoneage.modules import hooks_for\n"
    )
    assert runtime_imports(source, STONEAGE) == {"cards", "rolls", "board", "modules"}
