"""Step 2 disasters (seed 002 Table 2), their protections, the solo changes and Smithing (seed 000)."""

from __future__ import annotations

import pytest

from tests.rtta.helpers import legal, new, play, setup, step


@pytest.mark.parametrize(("devs", "lost"), [((), 2), (("irrigation",), 0)])
def test_drought_costs_two_points_unless_irrigation(devs: tuple[str, ...], lost: int) -> None:
    """Seed 002 Table 2: 2 skulls, Drought, lose 2 points; Irrigation: unaffected."""
    s = setup(new(2), 0, devs=devs)
    play(s, "roll skull skull food3", "keep")
    assert s.disasters == [lost, 0]


def test_a_single_skull_does_nothing() -> None:
    """Seed 002 Table 2: 1 skull, no effect."""
    s = play(new(2), "roll skull food3 food3", "keep")
    assert s.disasters == [0, 0]


def test_pestilence_hits_each_opponent_without_medicine() -> None:
    """Seed 002 Table 2: 3 skulls, Pestilence, your opponents lose 3 points; opponents with Medicine are
    unaffected. [ruling] resolved at once in the active player's turn."""
    s = new(3)
    setup(s, 1, devs=["medicine"])
    play(s, "roll skull skull skull")
    assert s.disasters == [0, 0, 3]


@pytest.mark.parametrize(("devs", "lost"), [((), 3), (("medicine",), 0)])
def test_solo_pestilence_hits_the_player_unless_medicine(devs: tuple[str, ...], lost: int) -> None:
    """Seed 002 "Rules for Solitaire Play": Pestilence affects you if you roll it (unless you have Medicine)."""
    s = setup(new(1), 0, devs=devs)
    play(s, "roll skull skull skull", "keep")
    assert s.disasters == [lost]


@pytest.mark.parametrize(("great_wall", "lost"), [(0, 4), (12, 4), (13, 0)])
def test_invasion_costs_four_unless_the_great_wall_is_complete(great_wall: int, lost: int) -> None:
    """Seed 002 Table 2: 4 skulls, Invasion, lose 4 points; unaffected with the Great Wall completed."""
    s = setup(new(2), 0, food=9, cities=4, progress={"great-wall": great_wall})
    play(s, "roll skull skull skull skull")
    assert s.disasters == [lost, 0]


@pytest.mark.parametrize("edition", ["bronze", "late"])
def test_revolt_loses_every_good_even_those_just_collected(edition: str) -> None:
    """Seed 002 Table 2: 5+ skulls, Revolt, lose all your goods (including the ones you just collected)."""
    s = setup(new(2, edition=edition), 0, cities=6, goods={"wood": 3, "cloth": 2})
    play(s, "roll skull skull skull skull skull food3", "keep")
    assert s.goods[0] == [0] * 5 and s.disasters == [0, 0]


def test_revolt_with_religion_strips_opponents_without_religion() -> None:
    """Seed 002 Table 2 and Table 3, Religion: your opponents lose all their goods instead; opponents with
    Religion are unaffected."""
    s = new(3)
    s.goods[1] = [2, 2, 0, 0, 0]
    s.goods[2] = [1, 0, 3, 0, 0]
    setup(s, 2, devs=["religion"])
    setup(s, 0, cities=5, devs=["religion", "caravans"])
    play(s, "roll skull skull skull skull skull")
    assert s.goods == [[2, 2, 2, 2, 2], [0] * 5, [1, 0, 3, 0, 0]]


def test_solo_religion_cancels_revolt() -> None:
    """Seed 002 "Rules for Solitaire Play": Religion prevents the effects of Revolt."""
    s = setup(new(1), 0, cities=5, devs=["religion", "caravans"])
    play(s, "roll skull skull skull skull skull", "keep")
    assert s.goods[0] == [2, 2, 2, 2, 2]


def test_smithing_turns_invasion_on_the_opponents_and_spends_spearheads() -> None:
    """Seed 000 "Forge": with an Invasion you invade every opponent (-4 each) instead of losing 4; each
    spearhead you remove costs all of them 2 more; players with the Great Wall are not touched. [ruling]
    spearheads are spent during the Invasion, any number of units."""
    s = new(3, edition="late")
    setup(s, 2, progress={"great-wall": 13})
    setup(s, 0, food=9, cities=4, goods={"spearheads": 2}, devs=["smithing"])
    play(s, "roll skull skull skull skull")
    # 8 goods collected: the fifth reaches spearheads (3 now); the Invasion already hit seat 1
    assert step(s) == "smithing" and s.goods[0][4] == 3
    assert legal(s) == ["spearheads 0", "spearheads 1", "spearheads 2", "spearheads 3"]
    assert s.disasters == [0, 4, 0]
    play(s, "spearheads 2")
    assert s.disasters == [0, 8, 0] and s.goods[0][4] == 1


def test_smithing_asks_nothing_when_every_opponent_has_the_great_wall() -> None:
    """Seed 000 "Forge": players with the Great Wall are not touched, so spending spearheads could do nothing."""
    s = new(2, edition="late")
    setup(s, 1, progress={"great-wall": 13})
    setup(s, 0, food=9, cities=4, goods={"spearheads": 2}, devs=["smithing"])
    play(s, "roll skull skull skull skull")
    assert step(s) != "smithing" and s.disasters == [0, 0]


def test_solo_smithing_invades_nobody_and_protects_the_player() -> None:
    """Seed 000 "Forge": instead of losing 4 points you invade your opponents; solo there are none."""
    s = setup(new(1, edition="late"), 0, food=9, cities=4, devs=["smithing"])
    play(s, "roll skull skull skull skull", "keep")
    assert s.disasters == [0]
