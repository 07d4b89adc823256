"""Test hooks for the installed ``dolmen worker`` command of the scale-out tests (tests/scale/services.py puts
this folder on its ``PYTHONPATH``, so Python imports this module as the process starts, before the command runs).

- ``DOLMEN_TEST_FAULTS``: the bots think through tests/server/faulty_bots.py, which crashes or hangs on cue (the
  worker's own thinking processes, started afresh, import this module too and pickle the same function).
- ``DOLMEN_TEST_SETTINGS``: a JSON object of :class:`~dolmen.server.config.Settings` fields the process starts
  from, below its options and environment: quick heartbeats and sweeps (what ``dolmen serve --set`` does;
  ``dolmen worker`` has no ``--set``)."""

from __future__ import annotations

import json
import os


def _install() -> None:
    if os.environ.get("DOLMEN_TEST_FAULTS"):
        from tests.server.faulty_bots import choose

        import dolmen.server.bots

        # before dolmen.server.worker is imported: its default bot target is read from here then
        dolmen.server.bots.choose_action = choose
    if chosen := json.loads(os.environ.get("DOLMEN_TEST_SETTINGS") or "{}"):
        from dolmen.server.config import Settings

        from_env = Settings.from_env.__func__  # type: ignore[attr-defined]

        def with_test_settings(cls: type[Settings], **overrides: object) -> Settings:
            settings: Settings = from_env(cls, **{**chosen, **{k: v for k, v in overrides.items() if v is not None}})
            return settings

        Settings.from_env = classmethod(with_test_settings)  # type: ignore[method-assign,assignment]


_install()
