"""The tricky rules of the bundled trick-taking games in exact positions (docs/positions.md):
the complete list of legal moves, or the exact scores. Each test cites the rule it checks
(pagat.com pages for the common rules; OpenSpiel's source for its options)."""

import pytest

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal

SUITS = "CDHS"


def suit_cards(suits, ranks):
    return [r + s for s in suits for r in ranks]


def plays(*cards):
    return sorted(f"play {c}" for c in cards)


# --- hearts ------------------------------------------------------------------------------------

HEARTS = load_game("hearts", {"max_hands": 1})


def hearts_at_play(hands, game=HEARTS, trick=None, **variables):
    """Seat `to_play` to play; `trick` gives the cards already on the table by seat."""
    zones = {"hand": hands}
    if trick:
        zones["trick"] = [trick.get(p, []) for p in range(4)]
    return load_data(game, {"phase": "play", "vars": {"hands": 1, "broken": False, **variables},
                            "zones": zones, "rest": "stock"})


def test_hearts_the_two_of_clubs_leads_the_first_trick():
    hands = [["2C", "9C", "AH"], ["3C"], ["4C"], ["5C"]]
    assert legal(hearts_at_play(hands, to_play=0)) == plays("2C")
    any_club = load_game("hearts", {"max_hands": 1, "can_lead_any_club": True})
    assert legal(hearts_at_play(hands, game=any_club, to_play=0)) == plays("2C", "9C")


def test_hearts_no_points_on_the_first_trick_unless_the_hand_holds_nothing_else():
    trick = {0: ["2C"]}
    void_in_clubs = [[], ["QS", "5H", "7D"], [], []]
    assert legal(hearts_at_play(void_in_clubs, trick=trick, to_play=1, led="C")) == plays("7D")
    only_points = [[], ["QS", "5H"], [], []]
    assert legal(hearts_at_play(only_points, trick=trick, to_play=1, led="C")) == plays("QS", "5H")
    anything = load_game("hearts", {"max_hands": 1, "no_pts_on_first_trick": False})
    assert legal(hearts_at_play(void_in_clubs, game=anything, trick=trick, to_play=1, led="C")) == \
        plays("QS", "5H", "7D")


def test_hearts_are_not_led_until_broken():
    hands = [["3H", "8H", "4D"], [], [], []]
    assert legal(hearts_at_play(hands, to_play=0, trick_no=3)) == plays("4D")
    assert legal(hearts_at_play(hands, to_play=0, trick_no=3, broken=True)) == plays("3H", "8H", "4D")
    only_hearts = [["3H", "8H"], [], [], []]
    assert legal(hearts_at_play(only_hearts, to_play=0, trick_no=3)) == plays("3H", "8H")


def test_hearts_the_queen_of_spades_breaks_hearts_unless_told_otherwise():
    trick = {0: ["4D"]}
    hands = [["5C"], ["QS", "2C"], [], []]
    state = hearts_at_play(hands, trick=trick, to_play=1, led="D", trick_no=3)
    state.apply("play QS")
    assert state.vars[HEARTS.var_index["broken"]] is True
    keeps = load_game("hearts", {"max_hands": 1, "qs_breaks_hearts": False})
    state = hearts_at_play(hands, game=keeps, trick=trick, to_play=1, led="D", trick_no=3)
    state.apply("play QS")
    assert state.vars[keeps.var_index["broken"]] is False


def test_hearts_holding_only_the_queen_and_hearts_with_can_lead_hearts_instead_of_qs():
    hands = [["QS", "3H", "8H"], [], [], []]
    assert legal(hearts_at_play(hands, to_play=0, trick_no=3)) == plays("QS")
    option = load_game("hearts", {"max_hands": 1, "can_lead_hearts_instead_of_qs": True})
    assert legal(hearts_at_play(hands, game=option, to_play=0, trick_no=3)) == plays("QS", "3H", "8H")


def hearts_scored(taken, game=HEARTS):
    return load_data(game, {"phase": "score_hand", "vars": {"hands": 1},
                            "zones": {"taken": taken}, "rest": "stock"})


def test_hearts_shooting_the_moon_gives_26_to_every_other_player():
    moon = [suit_cards("H", "23456789") + ["10H", "JH", "QH", "KH", "AH", "QS", "2C", "3C"], [], [], []]
    assert hearts_scored(moon).scores() == [0, -26, -26, -26]
    spread = [["QS", "2H"], ["3H", "4H", "JD"], [], []]
    assert hearts_scored(spread).scores() == [-14, -2, 0, 0]
    omnibus = load_game("hearts-omnibus", {"max_hands": 1, "avoid_all_tricks_bonus": True})
    assert hearts_scored(spread, omnibus).scores() == [-14, 8, 5, 5]


# --- spades ------------------------------------------------------------------------------------

SPADES = load_game("spades", {"max_hands": 1})


def test_spades_partners_bid_13_at_most_between_them():
    state = load_data(SPADES, {"phase": "bidding", "vars": {"dealer": 3, "to_play": 2, "bid": [5, 2, 0, 0]},
                               "rest": "stock"})
    assert legal(state) == sorted(["bid nil"] + [f"bid {n}" for n in range(1, 9)])
    no_nil = load_game("spades-no-nil", {"max_hands": 1})
    state = load_data(no_nil, {"phase": "bidding", "vars": {"dealer": 3, "to_play": 2, "bid": [13, 2, 0, 0]},
                               "rest": "stock"})
    assert legal(state) == ["bid 0"]


