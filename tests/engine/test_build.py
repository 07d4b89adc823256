"""Which build the suite runs: ``make test`` runs it on the interpreted sources (``.venv``, editable) and again on
the build compiled by mypyc (``.venv-compiled``), and says which it expects in ``DOLMEN_EXPECT_COMPILED``, so that a
compiled run that silently imported the sources (or the reverse) fails instead of passing for the wrong build."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from dolmen.engine.build import build

HOT_MODULES = (
    "dolmen.engine.core",
    "dolmen.engine.driver",
    "dolmen.engine.table",
    "dolmen.games.rtta.state",
    "dolmen.games.rtta.trading",
    "dolmen.games.stoneage.state",
    "dolmen.games.stoneage.placement",
    "dolmen.bots.search.mcts",
    "dolmen.bots.search.tree",
    "dolmen.bots.rtta.mcts",
    "dolmen.bots.rtta.choices",
    "dolmen.bots.stoneage.mcts",
    "dolmen.bots.stoneage.choices",
)
"""Modules that the compiled build compiles (setup.py compiles all of dolmen.engine, dolmen.games,
dolmen.bots.search, dolmen.bots.rtta and dolmen.bots.stoneage, but for dolmen.engine.messages and the two greedy
bots' wrappers)."""
EXPECTED = os.environ.get("DOLMEN_EXPECT_COMPILED")


def _is_native(module: str) -> bool:
    return str(importlib.import_module(module).__file__).endswith(tuple(EXTENSION_SUFFIXES))


@pytest.mark.skipif(EXPECTED is None, reason="DOLMEN_EXPECT_COMPILED is not set (make test sets it)")
def test_the_suite_runs_the_build_it_expects() -> None:
    compiled = EXPECTED == "1"
    assert build() == ("compiled" if compiled else "interpreted")
    assert [module for module in HOT_MODULES if _is_native(module) != compiled] == []
    if compiled:  # the installed package, never the source tree beside the tests
        src = Path(__file__).resolve().parents[2] / "src"
        assert not Path(str(importlib.import_module("dolmen").__file__)).is_relative_to(src)


def test_the_version_names_the_build() -> None:
    dolmen = str(Path(sys.executable).with_name("dolmen"))
    shown = subprocess.run([dolmen, "--version"], capture_output=True, text=True, check=True).stdout
    assert shown.startswith("dolmen ") and shown.rstrip().endswith(f"({build()})")
    assert build() in ("compiled", "interpreted")
