"""The arena: an application that ranks bots by playing many games between them on every core, with paired
dice and rotated seats, and writes a report (and optionally every game's record).

It sits above the bots (engine ← games ← bots ← arena ← cli/server): it builds bots with
:func:`dolmen.bots.make_bot` and plays them with :func:`dolmen.engine.play_game`; nothing in the bots knows it.
"""

from __future__ import annotations

from dolmen.arena.run import ArenaGame, GameOutcome, parse_entries, run_arena, schedule

__all__ = ["ArenaGame", "GameOutcome", "parse_entries", "run_arena", "schedule"]
