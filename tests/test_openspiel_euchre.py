"""Euchre against OpenSpiel's `euchre`, move for move, with each of its options.

OpenSpiel's chance outcomes are the dealer, then 20 cards dealt round starting with the dealer,
then the card turned up. A card's action id is rank * 4 + suit, suits C D H S and ranks 9 to A.
Action 24 is a pass, 25 to 28 make clubs, diamonds, hearts or spades trumps (`order up` in the
first round, where only the turned-up suit may be made, `name S` in the second), 29 goes alone
and 30 plays with partner; a card is `discard` for the dealer who took the card up, `play`
otherwise. OpenSpiel plays one hand and returns the makers' points to the makers and their
negation to the defenders (0 when all pass); cardrules scores the points to the side that
wins them, so a return is the seat's side's score minus the other side's, with `max_hands=1`.
"""

import pytest

from cardrules import load_game
from openspiel_diff import Correspondence, card_text, games_to_play, play_many, same_game

pyspiel = pytest.importorskip("pyspiel")

SUITS, RANKS = "CDHS", ["9", "10", "J", "Q", "K", "A"]
PASS, GO_ALONE = 24, 29
OPTIONS = {
    "defaults": {},
    "no stick the dealer": {"stick_the_dealer": False},
    "lone defender": {"allow_lone_defender": True},
}


def card(action):
    return card_text(SUITS, RANKS, action % 4, action // 4)


def position(os_state):
    dealer, *dealt = os_state.history()
    hands = [[], [], [], []]
    for k, action in enumerate(dealt[:20]):
        hands[(dealer + k) % 4].append(card(action))
    return {"phase": "begin_hand", "vars": {"hands": 1, "dealer": dealer},
            "zones": {"hand": hands, "kitty": [card(dealt[20]) + ":up"]}, "rest": "stock"}


def move_text(os_state, action):
    bids = os_state.history()[22:]
    first_round = bids.count(PASS) < 4
    if action == PASS:
        return "pass"
    if action >= GO_ALONE:
        return "go alone" if action == GO_ALONE else "play with partner"
    if action > PASS:
        return "order up" if first_round else f"name {SUITS[action - PASS - 1]}"
    ordered_up = bids and PASS < bids[-1] < GO_ALONE and first_round
    return f"{'discard' if ordered_up else 'play'} {card(action)}"


def side_differences(state):
    scores = state.scores()
    return [float(scores[p] - scores[(p + 1) % 4]) for p in range(4)]


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_euchre_agrees_with_openspiel(name):
    options = OPTIONS[name]
    corr = Correspondence(pyspiel.load_game("euchre", options),
                          same_game(load_game("euchre", {"stick_the_dealer": True, **options, "max_hands": 1})),
                          position, move_text, side_differences)
    assert play_many(corr, games_to_play(150), first_seed=1000 * len(name)) > 0
