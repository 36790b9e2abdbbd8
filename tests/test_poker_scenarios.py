"""Kuhn poker and Leduc hold'em in exact positions: who may fold, check, bet, call or raise,
and what each seat wins, rule by rule of each file's header (and OpenSpiel's kuhn_poker.cc and
leduc_poker.cc, which the rules follow)."""

import pytest

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal

KUHN = load_game("kuhn-poker")
LEDUC = load_game("leduc-poker")


def kuhn(hands):
    return load_data(KUHN, {"phase": "betting", "vars": {"to_act": 0},
                            "zones": {"hand": [[hands[0]], [hands[1]]]}, "rest": "stock"})


def play(st, *moves):
    for m in moves:
        st.apply(m)
    return st


# --- Kuhn ------------------------------------------------------------------------------------

def test_kuhn_every_decision_is_pass_or_bet():
    st = kuhn(["JS", "KS"])
    assert legal(st) == ["bet", "pass"]
    st.apply("pass")
    assert st.current_player == 1 and legal(st) == ["bet", "pass"]


@pytest.mark.parametrize("moves, scores", [
    (("pass", "pass"), [-1, 1]),             # two checks: the higher card takes the antes
    (("bet", "pass"), [1, -1]),              # a fold to a bet: the bettor takes the antes
    (("pass", "bet", "pass"), [-1, 1]),      # seat 0 checks, then folds to the bet
    (("pass", "bet", "bet"), [-2, 2]),       # a called bet: the higher card takes two each
    (("bet", "bet"), [-2, 2]),
])
def test_kuhn_payoffs_with_the_king_against_the_jack(moves, scores):
    st = play(kuhn(["JS", "KS"]), *moves)
    assert st.is_over and st.scores() == scores


def test_kuhn_a_fold_shows_no_card_and_a_showdown_shows_both():
    folded = play(kuhn(["JS", "KS"]), "bet", "pass")
    assert folded.observation(0)["zones"]["hand"][1] == [None]
    called = play(kuhn(["QS", "KS"]), "bet", "bet")
    assert called.observation(0)["zones"]["hand"][1] == ["KS"]


# --- Leduc -----------------------------------------------------------------------------------

def leduc(hands, phase="betting", board=(), **variables):
    return load_data(LEDUC, {"phase": phase, "vars": {"to_act": 0, **variables},
                             "zones": {"hand": [[hands[0]], [hands[1]]], "board": list(board)},
                             "rest": "stock"})


def test_leduc_no_fold_when_nothing_is_owed():
    st = leduc(["JS", "KH"])
    assert legal(st) == ["call", "raise"]
    st.apply("raise")
    assert legal(st) == ["call", "fold", "raise"]


def test_leduc_two_raises_a_round_at_most():
    st = play(leduc(["JS", "KH"]), "raise", "raise")
    assert legal(st) == ["call", "fold"]


def test_leduc_the_first_round_raises_by_two_and_a_fold_loses_what_was_put_in():
    st = play(leduc(["JS", "KH"]), "raise", "raise", "fold")     # seat 1 re-raises to 5, seat 0 folds at 3
    assert st.is_over and st.scores() == [-3, 3]


def test_leduc_the_second_round_raises_by_four_after_the_public_card():
    st = play(leduc(["JS", "KH"]), "call", "call")
    assert st.phase_name == "betting" and st.current_player == 0
    assert len(st.observation(1)["zones"]["board"]) == 1
    st.apply("raise")
    st.apply("fold")
    assert st.scores() == [1, -1]             # seat 1 folds at the ante: 1 chip lost
    st = play(leduc(["JS", "KH"]), "call", "call", "raise", "raise", "call")
    assert sorted(abs(s) for s in st.scores()) == [9, 9]       # the ante, raised by 4 to 5, again to 9


def test_leduc_a_pair_with_the_board_beats_a_higher_card():
    st = leduc(["QS", "KH"], round=2, board=["QH"], phase="betting")
    play(st, "call", "call")
    assert st.is_over and st.scores() == [1, -1]


def test_leduc_equal_hands_split_the_pot():
    st = play(leduc(["QS", "QH"], round=2, board=["KS"]), "raise", "call")
    assert st.scores() == [0, 0]
    st = play(leduc(["JS", "QH"], round=2, board=["KS"]), "raise", "call")
    assert st.scores() == [-5, 5], "king-queen beats king-jack"


def test_leduc_the_starting_player_acts_first_in_each_round():
    game = load_game("leduc-poker", {"starting_player": 1})
    st = game.new_state(3)
    assert st.current_player == 1
    play(st, "call", "call")
    assert st.current_player == 1 and st.phase_name == "betting"
    assert len(st.observation(0)["zones"]["board"]) == 1
