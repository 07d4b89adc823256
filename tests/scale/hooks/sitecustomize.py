"""Test hooks for the installed ``dolmen worker`` command of the scale-out tests (tests/scale/services.py puts
this folder on its ``PYTHONPATH``, so Python imports this module as the process starts, before the command runs).

- ``DOLMEN_TEST_FAULTS``: the bots think through tests/server/faulty_bots.py, which crashes or hangs on cue (the
  worker's own thinking processes, started afresh, import this module too and pickle the same function).
"""

from __future__ import annotations

import os


def _install() -> None:
    if os.environ.get("DOLMEN_TEST_FAULTS"):
        from tests.server.faulty_bots import choose

        import dolmen.server.bots

        # before dolmen.server.worker is imported: its default bot target is read from here then
        dolmen.server.bots.choose_action = choose


_install()
