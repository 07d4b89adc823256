"""A private table's replay and previews, like the table itself (docs/protocol.md "Private tables"): for its
seated players and the holders of its invite token only; anyone else gets ``404``, as if it did not exist."""

from __future__ import annotations

from urllib.parse import urlencode

from dolmen.server.storage import TableSetup
from tests.web.conftest import Server, doing, played, store

PRIVATE = TableSetup(private=True, invite="the-token")


def test_a_private_games_replay_for_its_players_and_the_invite_only(server: Server) -> None:
    ann_client, ann = server.sign_up("ann")
    bob_client, _ = server.sign_up("bob")
    table_id = store(server.storage, played("rtta", 1, {}, seed=2), [ann], PRIVATE)
    url = f"/api/tables/{table_id}/replay?from=0&to=3"
    seen = ann_client.get(url)
    assert seen.status_code == 200 and len(seen.json()["frames"]) == 4
    # the replay is kept in memory now: still refused to strangers, with an account or without
    for client, query in ((bob_client, ""), (server.client, ""), (bob_client, "&invite=wrong")):
        answer = client.get(url + query)
        assert answer.status_code == 404 and answer.json()["error"] == "not_found", query
    assert bob_client.get(url + "&invite=the-token").json()["frames"] == seen.json()["frames"]
    assert server.client.get(url + "&invite=the-token").status_code == 200


def test_a_private_table_is_not_found_for_a_strangers_replay_before_it_is_kept(server: Server) -> None:
    _, ann = server.sign_up("ann")
    bob_client, _ = server.sign_up("bob")
    finished = store(server.storage, played("rtta", 1, {}, seed=3), [ann], PRIVATE)
    running = store(server.storage, played("rtta", 1, {}, seed=4, stop=lambda t: t.version >= 10), [ann], PRIVATE)
    assert bob_client.get(f"/api/tables/{finished}/replay").status_code == 404
    assert bob_client.get(f"/api/tables/{running}/replay").status_code == 404  # not 409: nothing is said
    assert bob_client.get(f"/api/tables/{running}/replay?invite=the-token").status_code == 409


def test_previews_at_a_private_table(server: Server) -> None:
    ann_client, ann = server.sign_up("ann")
    bob_client, _ = server.sign_up("bob")
    game = played("rtta", 1, {}, seed=5, stop=doing("reroll"))
    table_id = store(server.storage, game, [ann], PRIVATE)
    text = "keep"
    url = f"/api/tables/{table_id}/preview?{urlencode({'version': game.version, 'action': text})}"
    assert "events" in ann_client.get(url).json()["previews"][0]
    assert bob_client.get(url).status_code == 404
    assert server.client.get(url).status_code == 404
    assert bob_client.get(url + "&invite=the-token").status_code == 403  # sees the table, has no seat there
