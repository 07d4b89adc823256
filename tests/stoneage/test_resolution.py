"""Phase 2, resolving: order, gathering with dice and tools, toolmaker, hut, field (seed 004 "Phase 2 : faire
travailler les personnages"; shared/rules/stoneage.md "Actions, feeding, next round" and the tools table)."""

from __future__ import annotations

import pytest

from dolmen.games.stoneage.components import raise_tool
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import ROLL_DICE
from tests.stoneage.helpers import act, goods, legal, new_game, roll, seat, set_tools, tools


def to_resolution(state: StoneAgeState, first: list[str], second: list[str]) -> None:
    """2 players: seat 0 places ``first`` one by one, seat 1 ``second``, alternately."""
    for mine, theirs in zip(first, second, strict=True):
        act(state, mine)
        if theirs:
            act(state, theirs)


def test_start_player_resolves_all_locations_first_in_any_order() -> None:
    """Rules page: from the start player on, each player resolves all of their locations in any order."""
    state = new_game(2)
    to_resolution(state, ["place forest 2", "place toolmaker", "place hunting 2"], ["place hunting 5", "", ""])
    assert seat(state) == 0
    assert sorted(legal(state)) == ["resolve forest", "resolve hunting", "resolve toolmaker"]
    act(state, "resolve toolmaker")
    assert tools(state, 0) == [1, 0, 0] and seat(state) == 0
    act(state, "resolve hunting")
    roll(state, 3, 4)  # 7 // 2 = 3 food; no unused... the new tile is unused: choose
    act(state, "tools none")
    assert goods(state, 0)["food"] == 12 + 3
    # the forest is seat 0's last location: resolved at once
    assert state.step == ROLL_DICE and state.roll_count == 2


@pytest.mark.parametrize(
    ("site", "faces", "resource", "expected"),
    [
        ("hunting", (6, 5, 2), "food", 6),  # 13 // 2
        ("forest", (2, 5, 6), "wood", 4),  # 13 // 3
        ("clay", (3, 4, 6), "clay", 3),  # 13 // 4
        ("quarry", (6, 6, 2), "stone", 2),  # 14 // 5
        ("river", (6, 5, 6), "gold", 2),  # 17 // 6
    ],
)
def test_gathering_takes_the_dice_total_divided_by_the_value(
    site: str, faces: tuple[int, ...], resource: str, expected: int
) -> None:
    """Seed 004: one die per person; the total divided by the resource's value (food 2, wood 3, clay 4, stone 5,
    gold 6), e.g. 13 with three dice at the clay pit gives 13/4 = 3 clay."""
    state = new_game(2)
    to_resolution(state, [f"place {site} 3", "place toolmaker", "place field"], ["place hunting 5", "", ""])
    act(state, f"resolve {site}")
    assert state.roll_count == 3
    before = goods(state, 0)[resource]
    roll(state, *faces)
    assert goods(state, 0)[resource] == before + expected


def test_tools_raise_the_total_as_in_the_seed_example() -> None:
    """Seed 004: Red already used a tool of value 2; with the others he raises 13 to 16 and gets 4 clay, not 3;
    each tile is used whole and once per round. The view shows each choice's yield."""
    state = new_game(2)
    set_tools(state, 0, 2, 2, 1)
    state.tool_used[0] = 1  # one of the 2s is used
    to_resolution(state, ["place clay 3", "place toolmaker", "place field"], ["place hunting 5", "", ""])
    act(state, "resolve clay")
    roll(state, 3, 4, 6)
    assert sorted(legal(state)) == ["tools 1", "tools 2", "tools 2 1", "tools none"]
    choices = {c["action"]: (c["total"], c["yield"]) for c in state.view(0)["tool_choices"]}
    assert choices == {"tools none": (13, 3), "tools 1": (14, 3), "tools 2": (15, 3), "tools 2 1": (16, 4)}
    act(state, "tools 2 1")
    assert goods(state, 0)["clay"] == 4
    assert state.tool_used[:3] == [1, 1, 1]


def test_used_tiles_are_fresh_again_next_round() -> None:
    """Rules page: each tile whole, once per round."""
    state = new_game(2)
    set_tools(state, 0, 3)
    to_resolution(state, ["place forest 5"], ["place hunting 5"])
    roll(state, 1, 1, 1, 1, 1)
    act(state, "tools 3")
    assert state.tool_used[0] == 1
    roll(state, 1, 1, 1, 1, 1)  # seat 1 hunts
    assert state.round == 2 and state.tool_used[0] == 0


def test_one_use_tools_are_added_once_then_gone() -> None:
    """Rules page: one-use tool cards are added to a gathering roll, once."""
    state = new_game(2)
    state.hands[0] = (20,)  # toolmaker1-tool4
    state.one_use[0] = (20,)
    state.deck[20] -= 1
    state.deck_size -= 1
    state.refresh()
    to_resolution(state, ["place river 5"], ["place hunting 5"])
    roll(state, 1, 1, 1, 1, 1)
    assert sorted(legal(state)) == ["tools none", "tools once 4"]
    act(state, "tools once 4")
    assert goods(state, 0)["gold"] == 1 and state.one_use[0] == () and state.hands[0] == (20,)


def test_the_tool_track_steps_up_to_four_four_four() -> None:
    """Rules page tools table: 1 · 1,1 · 1,1,1 · 2,1,1 · 2,2,1 · 2,2,2 · 3,2,2 · ... · 4,4,4, then no more."""
    tiles, used = [0, 0, 0], [0, 0, 0]
    steps = []
    for _ in range(13):
        raise_tool(tiles, used)
        steps.append("".join(str(v) for v in tiles if v))
    assert steps == ["1", "11", "111", "211", "221", "222", "322", "332", "333", "433", "443", "444", "444"]


def test_a_raised_tile_is_an_unused_one() -> None:
    """Our choice where the rules leave it open: when tiles share the lowest value, an unused one is raised."""
    tiles, used = [2, 1, 1], [0, 1, 0]
    raise_tool(tiles, used)
    assert tiles == [2, 2, 1] and used == [0, 0, 1]


def test_toolmaker_hut_and_field() -> None:
    """Rules page: toolmaker one tool step; hut one more person (next round); field agriculture +1."""
    state = new_game(4)
    act(state, "place toolmaker", "place hut", "place field", "place hunting 5")
    act(state, "place hunting 4", "place hunting 3", "place hunting 4")
    act(state, "resolve toolmaker")
    assert tools(state, 0) == [1, 0, 0]
    roll(state, 1, 1, 1, 1)
    act(state, "tools none")
    act(state, "resolve hut")  # seat 1: hut, then its hunting (its last location) at once
    assert state.people[1] == 6 and state.available[1] == 0
    roll(state, 2, 2, 2)
    act(state, "resolve field")
    assert state.agriculture[2] == 1
    roll(state, 2, 2, 2, 2)


def test_hut_and_field_stop_at_ten() -> None:
    """Rules page: at most 10 people; agriculture at most 10."""
    state = new_game(4)
    state.people[0] = state.available[0] = 10
    state.agriculture[1] = 10
    state.refresh()
    act(state, "place hut", "place field", "place hunting 5", "place hunting 5", "place hunting 8", "place hunting 4")
    act(state, "resolve hut")
    assert state.people[0] == 10
    roll(state, *[1] * 8)
    act(state, "resolve field")
    assert state.agriculture[1] == 10
