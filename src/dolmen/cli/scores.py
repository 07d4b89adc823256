"""The end of a game for people: each seat's score broken down as the game's view gives it, and who won.

Nothing here knows a rule: the breakdown is whatever the finished game's view holds for each seat (a list per
seat under ``score_breakdown``, ``breakdown`` or ``scoring``, or a mapping under one of those or ``score`` in the
seat's entry of ``boards``/``seats``), rendered as it comes; scores and winners come from :meth:`State.result`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dolmen.engine.core import Result
from dolmen.engine.messages import Catalogue

SEAT_LISTS = ("boards", "seats", "players_boards")
BREAKDOWN_KEYS = ("score_breakdown", "breakdown", "scoring", "score")
TOTAL_KEYS = ("total", "score")


def seat_breakdowns(view: Mapping[str, Any], players: int) -> list[Mapping[str, Any] | None]:
    """Each seat's score breakdown found in ``view`` (``None`` for a seat the view does not break down)."""
    found: list[Mapping[str, Any] | None] = [None] * players
    board = view.get("board")
    containers = [view, board] if isinstance(board, Mapping) else [view]
    for container in containers:
        for key in BREAKDOWN_KEYS:  # a top-level list per seat: {"score_breakdown": [{...}, {...}]}
            per_seat = container.get(key)
            if (
                isinstance(per_seat, list)
                and len(per_seat) == players
                and all(isinstance(s, Mapping) for s in per_seat)
            ):
                return list(per_seat)
        for name in SEAT_LISTS:
            docs = container.get(name)
            if not (isinstance(docs, list) and len(docs) == players):
                continue
            for seat, doc in enumerate(docs):
                if not isinstance(doc, Mapping):
                    continue
                for key in BREAKDOWN_KEYS:
                    if isinstance(doc.get(key), Mapping):
                        found[seat] = doc[key]
                        break
    return found


def breakdown_text(breakdown: Mapping[str, Any], texts: Catalogue) -> str:
    """``developments 12, monuments 9, bonus 4, disasters -2``, each label as the catalogue's terms name it
    (the total, if present, is said apart)."""

    def label(key: object) -> str:
        return texts.term(str(key)).replace("_", " ")

    def value(item: Any) -> str:
        if isinstance(item, Mapping):
            return "(" + ", ".join(f"{label(k)} {value(v)}" for k, v in item.items()) + ")"
        if isinstance(item, list):
            return "[" + ", ".join(value(v) for v in item) + "]"
        return "-" if item is None else str(item)

    return ", ".join(f"{label(k)} {value(v)}" for k, v in breakdown.items() if k not in TOTAL_KEYS)


def final_lines(view: Mapping[str, Any], result: Result, names: Sequence[str], texts: Catalogue) -> list[str]:
    """The end screen: one line per seat, best first (score and breakdown), then the winner's line."""
    players = len(result.scores)
    breakdowns = seat_breakdowns(view, players)
    order = sorted(range(players), key=lambda seat: (result.ranks[seat], seat))
    lines = [texts.render({"event": "game_over", "reason": result.reason}, names)]
    for seat in order:
        line = f"  {result.ranks[seat]}. {names[seat]}: {result.scores[seat]}"
        breakdown = breakdowns[seat]
        detail = breakdown_text(breakdown, texts) if breakdown else ""
        if detail:
            line += f" — {detail}"
        tied = [s for s in range(players) if s != seat and result.scores[s] == result.scores[seat]]
        if tied and result.tiebreak:
            line += f" (tie-break {result.tiebreak[seat]})"
        lines.append(line)
    lines.append(winner_line(result, names, texts))
    return lines


def winner_line(result: Result, names: Sequence[str], texts: Catalogue) -> str:
    """``Seat 1 (greedy) wins with 43 points.`` (the catalogue's ``winner`` text, in the reader's language)."""
    score = result.scores[result.winners[0]] if result.winners else 0
    event = {"event": "winner", "seats": list(result.winners), "seats_count": len(result.winners), "score": score}
    return "  " + texts.render(event, names)


__all__ = ["breakdown_text", "final_lines", "seat_breakdowns", "winner_line"]
