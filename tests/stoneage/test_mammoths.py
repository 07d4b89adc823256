"""The mammoth herd (module ``mammoths``): its 16 hidden tiles drawn when revealed, the herd's zone each round,
taming after gathering, the dice contest with its tie rule and its two rewards, the 2–3 player exception, the
herd leaving (seed 003 "Horde de mammouths"; shared/rules/stoneage.md "Mammoth herd")."""

from __future__ import annotations

import pytest

from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.actions import HERD, MAMMOTH
from dolmen.games.stoneage.module_components import MAMMOTH_INDEX, MAMMOTH_TILES
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import CHOOSE_REWARD, PLACE_PEOPLE, REVEAL, ROLL_DICE
from tests.stoneage.helpers import DISPLAY, TOPS, act, goods, legal, module_game, reveal, roll, seat, set_goods

ZONES = ("hunting", "forest", "clay", "quarry", "river")


def tame(state: StoneAgeState, times: int, people: int) -> None:
    """The acting seat tames ``times`` of its ``people`` at the herd's zone, paying food."""
    for _ in range(times):
        act(state, "tame food")
    if times < people:
        act(state, "tame stop")


def to_contest(tamed: tuple[int, int]) -> StoneAgeState:
    """2 players on the herd's forest (3 and 4 people); they tame ``tamed`` people; the contest comes next."""
    state = module_game(2, "mammoths")
    act(state, "place forest 3", "place forest 4", "place hunting 2", "place hunting 1")
    act(state, "resolve forest")
    roll(state, 1, 1, 1)
    tame(state, tamed[0], 3)
    roll(state, 1, 1)  # seat 0's hunt
    act(state, "resolve forest")
    roll(state, 1, 1, 1, 1)
    tame(state, tamed[1], 4)
    roll(state, 1)  # seat 1's hunt
    return state


def test_sixteen_tiles_four_hunting_three_for_each_other_zone() -> None:
    """Rules page "Mammoth herd": hunting ×4, forest, clay pit, quarry, river ×3."""
    assert len(MAMMOTH_TILES) == 16
    assert [sum(1 for t in MAMMOTH_TILES if t.zone == zone) for zone in range(5)] == [4, 3, 3, 3, 3]


def test_the_tiles_are_chance_draws_when_revealed() -> None:
    """Rules page: the pile is face down; its top tile's back names the herd's zone, its face is seen when it is
    turned over. The order is stored nowhere: a back is drawn in proportion to the unseen tiles of each zone, a
    face uniformly among the unseen tiles of that zone."""
    state = StoneAge().new_state(2, {"modules": ["mammoths"]})
    for text in [f"card {card}" for card in DISPLAY] + [f"building {tile}" for tile in TOPS[:2]]:
        reveal(state, text)
    assert state.step == REVEAL
    assert dict(state.chance_outcomes()) == pytest.approx(
        {(HERD, 0): 4 / 16, **{(HERD, z): 3 / 16 for z in range(1, 5)}}
    )
    reveal(state, "herd forest")
    faces = dict(state.chance_outcomes())
    assert set(faces) == {(MAMMOTH, MAMMOTH_INDEX[t]) for t in ("forest-wood3", "forest-toolstep", "forest-points5")}
    assert all(p == pytest.approx(1 / 3) for p in faces.values())
    reveal(state, "mammoth forest-points5")
    assert dict(state.chance_outcomes())[(HERD, 1)] == pytest.approx(2 / 15)
    reveal(state, "herd river")
    assert state.step == PLACE_PEOPLE
    herd = state.view(1)["herd"]
    assert herd["zone"] == "forest" and herd["next"] == "river" and herd["pile"] == 15
    assert herd["tile"] == {"id": "forest-points5", "top": "5 points", "bottom": "2 points"}


def test_taming_after_gathering_one_person_at_a_time() -> None:
    """Seed 003: each person on the herd's zone, after producing normally, may try to tame by paying one food or
    resource (rules page: never jewels) and moves onto the tile."""
    state = module_game(2, "mammoths", "extension")
    set_goods(state, 0, food=1, wood=0, clay=1, jewels=5)
    act(state, "place forest 3", "place hunting 5", "place hunting 2", "resolve forest")
    roll(state, 1, 1, 1)  # 3 // 3 = 1 wood, gathered first
    assert goods(state, 0)["wood"] == 1
    assert sorted(legal(state)) == ["tame clay", "tame food", "tame stop", "tame wood"]
    act(state, "tame wood", "tame food")
    assert sorted(legal(state)) == ["tame clay", "tame stop"]
    act(state, "tame clay")  # all three tamed: the taming ends
    assert state.on_herd[0] == 3 and state.jewels[0] == 5 and state.step == ROLL_DICE


def test_no_taming_away_from_the_herd() -> None:
    """Seed 003: only the figures placed on the herd's zone may tame."""
    state = module_game(2, "mammoths")
    act(state, "place clay 3", "place hunting 5", "place hunting 2", "resolve clay")
    roll(state, 2, 2, 2)
    assert state.step == ROLL_DICE and state.on_herd == [0, 0]


