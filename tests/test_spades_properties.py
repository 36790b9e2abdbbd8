"""Spades over random play: every core property, with and without nil bids; in each hand
partners bid 13 at most between them, 13 tricks are taken, and a spade is led only once
spades are broken or from a hand of nothing else."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

RULES = {"nil": load_game("spades"), "no nil": load_game("spades-no-nil"),
         "never broken": load_game("spades", {"spades_break": False})}


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(RULES)))
def test_random_play_keeps_every_core_property(seed, rules):
    final = check_game_properties(RULES[rules], seed, check_every=1)
    totals = var(final, "total")
    assert var(final, "hands") == 20 or max(totals) >= 500 or min(totals) <= -200


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(RULES)))
def test_bids_tricks_and_the_lead_of_spades(seed, rules):
    for state, move in random_moves(RULES[rules], seed):
        if move is None or state.phase_name == "take_trick":
            continue
        if state.phase_name == "bidding" and move == "bid nil":
            assert rules != "no nil"
        if state.phase_name == "play" and var(state, "led") is None and move.endswith("S"):
            held = hand_of(state, state.current_player)
            assert var(state, "broken") or all(c.endswith("S") for c in held)
        if state.phase_name == "play" and all(not h for h in (hand_of(state, p) for p in range(4))):
            assert sum(var(state, "tricks")) == 13
        bids = var(state, "bid")
        assert bids[0] + bids[2] <= 13 and bids[1] + bids[3] <= 13
