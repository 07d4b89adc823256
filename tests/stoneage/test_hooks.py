"""The modules meet the phases only through the hook protocol (docs/stoneage.md "For module authors"): each
table resolves its enabled modules' hooks once from its options; a module that is off never acts, and the base
game calls no hook at all."""

from __future__ import annotations

import inspect

import pytest

from dolmen.games.stoneage.components import ANIMAL, IGLOO, MERCHANT
from dolmen.games.stoneage.hooks import Hooks, Module
from dolmen.games.stoneage.module_components import MODULES
from dolmen.games.stoneage.modules import BY_NAME, hooks_for
from dolmen.games.stoneage.steps import CONTEST, DRIVE_OFF
from tests.stoneage.helpers import module_game, new_game

POINTS = tuple(
    name
    for name, value in vars(Hooks).items()  # slots when interpreted, native attributes when compiled by mypyc
    if inspect.isdatadescriptor(value) and not name.startswith("__")
    if name not in ("modules", "payments", "placers", "resolvers")
)
assert "begin_round" in POINTS


def names(modules: tuple[Module, ...]) -> list[str]:
    return [module.name for module in modules]


def test_the_base_game_has_no_hook_to_call() -> None:
    state = new_game(4)
    hooks = state.hooks
    assert not state.modular and hooks is hooks_for(())
    assert all(not getattr(hooks, point) for point in POINTS)
    assert hooks.payments is None and not hooks.placers and not hooks.resolvers


@pytest.mark.parametrize("name", MODULES)
def test_a_module_alone_is_the_only_one_at_its_hook_points(name: str) -> None:
    state = module_game(5 if name == "extension" else 3, name)
    hooks = state.hooks
    assert state.modular and hooks is hooks_for((name,)) and names(hooks.modules) == [name]
    for point in POINTS:
        listed = getattr(hooks, point)
        assert all(module is BY_NAME[name] for module in listed if isinstance(module, Module))


def test_every_table_shares_its_hooks_and_they_come_in_the_rules_order() -> None:
    """Where several modules act at one point: the contest before the wild animal [ruling], winter gold before
    the fifth space's draw [ruling, docs/stoneage.md "Harsh winter"], the places in the board's order."""
    hooks = module_game(5, *MODULES).hooks
    assert hooks is module_game(4, *MODULES).hooks
    assert names(hooks.before_feeding) == ["mammoths", "animals"]
    assert names(hooks.after_card) == ["winter", "extension"]
    assert names(hooks.card_cost) == ["extension", "new_huts"]
    assert names(hooks.building_points) == ["new_huts"] and names(hooks.after_building) == ["winter"]
    assert names(hooks.food_spared) == ["animals", "igloos"]
    assert hooks.village == (MERCHANT,) and [loc for loc, _ in hooks.places] == [IGLOO, ANIMAL]
    assert set(hooks.rollers) == {CONTEST, DRIVE_OFF} and hooks.payments is BY_NAME["extension"]


def test_the_hook_points_of_the_protocol_do_nothing() -> None:
    state = new_game(2)
    module = Module()
    assert module.lower_total(state, 7) == 7 and module.card_cost(state, 0, 2, 3) == 3
    assert module.building_points(state, 0, 12) == 12 and module.food_spared(state, 0) == 0
    assert not module.take_yield(state, 3) and not module.after_gathering(state) and not module.after_card(state)
    assert not module.before_feeding(state) and module.round_reveals(state) == []
    assert module.card_payments(state, 0, 0, 1) is None and module.building_payments(state, 0, 0) is None
