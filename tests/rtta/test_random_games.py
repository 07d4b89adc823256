"""Random games in every edition, player count and trade setting: the engine's contract under fuzzing.

Every game ends; every legal action applies (checked); no seat is asked a forced move; text forms round-trip;
records replay to the same signature and result; ``state_from_view`` and ``clone`` rebuild equal states;
illegal steps raise IllegalStep and change nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dolmen.engine import CHANCE, IllegalStep, RandomPolicy, Record, play_game, replay
from dolmen.games.rtta import RollThroughTheAges, RttaState

GAME = RollThroughTheAges()
CONFIGS = [
    (players, options)
    for options in ({"edition": "bronze"}, {"edition": "bronze", "trade": True}, {"edition": "late"})
    for players in (1, 2, 3, 4)
]
CONFIG_IDS = [f"{o['edition']}{'+trade' if o.get('trade') else ''}-{p}p" for p, o in CONFIGS]


def _sample_actions(legal: Any, rng: random.Random, limit: int = 12) -> list[Any]:
    if len(legal) <= limit:
        return list(legal)
    return [legal[0]] + [legal[rng.randrange(len(legal))] for _ in range(limit - 1)]


def _check_illegal(state: RttaState, seat: int, legal: Any, pool: list[Any], rng: random.Random) -> None:
    before = state.signature()
    strangers = [a for a in rng.sample(pool, min(len(pool), 6)) if a not in legal]
    for action in strangers:
        with pytest.raises(IllegalStep):
            state.apply_action(seat, action)
    others = [s for s in range(state.players) if s != seat]
    if others:
        with pytest.raises(IllegalStep):
            state.apply_action(rng.choice(others), legal[0])
    with pytest.raises(IllegalStep):
        state.apply_chance((0, 0, 0, 0, 0, 1))
    assert state.signature() == before


def _deep_checks(state: RttaState, seat: int, legal: Any, rng: random.Random) -> None:
    signature = state.signature()
    view = state.view(seat)
    json.dumps(view)
    rebuilt = GAME.state_from_view(json.loads(json.dumps(view)), rng)
    assert rebuilt.signature() == signature
    fresh = rebuilt.legal_actions(seat)  # computed from scratch: no list kept from earlier steps
    assert len(fresh) == len(legal)
    for index in {0, len(legal) - 1, rng.randrange(len(legal))}:
        assert fresh[index] == legal[index]
    assert state.clone().signature() == signature
    for action in _sample_actions(legal, rng):
        assert state.parse_action(state.action_text(action)) == action
        copy = state.clone()
        copy.apply_action(seat, action)
    assert state.signature() == signature


def play_checked(players: int, options: dict[str, Any], seed: int, deep_every: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(players, options)
    record = Record(GAME.name, players, GAME.check_options(players, options), seed)
    pool: list[Any] = []
    for number in range(100_000):
        actors = state.actors()
        if not actors:
            break
        if actors == (CHANCE,):
            outcome = state.sample_chance(rng)
            assert state.parse_outcome(state.outcome_text(outcome)) == outcome
            record.add_chance(state, outcome)
            state.apply_chance(outcome)
            continue
        seat = actors[0]
        legal = state.legal_actions(seat)
        assert len(legal) >= 2, f"seat {seat} was asked a forced move: {[state.action_text(a) for a in legal]}"
        action = legal[rng.randrange(len(legal))]
        assert state.parse_action(state.action_text(action)) == action
        if number % deep_every == 0:
            _deep_checks(state, seat, legal, rng)
            _check_illegal(state, seat, legal, pool, rng)
        if len(pool) < 300:
            pool.append(action)
        else:
            pool[rng.randrange(300)] = action
        record.add_action(state, seat, action)
        state.apply_action(seat, action)
    assert state.is_over(), "the game did not end"
    result = state.result()
    record.result = result.to_json()
    again = replay(GAME, Record.loads(record.dumps()))
    assert again.signature() == state.signature() and again.result() == result
    assert len(result.scores) == players and result.winners


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_the_contract(players: int, options: dict[str, Any], chunk: int) -> None:
    """Random games per edition, player count and trade setting keep the kernel's contract (module docstring):
    100 checked games per setting, 1,200 in all."""
    for seed in range(chunk * 25, chunk * 25 + 25):
        play_checked(players, options, seed, deep_every=7)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("chunk", range(4))
def test_thousands_of_random_games_end_and_replay(players: int, options: dict[str, Any], chunk: int) -> None:
    """1,000 random games per edition, player count and trade setting (250 per chunk): each ends with a result
    naming at least one winner, and its record, written and read back as JSON, replays to the same state."""
    policies = [RandomPolicy()] * players
    for seed in range(10_000 + chunk * 250, 10_000 + (chunk + 1) * 250):
        state, record = play_game(GAME, players, options, seed, policies)
        assert record is not None
        result = state.result()
        assert state.is_over() and len(result.winners) >= 1
        assert 1 <= state.round <= 60
        again = replay(GAME, Record.loads(record.dumps()))
        assert again.signature() == state.signature()