def test_spades_scores_bids_bags_and_nil():
    """Side 0 bid 4 + 3 and took 9: 70 and 2 bags, which bring its bags to 10: -100. Side 1 bid
    nil (seat 1, who took a trick: -100) and 3 (seat 3), and took 4 between them: 30 + 1."""
    state = load_data(SPADES, {"phase": "score_hand",
                               "vars": {"hands": 1, "dealer": 3, "bid": [4, 0, 3, 3], "nil": [False, True, False, False],
                                        "tricks": [5, 1, 4, 3], "bags": [8, 0]},
                               "rest": "stock"})
    assert state.scores() == [72 - 100, -100 + 31, 72 - 100, -100 + 31]


def test_spades_are_led_only_once_broken_or_from_a_hand_of_spades():
    hands = [["AS", "2D"], [], [], []]
    at = {"phase": "play", "vars": {"hands": 1, "to_play": 0}, "zones": {"hand": hands}, "rest": "stock"}
    assert legal(load_data(SPADES, at)) == plays("2D")
    assert legal(load_data(SPADES, {**at, "vars": {**at["vars"], "broken": True}})) == plays("AS", "2D")
    only_spades = {**at, "zones": {"hand": [["AS", "3S"], [], [], []]}}
    assert legal(load_data(SPADES, only_spades)) == plays("AS", "3S")


# --- oh hell -----------------------------------------------------------------------------------

def test_oh_hell_the_dealer_may_not_make_the_bids_add_up():
    game = load_game("oh_hell", {"players": 3, "tricks": 5})
    at = {"phase": "bidding", "vars": {"hands": 1, "size": 5, "dealer": 2, "to_play": 2, "bid": [1, 2, 0]},
          "rest": "stock"}
    assert legal(load_data(game, at)) == sorted(f"bid {n}" for n in (0, 1, 3, 4, 5))
    free = load_game("oh_hell", {"players": 3, "tricks": 5, "hook": False})
    assert legal(load_data(free, at)) == sorted(f"bid {n}" for n in range(6))


@pytest.mark.parametrize("penalty, expected", [(False, [2 * 2 + 10, 2 * 3, 0]), (True, [2 * 2 + 10, -2 * 2, -2])])
def test_oh_hell_scores_exact_bids(penalty, expected):
    game = load_game("oh_hell", {"players": 3, "tricks": 5, "max_hands": 1, "points_per_trick": 2,
                                 "off_bid_penalty": penalty})
    state = load_data(game, {"phase": "take_trick",
                             "vars": {"hands": 1, "size": 5, "dealer": 0, "trump": "H", "led": "C",
                                      "bid": [2, 1, 1], "won": [2, 2, 0]},
                             "zones": {"trick": [["2C"], ["AC"], ["3C"]]}, "rest": "stock"})
    assert state.scores() == expected


# --- euchre ------------------------------------------------------------------------------------

EUCHRE = load_game("euchre", {"max_hands": 1})


def euchre_at_play(hands, trick, led, trump="H", maker=0, **variables):
    return load_data(EUCHRE, {"phase": "play",
                              "vars": {"hands": 1, "dealer": 3, "trump": trump, "maker": maker, "led": led, **variables},
                              "zones": {"hand": hands, "trick": [trick.get(p, []) for p in range(4)]},
                              "rest": "stock"})


def test_euchre_the_left_bower_is_a_trump_and_not_of_its_own_suit():
    """Hearts are trumps: the jack of diamonds is the left bower."""
    hands = [[], ["JD", "9D", "AC"], [], []]
    assert legal(euchre_at_play(hands, {0: ["QH"]}, led="H", to_play=1)) == plays("JD")
    assert legal(euchre_at_play(hands, {0: ["KD"]}, led="D", to_play=1)) == plays("9D")
    hands = [[], ["JD", "AC"], [], []]
    assert legal(euchre_at_play(hands, {0: ["KD"]}, led="D", to_play=1)) == plays("JD", "AC")


def test_euchre_the_right_bower_beats_the_left_which_beats_the_ace_of_trumps():
    state = euchre_at_play([["9C"], ["9S"], ["10S"], ["JS"]], {0: ["AH"], 1: ["JD"], 2: ["JH"]},
                           led="H", to_play=3)
    state.apply("play JS")
    assert state.vars[EUCHRE.var_index["won"]] == [0, 0, 1, 0]


def test_euchre_stick_the_dealer_takes_the_last_pass_away():
    at = {"phase": "bidding", "vars": {"hands": 1, "dealer": 3, "to_play": 3, "passes": 7, "upcard": "9H"},
          "zones": {"kitty": ["9H:up"]}, "rest": "stock"}
    assert legal(load_data(EUCHRE, at)) == ["name C", "name D", "name S", "pass"]
    stuck = load_game("euchre-stick-the-dealer", {"max_hands": 1})
    assert legal(load_data(stuck, at)) == ["name C", "name D", "name S"]
