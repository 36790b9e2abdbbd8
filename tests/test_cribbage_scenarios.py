"""Cribbage in exact positions, rule by rule of the file's header (the American Cribbage
Congress's rules; OpenSpiel's choices where its parameters say so)."""

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal, var

CRIBBAGE = load_game("cribbage")
OPENSPIEL_RULES = load_game("cribbage", {"first_dealer_by_lot": False, "crib_four_flush": True, "count_out": False})


def at_play(hands, played=((), ()), sequence=(), running=0, game=CRIBBAGE, points=(0, 0), **variables):
    """Two players, seat 1 the dealer, seat `to_play` to play; the starter is the king of clubs."""
    played_now = list(sequence)
    zones = {"hand": [list(h) for h in hands], "played": [list(p) for p in played], "starter": ["KC"]}
    return load_data(game, {"phase": "play",
                            "vars": {"deals": 1, "dealer": 1, "to_play": 0, "running": running,
                                     "sequence": played_now, "points": list(points), **variables},
                            "zones": zones, "rest": "stock"})


def gained(st, move, seat):
    before = var(st, "points")[seat]
    st.apply(move)
    return var(st, "points")[seat] - before


def test_cribbage_the_count_may_not_pass_31_and_a_player_who_cannot_play_says_go():
    st = at_play([["9D", "2C", "QH"], ["3S"]], played=(["KS", "10D"], ["2D"]), sequence=["KS", "2D", "10D"],
                 running=22, last_player=0)
    assert legal(st) == ["play 2C", "play 9D"]
    st = at_play([["QH", "JD"], ["3S"]], played=(["KS", "10D"], ["2H"]), sequence=["KS", "2H", "10D"], running=22,
                 last_player=1)
    assert legal(st) == ["go"]


def test_cribbage_fifteen_and_thirty_one_score_two():
    st = at_play([["5H", "2C"], ["3S", "9S"]], played=([], ["KS"]), sequence=["KS"], running=10, last_player=1)
    assert gained(st, "play 5H", 0) == 2
    st = at_play([["AH", "2C"], ["3S", "9S"]], played=(["KS", "10D"], ["QS"]), sequence=["KS", "QS", "10D"],
                 running=30, last_player=1)
    assert gained(st, "play AH", 0) == 2 and var(st, "running") == 0 and st.current_player == 1, \
        "31 scores 2 and the count starts afresh from the next player"


def test_cribbage_a_pair_scores_two_three_of_a_kind_six_four_twelve():
    st = at_play([["7H", "2C"], ["3S", "9S"]], played=([], ["7S"]), sequence=["7S"], running=7, last_player=1)
    assert gained(st, "play 7H", 0) == 2
    st = at_play([["4H", "2C"], ["3S", "9S"]], played=(["4D"], ["4S"]), sequence=["4D", "4S"], running=8,
                 last_player=1)
    assert gained(st, "play 4H", 0) == 6
    st = at_play([["2H", "AC"], ["3S", "9S"]], played=(["2D", "2C"], ["2S"]), sequence=["2D", "2S", "2C"],
                 running=6, last_player=1, to_play=0)
    assert gained(st, "play 2H", 0) == 12


def test_cribbage_the_last_cards_forming_a_run_in_any_order_score_one_each():
    st = at_play([["5H", "QC"], ["3S", "9S"]], played=(["4D"], ["6S"]), sequence=["4D", "6S"], running=10,
                 last_player=1)
    assert gained(st, "play 5H", 0) == 3 + 2, "4 6 5: a run of three, and fifteen"
    st = at_play([["3H", "QC"], ["2S", "9S"]], played=(["4D", "2D"], ["5S"]), sequence=["2D", "5S", "4D"],
                 running=11, last_player=1)
    assert gained(st, "play 3H", 0) == 4, "2 5 4 3: a run of four"
    st = at_play([["6H", "QC"], ["2S", "9S"]], played=(["4D", "6D"], ["5S"]), sequence=["4D", "5S", "6D"],
                 running=15, last_player=1)
    assert gained(st, "play 6H", 0) == 2, "4 5 6 6: no run, a pair"


