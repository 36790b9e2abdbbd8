"""Hearts against OpenSpiel's `hearts`, move for move.

OpenSpiel's first chance outcome is the pass direction (0 keep, 1 left, 2 across, 3 right: the
receiver is the passer's seat plus it), then 52 cards dealt round from seat 0. A card's action
id is rank * 4 + suit, suits in the order C D H S and ranks from 2 to A. Both the passing and
the play take a card as action: `pass 7H` and `play 7H` in cardrules. OpenSpiel plays one hand
and returns 26 minus the hand's points; cardrules' score is minus the points, so with
`max_hands=1` a return is 26 + score.
"""

import pytest

from cardrules import load_game
from openspiel_diff import Correspondence, card_text, games_to_play, play_many, same_game

pyspiel = pytest.importorskip("pyspiel")

SUITS, RANKS = "CDHS", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
OPTIONS = {
    "defaults": {},
    "every house option": {"no_pts_on_first_trick": False, "can_lead_any_club": True, "jd_bonus": True,
                           "avoid_all_tricks_bonus": True, "qs_breaks_hearts": False,
                           "can_lead_hearts_instead_of_qs": True},
    "hearts open from the start": {"must_break_hearts": False, "jd_bonus": True},
    "no passing": {"pass_cards": False, "avoid_all_tricks_bonus": True},
}


def card(action):
    return card_text(SUITS, RANKS, action % 4, action // 4)


def position(os_state):
    history = os_state.history()
    hands = [[], [], [], []]
    for i, action in enumerate(history[1:]):
        hands[i % 4].append(card(action))
    return {"phase": "begin_hand", "vars": {"hands": 1, "pass_offset": history[0]},
            "zones": {"hand": hands}, "rest": "stock"}


def move_text(os_state, action):
    passing = len(os_state.history()) < 53 + 12 and os_state.history()[0] != 0
    return f"{'pass' if passing else 'play'} {card(action)}"


def correspondence(options):
    return Correspondence(pyspiel.load_game("hearts", options), same_game(load_game("hearts", {**options, "max_hands": 1})),
                          position, move_text, lambda st: [26.0 + s for s in st.scores()])


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_hearts_agrees_with_openspiel(name):
    assert play_many(correspondence(OPTIONS[name]), games_to_play(150), first_seed=1000 * len(name)) > 0
