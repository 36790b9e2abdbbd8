"""Contract Bridge against OpenSpiel's `bridge`, move for move, auction and play.

OpenSpiel deals the card of its i-th chance action to seat i % 4; a card's action id is
rank * 4 + suit, suits C D H S and ranks 2 to A. Call actions start at 52: pass, double,
redouble, then the bids 1C, 1D, 1H, 1S, 1NT, 2C ... 7NT ("bid 1 C" ... "bid 7 NT"). OpenSpiel's default replaces the play
by a double-dummy result; the test plays the cards (`use_double_dummy_result=false`). When the
dummy's card is due OpenSpiel gives the turn to the declarer, as the rules file does. The
return of each seat is its side's duplicate score for the deal, as `score` in the rules file.
The option sets cover every dealer and vulnerability. Uniform random calls climb to the seven
level and go down; a cautious caller (mostly passes, often doubles and redoubles, bids low,
and in the play the declaring side plays high and the defenders low) reaches contracts that are
made, doubled and redoubled, with overtricks. Slams are almost never made in random play:
tests/test_bridge.py scores them in exact positions.
"""

import pytest

from cardrules import load_game
from openspiel_diff import Correspondence, card_text, games_to_play, play_many, same_game

pyspiel = pytest.importorskip("pyspiel")

SUITS, RANKS = "CDHS", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
STRAINS = ["C", "D", "H", "S", "NT"]
CALLS = ["pass", "double", "redouble"]


def position(dealer):
    def of(os_state):
        hands = [[], [], [], []]
        for i, action in enumerate(os_state.history()):
            hands[i % 4].append(card_text(SUITS, RANKS, action % 4, action // 4))
        return {"phase": "auction", "vars": {"dealer": dealer, "to_call": dealer}, "zones": {"hand": hands},
                "rest": "stock"}
    return of


def move_text(os_state, action):
    if action < 52:
        return f"play {card_text(SUITS, RANKS, action % 4, action // 4)}"
    call = action - 52
    if call < 3:
        return CALLS[call]
    return f"bid {1 + (call - 3) // 5} {STRAINS[(call - 3) % 5]}"


def declaring_side(os_state):
    """The partnership (0 or 1) of the last bid so far, from OpenSpiel's history; None before any."""
    calls = [a - 52 for a in os_state.history()[52:] if a >= 52]
    bids = [i for i, call in enumerate(calls) if call >= 3]
    return None if not bids else (dealer_of(os_state) + bids[-1]) % 2


def dealer_of(os_state):
    return os_state.get_game().get_parameters()["dealer"]


def cautious(rng, os_state, texts):
    """Mostly passes, often doubles and redoubles, bids low; in the play, the declaring side plays its
    highest card and the defenders their lowest, so that contracts are made, slams too."""
    if "pass" not in texts:
        ranked = sorted(texts, key=lambda t: RANKS.index(t.split()[1][:-1]))
        return ranked[-1] if os_state.current_player() % 2 == declaring_side(os_state) else ranked[0]
    chance = rng.random()
    if chance < 0.6:
        return "pass"
    doubles = [t for t in texts if t in ("double", "redouble")]
    if doubles and chance < 0.8:
        return doubles[0]
    bids = sorted((t.split() for t in texts if t.startswith("bid")), key=lambda b: (b[1], STRAINS.index(b[2])))
    return " ".join(rng.choice(bids[:5])) if bids else rng.choice(texts)   # one of the five cheapest bids


OPTIONS = [  # (dealer, dealer's side vulnerable, other side vulnerable)
    (0, False, False),
    (1, True, False),
    (2, False, True),
    (3, True, True),
]


@pytest.mark.parametrize("choose", [None, cautious], ids=["uniform", "cautious"])
@pytest.mark.parametrize("dealer, dealer_vul, non_dealer_vul", OPTIONS)
def test_bridge_agrees_with_openspiel(dealer, dealer_vul, non_dealer_vul, choose):
    os_game = pyspiel.load_game("bridge", {"use_double_dummy_result": False, "dealer": dealer,
                                           "dealer_vul": dealer_vul, "non_dealer_vul": non_dealer_vul})
    game = load_game("bridge", {"dealer_seat": dealer, "dealer_side_vulnerable": dealer_vul,
                                "other_side_vulnerable": non_dealer_vul})
    corr = Correspondence(os_game, same_game(game), position(dealer), move_text,
                          lambda st: [float(s) for s in st.scores()], choose)
    assert play_many(corr, games_to_play(100), first_seed=1000 * dealer) > 0
