"""The table (issue "The table"): versions, take-backs, rebuilding, verifiable dice and per-viewer logs."""

from __future__ import annotations

import hashlib
import hmac
import inspect
import json
import random

import pytest

from dolmen.engine import IllegalStep, MalformedStep, RandomPolicy, Record, RecordError, play_game, run, verify
from dolmen.engine.dice import ChanceStream, commitment, secret_from_seed
from dolmen.engine.table import StaleVersion, Table
from dolmen.games import get_game
from tests.engine.toy import Pig

SECRET = bytes(range(32))


def pig(players: int = 2, **kwargs: object) -> Table:
    table = Table(Pig(), players, {"target": 10}, secret=SECRET, **kwargs)  # type: ignore[arg-type]
    table.advance()
    return table


def test_a_stale_version_is_refused_and_changes_nothing() -> None:
    table = pig()
    table.submit(0, "roll", 0)
    table.advance()
    before = (table.version, table.state.signature(), table.steps())
    with pytest.raises(StaleVersion, match=f"the table is at version {table.version}") as caught:
        table.submit(table.actors()[0], "hold", 0)
    assert caught.value.current == table.version
    assert (table.version, table.state.signature(), table.steps()) == before


@pytest.mark.parametrize(("seat", "text", "error"), [(1, "roll", IllegalStep), (0, "jump", MalformedStep)])
def test_bad_actions_change_nothing(seat: int, text: str, error: type[Exception]) -> None:
    table = pig()
    before = (table.version, table.state.signature())
    with pytest.raises(error):
        table.submit(seat, text, table.version)
    with pytest.raises(IllegalStep):
        table.submit(0, ["unhashable"], table.version)
    assert (table.version, table.state.signature()) == before


def test_take_backs_stop_at_chance_and_at_other_seats() -> None:
    table = pig(take_backs=True)
    assert not table.can_undo(0)  # nothing of seat 0's yet
    table.submit(0, "hold", 0)  # seat 0 banks 0: now seat 1 acts
    assert not table.can_undo(0)  # it no longer acts: taking back would change who is active
    table.submit(1, "roll", 1)
    table.advance()  # the die is cast
    assert not table.can_undo(1)  # never across a chance step
    with pytest.raises(IllegalStep, match="cannot take back"):
        table.undo(1, table.version)


def test_a_take_back_leaves_the_record_as_if_never_made() -> None:
    game = get_game("rtta")
    table = Table(game, 2, secret=SECRET, take_backs=True)
    table.advance()
    seat = table.actors()[0]
    before = (table.version, table.state.signature(), table.steps(), table.events(seat))
    legal = table.legal(seat)
    table.submit(seat, legal[-1], table.version)
    assert table.can_undo(seat) == (seat in table.actors() and not table.is_chance())
    if table.can_undo(seat):
        with pytest.raises(StaleVersion):
            table.undo(seat, table.version - 1)
        table.undo(seat, table.version)
        assert (table.version, table.state.signature(), table.steps(), table.events(seat)) == before
    off = Table(game, 2, secret=SECRET)
    off.advance()
    off.submit(seat, off.legal(seat)[0], off.version)
    with pytest.raises(IllegalStep, match="take-backs are off"):
        off.undo(seat, off.version)


