"""Rate limits: token buckets per client address (sign-up, log-in, table creation) and per account (table
creation, chat lines over HTTP), and ``X-Forwarded-For`` trusted only from configured proxies. Each is driven
through the HTTP API of an app in-process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from dolmen.server.app import create_app
from dolmen.server.config import Settings
from dolmen.server.storage.memory import MemoryStorage
from dolmen.server.throttle import Buckets, RateLimit, client_address

PASSWORD = "correct horse battery"
LOOSE = RateLimit(1000, 1)


@contextmanager
def app_client(**settings: Any) -> Iterator[TestClient]:
    values: dict[str, Any] = {"fast_password_hashing": True, "bot_workers": 0}
    values |= {"login_limit": LOOSE, "signup_limit": LOOSE, "create_limit": LOOSE} | settings
    with TestClient(create_app(Settings(**values), storage=MemoryStorage())) as client:
        yield client


def _from(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": f"203.0.113.9, {address}"}


def test_buckets_refill_at_their_rate() -> None:
    buckets = Buckets(RateLimit(2, 10))  # 2 at once, one more every 5 s
    assert buckets.take("a", 0.0) == 0 and buckets.take("a", 0.0) == 0
    assert buckets.take("a", 1.0) == 4.0  # wait 4 s more for the next token
    assert buckets.take("b", 1.0) == 0  # another key, another bucket
    assert buckets.take("a", 5.0) == 0 and buckets.take("a", 5.0) > 0


def test_the_client_address_behind_a_trusted_proxy_only() -> None:
    assert client_address("198.51.100.7", "10.0.0.1", ()) == "198.51.100.7"  # not trusted: the header is ignored
    assert client_address("127.0.0.1", "10.0.0.1, 10.0.0.2", ("127.0.0.1",)) == "10.0.0.2"
    assert client_address("127.0.0.1", "10.0.0.1, 127.0.0.1", ("127.0.0.1",)) == "10.0.0.1"  # proxies chained
    assert client_address("127.0.0.1", None, ("127.0.0.1",)) == "127.0.0.1"


def test_sign_ups_are_limited_per_address() -> None:
    with app_client(signup_limit=RateLimit(2, 600), trusted_proxies=("testclient",)) as client:
        for n in range(2):
            assert (
                client.post(
                    "/api/accounts", json={"name": f"a{n}", "password": PASSWORD}, headers=_from("10.0.0.1")
                ).status_code
                == 201
            )
        refused = client.post("/api/accounts", json={"name": "a3", "password": PASSWORD}, headers=_from("10.0.0.1"))
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert int(refused.headers["retry-after"]) > 0
        other = client.post("/api/accounts", json={"name": "b1", "password": PASSWORD}, headers=_from("10.0.0.2"))
        assert other.status_code == 201  # another address behind the proxy


def test_forwarded_for_is_ignored_without_a_trusted_proxy() -> None:
    with app_client(signup_limit=RateLimit(2, 600)) as client:
        codes = [
            client.post(
                "/api/accounts", json={"name": f"c{n}", "password": PASSWORD}, headers=_from(f"10.0.1.{n}")
            ).status_code
            for n in range(3)
        ]
        assert codes == [201, 201, 429]  # one address, whatever the header claims


def test_log_ins_are_limited_per_address_right_password_or_not() -> None:
    with app_client(login_limit=RateLimit(3, 600)) as client:
        assert client.post("/api/accounts", json={"name": "ada", "password": PASSWORD}).status_code == 201
        wrong = [
            client.post("/api/session", json={"name": "ada", "password": "nope nope"}).status_code for _ in range(3)
        ]
        assert wrong == [401, 401, 401]
        assert client.post("/api/session", json={"name": "ada", "password": PASSWORD}).status_code == 429


def test_table_creation_is_limited_per_account_and_per_address() -> None:
    with app_client(create_limit=RateLimit(2, 600), trusted_proxies=("testclient",)) as client:
        body = {"game": "rtta", "players": 2}
        client.post("/api/accounts", json={"name": "ada", "password": PASSWORD}, headers=_from("10.0.0.1"))
        made = [client.post("/api/tables", json=body, headers=_from(f"10.0.2.{n}")).status_code for n in range(3)]
        assert made == [201, 201, 429]  # per account, from any address
        codes = []
        for n in range(4):  # other accounts from one address: three times the account's limit, then no more
            client.cookies.clear()
            client.post("/api/accounts", json={"name": f"p{n}", "password": PASSWORD}, headers=_from(f"10.0.3.{n}"))
            codes += [client.post("/api/tables", json=body, headers=_from("10.0.0.9")).status_code for _ in range(2)]
        assert codes == [201] * 6 + [429, 429]


def test_chat_lines_over_http_are_limited_per_account() -> None:
    """The lobby's and the tables' chat share one bucket per account; another account still speaks; a refused
    line is not said."""
    with app_client(chat_limit=RateLimit(3, 600)) as client:
        assert client.post("/api/accounts", json={"name": "ada", "password": PASSWORD}).status_code == 201
        table = client.post("/api/tables", json={"game": "rtta", "players": 2}).json()["id"]
        said = [client.post("/api/chat", json={"text": f"hello {n}"}).status_code for n in range(2)]
        said.append(client.post(f"/api/tables/{table}/chat", json={"text": "hello table"}).status_code)
        assert said == [201, 201, 201]
        refused = client.post(f"/api/tables/{table}/chat", json={"text": "spam"})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        assert refused.json()["reason"]["event"] == "server_too_many_lines"
        assert client.post("/api/chat", json={"text": "spam"}).status_code == 429
        assert "spam" not in [line["text"] for line in client.get("/api/chat").json()]
        assert "spam" not in [line["text"] for line in client.get(f"/api/tables/{table}/chat").json()]
        client.cookies.clear()
        assert client.post("/api/accounts", json={"name": "bob", "password": PASSWORD}).status_code == 201
        assert client.post("/api/chat", json={"text": "hi"}).status_code == 201
