"""Spades against OpenSpiel's `spades`, move for move.

OpenSpiel deals 52 cards round from seat 0 (seat 3 is the dealer in cardrules); a card's
action id is suit * 13 + rank, suits C D H S and ranks 2 to A; action 52 + n bids n, and 52 is
nil (`bid nil`). OpenSpiel never marks spades broken, so the test plays `spades_break=false`.
OpenSpiel plays one hand and returns each seat its side's score for it: the hand scores
between -230 and 230, so its win bonus (500) and mercy penalty (-350) never apply, and the
return is the cardrules score with `max_hands=1`.
"""

import pytest

from cardrules import load_game
from openspiel_diff import Correspondence, card_text, games_to_play, play_many, same_game

pyspiel = pytest.importorskip("pyspiel")

SUITS, RANKS = "CDHS", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def position(os_state):
    hands = [[], [], [], []]
    for i, action in enumerate(os_state.history()):
        hands[i % 4].append(card_text(SUITS, RANKS, action // 13, action % 13))
    return {"phase": "begin_hand", "vars": {"hands": 1, "dealer": 3}, "zones": {"hand": hands}, "rest": "stock"}


def move_text(os_state, action):
    if action < 52:
        return f"play {card_text(SUITS, RANKS, action // 13, action % 13)}"
    return "bid nil" if action == 52 else f"bid {action - 52}"


def test_spades_agrees_with_openspiel():
    corr = Correspondence(pyspiel.load_game("spades"), same_game(load_game("spades", {"spades_break": False, "max_hands": 1})),
                          position, move_text, lambda st: [float(s) for s in st.scores()])
    assert play_many(corr, games_to_play(400)) > 0
