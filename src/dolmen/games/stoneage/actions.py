"""Actions and chance outcomes of *Stone Age*: small tuples headed by their kind (:class:`Act`,
:class:`Draw`); their text forms are in :mod:`.texts` (docs/stoneage.md).

A kind is an ``IntEnum``: it compares and hashes equal to its number, so a tuple written with numbers (an
external rule check, an old saved game) is the same action. An action is a tuple whose first item is its kind:

=========================  ======================================  ==========================================
tuple                      text                                    meaning
=========================  ======================================  ==========================================
``(PLACE, loc, n)``        ``place forest 3``, ``place hut``,      put ``n`` people on a location
                           ``place card 2``, ``place building 1``
``(RESOLVE, loc)``         ``resolve forest``                      resolve one of your locations now
``(TOOLS, tiles, once)``   ``tools 3 1``, ``tools 2 once 4``,      add these unused tool tiles (values) and
                           ``tools none``                          one-use tools to the dice total
``(PAY, counts)``          ``pay wood wood clay``                  pay for a card or a flexible building
``(BUY,)``                 ``buy``                                 buy a fixed-cost building
``(DECLINE,)``             ``decline``                             decline the card or building
``(TAKE, counts)``         ``take wood gold``                      the resources of your choice of a card
``(PICK, face)``           ``pick 4``                              take one die of a "dice for all" roll
``(FEED, counts)``         ``feed resources wood stone``           feed the missing people with resources
``(PENALTY,)``             ``feed penalty``                        take -10 points instead
=========================  ======================================  ==========================================

``counts`` is a tuple of how many of each good (wood, clay, stone, gold); a fifth count, jewels, appears only
when jewels are paid (``pay jewel jewel jewel``). Chance outcomes: ``(DICE, faces)`` (``dice 2 5 6``, faces
sorted), ``(CARD, index)`` (``card medicine-food5``; a wild animal ``card eagle``), ``(BUILDING, index)``
(``building wwc``), ``(HERD, zone)`` (``herd forest``), ``(MAMMOTH, tile)`` (``mammoth forest-points5``).

The modules' actions (see docs/stoneage.md); barter vectors are 5 long (the fifth is jewels):

===============================  ====================================  ======================================
tuple                            text                                  meaning
===============================  ====================================  ======================================
``(BARTER, given, received)``    ``barter stone for gold``             while paying: the round's one barter
``(JEWELS, n)``                  ``jewels 2``                          take ``n`` of a hunt's yield as jewels
``(TAME, resource)``             ``tame food``, ``tame stop``          one more person tames, paying this
``(WINTER,)``                    ``winter gold``                       one more gold for 6 points
``(INSULATE,)``                  ``insulate``                          one more stone for 5 points
``(DRAW,)``                      ``draw``                              3 more jewels for a face-down card
``(SKIP,)``                      ``skip``                              none of these extras
``(REWARD, which)``              ``reward top``, ``reward bottom``     the contest winner's choice
===============================  ====================================  ======================================
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final


class Act(IntEnum):
    """The kind of an action (the first item of its tuple)."""

    PLACE = 0
    RESOLVE = 1
    TOOLS = 2
    PAY = 3
    BUY = 4
    DECLINE = 5
    TAKE = 6
    PICK = 7
    FEED = 8
    PENALTY = 9
    BARTER = 13
    JEWELS = 14
    TAME = 15
    WINTER = 16
    INSULATE = 17
    DRAW = 18
    SKIP = 19
    REWARD = 20


class Draw(IntEnum):
    """The kind of a chance outcome (the first item of its tuple): what chance drew."""

    DICE = 10
    CARD = 11
    BUILDING = 12
    HERD = 21
    MAMMOTH = 22


# The kinds by name: the rules build and compare actions in their inner loops, where reading an enum's member
# (a class attribute behind the enum's metaclass) would cost several times a global's lookup.
PLACE: Final = Act.PLACE
RESOLVE: Final = Act.RESOLVE
TOOLS: Final = Act.TOOLS
PAY: Final = Act.PAY
BUY: Final = Act.BUY
DECLINE: Final = Act.DECLINE
TAKE: Final = Act.TAKE
PICK: Final = Act.PICK
FEED: Final = Act.FEED
PENALTY: Final = Act.PENALTY
BARTER: Final = Act.BARTER
JEWELS: Final = Act.JEWELS
TAME: Final = Act.TAME
WINTER: Final = Act.WINTER
INSULATE: Final = Act.INSULATE
DRAW: Final = Act.DRAW
SKIP: Final = Act.SKIP
REWARD: Final = Act.REWARD
DICE: Final = Draw.DICE
CARD: Final = Draw.CARD
BUILDING: Final = Draw.BUILDING
HERD: Final = Draw.HERD
MAMMOTH: Final = Draw.MAMMOTH

# The shapes name the kind ``int``, not ``Act``: an action written with plain numbers is the same action, and the
# compiled build checks a value's declared type where it crosses a function boundary.
Counts = tuple[int, ...]
"""How many of each good (wood, clay, stone, gold), with a fifth count, jewels, where jewels are paid."""
Place = tuple[int, int, int]
Resolve = tuple[int, int]
Tools = tuple[int, tuple[int, ...], tuple[int, ...]]
Payment = tuple[int, Counts]
"""``(PAY, counts)``, ``(TAKE, counts)``, ``(FEED, counts)``."""
Choice = tuple[int, int]
"""``(PICK, face)``, ``(JEWELS, n)``, ``(TAME, resource)``, ``(REWARD, which)``."""
Barter = tuple[int, Counts, Counts]
Bare = tuple[int]
"""``(BUY,)``, ``(DECLINE,)``, ``(PENALTY,)``, ``(WINTER,)``, ``(INSULATE,)``, ``(DRAW,)``, ``(SKIP,)``."""
Action = Any
"""Any of the above (the handlers of each kind take their own shape)."""

# The shared actions are typed ``tuple[int, ...]``: compiled, a fixed-length tuple (``Bare``, ``Choice``) is a C
# struct, boxed into a new tuple at every use.
BUY_ACTION: Final[tuple[int, ...]] = (BUY,)
DECLINE_ACTION: Final[tuple[int, ...]] = (DECLINE,)
PENALTY_ACTION: Final[tuple[int, ...]] = (PENALTY,)
WINTER_ACTION: Final[tuple[int, ...]] = (WINTER,)
INSULATE_ACTION: Final[tuple[int, ...]] = (INSULATE,)
DRAW_ACTION: Final[tuple[int, ...]] = (DRAW,)
SKIP_ACTION: Final[tuple[int, ...]] = (SKIP,)
TAME_STOP: Final[tuple[int, ...]] = (TAME, -1)
REWARD_TOP: Final[tuple[int, ...]] = (REWARD, 0)
REWARD_BOTTOM: Final[tuple[int, ...]] = (REWARD, 1)
