"""Which build of the engine runs: compiled by mypyc at install time, or the interpreted sources.

Both run the same code and give the same games for the same seeds; the interpreted build is the reference and
the compiled one is several times faster (docs/speed.md). ``setup.py`` compiles the engine and the games when a C
compiler is there (``DOLMEN_COMPILE=0`` forces the interpreted build).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from dolmen.engine import core


def build() -> str:
    """``"compiled"`` when the engine's modules are native extensions, ``"interpreted"`` when they are sources."""
    return "compiled" if str(core.__file__).endswith(tuple(EXTENSION_SUFFIXES)) else "interpreted"
