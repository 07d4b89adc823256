"""``GET /api/tables/{id}/replay``: a finished game's frames, each the spectator's view after a step and that
step's log events, recomputed from the stored steps and secret; refused for a game not over."""

from __future__ import annotations

from dolmen.engine.table import Table
from tests.web.conftest import Server, played, store


def _expected(table: Table, version: int) -> Table:
    return Table.restore(table.game, table.players, table.options, table.steps()[:version], table.secret)


def test_frames_are_the_spectators_views_and_events_step_by_step(server: Server) -> None:
    _, ann = server.sign_up("ann")
    _, bob = server.sign_up("bob")
    game = played("stoneage", 2, {"modules": ["extension"]}, seed=4)
    table_id = store(server.storage, game, [ann, bob])

    first = server.client.get(f"/api/tables/{table_id}/replay").json()
    assert first["last"] == game.version and first["game"] == "stoneage" and first["players"] == 2
    assert [f["version"] for f in first["frames"]] == list(range(50))  # 50 frames by default
    assert first["frames"][0]["events"] == [] and first["frames"][0]["step"] is None

    # Anyone may look (no account needed); any window, the last one included.
    for start, end in ((0, 3), (37, 41), (game.version - 2, game.version)):
        doc = server.client.get(f"/api/tables/{table_id}/replay?from={start}&to={end}").json()
        assert [f["version"] for f in doc["frames"]] == list(range(start, end + 1))
        for frame in doc["frames"]:
            version = frame["version"]
            expected = _expected(game, version)
            assert frame["view"] == expected.view(None)
            assert frame["events"] == (expected.events(None, version - 1) if version else [])
            assert frame["step"] == (game.steps()[version - 1] if version else None)
    last = doc["frames"][-1]["view"]
    assert last["over"] and last["secret"] == game.secret.hex()


def test_mid_game_frames_hide_the_hands_as_they_were_hidden(server: Server) -> None:
    _, ann = server.sign_up("ann")
    _, bob = server.sign_up("bob")
    game = played("stoneage", 2, {}, seed=8)
    table_id = store(server.storage, game, [ann, bob])
    doc = server.client.get(f"/api/tables/{table_id}/replay?from=0&to=99").json()
    doc2 = server.client.get(f"/api/tables/{table_id}/replay?from={game.version - 99}&to={game.version}").json()
    middle = [frame["view"]["board"] for frame in doc["frames"][1:]]
    assert all(seat["cards"] is None for board in middle for seat in board["seats"])  # docs/stoneage.md "Views"
    assert all(seat["cards"] is not None for seat in doc2["frames"][-1]["view"]["board"]["seats"])


def test_a_running_game_is_not_replayed_and_bad_windows_are_refused(server: Server) -> None:
    _, ann = server.sign_up("ann")
    running = store(server.storage, played("rtta", 1, {}, seed=1, stop=lambda table: table.version >= 20), [ann])
    answer = server.client.get(f"/api/tables/{running}/replay")
    assert answer.status_code == 409 and answer.json()["error"] == "conflict"

    finished = store(server.storage, played("rtta", 1, {}, seed=2), [ann])
    last = server.client.get(f"/api/tables/{finished}/replay?from=0&to=0").json()["last"]
    for query, status in (
        (f"from={last + 1}", 422),
        (f"from=0&to={last + 1}", 422),
        ("from=5&to=4", 422),
        ("from=0&to=100", 422),
        ("from=-1", 422),
    ):
        response = server.client.get(f"/api/tables/{finished}/replay?{query}")
        assert response.status_code == status, query
    assert server.client.get("/api/tables/999/replay").status_code == 404


def test_stepping_back_and_forth_gives_the_same_frames(server: Server) -> None:
    _, ann = server.sign_up("ann")
    _, bob = server.sign_up("bob")
    table_id = store(server.storage, played("rtta", 2, {"edition": "late"}, seed=6), [ann, bob])
    url = f"/api/tables/{table_id}/replay"
    forwards = server.client.get(f"{url}?from=10&to=30").json()["frames"]
    server.client.get(f"{url}?from=60&to=70")
    again = server.client.get(f"{url}?from=10&to=30").json()["frames"]
    assert again == forwards
