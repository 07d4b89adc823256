"""Drive a real server: a uvicorn subprocess on a free 127.0.0.1 port, HTTP clients with their own cookies,
websocket clients that keep every message they receive, and scripted players."""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
JSON = Any
PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``python -m tests.server.launch`` in a subprocess, ready when its HTTP API answers."""

    def __init__(
        self, database_url: str, *, bot_target: str | None = None, env: dict[str, str] | None = None, **settings: Any
    ) -> None:
        self.database_url = database_url
        self.settings = settings
        """:class:`~dolmen.server.config.Settings` fields beyond ``tests.server.launch.TEST_SETTINGS``."""
        self.bot_target = bot_target
        """``MODULE:FUNCTION`` the bot workers run for a move (``tests.server.launch --bot-target``)."""
        self.env = env or {}
        """Environment variables for the server (and so its bot workers)."""
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> Server:
        env = {**os.environ, "PYTHONPATH": str(ROOT), **self.env}
        env.pop("DOLMEN_DATABASE_URL", None)
        extra = ["--settings", json.dumps(self.settings)]
        if self.bot_target:
            extra += ["--bot-target", self.bot_target]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.server.launch", "--db", self.database_url, "--port", str(self.port), *extra],
            cwd=ROOT,
            env=env,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Player:
    """An HTTP client with its own session cookie."""

    def __init__(self, server: Server, name: str, *, sign_up: bool = True) -> None:
        self.server = server
        self.name = name
        self.http = httpx.Client(base_url=server.base, timeout=10.0)
        if sign_up:
            response = self.http.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert response.status_code == 201, response.text

    def post(self, path: str, body: JSON = None) -> JSON:
        response = self.http.post(path, json=body)
        assert response.status_code in (200, 201), response.text
        return response.json()

    def get(self, path: str) -> JSON:
        response = self.http.get(path)
        assert response.status_code == 200, response.text
        return response.json()

    def socket(
        self,
        table_id: int,
        since: int | str | None = None,
        *,
        origin: str | None = None,
        epoch: int | str | None = None,
        invite: str | None = None,
    ) -> Socket:
        cookie = self.http.cookies.get("dolmen_session")
        headers = {"Cookie": f"dolmen_session={cookie}"} if cookie else {}
        return Socket(self.server, table_id, since, headers, origin, epoch=epoch, invite=invite)

    def close(self) -> None:
        self.http.close()


def started_pair(server: Server, body: dict[str, object]) -> tuple[Player, Player, JSON]:
    """Two new players at a new two-seat RTTA table (``body`` adds to its creation), started."""
    tag = secrets.token_hex(3)
    ada, bob = Player(server, f"ada_{tag}"), Player(server, f"bob_{tag}")
    table = ada.post("/api/tables", {"game": "rtta", "players": 2, **body})
    bob.post(f"/api/tables/{table['id']}/join")
    ada.post(f"/api/tables/{table['id']}/start")
    return ada, bob, table


def spectator_socket(
    server: Server, table_id: int, since: int | str | None = None, invite: str | None = None
) -> Socket:
    return Socket(server, table_id, since, {}, None, invite=invite)


class Socket:
    """A websocket client keeping every message it receives, in order."""

    def __init__(
        self,
        server: Server,
        table_id: int,
        since: int | str | None,
        headers: dict[str, str],
        origin: str | None,
        *,
        epoch: int | str | None = None,
        invite: str | None = None,
    ) -> None:
        params = {"v": since, "e": epoch, "invite": invite}
        query = "&".join(f"{key}={value}" for key, value in params.items() if value is not None)
        query = f"?{query}" if query else ""
        self.ws: ClientConnection = connect(
            f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}{query}",
            additional_headers=headers,
            origin=origin or server.base,  # type: ignore[arg-type]
            max_size=None,
            max_queue=None,
            open_timeout=10,
        ).__enter__()  # websockets 17 wants a context manager; entering it is the same
        self.received: list[dict[str, JSON]] = []
        self.raw: list[str] = []

    def send(self, message: JSON) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, JSON]:
        text = self.ws.recv(timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, JSON] = json.loads(text)
        self.received.append(message)
        return message

    def until(self, predicate: Any, timeout: float = 20.0) -> dict[str, JSON]:
        """Read until a message satisfies ``predicate``; return it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message in time")
            message = self.recv(left)
            if predicate(message):
                return message

    def until_type(self, kind: str, timeout: float = 20.0) -> dict[str, JSON]:
        return self.until(lambda m: m["type"] == kind, timeout)

    def view_at(self, version: int, timeout: float = 20.0) -> dict[str, JSON]:
        """Read until a view at ``version`` or later."""
        return self.until(lambda m: m["type"] in VIEWS and m["version"] >= version, timeout)

    def close(self) -> None:
        self.ws.close()


VIEWS = ("state", "update", "resync")


def play_scripted(
    socket: Socket, seed: int, *, timeout: float = 120.0, stop_at: int | None = None, tolerate: tuple[str, ...] = ()
) -> JSON:
    """Play a seat with uniformly random choices among the legal actions it is sent, never twice at one
    version, until the game is over (or the table reaches ``stop_at``). Returns the last view message. An error
    fails, unless its code is in ``tolerate``."""
    rng = random.Random(seed)
    acted_at = -1
    deadline = time.monotonic() + timeout
    last: JSON = None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the game did not end in time (last version {last and last['version']})")
        message = socket.recv(left)
        if message["type"] == "error" and message["code"] not in tolerate:
            raise AssertionError(f"unexpected error: {message}")
        if message["type"] not in VIEWS:
            continue
        last = message
        if message["view"]["over"] or (stop_at is not None and message["version"] >= stop_at):
            return message
        actions = message["legal"]["actions"]
        if actions and message["version"] != acted_at:
            acted_at = message["version"]
            socket.send({"type": "act", "action": rng.choice(actions), "version": message["version"]})


def play_all(sockets: list[Socket], seed: int, timeout: float = 120.0, tolerate: tuple[str, ...] = ()) -> list[JSON]:
    """Play several seats at once, one thread each; returns each seat's last view message."""
    results: list[JSON] = [None] * len(sockets)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            results[index] = play_scripted(sockets[index], seed + index, timeout=timeout, tolerate=tolerate)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sockets))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results


def watch(socket: Socket, timeout: float = 120.0) -> JSON:
    """Read a spectator's messages until the game is over; returns the last view message."""
    return socket.until(lambda m: m["type"] in VIEWS and m["view"]["over"], timeout)
