"""``GET /api/tables/{id}/preview``: what an action would do for the asking player's seat — the log events the
rules would emit, or why it is refused — with nothing changed at the table."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from dolmen.engine.table import Table
from tests.web.conftest import Server, doing, played, store


def _at(game: str, players: int, options: dict[str, Any], activity: str, seed: int) -> Table:
    """A table played at random until its acting seat is doing ``activity`` (the first seed that gets there)."""
    for attempt in range(50):
        table = played(game, players, options, seed + attempt, stop=doing(activity))
        if not table.is_over():
            return table
    raise AssertionError(f"no game reached {activity}")


def test_food_or_workers_previews_say_what_each_choice_gives(server: Server) -> None:
    # docs/rtta.md "Actions": `food N` — N of the dice give 2 food, the others 2 workers; collecting follows.
    ann_client, ann = server.sign_up("ann")
    table = _at("rtta", 1, {}, "food_or_workers", seed=1)
    table_id = store(server.storage, table, [ann])
    texts = [table.action_text(a) for a in table.legal(0)]
    query = urlencode([("version", table.version), *[("action", text) for text in texts]])
    doc = ann_client.get(f"/api/tables/{table_id}/preview?{query}").json()
    assert doc["version"] == table.version and doc["seat"] == 0
    assert [p["action"] for p in doc["previews"]] == texts
    for text, answer in zip(texts, doc["previews"], strict=True):
        chosen = next(e for e in answer["events"] if e["event"] == "food_or_workers")
        assert chosen["food_dice"] == int(text.split()[1])
        collected = next(e for e in answer["events"] if e["event"] == "collected")
        assert collected["food_dice"] == chosen["food_dice"]
    # Nothing changed: the table is at the same version and the same food-or-workers choice.
    again = ann_client.get(f"/api/tables/{table_id}/preview?{query}").json()
    assert again == doc
    assert server.client.get(f"/api/tables/{table_id}").json()["version"] == table.version


def test_an_illegal_action_gets_its_reason(server: Server) -> None:
    ann_client, ann = server.sign_up("ann")
    table = _at("rtta", 1, {}, "buy", seed=3)
    table_id = store(server.storage, table, [ann])
    query = urlencode({"version": table.version, "action": "buy empire"})
    (answer,) = ann_client.get(f"/api/tables/{table_id}/preview?{query}").json()["previews"]
    assert answer["action"] == "buy empire" and "Empire costs" in answer["error"]
    # The refusal as a catalogue message too, for a reader of another language (docs/protocol.md "Errors").
    reason = answer["reason"]
    assert reason["event"] == "refused_costs" and reason["development"] == "empire" and reason["action"] == "buy empire"
    query = urlencode({"version": table.version, "action": "dance"})
    (answer,) = ann_client.get(f"/api/tables/{table_id}/preview?{query}").json()["previews"]
    assert "error" in answer and "events" not in answer


def test_only_the_seated_player_at_the_current_version(server: Server) -> None:
    ann_client, ann = server.sign_up("ann")
    bob_client, _ = server.sign_up("bob")
    table = _at("rtta", 1, {}, "reroll", seed=5)
    table_id = store(server.storage, table, [ann])
    url = f"/api/tables/{table_id}/preview"
    good = urlencode({"version": table.version, "action": "keep"})
    assert ann_client.get(f"{url}?{good}").status_code == 200
    assert bob_client.get(f"{url}?{good}").status_code == 403  # not a player of this table
    assert server.client.get(f"{url}?{good}").status_code == 403  # a spectator without an account
    stale = urlencode({"version": table.version - 1, "action": "keep"})
    assert ann_client.get(f"{url}?{stale}").json()["error"] == "conflict"
    assert ann_client.get(f"{url}?version={table.version}").status_code == 422  # no action
    many = urlencode([("version", table.version), *[("action", "keep")] * 41])
    assert ann_client.get(f"{url}?{many}").status_code == 422
    assert ann_client.get(f"/api/tables/999/preview?{good}").status_code == 404
