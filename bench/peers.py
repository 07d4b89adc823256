"""Dolmen beside the public engines of issue 14: random playouts in games per CPU second, side by side.

The peers are built outside this repository (docs/speed.md, "The peers", says how): the TypeScript Roll Through
the Ages engine GGulati/RollThroughAges (a bundled ``peer.js`` run by ``node``) and the Java Stone Age engine
L3-Info-Miage-Universite-Cote-D-Azur/projetinfo-2019-stoneage-sah (a class folder or jar holding its harness
``PeerBench``). Each peer harness is called as ``COMMAND PLAYERS CPU_SECONDS``, plays random games for that much
CPU time of its own process and prints one JSON line with its ``rate`` (games per CPU second).

Dolmen plays the matching configuration (base game, the same player counts) with ``random_playout``, in a fresh
process of each given build. Every run starts Dolmen interpreted, Dolmen compiled (``--compare``) and the peer one
after the other for each case, so that all see the same load; the table shows the median of ``--runs`` runs.
Run: ``.venv/bin/python bench/peers.py [SECONDS] [--runs N] [--compare .venv-compiled/bin/python]
[--rtta-ts /tmp/peers/rtta-ts/dist/peer.js] [--stoneage-java /tmp/peers/stoneage-java/classes]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from dolmen.engine.build import build
from rtta_speed import games_per_second as rtta_games_per_second
from stoneage_speed import games_per_second as stoneage_games_per_second

CASES: dict[str, tuple[str, int]] = {
    "rtta solo": ("rtta", 1),
    "rtta 2 players": ("rtta", 2),
    "rtta 4 players": ("rtta", 4),
    "stoneage 2 players": ("stoneage", 2),
    "stoneage 4 players": ("stoneage", 4),
}
"""Label: (game, players). Roll Through the Ages is the Bronze Age edition without trade; Stone Age the base game."""


def dolmen_rate(game: str, players: int, seconds: float) -> float:
    """Games per CPU second of this process for one case."""
    if game == "rtta":
        return rtta_games_per_second(players, {"edition": "bronze"}, seconds)[0]
    return stoneage_games_per_second(players, seconds)[0]


def _run(command: list[str]) -> dict[str, object]:
    """The last line a child printed, as JSON (``rate``, and ``build`` for Dolmen)."""
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return found


def peer_command(game: str, args: argparse.Namespace) -> list[str] | None:
    """The command that runs the peer of ``game`` (without its two arguments), or None when it was not given."""
    if game == "rtta" and args.rtta_ts:
        return ["node", args.rtta_ts]
    if game == "stoneage" and args.stoneage_java:
        return ["java", "-cp", args.stoneage_java, "PeerBench"]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description="Dolmen beside the peers of issue 14 (games per CPU second)")
    parser.add_argument("seconds", nargs="?", type=float, default=2.0, help="CPU seconds per run of a case")
    parser.add_argument("--runs", type=int, default=3, help="runs per case and engine; the median is shown")
    parser.add_argument("--compare", metavar="PYTHON", help="the interpreter of the compiled build")
    parser.add_argument("--rtta-ts", metavar="PEER_JS", help="the bundled TypeScript Roll Through the Ages harness")
    parser.add_argument("--stoneage-java", metavar="CLASSPATH", help="the Java Stone Age engine and its PeerBench")
    parser.add_argument("--case", help=argparse.SUPPRESS)  # one Dolmen run of one case (the child processes)
    args = parser.parse_args()
    if args.case:
        game, players = CASES[args.case]
        print(json.dumps({"rate": dolmen_rate(game, players, args.seconds), "build": build()}))
        return
    pythons = [sys.executable] + ([args.compare] if args.compare else [])
    heads = [str(_run([python, __file__, "--case", "rtta solo", "0.01"])["build"]) for python in pythons]
    print(f"random playouts, games per CPU second ({args.seconds:g} s a run, median of {args.runs}, one core)")
    print(f"  {'':<20}" + "".join(f"{h[:12]:>13}" for h in heads) + f"{'peer':>13}   Dolmen / peer")
    for label, (game, players) in CASES.items():
        peer = peer_command(game, args)
        rates: list[list[float]] = [[] for _ in range(len(pythons) + 1)]
        for _ in range(args.runs):
            for i, python in enumerate(pythons):
                rates[i].append(float(str(_run([python, __file__, "--case", label, str(args.seconds)])["rate"])))
            if peer:
                rates[-1].append(float(str(_run([*peer, str(players), str(args.seconds)])["rate"])))
        medians = [statistics.median(r) if r else None for r in rates]
        cells = "".join(f"{m:13,.0f}" if m is not None else f"{'—':>13}" for m in medians)
        ratios = "  ".join(f"{m / medians[-1]:.2f}×" for m in medians[:-1] if m and medians[-1]) or "(no peer given)"
        print(f"  {label:<20}{cells}   {ratios}")


if __name__ == "__main__":
    main()
