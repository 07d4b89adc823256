"""The *Roll Through the Ages* bots (``greedy``, ``expectimax``, ``mcts``) and the heuristics they share: the
rules of thumb (:mod:`.rules`, :mod:`.choices`, :mod:`.trade`), the fitted board value (:mod:`.values`,
:mod:`.weights`), the turn planner (:mod:`.plan`) and the exact dice search (:mod:`.dice`)."""
