"""The weights of :mod:`dolmen.bots.rtta.values`, one row per number of turns left (row 0 is unused).

``PRIOR`` is the hand-set starting point: per turn left, what an extra city, a development's effect, etc. are
worth in points. ``SOLO_BRONZE`` is what ``bench/rtta_bots.py fit`` printed (ridge regression toward the
prior of the final scores of played solo *Bronze Age* games): a fit on 3,000 greedy games (``--bot greedy
--games 3000 --seed 1``), then the average of that table and a fit on 1,500 games of expectimax playing with
it (``--bot expectimax --games 1500 --seed 2 --blend``). It is used for every edition and player count.
"""

from __future__ import annotations

from dolmen.games.rtta.components import DEVELOPMENT_NAMES, SOLO_ROUNDS

FEATURES: tuple[str, ...] = (
    "cities",
    "city_boxes",
    "monument_boxes",
    "monument_boxes_sq",
    "goods",
    "food_low",
    "food_high",
    *(f"has_{name}" for name in DEVELOPMENT_NAMES),
    "bias",
)
"""The columns of every row (:mod:`dolmen.bots.rtta.values` computes them). ``cities``: cities beyond the first
three; ``city_boxes``: boxes ticked in unfinished cities, each as a share of its city; ``monument_boxes``: over
unfinished monuments, the points the seat would score times the share of boxes ticked (``_sq``: times that share
squared, for the pull toward finishing); ``goods``: the goods' value in coins; ``food_low``: food up to one per
city (next turn's feeding), ``food_high``: the food above; ``has_*``: owning each development; ``bias``: 1."""
DEV_PER_TURN: tuple[float, ...] = (  # not Final: mypyc then fails to set it before the prior is built
    0.15,  # leadership
    0.1,  # irrigation
    0.3,  # agriculture
    0.15,  # quarrying
    0.15,  # medicine
    0.2,  # preservation
    0.6,  # coinage
    0.4,  # caravans
    0.2,  # shipping
    0.2,  # smithing
    0.1,  # religion
    0.3,  # granaries
    0.5,  # masonry
    0.3,  # engineering
    0.3,  # commerce
    0.5,  # architecture
    0.3,  # empire
)
"""Points a development's effect is worth per turn left, in the order of ``DEVELOPMENT_NAMES``: the prior's
``has_*`` weights, and what the greedy rules count a development's effect for (:mod:`dolmen.bots.rtta.rules`)."""
TURNS = SOLO_ROUNDS
"""Rows of the tables, one per number of turns left below a solo game's rounds (``components.SOLO_ROUNDS``); the
last row serves beyond."""


def _prior_row(turns: int) -> tuple[float, ...]:
    if turns == 0:
        return (0.0,) * len(FEATURES)
    return (
        0.5 * turns,  # cities
        0.35 * turns,  # city_boxes
        min(1.0, 0.5 + 0.05 * turns),  # monument_boxes
        0.2,  # monument_boxes_sq
        0.2,  # goods
        0.6,  # food_low
        0.1,  # food_high
        *(u * turns for u in DEV_PER_TURN),
        3.0 * turns,  # bias
    )


PRIOR: tuple[tuple[float, ...], ...] = tuple(_prior_row(t) for t in range(TURNS))
# fmt: off
SOLO_BRONZE: tuple[tuple[float, ...], ...] = (
    # the 25 FEATURES of rtta_values (cities ... bias), per turns left 0..9
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
     0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    (0.3489, -0.5557, 0.7287, 0.3089, 0.2162, 0.4594, -0.0229, 0.5509, 0.4716, 0.4708, 0.5091, -0.0883, 0.2,
     1.6597, -0.2127, 0.2, 0.2, -0.5736, 1.0257, 2.1899, 0.5203, 0.3, 0.5183, 0.1098, 1.9874),
    (1.4748, -0.1807, 1.1712, -0.1243, 0.2446, 0.5256, -0.0707, -0.339, -0.1103, 0.9543, -0.0235, -0.5773, 0.4,
     0.974, -1.5942, 0.4, 0.4, -0.9409, -0.0503, 2.7327, 0.9036, 0.6, -0.2185, -1.1191, 4.8614),
    (3.1363, -0.0164, 1.1239, -0.0366, 0.2963, 0.5518, 0.3022, -1.308, -0.5353, 1.4899, -0.1268, -1.0447, 0.6,
     1.0767, -2.4745, 0.6, 0.6, -1.9324, -0.8707, 2.4842, 0.9246, 0.9, -0.3444, -1.127, 8.4376),
    (4.3815, 1.1645, 1.2249, -0.1724, 0.3102, 0.7388, 0.3174, -1.5923, -0.2903, 1.7014, -0.0409, -1.148, 0.8,
     1.8937, -2.89, 0.8, 0.8, -2.7849, -0.73, 2.7228, 1.2359, 1.2, 0.1008, -1.0829, 11.4638),
    (5.8016, 2.7359, 1.1789, -0.3062, 0.3804, 0.6979, 0.0837, -1.8077, -0.3224, 2.7571, 0.6621, -1.2133, 1.0,
     2.6351, -2.9876, 1.0, 1.0, -2.8101, 0.6864, 2.6716, 1.5867, 1.5, 1.1536, 0.5045, 13.5827),
    (6.7525, 3.7776, 1.1898, -0.5914, 0.489, 0.6643, 0.1238, -1.7356, 0.1604, 3.0604, 1.1632, -0.7487, 1.2,
     2.3391, -0.3864, 1.2, 1.2, -3.1448, 1.9324, 3.1228, 1.8, 1.8, 3.0, 1.8, 17.4216),
    (7.396, 6.114, 1.0378, -0.4482, 0.5123, 0.8719, -0.3455, -1.5183, 1.3096, 3.6808, 2.0335, -0.0294, 1.4,
     1.5426, -0.2421, 1.4, 1.4, 0.2772, 1.9693, 4.866, 2.1, 2.1, 3.5, 2.1, 23.195),
    (8.046, 6.4267, 1.3137, -0.3127, 0.5558, 0.9518, 0.6522, -0.4101, 1.8632, 4.731, 1.2889, 0.5564, 1.6,
     1.337, 2.7614, 1.6, 1.6, 0.6607, 2.4, 3.8233, 2.4, 2.4, 4.0, 2.4, 30.3883),
    (8.01, 5.8883, 1.1202, -0.0643, 0.8026, 1.0308, 0.7843, -0.4958, 1.5172, 4.5832, 1.6019, 0.9953, 1.8,
     2.8568, 3.6, 1.8, 1.8, 0.9, 2.7, 4.5, 2.7, 2.7, 4.5, 2.7, 37.8086),
)
# fmt: on
