"""Gin Rummy in exact positions, rule by rule of games/gin_rummy.rules' header (OpenSpiel's
`gin_rummy`, open_spiel/games/gin_rummy/gin_rummy.cc and gin_rummy_utils.cc): the first upcard,
knocking, the knocker's discard and melds, gin, lay-offs, the undercut, the wall and the hands
OpenSpiel ends without a score. The stock lists its next card last."""

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal, names

GAME = load_game("gin-rummy")


def position(hands, upcard, phase="discard", stock_size=None, game=GAME, **variables):
    """Seat 0 to play in `phase`. The cards not listed lie in the stock, or, past the first
    `stock_size` of them, in the buried discards."""
    used = {c for h in hands for c in h} | set(upcard)
    rest = [c for c in game.deck.names if c not in used]
    kept = len(rest) if stock_size is None else stock_size
    return load_data(game, {"phase": phase, "vars": {"current": 0, "passes": 2, **variables},
                            "zones": {"hand": hands, "upcard": list(upcard), "stock": rest[:kept],
                                      "discards": rest[kept:]}})


# After a draw, seat 0 holds A-2-3 of spades and three fives; AH 2D 3C 4H KD are deadwood.
KNOCKS = ["AS", "2S", "3S", "5H", "5D", "5C", "AH", "2D", "3C", "4H", "KD"]
# OpenSpiel's example (LegalMelds): two runs 6-7-8 and the 8D, which would make a set with them.
RUNS_AND_EIGHT = ["6S", "7S", "8S", "6C", "7C", "8C", "8D", "2H", "3H", "4H", "KS"]
OTHER = ["KC", "KH", "QS", "QH", "JD", "8H", "7H", "9D", "10D", "JS"]


def knocked(knocker_hand, other_hand, discard, melds):
    """Seat 0 knocks, discards `discard` and lays down `melds`; seat 1 to lay off."""
    st = position([knocker_hand, other_hand], [])
    st.apply("knock")
    st.apply(f"discard {discard}")
    for meld in melds:
        st.apply(f"meld {meld}")
    st.apply("pass")
    return st


def test_the_first_upcard_goes_to_seat_0_then_seat_1_then_seat_0_draws():
    st = position([KNOCKS[:10], OTHER], ["KD"], phase="first_upcard", passes=0)
    assert legal(st) == ["pass", "take"]
    st.apply("pass")
    assert st.current_player == 1 and legal(st) == ["pass", "take"]
    st.apply("pass")
    assert st.current_player == 0 and legal(st) == ["draw"]
    st.apply("draw")
    assert st.phase_name == "discard" and len(names(st, "hand", 0)) == 11
    assert "KD" in names(st, "discards") and names(st, "upcard") == []


def test_the_first_upcard_taken_is_discarded_for():
    st = position([KNOCKS[:10], OTHER], ["KD"], phase="first_upcard", passes=1, current=1)
    st.apply("take")
    assert st.phase_name == "discard" and st.current_player == 1 and "KD" in names(st, "hand", 1)


def test_a_turn_takes_the_upcard_or_draws_then_discards():
    st = position([KNOCKS[:10], OTHER], ["QD"], phase="draw")
    assert legal(st) == ["draw", "take"]
    st.apply("draw")
    assert "QD" in names(st, "discards") and len(names(st, "hand", 0)) == 11
    st.apply("discard AH")
    assert st.phase_name == "draw" and st.current_player == 1 and len(names(st, "upcard")) == 1


def test_a_knock_needs_the_deadwood_after_a_discard_to_be_at_most_the_knock_card():
    # AH + 2D + 3C + 4H = 10 once the king is discarded (DiscardLegalActions, MinDeadwood).
    assert "knock" in legal(position([KNOCKS, OTHER], []))
    twelve = [c if c != "4H" else "6H" for c in KNOCKS]      # 1 + 2 + 3 + 6 = 12
    assert "knock" not in legal(position([twelve, OTHER], []))


def test_a_lower_knock_card_asks_for_less_deadwood():
    nine = load_game("gin-rummy", {"knock_card": 9})
    assert "knock" not in legal(position([KNOCKS, OTHER], [], game=nine))


def test_the_rule_counts_the_best_discard_and_openspiel_the_best_split_of_eleven_cards():
    # 5C-8C and 7S 7D 7H leave 17, 11 once a six goes; after 8C, the sixes and the four sevens
    # leave 2S 5C 3H: 10 (OpenSpiel's MinDeadwood takes the best split of the eleven cards).
    hand = ["2S", "6S", "7S", "5C", "6C", "7C", "8C", "7D", "3H", "6H", "7H"]
    other = ["KC", "KH", "QS", "QH", "JD", "8H", "9S", "9D", "10D", "JS"]
    assert "knock" in legal(position([hand, other], []))
    openspiel = load_game("gin-rummy", {"knock_count": "best_split"})
    assert "knock" not in legal(position([hand, other], [], game=openspiel))


def test_the_knocker_discards_only_a_card_that_keeps_the_knock():
    st = position([KNOCKS, OTHER], [])
    st.apply("knock")
    assert st.phase_name == "knock_discard" and legal(st) == ["discard KD"]


