"""The *Stone Age* bots (``greedy``, ``mcts``) and the heuristics they share: values of resources and positions
(:mod:`.values`, :mod:`.worth`, :mod:`.projection`), the round's placement plan (:mod:`.placement`) and the
rules for every other decision (:mod:`.choices`)."""
