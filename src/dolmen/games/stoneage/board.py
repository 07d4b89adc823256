"""A player's board: what they gain and pay, their tool tiles (seed 004 "Le plateau individuel"; rules page
"Actions, feeding, next round").

One home for the changes every phase and module makes to a seat: a gain (a card's top half, a die of "dice for
all", a village location, a reward), a payment, a tool step. The rules over a board's small values (the tool
track, the value of goods, a gathering's yield) are in :mod:`.components`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.games.stoneage.components import (
    AGRICULTURE,
    GOODS,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    NRES,
    PERSON,
    POINTS,
    RESOURCE_NAMES,
    TOOL_STEP,
    TOOL_TILES,
    Gain,
    raise_tool,
)
from dolmen.games.stoneage.log import note, reward_args

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def tool_step(state: StoneAgeState, seat: int) -> None:
    """One step up ``seat``'s tool track (:func:`components.raise_tool`)."""
    base = seat * TOOL_TILES
    tiles, used = state.tools[base : base + TOOL_TILES], state.tool_used[base : base + TOOL_TILES]
    raise_tool(tiles, used)
    state.tools[base : base + TOOL_TILES], state.tool_used[base : base + TOOL_TILES] = tiles, used
    if state.log is not None:
        note(state, "tool_raised", seat=seat, tools=[value for value in tiles if value])


def gain(state: StoneAgeState, seat: int, what: Gain) -> None:
    """``seat`` receives ``what``: resources, points, a person (max 10), agriculture (max 10) or tool steps.
    Only a tool step says so in the log (``tool_raised``); :func:`note_gain` or :func:`give` tell the rest."""
    kind, amount = what
    if kind < NRES:  # no augmented item assignment (compiled, a generic call)
        resources, index = state.resources, seat * NRES + kind
        resources[index] = resources[index] + amount
    elif kind == POINTS:
        score = state.score
        score[seat] = score[seat] + amount
    elif kind == PERSON:
        state.people[seat] = min(MAX_PEOPLE, state.people[seat] + amount)
    elif kind == AGRICULTURE:
        state.agriculture[seat] = min(MAX_AGRICULTURE, state.agriculture[seat] + amount)
    elif kind == TOOL_STEP:
        for _ in range(amount):
            tool_step(state, seat)


def note_gain(state: StoneAgeState, seat: int, what: Gain) -> None:
    """The event of a gain just received from a card, a die or a village location (call it when the log is on)."""
    kind, amount = what
    if kind < NRES:
        note(state, "gained", seat=seat, resource=RESOURCE_NAMES[kind], amount=amount)
    elif kind == POINTS:
        note(state, "points_scored", seat=seat, points=amount)
    elif kind == PERSON:
        note(state, "person_gained", seat=seat, people=state.people[seat])
    elif kind == AGRICULTURE:
        note(state, "agriculture_raised", seat=seat, agriculture=state.agriculture[seat])


def give(state: StoneAgeState, seat: int, reward: Gain) -> None:
    """A reward (a mammoth tile's, a driven-off animal's): the log says ``rewarded``, then ``seat`` gains it."""
    if state.log is not None:
        note(state, "rewarded", seat=seat, **reward_args(reward))
    gain(state, seat, reward)


def pay_goods(state: StoneAgeState, seat: int, counts: tuple[int, ...]) -> None:
    """Take ``counts`` goods from ``seat``; what follows the goods in a longer payment (the extension's jewels) the
    module that pays its own way takes (``Module.pay_more``)."""
    base, resources, paid = seat * NRES, state.resources, len(counts)
    for i in range(paid if paid < len(GOODS) else len(GOODS)):
        index = base + GOODS[i]
        resources[index] = resources[index] - counts[i]
    if paid > len(GOODS):
        payer = state.hooks.payments
        assert payer is not None, "a payment beyond the goods comes from the module that pays its own way"
        payer.pay_more(state, seat, counts)


def unused_tools(state: StoneAgeState, seat: int) -> tuple[int, ...]:
    """The values of ``seat``'s tool tiles not used yet this round."""
    base = seat * TOOL_TILES
    tools, used = state.tools, state.tool_used
    return tuple([tools[i] for i in range(base, base + TOOL_TILES) if tools[i] and not used[i]])


def has_tools(state: StoneAgeState, seat: int) -> bool:
    """Whether ``seat`` has a tool to add to a roll: an unused tile or a one-use tool."""
    if state.one_use[seat]:
        return True
    tools, used = state.tools, state.tool_used
    for i in range(seat * TOOL_TILES, (seat + 1) * TOOL_TILES):  # noqa: SIM110 (no generator in the hot loop)
        if tools[i] and not used[i]:
            return True
    return False
