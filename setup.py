"""Build Dolmen, compiling the rules engine and the games with mypyc when a C compiler is there.

The same sources run interpreted when they are not compiled (as mypy and black ship), and the interpreted build
is the reference. ``DOLMEN_COMPILE`` chooses:

- unset (``auto``): compile when a C compiler and Python's headers are found, except for an editable install
  (``pip install -e``), which runs the sources being edited;
- ``1``: compile, and fail when that is not possible;
- ``0``: never compile.

``dolmen --version`` tells which build runs (``compiled`` or ``interpreted``).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
COMPILED_PACKAGES = (
    "src/dolmen/engine",
    "src/dolmen/games",
    "src/dolmen/bots/search",
    "src/dolmen/bots/rtta",
    "src/dolmen/bots/stoneage",
)
"""The packages mypyc compiles: the engine and the games, every bot's inner loop, the generic search (MCTS's
descent, playouts and back-up) and the games' own bots (their playout rules, evaluations and candidate lists), so
that a searching bot plays more games in its time."""
INTERPRETED_MODULES = (
    "src/dolmen/engine/messages.py",
    "src/dolmen/bots/rtta/greedy.py",
    "src/dolmen/bots/rtta/expectimax.py",
    "src/dolmen/bots/stoneage/greedy.py",
)
"""Modules of those packages left interpreted: mypyc cannot compile ``class Message(str)`` ("Inheriting from most
builtin types is unimplemented"), and a refusal's message is off every hot path. The greedy bots' wrappers and
the solo expectimax bot's look up their rules on their module at each decision (tests replace a rule to check the
fallbacks; compiled code would call the original directly); their rules and searches, in the compiled ``choices``,
``dice`` and ``plan`` modules, do the work."""


def _has_c_toolchain() -> bool:
    """Whether a C compiler and ``Python.h`` are there (without them the compiled build cannot be made)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(compiler) is not None and headers.is_file()


def _wants_compiled() -> bool:
    choice = os.environ.get("DOLMEN_COMPILE", "auto").strip().lower()
    if choice in ("0", "no", "false"):
        return False
    if choice in ("1", "yes", "true"):
        if not _has_c_toolchain():
            sys.exit("DOLMEN_COMPILE=1 but no C compiler or no Python headers (Python.h) were found")
        return True
    editable = any(arg.startswith(("editable_wheel", "develop")) for arg in sys.argv)
    return not editable and _has_c_toolchain()


def _ext_modules() -> list[object]:
    if not _wants_compiled():
        return []
    from mypyc.build import mypycify  # a build requirement (pyproject.toml); only needed to compile

    sources = sorted(
        str(path.relative_to(HERE)) for package in COMPILED_PACKAGES for path in (HERE / package).rglob("*.py")
    )
    sources = [source for source in sources if source not in INTERPRETED_MODULES]
    return mypycify(["--config-file", str(HERE / "pyproject.toml"), *sources], opt_level="3")


setup(ext_modules=_ext_modules())
