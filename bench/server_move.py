"""Where a move's time goes inside the server, part by part, without the network: random 4-player games played
through the engine's table as the server does (apply and chance, the steps for storage), each seat's ``update``
message built as a socket builds it (log events, view, legal actions, clocks) and encoded as it sends it.
Microseconds of one core per move, medians of 5 rounds. The SQL commit is measured by bench/server_commit.py, the
rest (websocket frames, the event loop, the hub) under load by bench/load.py --py-spy.

    python bench/server_move.py [GAME] [MOVES]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime

from dolmen.engine.table import Table
from dolmen.games import get_game
from dolmen.server.clocks import after_change
from dolmen.server.live import LiveTable, view_for
from dolmen.server.protocol import encode, parse_client_message
from dolmen.server.sockets import legal_payload
from dolmen.server.storage import REALTIME, NewSeat, TableSetup
from dolmen.server.storage.memory import MemoryStorage

SEATS = 4
PARTS = ["parse the act", "engine: apply + chance", "engine: steps", "clocks"]
PARTS += ["events x4", "views x4", "legal", "json x4"]


def live_table(game: str) -> LiveTable:
    storage = MemoryStorage()
    people = [storage.create_account(f"p{i}", "h", "en") for i in range(SEATS)]
    setup = TableSetup(REALTIME, {"initial": 900.0, "increment": 15.0})
    info = storage.create_table(game, SEATS, {}, False, people[0].id, [NewSeat(p.id) for p in people], setup)
    table = Table(get_game(game), SEATS, {})
    table.advance()
    info = storage.start_table(info.id, table.secret, table.commitment, table.steps(0), after_change(setup, (0,)))
    return LiveTable(info, table)


class Stopwatch:
    """``with watch("part"):`` adds the block's time to that part."""

    def __init__(self) -> None:
        self.spent = dict.fromkeys(PARTS, 0.0)
        self.part = ""
        self.began = 0.0

    def __call__(self, part: str) -> Stopwatch:
        self.part = part
        return self

    def __enter__(self) -> None:
        self.began = time.perf_counter()

    def __exit__(self, *_: object) -> None:
        self.spent[self.part] += time.perf_counter() - self.began


def one_round(game: str, moves: int, rng: random.Random) -> dict[str, float]:
    watch = Stopwatch()
    done = 0
    while done < moves:
        live = live_table(game)
        table = live.table
        while not table.is_over() and done < moves:
            seat = table.actors()[0]
            legal = table.legal(seat)
            text = table.action_text(legal[rng.randrange(len(legal))])
            before = table.version
            wire = json.dumps({"type": "act", "action": text, "version": before})
            with watch("parse the act"):
                parse_client_message(wire)
            with watch("engine: apply + chance"):
                table.submit(seat, text, before)
                table.advance()
            with watch("engine: steps"):
                table.steps(before)
            change, old = live.clock_change(seat), live.info.clocks
            assert old is not None and change is not None
            with watch("clocks"):
                live.info = replace(live.info, clocks=change(old, datetime.now(UTC)))
            for viewer in range(SEATS):
                with watch("events x4"):
                    events = table.events(viewer, before)
                with watch("views x4"):
                    view = view_for(table, viewer)
                with watch("legal"):
                    legal_now = legal_payload(live, viewer)
                with watch("clocks"):
                    clocks = live.clocks_now()
                message = {
                    "type": "update",
                    "version": table.version,
                    "since": before,
                    "seat": viewer,
                    "events": events,
                    "view": view,
                    "legal": legal_now,
                    "clocks": clocks,
                    "epoch": 0,
                }
                with watch("json x4"):
                    encode(message)
            done += 1
    return {part: seconds / moves * 1e6 for part, seconds in watch.spent.items()}


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "rtta"
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(1)
    rounds = [one_round(game, moves, rng) for _ in range(5)]
    medians = {part: statistics.median(r[part] for r in rounds) for part in PARTS}
    print(f"{game}, 4 seats: µs of one core per move (median of 5 rounds of {moves} moves)")
    for part, micros in medians.items():
        print(f"  {part:24} {micros:7.0f}")
    print(f"  {'total':24} {sum(medians.values()):7.0f}")


if __name__ == "__main__":
    main()
