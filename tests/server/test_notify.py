"""Turn notifications by email, against a real SMTP server (aiosmtpd) on 127.0.0.1: at a turn-based table, a
person who is offline gets one mail when it becomes their turn, none while online, and one only within an hour."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.server.harness import VIEWS, Player, Server, Socket, free_port


class Inbox:
    """The SMTP server's handler: keeps every message it is given."""

    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: object, session: object, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[Any]:
        return [mail for mail in self.mails if mail["To"] == address]


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler, port = Inbox(), free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


def _play_while(socket: Socket, rng: random.Random, going_on: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Play random legal actions while ``going_on(view message)``; return the first message where it stops."""
    acted = -1
    while True:
        message = socket.until(lambda m: m["type"] in VIEWS, 60)
        if not going_on(message) or message["view"]["over"]:
            return message
        if message["legal"]["actions"] and message["version"] != acted:
            acted = message["version"]
            socket.send({"type": "act", "action": rng.choice(message["legal"]["actions"]), "version": acted})


def _wait(predicate: Callable[[], bool], timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def test_an_offline_player_gets_one_mail_when_their_turn_comes(inbox: tuple[Inbox, int], tmp_path: Path) -> None:
    mails, port = inbox
    server = Server(
        str(tmp_path / "dolmen.db"),
        smtp_url=f"smtp://127.0.0.1:{port}",
        public_url="http://dolmen.test",
        presence_window=1.0,
    ).start()
    try:
        tag = secrets.token_hex(3)
        ada, bob = Player(server, f"ada_{tag}"), Player(server, f"bob_{tag}")
        ada.http.patch("/api/me", json={"email": "ada@example.org"}).raise_for_status()
        assert bob.http.patch("/api/me", json={"email": "bob@example.org", "language": "fr"}).json()["email"]
        assert bob.http.patch("/api/me", json={"email": "not an address"}).status_code == 422
        body = {"game": "rtta", "players": 2, "mode": "turn", "clock": None}  # untimed: a turn still notifies
        tid = ada.post("/api/tables", body)["id"]
        bob.post(f"/api/tables/{tid}/join")
        mine = ada.socket(tid)  # ada is online from now on
        mine.until_type("table")
        ada.post(f"/api/tables/{tid}/start")
        rng = random.Random(5)
        bobs_turn = _play_while(mine, rng, lambda m: 1 not in m["view"]["actors"])
        assert 1 in bobs_turn["view"]["actors"]
        assert _wait(lambda: len(mails.to("bob@example.org")) == 1), "no mail to the offline player"
        mail = mails.to("bob@example.org")[0]
        assert f"table {tid}" in mail["Subject"] and "vous" in mail["Subject"]  # in bob's language
        assert f"http://dolmen.test/tables/{tid}" in mail.get_content()
        # bob comes, plays his turn and leaves; when his turn comes again within the hour: no second mail
        theirs = bob.socket(tid)
        _play_while(theirs, rng, lambda m: 1 in m["view"]["actors"])
        theirs.close()
        time.sleep(1.5)  # past the presence window: bob is offline again
        again = _play_while(mine, rng, lambda m: 1 not in m["view"]["actors"])
        assert 1 in again["view"]["actors"] or again["view"]["over"]
        time.sleep(2.0)
        assert len(mails.to("bob@example.org")) == 1
        assert mails.to("ada@example.org") == []  # online all along, her turn came back many times
        mine.close()
    finally:
        server.stop()