def test_two_or_three_players_may_all_join_the_herds_zone() -> None:
    """Seed 003 "Règles spéciales à deux et trois joueurs": all players may place on the herd's zone up to its
    free places (the one-colour rule still holds elsewhere)."""
    state = module_game(2, "mammoths")
    act(state, "place forest 3")
    assert "place forest 4" in legal(state) and "place forest 5" not in legal(state)  # seat 1 may join
    act(state, "place clay 2")
    assert not any(text.startswith("place clay") for text in legal(state))  # seat 0 may not


def test_the_highest_die_wins_and_chooses_the_others_take_the_bottom() -> None:
    """Seed 003: the highest die wins the tile and chooses between its two rewards; the others there take the
    bottom reward. Tile forest-wood3: top 3 wood, bottom 1 wood."""
    state = to_contest((2, 1))
    assert state.step == ROLL_DICE and seat(state) == -1 and state.roll_count == 2
    roll(state, 5, 2)
    assert state.roll_count == 1
    roll(state, 6)
    assert state.step == CHOOSE_REWARD and seat(state) == 1
    assert sorted(legal(state)) == ["reward bottom", "reward top"]
    assert goods(state, 0)["wood"] == 1 + 1  # gathered 1, bottom reward 1
    act(state, "reward top")
    assert goods(state, 1)["wood"] == 1 + 3 and state.on_herd == [0, 0] and state.round == 2


def test_a_tie_compares_the_next_dice() -> None:
    """Seed 003: on a tie the players' second best dice are compared, and so on."""
    state = to_contest((2, 2))
    roll(state, 6, 3)
    roll(state, 4, 6)
    assert state.step == CHOOSE_REWARD and seat(state) == 1


def test_a_die_beats_no_die() -> None:
    """Seed 003 compares the next dice; [ruling] a player who still has a die beats one who has none."""
    state = to_contest((2, 1))
    roll(state, 6, 1)
    roll(state, 6)
    assert state.step == CHOOSE_REWARD and seat(state) == 0


def test_a_full_tie_has_no_winner_and_everyone_takes_the_bottom() -> None:
    """Seed 003: if the tie persists nobody wins the tile and everyone receives the bottom reward."""
    state = to_contest((2, 2))
    roll(state, 6, 3)
    roll(state, 3, 6)
    assert state.step != CHOOSE_REWARD and state.round == 2
    assert goods(state, 0)["wood"] == 2 and goods(state, 1)["wood"] == 2


@pytest.mark.parametrize(
    ("tile", "choice", "check"),
    [
        ("hunting-food6", "top", lambda s: goods(s, 0)["food"] == 12 + 1 - 2 + 6 - 5),  # hunt, tame, reward, eat
        ("hunting-person", "top", lambda s: s.people[0] == 6),
        ("hunting-agriculture", "top", lambda s: s.agriculture[0] == 1),
        ("hunting-points4", "bottom", lambda s: s.score[0] == 1),
        ("quarry-toolstep", "top", lambda s: s.tools[:3] == [1, 0, 0]),
        ("river-points8", "top", lambda s: s.score[0] == 8),
        ("clay-gold2", "top", lambda s: goods(s, 0)["gold"] == 2),
    ],
)
def test_a_lone_player_on_the_tile_wins_without_rolling(tile: str, choice: str, check: object) -> None:
    """Rules page "Mammoth herd": the rewards of the tiles (6 food, 1 person, agriculture +1, points, tool step,
    resources); a lone player there is the highest die."""
    zone = tile.split("-")[0]
    others = [site for site in ZONES[1:] if site != zone]
    state = module_game(2, "mammoths", herd=(tile, "river"))
    act(state, f"place {zone} 2", f"place {others[0]} 5", f"place {others[1]} 3", f"resolve {zone}")
    roll(state, 1, 1)
    tame(state, 2, 2)  # two food
    roll(state, 1, 1, 1)  # seat 0's other site
    roll(state, 1, 1, 1, 1, 1)  # seat 1's site
    assert state.step == CHOOSE_REWARD and seat(state) == 0
    act(state, f"reward {choice}")
    assert check(state)  # type: ignore[operator]


def test_the_herd_moves_each_round_and_leaves_when_the_tiles_run_out() -> None:
    """Rules page: each round the next tile is turned over and the herd moves to its zone; when the tiles run
    out the herd leaves (and with it the 2-player exception)."""
    state = module_game(2, "mammoths", herd=("forest-wood3", "clay"))
    state.herd_pool = [int(tile.id == "clay-points6") for tile in MAMMOTH_TILES]  # the pile's last tile
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.step == REVEAL and len(state.reveals) == 1  # turn the last tile over; no back below it
    reveal(state, "mammoth clay-points6")
    herd = state.view(0)["herd"]
    assert herd["zone"] == "clay" and herd["next"] is None and herd["pile"] == 0
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.step == PLACE_PEOPLE and state.round == 3
    herd = state.view(0)["herd"]
    assert herd["zone"] is None and herd["tile"] is None and herd["next"] is None
    act(state, "place forest 2")
    assert not any(text.startswith("place forest") for text in legal(state))
