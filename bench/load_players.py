"""The scripted people of bench/load.py: one asyncio process (or several, each with its share of the tables)
that signs up four accounts per table, creates, fills and starts 4-player tables through the HTTP API, opens one
websocket per seat and plays.

A seat acts when a view gives it legal actions (it is sent them by the server, docs/protocol.md): it picks one
at random and sends it with the version it saw, after a think time when pacing. The latency of a move runs from
that send to the moment all four seats have received a view of a later version (the broadcast of the committed
step). A finished game is replaced by a new table of the same four accounts, so the load stays steady.

The client is kept lean so that the server has the cores: a message is parsed whole only when it gives this
seat legal actions or ends the game; the others are read for their type and version only.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from load_socket import LeanSocket, connect

JSON = Any
PASSWORD = "load benchmark password"
HEAD = re.compile(r'\{"type":"(\w+)","version":(\d+)')
VIEWS = ("state", "update", "resync")


@dataclass
class Plan:
    """What one client process plays."""

    bases: list[str]
    """The HTTP addresses to spread over (the processes, or nginx)."""
    first: int
    """The number of this client's first table (names stay unique across client processes)."""
    tables: int
    game: str
    options: dict[str, JSON]
    think: float
    """Seconds a seat waits before acting (each time drawn in [0.5, 1.5] × think); 0: at once."""
    spread: str
    """``socket``: the seats of a table round robin over ``bases``; ``table``: a table's four seats on one."""
    clock: bool
    tag: str
    setup_concurrency: int = 16


@dataclass
class Tally:
    """What a client process measured (``window`` only: from ``start`` to ``end``)."""

    latencies: list[float] = field(default_factory=list)
    completed: int = 0
    """Moves whose broadcast all four seats received within the window."""
    sent: int = 0
    resyncs: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    missing: int = 0
    """Moves sent whose broadcast some seat never received (after the drain)."""
    stuck: list[str] = field(default_factory=list)
    """For the first tables with a move missing: the table, the versions acted at, what each seat saw last."""
    games: int = 0
    """Games that ended (each replaced by a new table)."""
    sockets: int = 0
    setup_seconds: float = 0.0
    cpu_seconds: float = 0.0
    """This client's CPU in the window."""

    def to_json(self) -> dict[str, JSON]:
        return {**self.__dict__, "errors": dict(self.errors)}


class Window:
    def __init__(self) -> None:
        self.start = float("inf")
        self.end = float("inf")
        self.acting = False

    def holds(self, moment: float) -> bool:
        return self.start <= moment < self.end


class Seat:
    def __init__(self, game: TablePlay, index: int) -> None:
        self.game = game
        self.index = index
        self.socket: LeanSocket | None = None
        self.early: list[str] | None = []
        """Messages received before the table's four sockets were open (then handed on in order)."""
        self.seen = -1
        """The newest version this seat has a view of."""
        self.legal: list[str] = []
        self.legal_at = -1
        self.acted_at = -1

    def on_text(self, text: str) -> None:
        if self.early is not None:
            self.early.append(text)
        else:
            self.game.received(self, text)

    def ready(self) -> None:
        early, self.early = self.early or [], None
        for text in early:
            self.game.received(self, text)

    def maybe_act(self) -> None:
        """Act (now, or after a think time) when this seat has legal actions at the version it last saw."""
        game = self.game
        if not game.window.acting or game.over or not self.legal or self.legal_at != self.seen:
            return
        if self.acted_at >= self.seen:
            return
        self.acted_at = self.seen
        if game.plan.think > 0:
            delay = game.plan.think * game.rng.uniform(0.5, 1.5)
            asyncio.get_running_loop().call_later(delay, self._act_later, self.seen)
        else:
            self._send(self.seen)

    def _act_later(self, version: int) -> None:
        if self.seen == version and self.game.window.acting and not self.game.over:
            self._send(version)

    def _send(self, version: int) -> None:
        game = self.game
        action = game.rng.choice(self.legal)
        game.pending.setdefault(version, (time.monotonic(), self.index))
        game.tally.sent += 1
        assert self.socket is not None
        self.socket.send(json.dumps({"type": "act", "action": action, "version": version}))


