"""Prove that a change of the Stone Age code changed no behaviour: fixed-seed games, then a digest of everything a
client or a bot can observe along them (the Stone Age twin of ``bench/rtta_unchanged.py``).

``write DIR`` plays, for 2 to 4 players in the base game, 5 players with all six modules and 3 players with open
cards and some modules, ``--games`` fixed-seed games with each of the bots ``random``, ``greedy``, ``mcts:N`` (an
iteration budget: deterministic) and a table mixing them, and keeps each game's record. It then replays every
record with the log on and digests, step by step: the log events, the spectator's and the acting seat's views,
the terminal picture (``dolmen.cli.render``), the legal actions (their number and the text of the first ones and
of a spread of the others) and why a set of probe actions is refused (their ``IllegalStep`` text, foreign values
too). It also keeps ``describe()`` for every option set.

``check DIR`` plays the same games again with the code as it is now and compares: the steps of every game, then
the digests of the old records replayed. It prints what differs (the first differing step of each game) and
exits 1 when anything does.

Run: ``.venv/bin/python bench/stoneage_unchanged.py write /tmp/before`` on the old code, then ``.venv/bin/python
bench/stoneage_unchanged.py check /tmp/before`` on the new one (``--workers 2`` by default).
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import unchanged
from dolmen.bots import make_bot
from dolmen.cli.render import render
from dolmen.engine import CHANCE, DolmenError, Record, State, play_game
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.module_components import MODULES

GAME = StoneAge()
TABLES: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {"modules": list(MODULES)}),
    (3, {"modules": ["extension", "mammoths"], "open_cards": True}),
    (4, {"modules": ["winter", "animals", "igloos"]}),
)
PROBES = (
    "place forest 3",
    "place hunt 1",
    "place hut",
    "place field",
    "place tools",
    "place card 2",
    "place building 1",
    "resolve forest",
    "resolve hunt",
    "resolve card 1",
    "tools none",
    "tools 1",
    "tools 2 once 4",
    "pay wood wood clay",
    "pay wood clay stone gold",
    "buy",
    "decline",
    "take wood gold",
    "take gold gold",
    "pick 4",
    "pick 6",
    "feed resources wood stone",
    "feed penalty",
    "barter stone for gold",
    "jewels 2",
    "tame food",
    "tame stop",
    "winter gold",
    "insulate",
    "draw",
    "skip",
    "reward top",
)
FOREIGN: tuple[Any, ...] = (None, 7, "place", (0,), (), (0, 99, 1), (3, (9, 9, 9, 9)), (7, 12), [1])
SAMPLE = 64
"""Legal actions listed by text at each step: the first ones, then as many spread over the rest."""


def lineups(mcts: str) -> dict[str, list[str]]:
    return {"random": ["random"], "greedy": ["greedy"], "mcts": [mcts], "mixed": ["greedy", mcts, "random"]}


def tasks(games: int, mcts: str) -> list[tuple[str, int, dict[str, Any], list[str], int]]:
    found = []
    for number, (players, options) in enumerate(TABLES):
        for name, cycle in lineups(mcts).items():
            if name == "mcts" and players > 3:
                continue  # the mixed tables play it there; a whole table of it is slow
            bots = [cycle[seat % len(cycle)] for seat in range(players)]
            for index in range(games):
                found.append((f"t{number}-{players}p-{name}-{index}", players, options, bots, 1000 * index + number))
    return found


def play(task: tuple[str, int, dict[str, Any], list[str], int]) -> tuple[str, dict[str, Any]]:
    label, players, options, bots, seed = task
    policies = [make_bot(spec, "stoneage", timed=False) for spec in bots]
    _, record = play_game(GAME, players, options, seed, policies)
    assert record is not None
    return label, record.to_json()


def _legal_digest(state: State, seat: int) -> list[Any]:
    legal = state.legal_actions(seat)
    count = len(legal)
    picks = list(range(min(count, SAMPLE)))
    if count > SAMPLE:
        picks += [SAMPLE + (count - SAMPLE - 1) * k // (SAMPLE - 1) for k in range(SAMPLE)]
    return [count, [state.action_text(legal[i]) for i in picks]]


def _refusal(state: State, seat: int, action: Any) -> str:
    """What applying ``action`` does to a copy: ``legal``, or the error's type and text."""
    copy = state.clone()
    try:
        copy.apply_action(seat, action)
    except DolmenError as error:
        return f"{type(error).__name__}: {error}"
    except Exception as error:  # a crash is an observed difference too
        return f"CRASH {type(error).__name__}: {error}"
    return "legal"


def _probe(state: State, seat: int) -> list[str]:
    found = []
    for text in PROBES:
        try:
            action = state.parse_action(text)
        except DolmenError as error:
            found.append(f"{text}: {error}")
            continue
        found.append(f"{text}: {_refusal(state, seat, action)}")
    found.extend(f"{value!r}: {_refusal(state, seat, value)}" for value in FOREIGN)
    return found


def _observe(state: State) -> list[Any]:
    view = state.view(None)
    seen: list[Any] = [view, render("stoneage", view, None), state.log, state.activity()]
    state.log = []
    actors = state.actors()
    if actors and actors[0] != CHANCE:
        seat = actors[0]
        seen += [state.view(seat), _legal_digest(state, seat), _probe(state, seat)]
    return seen


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def digest(doc: dict[str, Any]) -> list[str]:
    """One hash per point of the game (the start, then after each step) of what :func:`_observe` sees."""
    record = Record.from_json(doc)
    state = GAME.new_state(record.players, record.options)
    state.log = []
    hashes = [_hash(_observe(state))]
    for step in record.steps:
        if "chance" in step:
            state.apply_chance(state.parse_outcome(step["chance"]))
        else:
            state.apply_action(step["seat"], state.parse_action(step["action"]))
        hashes.append(_hash(_observe(state)))
    hashes.append(_hash(state.result().to_json()))
    return hashes


def digest_item(item: tuple[str, dict[str, Any]]) -> tuple[str, list[str]]:
    return item[0], digest(item[1])


def describes() -> list[Any]:
    return [GAME.describe(options) for _, options in TABLES]


def main() -> int:
    game = unchanged.Game(tasks, play, digest_item, describes, 2, 2, games=4, mcts="mcts:10")
    return unchanged.main(game, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
