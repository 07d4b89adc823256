"""The weight tables of the RTTA bots follow the game's components: one row per turn left of a solo game, one
column per feature, one development weight per development (seed 002: ten rounds solo; 17 developments)."""

from __future__ import annotations

from dolmen.bots.rtta import rules
from dolmen.bots.rtta.values import BIAS_FEATURE, FIRST_DEV_FEATURE, FOOD_HIGH_FEATURE, FOOD_LOW_FEATURE
from dolmen.bots.rtta.weights import DEV_PER_TURN, FEATURES, PRIOR, SOLO_BRONZE
from dolmen.games.rtta.components import DEVELOPMENT_NAMES, SOLO_ROUNDS


def test_every_table_has_a_row_per_solo_turn_and_a_column_per_feature() -> None:
    for table in (PRIOR, SOLO_BRONZE):
        assert len(table) == SOLO_ROUNDS
        assert {len(row) for row in table} == {len(FEATURES)}
    assert not any(PRIOR[0])


def test_the_feature_positions_name_the_features() -> None:
    assert FEATURES[FOOD_LOW_FEATURE] == "food_low" and FEATURES[FOOD_HIGH_FEATURE] == "food_high"
    assert FEATURES[FIRST_DEV_FEATURE : FIRST_DEV_FEATURE + len(DEVELOPMENT_NAMES)] == tuple(
        f"has_{name}" for name in DEVELOPMENT_NAMES
    )
    assert FEATURES[BIAS_FEATURE] == "bias"


def test_one_development_weight_per_development_shared_by_the_prior_and_the_rules() -> None:
    assert len(DEV_PER_TURN) == len(DEVELOPMENT_NAMES)
    assert rules.DEV_PER_TURN is DEV_PER_TURN
    turns = 3
    assert PRIOR[turns][FIRST_DEV_FEATURE : FIRST_DEV_FEATURE + len(DEV_PER_TURN)] == tuple(
        weight * turns for weight in DEV_PER_TURN
    )