class TablePlay:
    """One table's four seats, its moves in flight and their latencies."""

    def __init__(self, plan: Plan, number: int, tally: Tally, window: Window, http: httpx.AsyncClient) -> None:
        self.plan, self.number, self.tally, self.window, self.http = plan, number, tally, window, http
        self.rng = random.Random(number)
        self.cookies: list[str] = []
        self.table_id = 0
        self.seats: list[Seat] = []
        self.pending: dict[int, tuple[float, int]] = {}
        """Version acted at → (when the act was sent, by which seat)."""
        self.over = False
        self.done = asyncio.Event()

    def base(self, seat: int) -> str:
        bases = self.plan.bases
        if self.plan.spread == "table":
            return bases[self.number % len(bases)]
        return bases[(self.number * 4 + seat) % len(bases)]

    async def request(self, seat: int, path: str, body: JSON = None) -> httpx.Response:
        headers = {"Cookie": f"dolmen_session={self.cookies[seat]}"} if seat < len(self.cookies) else {}
        for attempt in itertools.count():
            try:
                response = await self.http.post(self.base(seat) + path, json=body, headers=headers)
            except httpx.TransportError as exc:  # a keep-alive connection closed under us: again
                if attempt >= 5:
                    raise RuntimeError(f"{path}: {exc!r}") from exc
                await asyncio.sleep(0.2)
                continue
            if response.status_code in (200, 201):
                return response
            if response.status_code == 409 and attempt:  # the try whose answer was lost went through
                if path == "/api/accounts":
                    return await self.request(seat, "/api/session", body)
                return response
            if attempt >= 5 or response.status_code < 500:
                raise RuntimeError(f"{path}: {response.status_code} {response.text[:200]}")
            await asyncio.sleep(0.2)
        raise AssertionError

    async def sign_up(self) -> None:
        for seat in range(4):
            name = f"l{self.plan.tag}_{self.number}_{seat}"
            response = await self.request(seat, "/api/accounts", {"name": name, "password": PASSWORD})
            self.cookies.append(response.cookies["dolmen_session"])

    async def new_table(self) -> None:
        body: dict[str, JSON] = {"game": self.plan.game, "players": 4, "options": self.plan.options}
        if not self.plan.clock:
            body["clock"] = None
        table = (await self.request(0, "/api/tables", body)).json()
        self.table_id = table["id"]
        for seat in (1, 2, 3):
            await self.request(seat, f"/api/tables/{self.table_id}/join", {"seat": seat})
        await self.request(0, f"/api/tables/{self.table_id}/start")

    async def open_sockets(self) -> None:
        self.over = False
        self.pending.clear()
        self.seats = []
        for index in range(4):
            url = self.base(index).replace("http://", "ws://") + f"/ws/tables/{self.table_id}"
            seat = Seat(self, index)
            cookie = {"Cookie": f"dolmen_session={self.cookies[index]}"}
            seat.socket = await connect(url, cookie, seat.on_text)
            self.seats.append(seat)
        for seat in self.seats:
            seat.ready()

    def received(self, seat: Seat, text: str) -> None:
        head = HEAD.match(text)
        if head is None:
            message = json.loads(text)
            kind, version = message.get("type"), message.get("version", -1)
        else:
            kind, version, message = head[1], int(head[2]), None
        if kind == "error":
            message = message or json.loads(text)
            self.tally.errors[message.get("code", "?")] += 1
            self._drop(seat)
            return
        if kind not in VIEWS:
            return
        if kind == "resync":
            self.tally.resyncs += 1
            self._drop(seat)
        seat.seen = version
        if '"actions":[]' not in text or '"over":true' in text:
            message = message or json.loads(text)
            seat.legal = message["legal"]["actions"]
            seat.legal_at = version
            if message["view"]["over"] and not self.over:
                self.over = True
        else:
            seat.legal = []
        self._complete()
        seat.maybe_act()
        if self.over and not self.pending and all(s.seen == version for s in self.seats):
            self.done.set()

    def _drop(self, seat: Seat) -> None:
        """The seat's act was refused: it will not be broadcast."""
        for version, (_, by) in list(self.pending.items()):
            if by == seat.index:
                del self.pending[version]

    def _complete(self) -> None:
        low = min(s.seen for s in self.seats)
        if not self.pending or min(self.pending) >= low:
            return
        now = time.monotonic()
        for version in [v for v in self.pending if v < low]:
            sent, _ = self.pending.pop(version)
            if self.window.holds(now):
                self.tally.completed += 1
            if self.window.holds(sent):
                self.tally.latencies.append(now - sent)

    async def close(self) -> None:
        for seat in self.seats:
            if seat.socket is not None:
                with contextlib.suppress(Exception):
                    await seat.socket.close()

    async def play(self) -> None:
        """Play games until the window has ended; a finished game is followed by a new table."""
        while True:
            await self.done.wait()
            if not self.window.acting:
                return
            self.tally.games += 1
            self.done.clear()
            await self.close()
            await self.new_table()
            await self.open_sockets()
            for seat in self.seats:
                seat.maybe_act()


