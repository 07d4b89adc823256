"""``dolmen serve``: creates and migrates the database on first start, prints the address, serves."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from dolmen.cli.main import build_parser, main
from dolmen.server.protocol import MAX_FRAME
from tests.server.harness import ROOT, free_port


def test_serve_options() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)


def test_dolmen_serve_starts_on_a_new_sqlite_file(tmp_path: Path) -> None:
    db = tmp_path / "new" / "dolmen.db"
    db.parent.mkdir()
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "dolmen.cli.main", "serve", "--port", str(port), "--db", str(db), "--bot-workers", "1"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line and str(db) in line
        assert db.exists()
        for _ in range(200):
            try:
                games = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        assert sorted(g["name"] for g in games.json()) == ["rtta", "stoneage"]
        assert httpx.get(f"http://127.0.0.1:{port}/openapi.json").json()["info"]["title"] == "Dolmen"
        _check_websockets(port)
    finally:
        process.terminate()
        process.wait(10)


def _check_websockets(port: int) -> None:
    """``dolmen serve`` runs uvicorn as ``app.uvicorn_options`` says: no permessage-deflate although the
    client offers it, and a frame past ``MAX_FRAME`` closes the socket with 1009."""
    with connect(f"ws://127.0.0.1:{port}/ws/lobby", compression="deflate") as ws:
        assert ws.response is not None and ws.response.headers.get("Sec-WebSocket-Extensions") is None
        assert json.loads(ws.recv(10))["type"] == "lobby"
        ws.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_bad_serve_settings_are_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "dolmen.db")
    assert main(["serve", "--db", db, "--away-bot", "nobot"]) == 2
    monkeypatch.setenv("DOLMEN_SMTP_URL", "http://mail.example.org")
    assert main(["serve", "--db", db]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2 and all(line.startswith("dolmen serve: ") for line in errors)
    assert not (tmp_path / "dolmen.db").exists()  # refused before anything was created


def test_any_setting_is_set_with_set_and_bad_ones_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from dolmen.server.config import parse_setting
    from dolmen.server.throttle import RateLimit

    assert parse_setting("signup_limit=1000/1") == ("signup_limit", RateLimit(1000, 1))
    assert parse_setting("socket-rate=50") == ("socket_rate", 50.0)
    assert parse_setting("fast_password_hashing=true") == ("fast_password_hashing", True)
    assert parse_setting("bot_job_heartbeat=3") == ("bot_job_heartbeat", 3)
    assert parse_setting("allowed_origins=https://a.org, https://b.org") == (
        "allowed_origins",
        ("https://a.org", "https://b.org"),
    )
    for bad in ["socket_rate=fast", "signup_limit=3", "no_such=1", "socket_rate", "cookie_secure=maybe"]:
        assert main(["serve", "--set", bad]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 5 and all(line.startswith("dolmen serve: --set") for line in errors)
