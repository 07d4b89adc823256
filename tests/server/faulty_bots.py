"""A bot target for the worker processes that crashes or hangs on cue, for the tests of bot supervision.

The directory named by ``DOLMEN_TEST_FAULTS`` holds the faults planned: a file ``crash-SEAT`` or ``hang-SEAT``
holding how many of the next moves of the ``greedy`` bot at that seat kill the worker or never answer; a hung
move writes the id of the process that asked it (its worker's parent) to ``hung-SEAT``."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from dolmen.server.bots import choose_action


def choose(game_name: str, spec: str, view: dict[str, Any], seat: int, seed: int) -> str:
    faults = Path(os.environ["DOLMEN_TEST_FAULTS"])
    if spec == "greedy" and _take(faults / f"crash-{seat}"):
        os._exit(3)
    if spec == "greedy" and _take(faults / f"hang-{seat}"):
        (faults / f"hung-{seat}").write_text(str(os.getppid()))
        time.sleep(3600)
    return choose_action(game_name, spec, view, seat, seed)


def _take(path: Path) -> bool:
    """Use up one of the faults counted in ``path``; whether there was one."""
    try:
        left = int(path.read_text())
    except FileNotFoundError:
        return False
    if left <= 0:
        return False
    path.write_text(str(left - 1))
    return True