async def setup(plan: Plan, tally: Tally, window: Window, http: httpx.AsyncClient) -> list[TablePlay]:
    limit = asyncio.Semaphore(plan.setup_concurrency)
    games = [TablePlay(plan, plan.first + i, tally, window, http) for i in range(plan.tables)]

    async def one(game: TablePlay) -> None:
        async with limit:
            await game.sign_up()
            await game.new_table()
            await game.open_sockets()

    await asyncio.gather(*(one(game) for game in games))
    return games


async def run(plan: Plan, ready: Any, go: Any) -> dict[str, JSON]:
    """Set up, say ``ready``, wait for ``go`` (a pipe: the window's (start, end) as ``time.time()``), act from
    then on, stop acting at the end, wait for what is in flight, and answer the tally."""
    tally = Tally()
    window = Window()
    began = time.monotonic()
    limits = httpx.Limits(max_connections=plan.setup_concurrency * 2, max_keepalive_connections=plan.setup_concurrency)
    async with httpx.AsyncClient(timeout=120.0, limits=limits) as http:
        games = await setup(plan, tally, window, http)
        tally.setup_seconds = time.monotonic() - began
        # The client's own garbage collections must not count as the server's latency: with thousands of sockets
        # a full collection here stopped this loop for 0.4-0.7 s, a young one for 0.05-0.1 s. What the setup built
        # is set aside and the collector rests until the end (a bounded run: its few cycles wait).
        gc.collect()
        gc.freeze()
        gc.disable()
        tally.sockets = sum(len(g.seats) for g in games)
        ready.send("ready")
        start, end = await asyncio.get_running_loop().run_in_executor(None, go.recv)
        offset = time.monotonic() - time.time()
        window.start, window.end = start + offset, end + offset
        window.acting = True
        players = [asyncio.get_running_loop().create_task(g.play()) for g in games]
        for game in games:
            for seat in game.seats:
                seat.maybe_act()
        await asyncio.sleep(max(0.0, window.start - time.monotonic()))
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, window.end - time.monotonic()))
        tally.cpu_seconds = time.process_time() - cpu
        window.acting = False
        for game in games:
            game.done.set()  # a table between two games stops there
        drain = time.monotonic() + 15.0
        while any(g.pending for g in games) and time.monotonic() < drain:
            await asyncio.sleep(0.1)
        tally.missing = sum(len(g.pending) for g in games)
        tally.stuck = [
            f"table {g.table_id}: acted at {sorted(g.pending)}, seats saw {[s.seen for s in g.seats]}"
            for g in games
            if g.pending
        ][:5]
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        await asyncio.gather(*(g.close() for g in games), return_exceptions=True)
    gc.enable()
    gc.unfreeze()
    return tally.to_json()


def client_main(plan: Plan, ready: Any, go: Any, answer: Any) -> None:
    """A client process's body (multiprocessing target)."""
    try:
        from uvloop import run as run_loop  # what the server runs on too (uvicorn[standard])
    except ImportError:
        run_loop = asyncio.run
    try:
        answer.send(run_loop(run(plan, ready, go)))
    except BaseException as exc:
        ready.send(f"failed: {exc!r}")
        answer.send({"failure": repr(exc)})
        raise
