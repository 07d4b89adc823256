"""Actions are small typed values (docs/stoneage.md "Text forms"): tuples headed by an ``IntEnum`` kind, equal to
and hashing like the same tuples written with numbers (external rule checks and saved games may hold those);
anything else given to ``apply_action`` is an ``IllegalStep`` that changes nothing, never a ``TypeError``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from dolmen.engine import IllegalStep, random_playout
from dolmen.engine.errors import GameNotOver
from dolmen.games.stoneage import StoneAgeState
from dolmen.games.stoneage.actions import Act, Draw
from dolmen.games.stoneage.module_components import MODULES
from dolmen.games.stoneage.texts import as_action
from tests.stoneage.helpers import act, module_game, new_game, set_goods
from tests.stoneage.walks import GAME


def plain(action: Any) -> Any:
    """``action`` with every kind written as its number."""
    return tuple(int(item) if isinstance(item, Act | Draw) else item for item in action)


def decisions(state: StoneAgeState, rng: random.Random, steps: int) -> Iterator[tuple[int, Sequence[Any]]]:
    """Up to ``steps`` decisions of a game: chance is drawn from ``rng``; the caller applies an action of the
    seat and the legal actions yielded."""
    for _ in range(steps):
        actors = state.actors()
        if not actors:
            return
        if actors[0] < 0:
            state.apply_chance(state.sample_chance(rng))
            continue
        yield actors[0], state.legal_actions(actors[0])


def test_legal_actions_and_outcomes_are_headed_by_their_kind() -> None:
    state = new_game(2)
    assert all(type(action[0]) is Act for action in state.legal_actions(0))
    assert isinstance(GAME.new_state(2).sample_chance(random.Random(1))[0], Draw)
    assert Act.PLACE == 0 and Act.REWARD == 20 and Draw.DICE == 10 and Draw.MAMMOTH == 22


def test_an_action_written_with_numbers_is_the_same_action() -> None:
    state = module_game(5, *MODULES)
    rng = random.Random(3)
    for seat, legal in decisions(state, rng, 300):
        action = legal[rng.randrange(len(legal))]
        numbers = plain(action)
        assert numbers == action and hash(numbers) == hash(action) and numbers in legal
        assert state.action_text(numbers) == state.action_text(action)
        state.apply_action(seat, numbers)


FOREIGN: list[Any] = [
    (3, (-1, 4)),  # a payment's text reads back as another payment
    (3, (1, 1, 1, 0, 0)),  # a zero jewel count is written nowhere
    (3, (1, 1, 1)),  # three counts: was a ValueError from a payment check
    (0, "forest", 2),
    (0, 1.5, 2),
    (0, 99, 1),
    (0, 0, 0),
    (2, (1, 3), ()),  # tool values are written high to low
    (2, [3], []),
    (13, (1, 0, 0, 0, 0), (0, 0, 0, 1)),
    (14, -1),
    (15, 9),
    (20, 2),
    (7, 9),
    (Act.PAY,),
    ("place", 0, 1),
    (None,),
    (),
    ((0, 0, 1),),
    frozenset({1, 2}),
    b"place forest 1",
    1.0,
    object(),
    [[0], 0, 1],
]


@pytest.mark.parametrize("value", FOREIGN, ids=range(len(FOREIGN)))
def test_a_malformed_value_is_an_illegal_step_that_changes_nothing(value: Any) -> None:
    state = module_game(3, *MODULES)
    before = state.signature()
    with pytest.raises(IllegalStep) as error:
        state.apply_action(0, value)
    assert "is not a Stone Age action" in str(error.value)
    assert state.signature() == before
    assert as_action(value) is None


def test_a_short_payment_for_a_card_is_an_illegal_step() -> None:
    """Three counts where a payment has four: once a ``ValueError`` from comparing them with the holdings."""
    state = new_game(2)
    act(state, "place card 3", "place hunting 5", "place hunting 4")
    set_goods(state, 0, wood=1, clay=1, stone=1)
    act(state, "resolve card 3")
    with pytest.raises(IllegalStep, match="is not a Stone Age action"):
        state.apply_action(0, (3, (1, 1, 1)))
    act(state, "pay wood clay stone")
    assert state.hands[0]


def test_perturbed_legal_actions_never_raise_anything_but_an_illegal_step() -> None:
    """Every legal action of random module games, with one item changed to a value of another type or range,
    is either still an action (legal or not) or a foreign value: never an error other than ``IllegalStep``."""
    rng = random.Random(7)
    odd: list[Any] = [-1, 99, 2**70, 0.5, "x", None, (), (-1,), [1], {}, True, (0, 0, 0, 0, 0, 0)]
    state = module_game(4, *MODULES)
    for seat, legal in decisions(state, rng, 1200):
        before = state.signature()
        for action in legal[:6]:
            for index in range(len(action)):
                changed = (*action[:index], rng.choice(odd), *action[index + 1 :])
                if changed in legal:
                    continue
                with pytest.raises(IllegalStep):
                    state.apply_action(seat, changed)
        assert state.signature() == before
        state.apply_action(seat, legal[rng.randrange(len(legal))])


def test_the_result_before_the_end_is_game_not_over() -> None:
    """Both games raise the engine's ``GameNotOver`` for a result asked too early."""
    state = new_game(2)
    with pytest.raises(GameNotOver):
        state.result()
    act(state, "place hunting 5")
    with pytest.raises(GameNotOver):
        state.result()
    over = random_playout(state, random.Random(2))
    assert over.result().scores
