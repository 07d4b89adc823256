"""Bots play their seats in worker processes, so the event loop never waits on a search.

A worker receives only the seat's view of the board (never the state, never the dice secret), rebuilds a state
consistent with that view (:meth:`Game.state_from_view`), asks it for the seat's legal actions and lets the bot
choose; it answers with the action's text form, which the table service submits like a person's, through the
same version check.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

JSON = Any


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


def _worker_start(server_pid: int) -> None:
    """Import the games and bots once, and leave when the server process is gone (even after a SIGKILL, which
    runs no shutdown code), so that no orphan worker survives it."""
    import dolmen.bots
    import dolmen.games  # noqa: F401

    def watch_server() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch_server, daemon=True).start()


class BotRunner:
    """A pool of worker processes choosing bots' actions. ``workers=0`` runs them in a thread instead (for
    tests of the services, where the pool's start-up would dominate)."""

    def __init__(self, workers: int = 1, timeout: float = 30.0) -> None:
        self.workers = workers
        self.timeout = timeout
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # never fork a process running an event loop
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
            )
        return self._pool

    async def choose(self, game_name: str, spec: str, view: dict[str, JSON], seat: int) -> str:
        """The bot's action text; raises when the worker crashes. The caller bounds the wait with
        :attr:`timeout`."""
        seed = random.SystemRandom().randrange(2**62)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._executor(), choose_action, game_name, spec, view, seat, seed)
            return await future
        except BrokenProcessPool:
            self._restart()
            raise

    def _restart(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waiting for a search under way to end)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
