"""New huts (module ``new_huts``; seed 003 "Les nouvelles huttes"; rules page "New huts"): six more building
tiles in the pool (``components.NEW_HUTS``; stacks still of 7), each with an effect for its owner:

- the woodcutter's, potter's, mason's and goldsmith's huts yield one resource each at every feeding, before
  eating (they may feed a shortage);
- the trader's hut: each civilization card costs its owner 1 less (never below 1; the fifth space 2 jewels);
- the chief's hut: 2 more points for each building its owner buys after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dolmen.games.stoneage.components import BUILDING_INDEX, BUILDINGS, FIRST_NEW_HUT, NRES, RESOURCE_NAMES
from dolmen.games.stoneage.hooks import Module
from dolmen.games.stoneage.log import note
from dolmen.games.stoneage.module_components import CHIEF_BONUS

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

TRADER: Final = BUILDING_INDEX["trader"]
CHIEF: Final = BUILDING_INDEX["chief"]


class NewHuts(Module):
    """The new huts' hooks (see the module docstring)."""

    name = "new_huts"

    def setup(self, state: StoneAgeState) -> None:
        for tile in range(FIRST_NEW_HUT, len(BUILDINGS)):
            state.pool[tile] = BUILDINGS[tile].copies

    def card_cost(self, state: StoneAgeState, seat: int, space: int, cost: int) -> int:
        """The trader's hut: one less, never below 1."""
        return cost - 1 if cost > 1 and TRADER in state.built[seat] else cost

    def building_points(self, state: StoneAgeState, seat: int, points: int) -> int:
        """The chief's hut, bought before: +2."""
        if CHIEF in state.built[seat]:
            if state.log is not None:
                note(state, "chief_bonus", seat=seat, points=CHIEF_BONUS)
            return points + CHIEF_BONUS
        return points

    def before_eating(self, state: StoneAgeState, seat: int) -> None:
        """The incomes: one resource per income hut at every feeding, before eating."""
        for tile in state.built[seat]:
            income = BUILDINGS[tile].income
            if income >= 0:
                state.resources[seat * NRES + income] += 1
                if state.log is not None:
                    note(state, "hut_income", seat=seat, building=BUILDINGS[tile].id, resource=RESOURCE_NAMES[income])


NEW_HUTS: Final = NewHuts()