@pytest.mark.parametrize("name", ["rtta", "stoneage"])
def test_a_table_is_rebuilt_exactly_from_its_steps_at_every_version(name: str) -> None:
    game = get_game(name)
    for seed in range(3):
        players = 2 + seed
        table = Table(game, players, secret=secret_from_seed(seed))
        rng = random.Random(seed)
        signatures = [table.state.signature()]
        while not table.is_over():
            if table.is_chance():
                table.roll()
            else:
                seat = table.actors()[0]
                legal = table.legal(seat)
                table.submit(seat, legal[rng.randrange(len(legal))], table.version)
            signatures.append(table.state.signature())
        steps = table.steps()
        for version in range(0, len(steps) + 1, max(1, len(steps) // 25)):
            again = Table.restore(game, players, table.options, steps[:version], table.secret)
            assert again.version == version
            assert again.state.signature() == signatures[version]
            for viewer in (None, *range(players)):  # the log is regenerated, not stored
                assert again.events(viewer) == [e for e in table.events(viewer) if e["version"] <= version]
        again.advance()  # a rebuilt table draws the same next dice
        assert again.steps() == steps[: again.version]


def test_restoring_with_a_die_the_secret_did_not_draw_fails() -> None:
    table = pig()
    table.submit(0, "roll", 0)
    table.advance()
    steps = table.steps()
    face = int(steps[1]["chance"].split()[1])
    steps[1] = {"chance": f"die {face % 6 + 1}"}
    with pytest.raises(RecordError, match="step 2"):
        Table.restore(Pig(), 2, {"target": 10}, steps, SECRET)


def test_the_chance_stream_is_the_documented_hmac() -> None:
    """docs/records.md "Verifiable dice": block j of chance step k is HMAC-SHA256(secret, k‖j)."""
    stream = ChanceStream(SECRET, 7)
    digest = hmac.digest(SECRET, (7).to_bytes(8, "big") + (0).to_bytes(4, "big"), "sha256")
    words = [int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)]
    assert stream.random() == (words[0] >> 11) / 2**53
    assert stream.getrandbits(10) == words[1] >> 54
    stream.random(), stream.random()
    second = hmac.digest(SECRET, (7).to_bytes(8, "big") + (1).to_bytes(4, "big"), "sha256")
    assert stream.random() == (int.from_bytes(second[:8], "big") >> 11) / 2**53
    assert commitment(SECRET) == hashlib.sha256(SECRET).hexdigest()


def test_the_secret_is_revealed_only_at_the_end() -> None:
    table = pig()
    secret = SECRET.hex()
    while not table.is_over():
        for viewer in (None, 0, 1):
            seen = json.dumps([table.view(viewer), table.events(viewer)])
            assert secret not in seen and table.commitment in json.dumps(table.view(viewer))
        assert table.record().secret is None
        seat = table.actors()[0]
        table.submit(seat, "roll" if table.state.turn < 4 else "hold", table.version)  # type: ignore[attr-defined]
        table.advance()
    assert table.view(None)["secret"] == secret
    assert table.record().secret == secret


def test_each_viewer_reads_only_its_own_hidden_events() -> None:
    table = pig()
    while not table.is_over():
        seat = table.actors()[0]
        table.submit(seat, "roll" if table.state.turn < 6 else "hold", table.version)  # type: ignore[attr-defined]
        table.advance()
    everyone = table.events(None)
    assert any(event["event"] == "rolled" for event in everyone)
    lucky = [event for event in table.events(0) if event["event"] == "lucky"]
    assert lucky, "the game should have rolled a six for seat 0"
    for viewer in (None, 0, 1):
        for event in table.events(viewer):
            if event["event"] == "lucky":
                assert ("charm" in event) == (viewer == event["seat"])
    since = table.version - 3
    assert table.events(0, since) == [e for e in table.events(0) if e["version"] > since]


def test_verification_catches_a_single_altered_die() -> None:
    """dolmen replay --verify: every chance step recomputed from the revealed secret."""
    game = get_game("rtta")
    _, record = play_game(game, 2, None, 5, [RandomPolicy(), RandomPolicy()])
    assert record is not None and record.secret == secret_from_seed(5).hex()
    doc = json.loads(record.dumps())
    assert doc["version"] == 2 and doc["dice"]["commitment"] == commitment(secret_from_seed(5))
    verify(game, Record.loads(record.dumps()))
    chances = [i for i, step in enumerate(doc["steps"]) if "chance" in step]
    index = chances[len(chances) // 2]
    faces = doc["steps"][index]["chance"].split()
    swap = {"skull": "food3", "food3": "skull", "goods": "coins", "coins": "goods"}
    doc["steps"][index]["chance"] = " ".join([faces[0], *(swap.get(face, "skull") for face in faces[1:])])
    with pytest.raises(RecordError, match=f"step {index + 1}:"):
        verify(game, Record.from_json(doc))
    doc["dice"]["secret"] = "00" * 32
    with pytest.raises(RecordError, match="does not match the commitment"):
        verify(game, Record.from_json(doc))


def test_version_1_records_are_still_read() -> None:
    doc = {"format": "dolmen-record", "version": 1, "game": "pig", "players": 2, "options": {"target": 10}}
    record = Record.from_json({**doc, "seed": 3, "steps": [{"seat": 0, "action": "roll"}, {"chance": "die 4"}]})
    assert record.seed == 3 and record.secret is None and len(record.steps) == 2


def test_the_shared_loop_stops_at_a_seat_without_a_policy() -> None:
    table = pig()
    run(table, {1: RandomPolicy()}, [random.Random(0), random.Random(1)])
    assert table.actors() == (0,)  # seat 0 is a person: the loop hands back
    same = [play_game(Pig(), 2, {"target": 10}, 9, [RandomPolicy()] * 2)[1] for _ in range(2)]
    assert same[0] is not None and same[1] is not None and same[0].steps == same[1].steps


def instance_attributes(cls: type) -> list[str]:
    """The attributes of a slotted class and its bases: its ``__slots__`` when interpreted; compiled by mypyc, a
    native class has no ``__slots__`` left but the same attributes, as data descriptors."""
    found = []
    for klass in cls.__mro__:
        found += getattr(klass, "__slots__", ()) or [
            name for name, value in vars(klass).items() if inspect.isdatadescriptor(value) and not name.startswith("__")
        ]
    return found


@pytest.mark.parametrize("name", ["rtta", "stoneage"])
def test_game_states_have_slots_only_and_clone_copies_every_slot(name: str) -> None:
    """Issue "One home for each rule": ``State.__slots__ = ()`` lets the games' slots take effect."""
    game = get_game(name)
    rng = random.Random(4)
    options = (
        {"modules": ["extension", "mammoths", "winter", "animals", "igloos", "new_huts"]} if name == "stoneage" else {}
    )
    state = game.new_state(4, options)
    for _ in range(300):
        assert not hasattr(state, "__dict__")
        copy = state.clone()
        slots = instance_attributes(type(state))
        assert "resources" in slots or "goods" in slots
        for slot in slots:
            if slot == "log":
                assert getattr(copy, slot) is None
            elif hasattr(state, slot):
                assert getattr(copy, slot) == getattr(state, slot), slot
        if state.is_over():
            break
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(state.actors()[0])
            state.apply_action(state.actors()[0], legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("rtta", 3, {"edition": "late"}),
        ("rtta", 2, {"trade": True}),
        ("stoneage", 4, {"open_cards": True}),
        ("stoneage", 3, {}),
        ("stoneage", 5, {"modules": ["extension", "new_huts", "mammoths", "animals", "winter", "igloos"]}),
    ],
)
def test_a_board_built_once_for_alike_views_is_each_viewers_own(name: str, players: int, options: dict) -> None:
    """While a state says every viewer sees alike (Roll Through the Ages always; Stone Age with open cards or
    once over), the table builds the board once a version; each viewer's is still exactly the game's view of
    that viewer, take-backs included (a version may come back with another state)."""
    rng = random.Random(7)
    table = Table(get_game(name), players, options, secret=SECRET, take_backs=True)
    alike = 0
    while not table.is_over():
        table.advance()
        if table.is_over():
            break
        viewers: list[int | None] = [None, *range(players)]
        if table.state.views_alike():
            alike += 1
            for viewer in viewers:
                assert table.state.view(viewer) == {**table.state.view(None), "viewer": viewer}
        for viewer in viewers:
            assert table.view(viewer)["board"] == table.state.view(viewer)
        seat = table.actors()[0]
        legal = table.legal(seat)
        table.submit(seat, legal[rng.randrange(len(legal))], table.version)
        if table.can_undo(seat) and rng.random() < 0.2:
            table.view(seat)  # kept for this version, which the take-back and the next action bring back
            table.undo(seat, table.version)
            legal = table.legal(seat)
            table.submit(seat, legal[rng.randrange(len(legal))], table.version)
            assert table.view(seat)["board"] == table.state.view(seat)
    assert table.view(0)["board"] == table.state.view(0)
    assert alike > 0 if name == "rtta" or options.get("open_cards") else alike == 0
