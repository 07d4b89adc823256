"""*Stone Age* (base game, 2–4 players): rules by phase on a compact state with hidden civilization cards.

``placement`` (phase 1), ``resolution`` and ``cards`` (phase 2), ``feeding`` (phase 3 and the end of the
round), ``scoring``; ``components`` holds the tables, ``actions`` the text forms, ``views`` what each seat sees.
"""

from dolmen.games.stoneage.game import StoneAge
from dolmen.games.stoneage.state import StoneAgeState

__all__ = ["StoneAge", "StoneAgeState"]
