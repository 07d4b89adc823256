"""Bot specs, levels and the registry that game-specific bots join."""

from __future__ import annotations

import random

import pytest

from dolmen.bots import BOTS, LEVELS, ROSTER, BotRegistry, Budget, MCTSBot, RandomBot, make_bot, split_spec
from dolmen.bots.search.budget import level_budget
from dolmen.engine import OptionsError
from dolmen.engine.driver import Policy
from tests.engine.toy import Pig


def test_specs_split_into_name_and_level() -> None:
    assert split_spec("mcts:hard") == ("mcts", "hard")
    assert split_spec(" random ") == ("random", None)
    for bad in ("", ":hard", "mcts:"):
        with pytest.raises(OptionsError, match="NAME or NAME:LEVEL"):
            split_spec(bad)


def test_generic_bots_are_built_for_any_game_and_levels_set_the_budget() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("random", "pig"), RandomBot)
    hard = make_bot("mcts:hard", "pig")
    assert isinstance(hard, MCTSBot)
    assert hard.budget == LEVELS["hard"] and hard.budget.seconds == 1.0
    untimed = make_bot("mcts:hard", timed=False)
    assert isinstance(untimed, MCTSBot) and untimed.budget == Budget(LEVELS["hard"].iterations)
    default = make_bot("mcts")
    assert isinstance(default, MCTSBot) and default.budget == LEVELS["medium"]
    counted = make_bot("mcts:250")
    assert isinstance(counted, MCTSBot) and counted.budget == Budget(250)


def test_unknown_bots_and_levels_are_refused_with_the_known_ones() -> None:
    with pytest.raises(OptionsError, match=r"unknown bot 'wizard'.*known bots: mcts, random"):
        make_bot("wizard")
    make_bot("greedy", game="rtta")  # loads rtta's own bots
    with pytest.raises(OptionsError, match=r"bot 'greedy' is specific to rtta.*say which game it plays"):
        make_bot("greedy")
    with pytest.raises(OptionsError, match=r"unknown level 'brutal'; levels: easy, medium, hard"):
        make_bot("mcts:brutal")
    with pytest.raises(OptionsError, match="random bot has no levels"):
        make_bot("random:hard")
    with pytest.raises(OptionsError, match="at least 1"):
        level_budget("0", timed=True)


def test_a_bot_of_the_table_is_imported_on_first_use_and_replaces_the_generic_one_for_its_game_only() -> None:
    import sys

    from tests.bots.plugins import REGISTRY

    def generic(level: str | None, *, timed: bool) -> Policy:
        return RandomBot()

    if "holdat" not in REGISTRY.names():  # generic names only
        REGISTRY.register("holdat", generic)
    assert REGISTRY.names("pig") == ["holdat"]
    assert isinstance(REGISTRY.make("holdat"), RandomBot)  # no game named: the generic one
    assert REGISTRY.listing("holdat", "pig").summary == "holds at LEVEL"
    bot = REGISTRY.make("holdat:15", "pig")  # imports tests/bots/plugins/pig_scripted.py now
    assert "tests.bots.plugins.pig_scripted" in sys.modules
    assert type(bot).__name__ == "HoldAt"
    assert bot.act(Pig(), {"turn": 15}, ["roll", "hold"], random.Random(0)) == "hold"
    assert isinstance(REGISTRY.make("holdat", "rtta"), RandomBot)
    assert REGISTRY.entry("holdat", "pig").game == "pig"


def test_the_roster_names_every_bot_module_and_listing_imports_none() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from dolmen.bots import BOTS, ROSTER; BOTS.names('rtta'); BOTS.names('stoneage');"
        "assert not [m for m in sys.modules if m.startswith(('dolmen.bots.rtta', 'dolmen.bots.stoneage'))]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    for (name, game), listing in ROSTER.items():
        entry = BOTS.entry(name, game)
        assert (entry.name, entry.game, entry.levels) == (name, game, listing.levels)
        assert callable(entry.factory)
    assert BOTS.names("rtta") == ["expectimax", "greedy", "mcts", "random"]
    assert BOTS.names("stoneage") == ["greedy", "mcts", "random"]


def test_a_game_specific_bot_needs_its_game_and_names_cannot_be_taken_twice() -> None:
    registry = BotRegistry()

    def factory(level: str | None, *, timed: bool) -> Policy:
        return RandomBot()

    registry.register("greedy", factory, game="rtta")
    with pytest.raises(OptionsError, match="'greedy' is specific to rtta; say which game"):
        registry.make("greedy")
    with pytest.raises(OptionsError, match="unknown bot 'greedy' for stoneage"):
        registry.make("greedy", "stoneage")
    assert isinstance(registry.make("greedy", "rtta"), RandomBot)
    with pytest.raises(ValueError, match="already registered for 'rtta'"):
        registry.register("greedy", factory, game="rtta")
    with pytest.raises(ValueError, match="no ':'"):
        registry.register("a:b", factory)
    assert registry.names("rtta") == ["greedy"] and registry.names() == []


def test_the_default_registry_lists_the_generic_bots() -> None:
    assert [entry.name for entry in BOTS.entries()] == ["mcts", "random"]
    assert BOTS.entry("mcts").levels == ("easy", "medium", "hard")