def test_cribbage_when_no_one_can_play_the_last_to_play_scores_one_for_the_go():
    st = at_play([["QH", "JD"], ["3S", "KS"]], played=(["KD", "10D"], ["AH"]), sequence=["KD", "AH", "10D"],
                 running=21, last_player=0, to_play=1)
    st.apply("play 3S")
    assert gained(st, "go", 1) == 0 and st.current_player == 1
    assert gained(st, "go", 1) == 1, "seat 1 played last"
    assert var(st, "running") == 0 and st.current_player == 0


def show(hands, crib, starter, game=CRIBBAGE, points=(0, 0)):
    """Seat 1 deals; `hands` are the four cards each played, counted again at the show."""
    return load_data(game, {"phase": "show", "vars": {"deals": 1, "dealer": 1, "points": list(points)},
                            "zones": {"played": hands, "crib": crib, "starter": [starter]}, "rest": "stock"})


def test_cribbage_the_best_hand_counts_29():
    st = show([["5C", "5D", "5H", "JS"], ["AC", "3D", "7H", "9C"]], ["2C", "4D", "6H", "8S"], "5S")
    assert var(st, "points")[0] == 29


def test_cribbage_a_double_run_of_four_with_its_fifteens_and_pair():
    st = show([["3C", "4D", "5H", "5S"], ["AC", "AD", "AH", "AS"]], ["2C", "2D", "2H", "2S"], "6C")
    assert var(st, "points")[0] == 8 + 4 + 2, "two runs of four, 4 5 6 twice, the pair of fives"


def test_cribbage_a_flush_of_four_counts_in_the_hand_and_in_the_crib_only_with_the_starter():
    hands = [["2H", "4H", "8H", "QH"], ["AC", "3D", "7S", "9C"]]
    crib = ["2D", "4D", "8D", "QD"]
    st = show(hands, crib, "KS")
    assert var(st, "points") == [4, 0], "no fifteen, pair or run in either hand or the crib"
    st = show(hands, crib, "KS", game=OPENSPIEL_RULES)
    assert var(st, "points") == [4, 4]
    assert var(show(hands, crib, "6H"), "points")[0] == 5, "a flush of five"


def test_cribbage_his_nobs_the_jack_of_the_starters_suit_scores_one():
    st = show([["JD", "2C", "4H", "6S"], ["AC", "3D", "7H", "9C"]], ["2D", "4D", "8S", "QD"], "AD")
    assert var(st, "points")[0] == 1 + 2 * 1, "nobs, and J 4 A"


def test_cribbage_his_heels_a_jack_turned_up_scores_two_for_the_dealer():
    st = load_data(CRIBBAGE, {"phase": "cut_starter", "vars": {"deals": 1, "dealer": 1},
                              "zones": {"hand": [["AC", "2C", "3C", "4C"], ["5C", "6C", "7C", "8C"]],
                                        "crib": ["9C", "10C", "QC", "KC"], "stock": ["JH"]}, "rest": "stock"})
    assert var(st, "points") == [0, 2] and st.current_player == 0


def test_cribbage_the_first_to_count_out_wins_at_once_unless_the_whole_show_is_scored():
    hands = [["5C", "5D", "5H", "JS"], ["AC", "2D", "3H", "4C"]]
    st = show(hands, ["6C", "7D", "8H", "9S"], "5S", points=(100, 110))
    assert st.is_over and var(st, "points") == [129, 110], "the dealer's hand is never counted"
    st = show(hands, ["6C", "7D", "8H", "9S"], "5S", points=(100, 110), game=OPENSPIEL_RULES)
    assert st.is_over and var(st, "points")[1] > 110