def test_the_knocker_lays_only_melds_of_a_split_within_the_knock_card_and_passes_within_it():
    st = position([RUNS_AND_EIGHT, OTHER], [])
    st.apply("knock")
    assert legal(st) == ["discard 8D", "discard KS"]
    st.apply("discard KS")
    # The three eights would leave 6S 7S 6C 7C, 26 points: not a meld the knocker may lay.
    assert legal(st) == ["meld 2H 3H 4H", "meld 6C 7C 8C", "meld 6S 7S 8S"]
    st.apply("meld 6S 7S 8S")
    st.apply("meld 6C 7C 8C")
    assert legal(st) == ["meld 2H 3H 4H"], "14 points left: no pass yet"
    st.apply("meld 2H 3H 4H")
    assert legal(st) == ["pass"]
    st.apply("pass")
    assert st.phase_name == "lay_off" and st.current_player == 1


def test_lay_offs_extend_a_run_by_the_cards_laid_at_its_ends_but_not_further():
    st = knocked(RUNS_AND_EIGHT, ["9S", "10S", "JS", "5C", "9C", "5H", "KD", "QD", "2D", "8H"], "KS",
                 ["6S 7S 8S", "6C 7C 8C", "2H 3H 4H"])
    assert legal(st) == ["layoff 5C", "layoff 5H", "layoff 9C", "layoff 9S", "pass"]
    st.apply("layoff 9S")
    assert "layoff 10S" in legal(st)
    st.apply("layoff 10S")
    # OpenSpiel's AllLayoffs: 10S lies next to a laid-off card, not at the meld's own end.
    assert "layoff JS" not in legal(st)
    st.apply("pass")
    assert st.phase_name == "defender_melds" and legal(st) == ["pass"]
    st.apply("pass")
    # The knocker's 8 against JS 5C 9C 5H KD QD 2D 8H, 59: the difference.
    assert st.is_over and st.scores() == [51, -51]


def test_the_fourth_card_of_a_set_lays_off():
    st = knocked(KNOCKS, ["4S", "5S", "KH", "KC", "QS", "QH", "JD", "8S", "7H", "9D"], "KD",
                 ["AS 2S 3S", "5C 5D 5H"])
    assert legal(st) == ["layoff 4S", "layoff 5S", "pass"]


def test_gin_scores_the_bonus_and_allows_no_lay_offs():
    gin = ["AS", "2S", "3S", "5H", "5D", "5C", "9C", "10C", "JC", "QC", "KD"]
    st = position([gin, ["4S", "KC", "KH", "QS", "QH", "JD", "8S", "7H", "9D", "2D"]], [])
    st.apply("knock")
    assert legal(st) == ["discard 9C", "discard KD", "discard QC"]
    st.apply("discard KD")
    for meld in ["AS 2S 3S", "5C 5D 5H", "9C 10C JC QC"]:
        st.apply(f"meld {meld}")
    st.apply("pass")
    # No lay-offs after gin (the 4S would fit): straight to the other's melds.
    assert st.phase_name == "defender_melds" and legal(st) == ["pass"]
    st.apply("pass")
    assert st.scores() == [80 + 25, -(80 + 25)]   # 4 + 4 * 10 + 8 + 7 + 9 + 2


UNDERCUTS = ["KH", "KC", "KD", "QH", "JH", "10H", "AD", "2D", "3D", "AC"]


def test_the_other_undercuts_with_less_deadwood_and_scores_the_bonus():
    st = knocked(RUNS_AND_EIGHT, UNDERCUTS, "KS", ["6S 7S 8S", "6C 7C 8C", "2H 3H 4H"])
    assert legal(st) == ["pass"]
    st.apply("pass")
    assert legal(st) == ["meld 10H JH QH", "meld 10H JH QH KH", "meld AD 2D 3D", "meld JH QH KH",
                         "meld KC KD KH", "pass"]
    for meld in ["KC KD KH", "10H JH QH", "AD 2D 3D"]:
        st.apply(f"meld {meld}")
    st.apply("pass")
    assert st.scores() == [-(8 - 1 + 25), 8 - 1 + 25]


def test_equal_deadwood_scores_nothing_as_openspiel_scores_it():
    st = knocked(RUNS_AND_EIGHT, UNDERCUTS[:-1] + ["8H"], "KS", ["6S 7S 8S", "6C 7C 8C", "2H 3H 4H"])
    st.apply("pass")
    for meld in ["KC KD KH", "10H JH QH", "AD 2D 3D"]:
        st.apply(f"meld {meld}")
    st.apply("pass")
    assert st.scores() == [0, 0]


def test_at_the_wall_the_next_player_knocks_with_the_upcard_or_the_hand_ends():
    st = position([OTHER + ["9H"], KNOCKS[:10]], [], stock_size=2)
    st.apply("discard 9H")
    assert st.phase_name == "wall" and st.current_player == 1 and legal(st) == ["knock", "pass"]
    st.apply("knock")
    assert "9H" in names(st, "hand", 1) and st.phase_name == "knock_discard"
    ended = position([OTHER + ["9H"], [c if c != "4H" else "6H" for c in KNOCKS[:10]]], [], stock_size=2)
    ended.apply("discard 9H")
    assert legal(ended) == ["pass"]
    ended.apply("pass")
    assert ended.is_over and ended.scores() == [0, 0]


def test_the_fiftieth_upcard_taken_ends_the_hand_without_a_score():
    st = position([KNOCKS[:10], OTHER], ["QD"], phase="draw", upcard_draws=49)
    st.apply("take")
    assert st.is_over and st.scores() == [0, 0]


def test_two_upcards_given_straight_back_in_a_row_end_the_hand_without_a_score():
    st = position([KNOCKS, OTHER], [], taken="KD", gave_back=True)
    st.apply("discard KD")
    assert st.is_over and st.scores() == [0, 0]
    once = position([KNOCKS, OTHER], [], taken="KD")
    once.apply("discard KD")
    assert not once.is_over and once.var("gave_back")
