"""Run a speed benchmark's cases on this build and, side by side, on another one (``--compare PYTHON``: the
interpreter of the other virtual environment, e.g. ``.venv-compiled/bin/python``).

Figures are games per CPU second of one process (one core; other processes on the shared machine do not count),
the median of ``--runs`` runs. With ``--compare`` each run of a case starts both builds one after the other
(interleaved, so that both see the same load) in fresh processes, and the last column is their ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Callable, Mapping

from dolmen.engine.build import build

Case = Callable[[float], tuple[float, float]]
"""Plays for about the given CPU seconds; returns games per second and the mean rounds per game."""


def _child(script: str, python: str, case: str, seconds: float) -> tuple[float, float, str]:
    out = subprocess.run(
        [python, script, "--case", case, str(seconds)], capture_output=True, text=True, check=True
    ).stdout
    found = json.loads(out)
    return found["rate"], found["rounds"], found["build"]


def main(
    title: str, cases: Mapping[str, Case], script: str, *, unit: str = "games/s", detail: str = "rounds per game"
) -> None:
    """``unit`` names the rate a case returns (per CPU second), ``detail`` its second figure."""
    parser = argparse.ArgumentParser(description=title)
    parser.add_argument("seconds", nargs="?", type=float, default=3.0, help="CPU seconds per run of a case")
    parser.add_argument("--runs", type=int, default=3, help="runs per case and build; the median is shown")
    parser.add_argument("--compare", metavar="PYTHON", help="the interpreter of the other build to run beside")
    parser.add_argument("--case", help=argparse.SUPPRESS)  # one run of one case, as JSON (the child processes)
    args = parser.parse_args()
    if args.case:
        rate, rounds = cases[args.case](args.seconds)
        print(json.dumps({"rate": rate, "rounds": rounds, "build": build()}))
        return
    print(f"{title} ({args.seconds:g} CPU s per run, median of {args.runs}, one core)")
    if not args.compare:
        print(f"  build: {build()}")
        for label, case in cases.items():
            runs = [case(args.seconds) for _ in range(args.runs)]
            rate = statistics.median(r for r, _ in runs)
            print(f"  {label:<28} {rate:9,.0f} {unit}   ({runs[0][1]:.1f} {detail})")
        return
    builds: list[str] = []
    for label in cases:
        mine, theirs = [], []
        for _ in range(args.runs):
            rate, rounds, name = _child(script, sys.executable, label, args.seconds)
            mine.append(rate)
            other, _, other_name = _child(script, args.compare, label, args.seconds)
            theirs.append(other)
            if not builds:
                builds = [name, other_name]
                width = 10 + len(unit)
                print(f"  {'':<28} {builds[0]:>{width}} {builds[1]:>{width}}   ratio")
        a, b = statistics.median(mine), statistics.median(theirs)
        print(f"  {label:<28} {a:9,.0f} {unit} {b:9,.0f} {unit}   {b / a:4.2f}×   ({rounds:.1f} {detail})")
