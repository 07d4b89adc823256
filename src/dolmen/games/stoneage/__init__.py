"""*Stone Age* (2–4 players, 5 with the extension): rules by phase on a compact state with hidden civilization
cards, and the modules of seed 003 as table options.

Tables: ``components`` and ``module_components``. Values: ``actions`` (typed), ``texts`` (their text forms),
``steps``. Rules over small values: ``payments``, ``barter``, ``scoring``; a player's board: ``board``. The
phases, each importing only those before it: ``feeding`` (phase 3, the end of the round, the next round),
``resolution`` (phase 2: whose turn, the village), ``gathering``, ``cards``, ``buildings``, ``placement``
(phase 1), ``reveals``. The modules: ``modules/<module>.py`` behind the hook protocol of ``hooks``. Then
``decisions`` (every step's legal actions and handlers), ``views``, ``reasons``, ``description``, ``state``,
``rebuild`` and ``game``.
"""

from dolmen.games.stoneage.game import StoneAge
from dolmen.games.stoneage.state import StoneAgeState

__all__ = ["StoneAge", "StoneAgeState"]
