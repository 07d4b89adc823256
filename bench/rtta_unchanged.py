"""Prove that a change of the Roll Through the Ages code changed no behaviour: fixed-seed games, then a digest of
everything a client or a bot can observe along them.

``write DIR`` plays, for every edition and trade setting and 1 to 4 players, ``--games`` fixed-seed games with
each of the bots ``random``, ``greedy``, ``expectimax``, ``mcts:N`` (an iteration budget: deterministic) and a
table mixing them, and keeps each game's record. It then replays every record with the log on and digests, step
by step: the log events, the spectator's view, the terminal picture (``dolmen.cli.render``), the legal actions
(their number and the text of the first ones and of a spread of the others), why a set of probe actions is
refused (their ``IllegalStep`` text, foreign values too) and the ``mcts`` bot's evaluation of the position. It
also keeps ``describe()`` for every option set.

``check DIR`` plays the same games again with the code as it is now and compares: the steps of every game, then
the digests of the old records replayed. It prints what differs (the first differing step of each game) and
exits 1 when anything does.

Run: ``.venv/bin/python bench/rtta_unchanged.py write /tmp/before`` on the old code, then ``.venv/bin/python
bench/rtta_unchanged.py check /tmp/before`` on the new one (``--workers 2`` by default; about 15 minutes on two
cores with ``--games 40``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import unchanged
from dolmen.bots import make_bot
from dolmen.bots.rtta.mcts import expected_scores
from dolmen.cli.render import render
from dolmen.engine import CHANCE, DolmenError, Record, play_game
from dolmen.games.rtta import RollThroughTheAges, RttaState

GAME = RollThroughTheAges()
OPTION_SETS = ({"edition": "bronze", "trade": False}, {"edition": "bronze", "trade": True}, {"edition": "late"})
PROBES = (
    "preserve",
    "roll",
    "keep",
    "reroll skull",
    "reroll coins coins",
    "leadership goods",
    "food 1",
    "spearheads 2",
    "build city4 1",
    "build great-wall 3",
    "build temple 1",
    "engineer 1",
    "ship",
    "end build",
    "end trade",
    "end buy",
    "offer 1 give 1 wood get 1 food",
    "offer 0 get 2 stone",
    "accept",
    "decline",
    "swap wood cloth",
    "buy coinage",
    "buy granaries with wood stone food 2",
    "buy irrigation with pottery",
    "discard 1 wood 1 stone",
)
FOREIGN: tuple[Any, ...] = (None, 7, "keep", ("keep", 1), (), ("offer",), ("buy", 99, 0, 0), ("build", 40, 1), [1])
SAMPLE = 64
"""Legal actions listed by text at each step: the first ones, then as many spread over the rest."""


def lineups(mcts: str) -> dict[str, list[str]]:
    return {"random": ["random"], "greedy": ["greedy"], "expectimax": ["expectimax"], "mcts": [mcts],
            "mixed": ["expectimax", "greedy", mcts, "random"]}  # fmt: skip


def tasks(games: int, mcts: str) -> list[tuple[str, int, dict[str, Any], list[str], int]]:
    found = []
    for options in OPTION_SETS:
        for players in (1, 2, 3, 4):
            for name, cycle in lineups(mcts).items():
                if name == "mixed" and players == 1:
                    continue
                bots = [cycle[seat % len(cycle)] for seat in range(players)]
                for index in range(games):
                    label = f"{options['edition']}{'-trade' if options.get('trade') else ''}-{players}p-{name}-{index}"
                    found.append((label, players, options, bots, 1000 * index + players))
    return found


def play(task: tuple[str, int, dict[str, Any], list[str], int]) -> tuple[str, dict[str, Any]]:
    label, players, options, bots, seed = task
    policies = [make_bot(spec, "rtta", timed=False) for spec in bots]
    _, record = play_game(GAME, players, options, seed, policies)
    assert record is not None
    return label, record.to_json()


def _text(state: RttaState, action: Any) -> str:
    return state.action_text(action)


def _legal_digest(state: RttaState, seat: int) -> list[Any]:
    legal = state.legal_actions(seat)
    count = len(legal)
    picks = list(range(min(count, SAMPLE)))
    if count > SAMPLE:
        picks += [SAMPLE + (count - SAMPLE - 1) * k // (SAMPLE - 1) for k in range(SAMPLE)]
    return [count, [_text(state, legal[i]) for i in picks]]


def _refusal(state: RttaState, seat: int, action: Any) -> str:
    """What applying ``action`` does to a copy: ``legal``, or the error's type and text."""
    copy = state.clone()
    try:
        copy.apply_action(seat, action)
    except DolmenError as error:
        return f"{type(error).__name__}: {error}"
    except Exception as error:  # a crash is an observed difference too
        return f"CRASH {type(error).__name__}: {error}"
    return "legal"


def _probe(state: RttaState, seat: int) -> list[str]:
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


def _observe(state: RttaState) -> list[Any]:
    view = state.view(None)
    seen: list[Any] = [view, render("rtta", view, None), state.log]
    state.log = []
    actors = state.actors()
    if actors and actors[0] != CHANCE:
        seat = actors[0]
        seen += [_legal_digest(state, seat), _probe(state, seat), [repr(v) for v in expected_scores(state)]]
    return seen


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def digest(doc: dict[str, Any]) -> list[str]:
    """One hash per point of the game (the start, then after each step) of what :func:`_observe` sees."""
    record = Record.from_json(doc)
    state = GAME.new_state(record.players, record.options)
    assert isinstance(state, RttaState)
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
    return [GAME.describe(options) for options in OPTION_SETS]


def main() -> int:
    game = unchanged.Game(tasks, play, digest_item, describes, 4, 8, games=40, mcts="mcts:20")
    return unchanged.main(game, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
