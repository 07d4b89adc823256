"""Verifiable dice end to end: the record of a game finished on a real server (SQLite, PostgreSQL), downloaded
from ``GET /api/tables/{id}/record``, passes ``dolmen replay --verify``; the same record with one die altered,
with its secret altered, or with another secret and that secret's own commitment fails, in one line on stderr
and a non-zero exit."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dolmen.games.rtta.components import FACE_NAMES
from tests.server.conftest import BACKENDS, fresh_database
from tests.server.harness import ROOT, Player, Server, spectator_socket, watch


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    running = Server(fresh_database(request.param, request)).start()
    yield running
    running.stop()


def _verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dolmen.cli.main", "replay", "--verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _refused(path: Path, document: dict[str, Any]) -> str:
    path.write_text(json.dumps(document))
    done = _verify(path)
    assert done.returncode != 0 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dolmen replay: "), done.stderr
    return lines[0]


def test_a_downloaded_record_verifies_and_a_tampered_one_does_not(server: Server, tmp_path: Path) -> None:
    owner = Player(server, f"owner_{secrets.token_hex(3)}")
    table = owner.post("/api/tables", {"game": "rtta", "players": 2, "seats": ["greedy", "random"], "join": False})
    spectator = spectator_socket(server, table["id"])
    owner.post(f"/api/tables/{table['id']}/start")
    final = watch(spectator, timeout=120)
    spectator.close()
    response = owner.http.get(f"/api/tables/{table['id']}/record")
    assert response.status_code == 200
    document = response.json()
    assert document["dice"]["secret"] == final["view"]["secret"]
    path = tmp_path / "game.json"
    path.write_text(response.text)

    done = _verify(path)
    assert done.returncode == 0, done.stderr
    assert "verified: true" in done.stdout.splitlines()
    assert f"scores: {json.dumps(final['view']['result']['scores'])}" in done.stdout.splitlines()

    # one die of one roll altered (a face the die has, just not the one the secret drew)
    number, step = next((n, s) for n, s in enumerate(document["steps"], start=1) if s.get("chance", "")[:5] == "roll ")
    faces = step["chance"].split()
    faces[1] = next(face for face in FACE_NAMES if face != faces[1])
    die = json.loads(json.dumps(document))
    die["steps"][number - 1]["chance"] = " ".join(faces)
    line = _refused(tmp_path / "die.json", die)
    assert f"step {number}" in line and "secret" in line

    # the secret altered: it no longer matches the commitment published at the start
    secret = document["dice"]["secret"]
    forged = json.loads(json.dumps(document))
    forged["dice"]["secret"] = ("0" if secret[0] != "0" else "1") + secret[1:]
    assert "commitment" in _refused(tmp_path / "secret.json", forged)

    # another secret with its own commitment: the dice recorded are not the ones it draws
    other = secrets.token_bytes(32)
    swapped = json.loads(json.dumps(document))
    swapped["dice"].update(secret=other.hex(), commitment=hashlib.sha256(other).hexdigest())
    found = re.search(r"step ([0-9]+)", _refused(tmp_path / "swapped.json", swapped))
    assert found is not None and "chance" in document["steps"][int(found[1]) - 1]  # a die, the first drawn otherwise
