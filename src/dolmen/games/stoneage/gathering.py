"""Gathering: the dice of a gathering site (or of a card's roll for a resource), the choice of tools, the yield
(seed 004 "Les ressources"; rules page "Actions, feeding, next round").

A roll's dice are a chance step (:mod:`.rolls`); the roller then adds unused tool tiles (each whole, once per
round) and one-use tools, and takes total ÷ value. The same dice step also serves a "dice for all" roll (the
dice go to the picks of :mod:`.cards`) and the modules' rolls (their module takes the dice). The modules' hooks
here: ``lower_total`` (the wild animal), ``take_yield`` (the extension's jewels from a hunt), ``after_gathering``
(taming the mammoth herd).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import TOOLS, Tools
from dolmen.games.stoneage.board import has_tools, unused_tools
from dolmen.games.stoneage.components import CARDS, NRES, ONE_USE_VALUE, RESOURCE_NAMES, TOOL_TILES, gathering_yield
from dolmen.games.stoneage.hooks import following
from dolmen.games.stoneage.log import note, place
from dolmen.games.stoneage.payments import keep
from dolmen.games.stoneage.resolution import next_resolver
from dolmen.games.stoneage.steps import CHOOSE_TOOLS, CONTEST, DICE_FOR_ALL, PICK_DIE

if TYPE_CHECKING:
    from dolmen.games.stoneage.hooks import Module
    from dolmen.games.stoneage.state import StoneAgeState


def apply_dice(state: StoneAgeState, faces: tuple[int, ...]) -> None:
    """The dice of the pending roll (faces sorted)."""
    if state.log is not None:
        note_roll(state, faces)
    if state.roll_res < 0:
        if state.roll_res == DICE_FOR_ALL:
            state.pick_dice = faces
            state.pick_seat = state.turn
            state.step = PICK_DIE
        else:
            state.hooks.rollers[state.roll_res].apply_dice(state, faces)
        return
    total = 0
    for face in faces:  # compiled, a native loop (sum() is a generic call)
        total += face
    state.roll_total = total
    if state.modular and state.gather_site >= 0:
        for module in state.hooks.lower_total:
            state.roll_total = module.lower_total(state, state.roll_total)
    if has_tools(state, state.turn):
        state.step = CHOOSE_TOOLS
    else:
        gather(state, state.roll_total)


def note_roll(state: StoneAgeState, faces: tuple[int, ...]) -> None:
    """The roll's event: a gathering, a card's 2 dice, a "dice for all", a mammoth contest or a drive-off."""
    seat, dice = state.turn, list(faces)
    if state.roll_res >= 0:
        resource = RESOURCE_NAMES[state.roll_res]
        if state.gather_site >= 0:
            site = place(state.gather_site)
            note(state, "gathering_rolled", seat=seat, location=site, resource=resource, dice=dice, total=sum(dice))
        else:
            note(state, "card_dice_rolled", seat=seat, resource=resource, dice=dice, total=sum(dice))
    elif state.roll_res == DICE_FOR_ALL:
        note(state, "dice_for_all_rolled", seat=seat, dice=dice)
    elif state.roll_res == CONTEST:
        note(state, "contest_rolled", seat=seat, dice=dice)
    else:
        note(state, "drive_off_rolled", seat=seat, dice=dice)


# -- tools --------------------------------------------------------------------------------------------------
_TOOL_CHOICES: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Any, ...]]] = {}
""":func:`tool_choices` by its arguments (a few hundred: tile values 1-4, a hand's few one-use tools)."""


def tool_choices(tiles: tuple[int, ...], once: tuple[int, ...]) -> tuple[Any, ...]:
    """Every distinct choice of unused tiles (values, high to low) and one-use tools (values, high to low)."""
    key = (tiles, once)
    found = _TOOL_CHOICES.get(key)
    if found is None:
        found = _TOOL_CHOICES[key] = _tool_choices(tiles, once)
    return found


def _tool_choices(tiles: tuple[int, ...], once: tuple[int, ...]) -> tuple[Any, ...]:
    tile_sets = sorted({tuple(v for v, keep in zip(tiles, mask, strict=True) if keep) for mask in _masks(len(tiles))})
    once_sets = sorted({tuple(v for v, keep in zip(once, mask, strict=True) if keep) for mask in _masks(len(once))})
    return tuple((TOOLS, t, o) for t in tile_sets for o in once_sets)


def _masks(size: int) -> list[tuple[bool, ...]]:
    return list(product((False, True), repeat=size))


_BY_KEY: Final[dict[int, tuple[Any, ...]]] = {}
""":func:`legal_tools` by a number packing the unused tiles' values (in slot order) and how many one-use tools of
each value the hand holds: no tuple built or hashed at a step."""
_ONCE_DIGIT: Final[tuple[int, ...]] = tuple(8 ** (TOOL_TILES + value) for value in range(max(ONE_USE_VALUE) + 1))
"""A one-use tool of value ``v`` adds ``8 ** (3 + v)`` to the key (the tiles' values, 1 to 4, take three octal
digits; at most seven tools of a value)."""


def legal_tools(state: StoneAgeState) -> tuple[Any, ...]:
    seat = state.turn
    base = seat * TOOL_TILES
    tools, used = state.tools, state.tool_used
    key = 0
    for i in range(base, base + TOOL_TILES):
        value = tools[i]
        if value and not used[i]:
            key = key * 8 + value
    cards = state.one_use[seat]
    for card in cards:
        key += _ONCE_DIGIT[ONE_USE_VALUE[card]]
    found = _BY_KEY.get(key)
    if found is None:
        once = tuple(sorted([ONE_USE_VALUE[card] for card in cards], reverse=True))
        found = keep(_BY_KEY, key, tool_choices(unused_tools(state, seat), once))
    return found


def apply_tools(state: StoneAgeState, action: Tools) -> None:
    _, tiles, once = action
    seat = state.turn
    base = seat * TOOL_TILES
    tools, tool_used = state.tools, state.tool_used
    added = 0
    for value in tiles:
        added += value
        for i in range(base, base + TOOL_TILES):
            if tools[i] == value and not tool_used[i]:
                tool_used[i] = 1
                break
    used_cards: list[str] = []
    if once:
        left = list(state.one_use[seat])
        for value in once:
            added += value
            for j in range(len(left)):  # the first card of that value (no generator)
                if ONE_USE_VALUE[left[j]] == value:
                    used_cards.append(CARDS[left.pop(j)].id)
                    break
        state.one_use[seat] = tuple(left)
    if state.log is not None and (tiles or once):
        note(state, "tools_used", seat=seat, tiles=list(tiles), cards=used_cards, added=added)
    gather(state, state.roll_total + added)


# -- the yield ----------------------------------------------------------------------------------------------
def gather(state: StoneAgeState, total: int) -> None:
    """Take ``total`` ÷ the resource's value, rounded down; then go on resolving."""
    resource = state.roll_res
    amount = gathering_yield(total, resource)
    if state.log is not None:
        note(state, "gathered", seat=state.turn, resource=RESOURCE_NAMES[resource], amount=amount, total=total)
    index = state.turn * NRES + resource
    if state.modular:
        for module in state.hooks.take_yield:
            if module.take_yield(state, amount):
                return
        resources = state.resources  # no augmented item assignment (compiled, a generic call)
        resources[index] = resources[index] + amount
        after_gathering(state)
        return
    resources = state.resources
    resources[index] = resources[index] + amount
    next_resolver(state)


def after_gathering(state: StoneAgeState, after: Module | None = None) -> None:
    """The yield is taken: the modules' decisions after gathering, from the one after ``after`` on (taming the
    mammoth herd), then resolution goes on."""
    for module in following(state.hooks.after_gathering, after):
        if module.after_gathering(state):
            return
    next_resolver(state)
