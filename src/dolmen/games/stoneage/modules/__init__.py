"""The modules of seed 003 as table options, one file each behind the hook protocol of :mod:`..hooks`:
:mod:`.extension` (merchant, jewels, fifth card, barter), :mod:`.new_huts`, :mod:`.mammoths` (the herd),
:mod:`.winter`, :mod:`.animals`, :mod:`.igloos`.

The phases never import a module: they call the hooks the state resolved from its options (:func:`hooks_for`).
A module may use the phases, never another module.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from dolmen.games.stoneage.hooks import Hooks, Module
from dolmen.games.stoneage.module_components import MODULES
from dolmen.games.stoneage.modules.animals import ANIMALS
from dolmen.games.stoneage.modules.extension import EXTENSION
from dolmen.games.stoneage.modules.igloos import IGLOOS_MODULE
from dolmen.games.stoneage.modules.mammoths import MAMMOTHS
from dolmen.games.stoneage.modules.new_huts import NEW_HUTS
from dolmen.games.stoneage.modules.winter import WINTER_MODULE

BY_NAME: Final[dict[str, Module]] = {
    module.name: module for module in (EXTENSION, NEW_HUTS, MAMMOTHS, WINTER_MODULE, ANIMALS, IGLOOS_MODULE)
}
assert tuple(BY_NAME) == MODULES, "one module per option, in the order of MODULES"


@cache
def hooks_for(names: tuple[str, ...]) -> Hooks:
    """The hooks of a table with the modules ``names`` (shared by every state of every such table)."""
    return Hooks(tuple(BY_NAME[name] for name in MODULES if name in names))
