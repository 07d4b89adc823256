"""Log events: what happened at a step, as structured values that each viewer may read in its own language.

A game's rules emit events while a step is applied, into ``state.log`` when a driver asks for them (a list) and
not at all when ``state.log`` is ``None`` (playouts and searches pay one attribute test). An event is a name and
JSON-ready named arguments; the texts that render them live in message catalogues (:mod:`dolmen.engine.messages`),
never in the stored log.

Hidden information: an event that only some seats may read in full (a card drawn into a hand) names those seats
in ``seen_by`` and carries in ``others`` what every other viewer reads instead (``None``: nothing at all).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: ``name`` (a catalogue key such as ``rolled``) and its named arguments.

    ``seen_by`` ``None`` means every viewer (seats and spectators) reads it as it is; otherwise only those seats
    do, and every other viewer reads ``others`` (or nothing when it is ``None``).
    """

    name: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    seen_by: tuple[int, ...] | None = None
    others: Event | None = None

    def for_viewer(self, viewer: int | None) -> Event | None:
        """What ``viewer`` (a seat, or ``None`` for a spectator) may read of this event."""
        if self.seen_by is None or (viewer is not None and viewer in self.seen_by):
            return self
        return None if self.others is None else self.others.for_viewer(viewer)

    def to_json(self) -> dict[str, JSON]:
        """The public wire form ``{"event": name, **args}`` (call it on what :meth:`for_viewer` returned)."""
        return {"event": self.name, **self.args}


def hidden(
    name: str,
    args: Mapping[str, JSON],
    seen_by: tuple[int, ...],
    public: Mapping[str, JSON],
    public_name: str | None = None,
) -> Event:
    """An event that ``seen_by`` read as ``name`` with ``args``, and everyone else as ``public_name`` (``name``
    when not given: then its template must read well without the hidden arguments) with ``public`` args.

    >>> e = hidden("card_drawn", {"seat": 1, "card": "pottery"}, (1,), {"seat": 1}, "card_drawn_face_down")
    >>> e.for_viewer(1).args["card"], e.for_viewer(0).name, "card" in e.for_viewer(None).args
    ('pottery', 'card_drawn_face_down', False)
    """
    return Event(name, dict(args), seen_by, Event(public_name or name, dict(public)))


__all__ = ["Event", "hidden"]
