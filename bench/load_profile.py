"""Where a server process's time goes, from py-spy's raw samples (``py-spy record --format raw``): each sample's
stack is charged to the deepest frame that names one of :data:`PARTS` (the hot path of a move, from the act
received to the four views sent), and the shares are printed, with the leaf functions that cost most."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

PARTS: list[tuple[str, tuple[str, ...]]] = [
    # (part, substrings of a frame "function (file:line)"), the more specific first within a stack: the deepest
    # match wins, so the generic ones (the event loop) only take what nothing else names
    ("event loop, sockets (uvloop, asyncio)", ("uvloop", "asyncio/", "run_until_complete", "_run_once")),
    ("uvicorn / websocket protocol", ("uvicorn/", "websockets/", "h11", "httptools")),
    ("HTTP API (setup)", ("fastapi/", "starlette/routing", "dolmen/server/http.py")),
    ("receive: parse the act", ("parse_client_message", "pydantic")),
    ("SQL: commit a step (thread)", ("append_steps",)),
    ("SQL: other (sessions, presence, tables)", ("storage/sql.py", "sqlalchemy/", "psycopg", "sqlite3")),
    ("engine: apply the action and chance", ("submit (dolmen/engine/table.py", "advance (dolmen/engine/table.py")),
    ("engine: steps for storage", ("steps (dolmen/engine/table.py",)),
    ("send: build a seat's message", ("_build (dolmen/server/sockets.py", "_messages (dolmen/server/sockets.py")),
    ("send: view for a seat", ("view_for", "view (dolmen/engine/table.py")),
    ("send: log events for a seat", ("events (dolmen/engine/table.py",)),
    ("send: legal actions", ("legal_payload",)),
    ("send: clocks", ("clocks_message",)),
    ("send: JSON encoding", ("json/encoder", "dumps (json", "send_loop (dolmen/server/sockets.py")),
    ("send: websocket write", ("send_text", "websocket_send", "send (starlette")),
    ("hub: fan-out (Redis, notices)", ("hub_redis", "redis/", "hub.py")),
    ("clock sweeps, presence", ("clocks.py", "notify.py")),
]


def part_of(stack: list[str]) -> str:
    found = "other"
    for frame in stack:
        for part, needles in PARTS:
            if any(needle in frame for needle in needles):
                found = part
                break
    return found


def summarize(path: Path, top: int = 12) -> list[str]:
    """Lines telling the share of samples of each part, then the costliest leaf functions."""
    parts: Counter[str] = Counter()
    leaves: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack_text, _, count_text = line.rpartition(" ")
        if not stack_text or not count_text.isdigit():
            continue
        count = int(count_text)
        stack = stack_text.split(";")
        if stack and stack[0].startswith(("process ", "thread ")):
            stack = [frame for frame in stack if not frame.startswith(("process ", "thread "))]
        total += count
        parts[part_of(stack)] += count
        leaves[stack[-1] if stack else "?"] += count
    if not total:
        return [f"{path.name}: no samples"]
    out = [f"{path.name}: {total} samples of the thread holding the GIL (Python CPU; waits on I/O not counted)"]
    out += [f"  {share / total:6.1%}  {part}" for part, share in parts.most_common()]
    out.append("  costliest leaf functions:")
    out += [f"  {share / total:6.1%}  {leaf}" for leaf, share in leaves.most_common(top)]
    return out
