"""Piquet over random play: every core property, twelve tricks in every deal and, with the
seed's trick scoring, 26 trick points in every deal (13 leads and 13 tricks won)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var

STANDARD = {"carte_blanche": "standard", "trick_scoring": "standard", "bonus30": "standard",
            "capot_adds_ten": True}
PARTIES = {"seed": load_game("piquet"), "standard": load_game("piquet", STANDARD)}
ONE_DEAL = load_game("piquet", {"deals": 1})


def _trick_zone(state):
    return state.zones[state.game.zones["trick"].base]


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(PARTIES)))
def test_random_play_keeps_every_core_property(seed, rules):
    final = check_game_properties(PARTIES[rules], seed, check_every=1)
    assert var(final, "deal_no") == 6


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6))
def test_every_deal_has_twelve_tricks_worth_26_trick_points(seed):
    rng = random.Random(seed)
    state = ONE_DEAL.new_state(seed)
    tricks = 0
    in_play = []   # the change of the two deal scores' sum made by each card played
    while not state.is_over:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        card_completes_a_trick = state.phase_name == "play" and len(_trick_zone(state)) == 1
        before = sum(var(state, "deal_score"))
        state.apply(move)
        if move.name == "play":
            tricks += card_completes_a_trick
            in_play.append(sum(var(state, "deal_score")) - before)
    won = [len(state.zones[state.game.zones["won"].base + p]) // 2 for p in (0, 1)]
    assert tricks == 12 and sum(won) == 12 and var(state, "trick_no") == 12
    # The last card also brings the cards (10, or 40 for capot); the 30-point bonus may fire on
    # any card played, once. Trick points are 1 or 2 a card, so a larger step holds the bonus.
    in_play[-1] -= 40 if max(won) == 12 else 10 if max(won) >= 7 else 0
    bonuses = [step for step in in_play if step >= 30]
    assert len(bonuses) <= 1
    assert sum(in_play) - 30 * len(bonuses) == 26
    assert all(1 <= step <= 2 for step in in_play if step < 30)
