"""Bots: policies that see only their seat's view, the legal actions and their own generator."""

from __future__ import annotations

from dolmen.engine.driver import Policy, RandomPolicy
from dolmen.engine.errors import OptionsError


def make_bot(spec: str) -> Policy:
    """A bot from ``NAME[:LEVEL]`` (``random``)."""
    name, _, _level = spec.partition(":")
    if name == "random":
        return RandomPolicy()
    raise OptionsError(f"unknown bot {spec!r}; known bots: random")
