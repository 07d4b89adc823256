"""Hidden information: a seat sees its own civilization cards, of others only how many (face-up one-use tools
aside), unless the table has open cards; the deck's order exists nowhere (shared/rules/stoneage.md [ruling] on
cards; seed 004 "On ne peut voir que ses propres cartes")."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from dolmen.engine import CHANCE, random_playout
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.components import CARDS

GAME = StoneAge()


def midgame(players: int, seed: int, steps: int = 400, **options: bool) -> StoneAgeState:
    """A random game played ``steps`` steps in (or to its end)."""
    rng = random.Random(seed)
    state = GAME.new_state(players, options)
    for _ in range(steps):
        actors = state.actors()
        if not actors:
            break
        if actors[0] == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(actors[0])
            state.apply_action(actors[0], legal[rng.randrange(len(legal))])
    return state


def swap_hidden_card(state: StoneAgeState, owner: int) -> StoneAgeState | None:
    """A copy of ``state`` where one hidden card of ``owner`` is exchanged with a different card of the deck."""
    hidden = Counter(state.hands[owner]) - Counter(state.one_use[owner])
    for card in hidden:
        for other, count in enumerate(state.deck):
            if count and other != card:
                twin = state.clone()
                hand = list(twin.hands[owner])
                hand[hand.index(card)] = other
                twin.hands[owner] = tuple(hand)
                twin.deck[other] -= 1
                twin.deck[card] += 1
                return twin
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_states_differing_only_in_hidden_cards_look_the_same_to_everyone_else(players: int) -> None:
    """Views of two states that differ only in one player's hidden card are equal for every other seat and for
    spectators, and differ for that player."""
    checked = 0
    for seed in range(12):
        state = midgame(players, seed, steps=150 + 40 * seed)
        if not state.actors():
            continue
        for owner in range(players):
            twin = swap_hidden_card(state, owner)
            if twin is None:
                continue
            checked += 1
            for viewer in (None, *range(players)):
                same = json.dumps(state.view(viewer)) == json.dumps(twin.view(viewer))
                assert same == (viewer != owner)
    assert checked >= 10


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_card_ids_appear_only_in_the_unseen_multiset(players: int) -> None:
    """An opponent's hidden card ids appear nowhere in a view except in ``unseen_cards`` (where they are mixed
    with the deck), unless the same kind is visible elsewhere."""
    for seed in range(6):
        state = midgame(players, seed, steps=300)
        for viewer in range(players):
            view = state.view(viewer)
            unseen = view.pop("unseen_cards")
            text = json.dumps(view)
            visible = {c for c in view["display"] if c}
            visible |= set(view["seats"][viewer]["cards"] or [])
            visible |= {card for doc in view["seats"] for card in doc["one_use"]}
            for owner in range(players):
                if owner == viewer or not state.actors():
                    continue
                for card in state.hands[owner]:
                    name = CARDS[card].id
                    if name not in visible:
                        assert f'"{name}"' not in text
                        assert unseen[name] >= 1


def test_open_cards_show_every_hand() -> None:
    """Option ``open_cards``: civilization cards visible to all."""
    state = midgame(3, 1, steps=300, open_cards=True)
    view = state.view(0)
    assert all(doc["cards"] == [CARDS[c].id for c in state.hands[s]] for s, doc in enumerate(view["seats"]))
    assert sum(view["unseen_cards"].values()) == state.deck_size


def test_every_hand_is_shown_at_the_end() -> None:
    """Seed 004 "Score final": the cards are scored, so they are shown."""
    state = random_playout(GAME.new_state(2), random.Random(3))
    assert all(doc["cards"] is not None for doc in state.view(1)["seats"])


def test_state_from_view_deals_hidden_cards_from_the_unseen_ones() -> None:
    """``state_from_view`` samples others' hidden cards from the cards the seat has not seen, consistently with
    the counts, and its view for that seat is the original one."""
    state = midgame(4, 7, steps=600)
    view = state.view(2)
    hands = set()
    for seed in range(20):
        rebuilt = GAME.state_from_view(view, random.Random(seed))
        assert rebuilt.view(2) == view
        assert rebuilt.hands[2] == state.hands[2]
        assert [len(h) for h in rebuilt.hands] == [len(h) for h in state.hands]
        assert rebuilt.deck_size == state.deck_size
        hands.add(tuple(rebuilt.hands[0]))
        random_playout(rebuilt, random.Random(seed))  # a bot can search from it
    assert len(hands) > 1  # hidden cards really are sampled


def test_one_use_tools_lie_face_up() -> None:
    """One-use tool cards are shown (face up) until used; the rest of the hand stays hidden."""
    for seed in range(40):
        state = midgame(2, seed, steps=500)
        if state.actors() and state.one_use[1]:
            doc = state.view(0)["seats"][1]
            assert doc["one_use"] == [CARDS[c].id for c in state.one_use[1]] and doc["cards"] is None
            return
    pytest.fail("no game with a face-up one-use tool")
