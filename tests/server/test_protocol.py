"""Client messages are validated; docs/protocol.md describes the version the server speaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from dolmen.server.protocol import MAX_MESSAGE, PROTOCOL, Act, BadMessage, Chat, Ping, parse_client_message

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_document_names_the_protocol_version() -> None:
    assert f"version {PROTOCOL}" in DOC.read_text(encoding="utf-8").splitlines()[0]


def test_good_messages_parse() -> None:
    assert parse_client_message('{"type": "act", "action": "keep", "version": 3}') == Act(
        type="act", action="keep", version=3
    )
    assert isinstance(parse_client_message('{"type": "ping"}'), Ping)
    assert parse_client_message('{"type": "chat", "text": "hi"}') == Chat(type="chat", text="hi")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "null",
        "[]",
        '"act"',
        "{",
        '{"type": "act"}',
        '{"type": "act", "action": "keep", "version": -1}',
        '{"type": "act", "action": "keep", "version": 1.0}',
        '{"type": "act", "action": "keep", "version": true}',
        '{"type": "act", "action": "", "version": 1}',
        '{"type": "act", "action": 5, "version": 1}',
        '{"type": "act", "action": "keep", "version": 1, "more": 1}',
        '{"type": "chat", "text": ""}',
        '{"type": "launch"}',
        '{"type": "act", "action": "keep", "version": 99999999999999999999999999}',
    ],
)
def test_bad_messages_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(BadMessage) as caught:
        parse_client_message(text)
    assert caught.value.code == "malformed" and caught.value.message


def test_oversized_messages() -> None:
    with pytest.raises(BadMessage) as caught:
        parse_client_message('{"type": "chat", "text": "' + "é" * MAX_MESSAGE + '"}')
    assert caught.value.code == "too_large"


def test_the_openapi_schema_describes_the_table_and_its_creation() -> None:
    from dolmen.server.app import create_app
    from dolmen.server.config import Settings

    schema = create_app(Settings(bot_workers=0)).openapi()
    table = schema["components"]["schemas"]["TableDoc"]["properties"]
    assert {"mode", "clock", "away_bot", "private", "invite"} <= set(table)
    create = schema["components"]["schemas"]["CreateTable"]["properties"]
    assert {"mode", "clock", "away_bot", "private"} <= set(create)
    assert "invite" in schema["components"]["schemas"]["Join"]["properties"]
