"""Oh Hell against OpenSpiel's `oh_hell`, move for move, for 3 to 7 players.

OpenSpiel's chance outcomes are the number of tricks (uniform from 1 to 51 // players unless
`num_tricks_fixed`), the dealer, the cards dealt round from seat 0, and the trump card turned
up. A card's action id is rank * 4 + suit, suits in the order C D S H and ranks 2 to A;
action 52 + n bids n. Each game is compared with cardrules' `oh_hell` loaded with `tricks` set
to that game's number of tricks and `max_hands=1`; OpenSpiel's returns are the hand's points,
which is the cardrules score.
"""

from functools import lru_cache

import pytest

from cardrules import load_game
from openspiel_diff import Correspondence, card_text, games_to_play, play_many

pyspiel = pytest.importorskip("pyspiel")

SUITS, RANKS = "CDSH", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
OPTIONS = {"defaults": {}, "off-bid penalty, 2 a trick": {"off_bid_penalty": True, "points_per_trick": 2}}


def card(action):
    return card_text(SUITS, RANKS, action % 4, action // 4)


def position(os_state):
    tricks, dealer, *cards = os_state.history()
    players = os_state.num_players()
    hands = [[card(a) for a in cards[seat:-1:players]] for seat in range(players)]
    return {"phase": "begin_hand", "vars": {"hands": 1, "size": tricks, "dealer": dealer},
            "zones": {"hand": hands, "turnup": [card(cards[-1])]}, "rest": "stock"}


def move_text(os_state, action):
    return f"play {card(action)}" if action < 52 else f"bid {action - 52}"


@lru_cache(maxsize=None)
def cardrules_game(players, tricks, options):
    return load_game("oh_hell", {"players": players, "tricks": tricks, "max_hands": 1, **dict(options)})


def game_for(options):
    return lambda os_state: cardrules_game(os_state.num_players(), os_state.history()[0], tuple(sorted(options.items())))


@pytest.mark.parametrize("players", [3, 4, 5, 7])
@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_oh_hell_agrees_with_openspiel(players, name):
    options = OPTIONS[name]
    corr = Correspondence(pyspiel.load_game("oh_hell", {"players": players, **options}), game_for(options),
                          position, move_text, lambda st: [float(s) for s in st.scores()])
    assert play_many(corr, games_to_play(60), first_seed=100 * players) > 0
