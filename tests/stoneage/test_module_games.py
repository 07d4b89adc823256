"""Random games with each module alone and with all six together (seed 003 "Toutes les extensions peuvent être
actives simultanément"), for every allowed player count: they end, replay identically from their records, keep
every invariant at every step, round-trip their text forms, reject bad steps without change, and show each seat
only what it may know, rebuilding (``state_from_view``) into states that go on the same way."""

from __future__ import annotations

import json
import random

import pytest

from dolmen.engine import CHANCE, IllegalStep, MalformedStep, RandomPolicy, Record, play_game, replay
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.module_components import FIRST_ANIMAL, MODULES
from tests.stoneage.invariants import check_invariants

GAME = StoneAge()
ALONE = [(module, players) for module in MODULES for players in (2, 3, 4, 5) if players < 5 or module == "extension"]
"""Every module alone at every player count it allows (5 players only with the extension)."""
GAMES_ALONE = 110
GAMES_ALL = 160
CHUNKS_ALL = range(2)
ENDS = ("a building stack is empty", "the deck cannot refill the display")
BAD_ACTIONS = (
    "barter food for gold",
    "barter wood for wood",
    "jewels 99",
    "tame jewel",
    "reward middle",
    "pay jewel jewel jewel jewel jewel jewel jewel",
    "place card 6",
    "resolve animal",
    "dance",
)


def options(modules: list[str], open_cards: bool = False) -> dict[str, object]:
    return {"modules": modules, "open_cards": open_cards}


def play_and_replay(players: int, modules: list[str], seed: str) -> None:
    state, record = play_game(GAME, players, options(modules), seed, [RandomPolicy()] * players)
    assert state.is_over() and record is not None
    check_invariants(state)
    assert state.result().reason in ENDS
    again = replay(GAME, Record.loads(record.dumps()))
    assert again.signature() == state.signature()


@pytest.mark.slow
@pytest.mark.parametrize(("module", "players"), ALONE)
def test_random_games_with_one_module(module: str, players: int) -> None:
    """Hundreds of random games with one module end and replay to the same signature."""
    for game in range(GAMES_ALONE):
        play_and_replay(players, [module], f"{module}:{players}:{game}")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("chunk", CHUNKS_ALL)
def test_random_games_with_every_module(players: int, chunk: int) -> None:
    """Hundreds of random games with all six modules end and replay to the same signature."""
    for game in range(GAMES_ALL):
        play_and_replay(players, list(MODULES), f"all:{players}:{chunk}:{game}")


def walk(players: int, modules: list[str], seed: int, *, views: bool, open_cards: bool = False) -> StoneAgeState:
    """Play one random game step by step, checking invariants, text forms, chance lists and (``views``) every
    viewer's view and its rebuilt state."""
    rng = random.Random(seed)
    state = GAME.new_state(players, options(modules, open_cards))
    while state.actors():
        check_invariants(state)
        if views:
            check_views(state, rng)
        seat = state.actors()[0]
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            outcome = state.sample_chance(rng)
            assert outcome in dict(outcomes) and state.parse_outcome(state.outcome_text(outcome)) == outcome
            state.apply_chance(outcome)
            continue
        legal = state.legal_actions(seat)
        assert len(legal) >= 2, "a single legal action is taken at once"
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert state.parse_action(state.action_text(action)) == action
        state.apply_action(seat, legal[rng.randrange(len(legal))])
    check_invariants(state)
    return state


def check_views(state: StoneAgeState, rng: random.Random) -> None:
    """Every viewer's view is JSON, hides others' hands, and rebuilds into a state with the same view, the same
    actors and legal actions and the same chance outcomes (hidden cards aside); with open cards, the same state."""
    actors = state.actors()
    for viewer in (None, *range(state.players)):
        view = state.view(viewer)
        text = json.dumps(view)
        for seat in range(state.players):
            if viewer != seat and not state.open_cards and view["phase"] != "over":
                assert view["seats"][seat]["cards"] is None
        rebuilt = GAME.state_from_view(view, rng)
        assert json.dumps(rebuilt.view(viewer)) == text
        check_invariants(rebuilt)
        assert rebuilt.actors() == actors
        if actors and actors[0] != CHANCE:
            assert rebuilt.legal_actions(actors[0]) == state.legal_actions(actors[0])
        elif actors and state.open_cards:
            assert rebuilt.chance_outcomes() == state.chance_outcomes()
    if state.open_cards:
        assert GAME.state_from_view(state.view(None), rng).signature() == state.signature()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_walked_games_with_every_module_check_every_step(players: int) -> None:
    """Every invariant, text form and chance list holds at every step, with all modules."""
    for game in range(10):
        walk(players, list(MODULES), 100 * players + game, views=False)


@pytest.mark.slow
@pytest.mark.parametrize("module", MODULES)
def test_walked_games_with_one_module_check_every_step(module: str) -> None:
    for game in range(4):
        walk(2 + game % 3, [module], game, views=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_with_every_module_leak_nothing_and_rebuild(players: int) -> None:
    """Views hide others' hands (the face-down draws among them); the mammoth pile and the deck with its wild
    animals appear only as unseen multisets; a rebuilt state goes on exactly as the original (with open cards:
    the very same state)."""
    walk(players, list(MODULES), 7 * players, views=True)
    walk(players, list(MODULES), 7 * players + 1, views=True, open_cards=True)


@pytest.mark.slow
@pytest.mark.parametrize("module", MODULES)
def test_views_with_one_module_rebuild(module: str) -> None:
    walk(3, [module], 11, views=True, open_cards=True)


def test_bad_steps_change_nothing_with_every_module() -> None:
    """Bad text is MalformedStep, a well-formed step that is not legal now is IllegalStep; the state is
    unchanged (the module forms included)."""
    rng = random.Random(5)
    state = GAME.new_state(3, options(list(MODULES)))
    while state.actors():
        before = json.dumps(state.signature())
        seat = state.actors()[0]
        for text in BAD_ACTIONS:
            with pytest.raises((MalformedStep, IllegalStep)):
                state.apply_action(0 if seat == CHANCE else seat, state.parse_action(text))
        with pytest.raises(IllegalStep):
            state.apply_chance(state.parse_outcome("dice 1 2 3 4 5 6 1 2 3 4 5"))  # never 11 dice
        assert json.dumps(state.signature()) == before
        if seat == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(seat)
            state.apply_action(seat, legal[rng.randrange(len(legal))])


def test_states_differing_in_a_face_down_card_look_alike_to_the_others() -> None:
    """Seed 003: the extension's face-down card is hidden from the others; so is every hand card."""
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_state(4, options(list(MODULES)))
        for _ in range(250 + 10 * seed):
            if not state.actors():
                break
            seat = state.actors()[0]
            if seat == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                legal = state.legal_actions(seat)
                state.apply_action(seat, legal[rng.randrange(len(legal))])
        if not state.actors() or not state.hands[1]:
            continue
        card = state.hands[1][-1]
        if card in state.one_use[1]:
            continue
        other = next((c for c, n in enumerate(state.deck[:FIRST_ANIMAL]) if n and c != card), None)
        if other is None:
            continue
        twin = state.clone()
        twin.hands[1] = (*twin.hands[1][:-1], other)
        twin.deck[other] -= 1
        twin.deck[card] += 1
        for viewer in (None, 0, 1, 2, 3):
            assert (json.dumps(state.view(viewer)) == json.dumps(twin.view(viewer))) == (viewer != 1)
        checked += 1
    assert checked >= 10
