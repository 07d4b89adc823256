"""*Roll Through the Ages* (*The Bronze Age* and *The Late Bronze Age*): the rules engine.

Modules by concern: ``components`` (the rule tables), ``actions`` (action and outcome text forms), ``steps``
(what a state waits for), one module per phase (``rolling``, ``harvest``, ``disasters``, ``building``,
``trading``, ``buying``, ``scoring``), ``log`` (the events they tell when a driver keeps a log; their texts in
``messages/<language>.json``), ``reasons`` (why an action is refused), ``views``, ``describe`` (the static
tables as JSON) and the wiring in ``state`` and ``game``.
"""

from dolmen.games.rtta.game import RollThroughTheAges
from dolmen.games.rtta.state import RttaState

__all__ = ["RollThroughTheAges", "RttaState"]
