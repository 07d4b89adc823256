"""``dolmen replay FILE --step``: a recorded game on screen, one step at a time, forwards, backwards or jumping.

The record is replayed once, keeping the state after every step (a spectator's view of it is what is shown)
and the log events each step produced; moving around then costs nothing. What a spectator may not see stays
hidden: a card drawn face down is shown as a hidden draw, as the log shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from dolmen.cli.render import render
from dolmen.cli.texts import catalogue, width
from dolmen.engine import DolmenError, Game, Record, RecordError, State, apply_step


@dataclass(frozen=True, slots=True)
class Frame:
    """The game after step ``number`` (0: before the first step): its state, what the step was, its log."""

    number: int
    state: State
    step: str
    events: tuple[dict[str, Any], ...]


def frames(game: Game, record: Record) -> tuple[list[Frame], RecordError | None]:
    """Every position of ``record``, and the error that stopped the replay early (``None`` when all played)."""
    try:
        state = game.new_state(record.players, record.options)
    except DolmenError as exc:
        raise RecordError(f"cannot set up the game: {exc}") from exc
    shown = [Frame(0, state.clone(), "the start", ())]
    for number, step in enumerate(record.steps, start=1):
        hidden = isinstance(step, dict) and "chance" in step and state.is_chance() and state.chance_seen_by()
        state.log = []
        try:
            apply_step(state, step, number)
        except RecordError as exc:
            return shown, exc
        events = tuple(e.to_json() for e in (ev.for_viewer(None) for ev in state.log) if e is not None)
        state.log = None
        if "chance" in step:
            text = "chance: a hidden draw" if hidden else f"chance: {step['chance']}"
        else:
            text = f"seat {step['seat']}: {step['action']}"
        shown.append(Frame(number, state.clone(), text, events))
    return shown, None


def step_through(
    game: Game, record: Record, stdin: TextIO, out: TextIO, lang: str = "en", names: Sequence[str] = ()
) -> int:
    """Show ``record`` step by step, reading ``n``/Enter (next), ``p`` (previous), a step number, ``q``."""
    shown, error = frames(game, record)
    texts = catalogue(game, lang)
    names = list(names) or [f"Seat {seat}" for seat in range(record.players)]
    last = len(shown) - 1
    at, redraw = 0, True
    while True:
        frame = shown[at]
        if redraw:
            out.write("\n" + render(game.name, frame.state.view(None), None, width()) + "\n")
            out.write(f"--- step {frame.number} of {last}: {frame.step}\n")
            for event in frame.events:
                out.write(f"  {texts.render(event, names)}\n")
            if at == last and error is not None:
                out.write(f"  ! the record stops here: {error}\n")
            elif at == last and frame.state.is_over():
                out.write("  (the end of the game)\n")
        redraw = True
        out.write(_prompt(last)[: width() - 1] + " ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            return 0
        answer = line.strip().lower()
        if answer in ("q", "quit", "exit"):
            return 0
        if answer in ("", "n", "next"):
            at = min(at + 1, last)
        elif answer in ("p", "prev", "previous", "b", "back"):
            at = max(at - 1, 0)
        elif answer.isdigit() and int(answer) <= last:
            at = int(answer)
        else:
            out.write(f"  ! {answer!r}: type n (next), p (previous), a step number from 0 to {last}, or q\n")
            redraw = False


def _prompt(last: int) -> str:
    return f"[n]ext (Enter), [p]revious, a step 0-{last}, [q]uit>"


__all__ = ["Frame", "frames", "step_through"]
