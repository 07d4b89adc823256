"""The generic search, knowing no game: Monte Carlo tree search over any kernel game (:mod:`.mcts`), its tree
(:mod:`.tree`), thinking budgets and levels (:mod:`.budget`), rewards and the hooks through which a game plugs
in its knowledge (:mod:`.rewards`), and paired comparisons on common random numbers (:mod:`.pairing`)."""
