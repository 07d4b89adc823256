"""Text forms of actions and chance outcomes (docs/rtta.md): they round-trip; bad text is MalformedStep."""

from __future__ import annotations

import json
import random

import pytest

from dolmen.engine import CHANCE, MalformedStep
from dolmen.games.rtta.actions import Kind, action_text, parse_action
from tests.rtta.helpers import new

EXAMPLES = [
    "preserve",
    "roll",
    "keep",
    "reroll goods coins",
    "reroll food3 food3 skull food2/workers2",
    "leadership skull",
    "food 0",
    "food 2",
    "spearheads 3",
    "build city4 2",
    "build great-wall 3",
    "engineer 2",
    "ship",
    "end build",
    "end trade",
    "end buy",
    "offer 1 give 2 wood 1 stone get 3 food",
    "offer 3 give 1 spearheads",
    "offer 2 get 4 food 1 cloth",
    "accept",
    "decline",
    "swap stone cloth",
    "buy leadership",
    "buy coinage with wood pottery food 2",
    "buy granaries with food 3",
    "discard 1 wood 2 stone",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_action_texts_round_trip(text: str) -> None:
    """Every documented text form (docs/rtta.md) parses to a hashable action that prints back identically."""
    action = parse_action(text)
    hash(action)
    assert action_text(action) == text
    assert parse_action(action_text(action)) == action


@pytest.mark.parametrize("text", EXAMPLES)
def test_an_action_is_a_tuple_headed_by_its_kind_and_equal_to_the_plain_tuple(text: str) -> None:
    """The head of an action is a :class:`Kind`, and the action equals (and hashes as) the same tuple with the
    verb as a plain string: tuples written by hand or read back from JSON are the same actions."""
    action = parse_action(text)
    assert type(action[0]) is Kind and action[0] == text.split()[0]
    plain = tuple(json.loads(json.dumps(action)))
    plain = (plain[0], *(tuple(v) if isinstance(v, list) else v for v in plain[1:]))
    assert type(plain[0]) is str and plain == action and hash(plain) == hash(action)
    assert action_text(plain) == action_text(action)


@pytest.mark.parametrize("options", [{"edition": "bronze", "trade": True}, {"edition": "late"}])
def test_plain_tuples_are_the_legal_actions_they_equal(options: dict[str, object]) -> None:
    """In random games every legal action is headed by its Kind, and its plain-string twin is legal and plays the
    same: two tables, one fed the typed actions and one their plain twins, stay identical."""
    rng = random.Random(7)
    typed, plain = new(3, **options), new(3, **options)
    while typed.actors():
        seat = typed.actors()[0]
        if seat == CHANCE:
            outcome = typed.sample_chance(rng)
            typed.apply_chance(outcome)
            plain.apply_chance(outcome)
            continue
        legal = typed.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        assert isinstance(action[0], Kind)
        twin = (str(action[0]), *action[1:])
        assert type(twin[0]) is str and twin in plain.legal_actions(seat)
        typed.apply_action(seat, action)
        plain.apply_action(seat, twin)
        assert typed.signature() == plain.signature()


def test_word_order_inside_a_text_does_not_matter_and_prints_canonically() -> None:
    """docs/rtta.md: words may come in any unambiguous order; Dolmen prints the canonical order."""
    assert action_text(parse_action("reroll coins goods")) == "reroll goods coins"
    assert action_text(parse_action("offer 1 give 1 stone 2 wood get 3 food")) == (
        "offer 1 give 2 wood 1 stone get 3 food"
    )
    assert action_text(parse_action("discard 2 stone 1 wood")) == "discard 1 wood 2 stone"
    assert action_text(parse_action("buy coinage with pottery wood food 2")) == "buy coinage with wood pottery food 2"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "reroll",
        "reroll dragon",
        "leadership",
        "food -1",
        "food x",
        "build moon 2",
        "build city4 0",
        "build city4",
        "engineer 0",
        "offer 1",
        "offer x give 1 wood",
        "offer 1 give",
        "offer 1 take 1 wood",
        "offer 1 give 2 wood get 1 wood",
        "offer 1 give 0 wood",
        "offer 1 give wood 2",
        "offer 1 give 1 wood 1 wood",
        "swap wood wood",
        "swap wood gold",
        "buy moon",
        "buy leadership with",
        "buy leadership using wood",
        "buy leadership with wood wood",
        "buy leadership with food 0",
        "discard",
        "discard 1 wood 1 wood",
        "end game",
        "keep 1 3",
    ],
)
def test_malformed_action_texts_are_refused(text: str) -> None:
    """Unparsable action texts raise MalformedStep."""
    with pytest.raises(MalformedStep):
        parse_action(text)


def test_outcome_texts_round_trip_in_face_order() -> None:
    """docs/rtta.md "Chance outcomes": a roll is the multiset of faces, printed in face order."""
    outcome = new().parse_outcome("roll skull food3 goods")
    assert outcome == (1, 1, 1, 0, 0, 0)
    assert new().outcome_text(outcome) == "roll food3 goods skull"
    assert new().parse_outcome("roll coins") == (0, 0, 0, 0, 0, 1)


@pytest.mark.parametrize("text", ["", "roll", "throw food3", "roll food4", "roll 1 2 3"])
def test_malformed_outcome_texts_are_refused(text: str) -> None:
    """Unparsable outcome texts raise MalformedStep."""
    with pytest.raises(MalformedStep):
        new().parse_outcome(text)
