"""Random games for 2, 3 and 4 players: they end, replay identically, keep every invariant, round-trip their
text forms, reject illegal and malformed steps without change, and show each seat only what it may know."""

from __future__ import annotations

import json
import random

import pytest

from dolmen.engine import CHANCE, IllegalStep, MalformedStep, RandomPolicy, Record, play_game, replay
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.components import CARDS
from tests.stoneage.invariants import check_invariants

GAME = StoneAge()
CHUNKS = range(4)
GAMES_PER_CHUNK = 170
BAD_ACTIONS = ("place hut 3", "place card 9", "resolve", "tools once", "pay jewel", "pick 7", "feed", "dance")


def walk(players: int, seed: int, *, views: bool, check: bool = True) -> StoneAgeState:
    """Play one random game step by step, checking as it goes."""
    rng = random.Random(seed)
    state = GAME.new_state(players)
    while state.actors():
        if check:
            check_invariants(state)
        if views:
            check_views(state, rng)
        seat = state.actors()[0]
        if seat == CHANCE:
            outcome = state.sample_chance(rng)
            assert state.parse_outcome(state.outcome_text(outcome)) == outcome
            state.apply_chance(outcome)
            continue
        legal = state.legal_actions(seat)
        assert len(legal) >= 2, "a single legal action is taken at once"
        if check:
            for action in legal:
                assert state.parse_action(state.action_text(action)) == action
        state.apply_action(seat, legal[rng.randrange(len(legal))])
    return state


def check_views(state: StoneAgeState, rng: random.Random) -> None:
    """Every viewer's view is JSON, leaks no hidden card, and rebuilds into a state with the same view."""
    for viewer in (None, *range(state.players)):
        view = state.view(viewer)
        text = json.dumps(view)
        for seat in range(state.players):
            if viewer != seat and not state.open_cards and view["phase"] != "over":
                assert view["seats"][seat]["cards"] is None
                assert view["seats"][seat]["card_count"] == len(state.hands[seat])
        rebuilt = GAME.state_from_view(view, rng)
        assert json.dumps(rebuilt.view(viewer)) == text
        check_invariants(rebuilt)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", CHUNKS)
def test_random_games_end_replay_and_keep_invariants(players: int, chunk: int) -> None:
    """Thousands of random games (with the other chunks and tests) end, and replay to the same signature."""
    for game in range(GAMES_PER_CHUNK):
        seed = f"{players}:{chunk}:{game}"
        state, record = play_game(GAME, players, None, seed, [RandomPolicy()] * players)
        assert state.is_over() and record is not None
        check_invariants(state)
        assert state.result().reason in ("a building stack is empty", "the deck cannot refill the display")
        again = replay(GAME, Record.loads(record.dumps()))
        assert again.signature() == state.signature()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(2))
def test_walked_games_check_every_step(players: int, chunk: int) -> None:
    """Every text form round-trips and every invariant holds at every step."""
    for game in range(25):
        walk(players, 1000 * chunk + game, views=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_leak_nothing_and_rebuild(players: int) -> None:
    """Each seat's view hides others' hands and rebuilds (state_from_view) into a state with the same view."""
    for game in range(6):
        walk(players, 500 + game, views=True, check=False)


@pytest.mark.parametrize("players", [2, 4])
def test_illegal_and_malformed_steps_change_nothing(players: int) -> None:
    """Bad text is MalformedStep, a legal-looking step at the wrong time is IllegalStep; the state is unchanged."""
    rng = random.Random(players)
    state = GAME.new_state(players)
    while state.actors():
        before = json.dumps(state.signature())
        seat = state.actors()[0]
        for text in BAD_ACTIONS:
            with pytest.raises((MalformedStep, IllegalStep)):
                state.apply_action(0 if seat == CHANCE else seat, state.parse_action(text))
        other = (seat + 1) % players if seat != CHANCE else 0
        legal = state.legal_actions(seat) if seat != CHANCE else []
        if legal:
            with pytest.raises(IllegalStep):
                state.apply_action(other, legal[0])
            with pytest.raises(IllegalStep):
                state.apply_chance(state.parse_outcome("dice 1 2"))
        else:
            with pytest.raises(IllegalStep):
                state.apply_action(0, state.parse_action("decline"))
            with pytest.raises(IllegalStep):
                state.apply_chance(state.parse_outcome("dice 1 2 3 4 5 6 1 2 3 4 5"))
        assert json.dumps(state.signature()) == before
        if seat == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply_action(seat, legal[rng.randrange(len(legal))])


def test_hidden_cards_are_chance_draws_from_the_unseen_pool() -> None:
    """The deck's order is stored nowhere: a reveal lists every unseen kind with probability count/total."""
    state = GAME.new_state(3)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(CARDS)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    twice = [p for (kind, card), p in outcomes if CARDS[card].copies == 2]
    assert twice and all(abs(p - 2 / 36) < 1e-9 for p in twice)
