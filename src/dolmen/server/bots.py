"""Bots play their seats in worker processes, so the event loop never waits on a search, and a worker that
crashes or hangs is replaced.

A worker receives only the seat's view of the board (never the state, never the dice secret), rebuilds a state
consistent with that view (:meth:`Game.state_from_view`), asks it for the seat's legal actions and lets the bot
choose; it answers with the action's text form, which the table service submits like a person's, through the
same version check.

Supervision: each move is asked of the seat's bot, then once more, then of simpler bots
(:func:`fallback_chain`: a search bot falls back to ``greedy``, then ``random``). A worker that does not answer
within :attr:`BotRunner.timeout` is killed (SIGKILL) and a fresh one takes its place — a running call in a
``ProcessPoolExecutor`` cannot be cancelled, so the pool is our own: one pipe per worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from dolmen.bots import split_spec

JSON = Any
Target = Callable[[str, str, dict[str, JSON], int, int], str]
log = logging.getLogger("dolmen.server")


class BotFailed(Exception):
    """The worker crashed, hung (and was replaced) or raised while choosing."""


def choose_action(game_name: str, spec: str, view: dict[str, JSON], seat: int, seed: int) -> str:
    """The text of the action bot ``spec`` plays for ``seat`` seeing ``view`` (runs in a worker process)."""
    from dolmen.bots import make_bot
    from dolmen.games import get_game

    game = get_game(game_name)
    policy = make_bot(spec, game=game_name)
    state = game.state_from_view(view, random.Random(seed ^ 0x5EED))
    legal = state.legal_actions(seat)
    action = policy.act(game, view, legal, random.Random(seed))
    return state.action_text(action)


def fallback_chain(spec: str) -> list[str]:
    """The bots asked for one move, in order: the seat's own twice (a retry), then simpler ones."""
    name = split_spec(spec)[0]
    simpler = {"random": [], "greedy": ["random"]}.get(name, ["greedy", "random"])
    return [spec, spec, *simpler]


def _serve(connection: Connection, server_pid: int, target: Target) -> None:
    """A worker's life: import the games and bots once, say ready, then answer jobs until the pipe closes. It
    leaves when the server process is gone (even after a SIGKILL, which runs no shutdown code)."""
    import dolmen.bots
    import dolmen.games  # noqa: F401

    def watch_server() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch_server, daemon=True).start()
    connection.send(("ready", os.getpid()))
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        try:
            connection.send(("ok", target(*job)))
        except Exception as exc:
            connection.send(("error", f"{type(exc).__name__}: {exc}"))


class _Worker:
    def __init__(self, context: Any, target: Target) -> None:
        self.connection, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(child, os.getpid(), target), daemon=True, name="dolmen-bot"
        )
        self.process.start()
        child.close()

    async def receive(self, timeout: float | None) -> Any:
        """The worker's next message; :class:`TimeoutError` after ``timeout`` seconds, :class:`EOFError` when
        it died. The event loop watches the pipe: no thread waits on it."""
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        fd = self.connection.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await asyncio.wait_for(ready, timeout)
        finally:
            loop.remove_reader(fd)
        return self.connection.recv()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.connection.close()
        self.process.join(1)


class BotRunner:
    """Worker processes choosing bots' actions, at most one move per worker at a time. ``workers=0`` runs
    them in a thread instead (for tests of the services, where the workers' start-up would dominate; a hung
    thread cannot be killed, only abandoned)."""

    def __init__(self, workers: int = 1, timeout: float = 30.0, target: Target = choose_action) -> None:
        self.workers = workers
        self.timeout = timeout
        self.target = target
        self.replaced: list[int] = []
        """The process ids of the workers killed (hung) or found dead, each replaced by a fresh one."""
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self._closed = False

    def _start_worker(self) -> None:
        worker = _Worker(multiprocessing.get_context("spawn"), self.target)  # never fork an event loop
        self._all.add(worker)
        asyncio.get_running_loop().create_task(self._welcome(worker))

    async def _welcome(self, worker: _Worker) -> None:
        """A new worker joins the idle ones once it has imported everything (its start-up is not charged to a
        move's time)."""
        try:
            await worker.receive(120.0)
        except (TimeoutError, EOFError, OSError):
            log.warning("a bot worker did not start; starting another")
            self._discard(worker)
            if not self._closed:
                self._start_worker()
            return
        if self._closed:
            self._discard(worker)
        else:
            assert self._idle is not None
            self._idle.put_nowait(worker)

    def _discard(self, worker: _Worker) -> None:
        self._all.discard(worker)
        worker.kill()

    async def choose(self, game_name: str, spec: str, view: dict[str, JSON], seat: int) -> str:
        """The bot's action text within :attr:`timeout` seconds; :class:`BotFailed` otherwise (a hung or dead
        worker has been replaced by then)."""
        seed = random.SystemRandom().randrange(2**62)
        job = (game_name, spec, view, seat, seed)
        if self.workers <= 0:
            try:
                return await asyncio.wait_for(asyncio.to_thread(self.target, *job), self.timeout)
            except Exception as exc:
                raise BotFailed(repr(exc)) from exc
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.workers):
                self._start_worker()
        worker = await self._idle.get()
        try:
            worker.connection.send(job)
            kind, answer = await worker.receive(self.timeout)
        except (TimeoutError, EOFError, OSError) as exc:
            self._replace(worker)
            raise BotFailed(f"the worker {'hung' if isinstance(exc, TimeoutError) else 'died'}") from exc
        except asyncio.CancelledError:
            self._replace(worker)  # its answer would come to the next job: a fresh worker takes its place
            raise
        self._idle.put_nowait(worker)
        if kind != "ok":
            raise BotFailed(answer)
        return str(answer)

    def _replace(self, worker: _Worker) -> None:
        self.replaced.append(worker.process.pid or 0)
        self._discard(worker)
        if not self._closed:
            self._start_worker()

    def pids(self) -> list[int]:
        """The worker processes' ids (for checks)."""
        return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        """Stop the workers (a search under way is cut short: its table is restored from storage later)."""
        self._closed = True
        for worker in list(self._all):
            self._discard(worker)
