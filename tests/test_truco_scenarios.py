"""Truco Paulista in exact positions, rule by rule of the file's header: the 40-card deck, the
vira and its manilhas ranked by suit, counter-clockwise play, best of three tricks with ties,
the face-down card, the raises 1, 3, 6, 9, 12 answered by either opponent, the next one first
(accept, run, raise, or pass to his partner; both passing runs), the mão de onze and the game
to 12."""

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import dump, load_data
from support.states import legal, names, var

TRUCO = load_game("truco")


def at_play(hands, vira="4D", trick=(), leader=0, dealer=1, done=(), **variables):
    """Seat `leader` led the cards of `trick`; the next to play is the seat after the last of
    them, counter-clockwise (down the seat numbers). The manilha is the rank after the vira's."""
    order = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
    manilha = order[(order.index(vira[:-1]) + 1) % 10]
    to_play = (leader - len(trick)) % 4
    return load_data(TRUCO, {"phase": "play",
                             "vars": {"dealer": dealer, "leader": leader, "to_play": to_play,
                                      "manilha": manilha, **variables},
                             "zones": {"hand": [list(h) for h in hands], "trick": list(trick),
                                       "vira": [vira], "done": list(done)},
                             "rest": "stock"})


def play_out(st, cards):
    for card in cards:
        st.apply(f"play {card}")


# --- the deck and the deal -------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_forty_cards_three_each_and_the_vira_turned_up(seed):
    st = TRUCO.new_state(seed)
    every = [c for p in range(4) for c in names(st, "hand", p)] + names(st, "vira") + names(st, "stock")
    assert len(every) == 40 and not any(c[:-1] in ("8", "9", "10") for c in every)
    assert [len(names(st, "hand", p)) for p in range(4)] == [3, 3, 3, 3]
    assert len(names(st, "vira")) == 1 and names(st, "vira")[0] in st.observation(0)["zones"]["vira"]


@pytest.mark.parametrize("vira, manilha", [("6D", "7"), ("7S", "Q"), ("KH", "A"), ("3C", "4")])
def test_the_manilhas_are_the_rank_after_the_vira(vira, manilha):
    seed = next(s for s in range(200) if names(TRUCO.new_state(s), "vira")[0][:-1] == vira[:-1])
    assert var(TRUCO.new_state(seed), "manilha") == manilha


@pytest.mark.parametrize("seed", range(4))
def test_the_player_on_the_dealers_right_leads(seed):
    st = TRUCO.new_state(seed)
    assert st.current_player == (var(st, "dealer") - 1) % 4


# --- who takes a trick -----------------------------------------------------------------------

def test_the_three_beats_the_two_and_the_ace_whatever_the_suits():
    st = at_play([["AC", "4D"], ["3D", "5D"], ["2C", "6D"], ["KC", "7D"]], vira="5S")
    play_out(st, ["AC", "KC", "2C", "3D"])
    assert var(st, "wins") == [0, 1] and st.current_player == 1, "seat 1's three: it leads the next"


def test_a_manilha_beats_every_other_card_and_manilhas_rank_by_suit():
    st = at_play([["5C", "4D"], ["5D", "5H"], ["3C", "6D"], ["5S", "7D"]], vira="4S")
    play_out(st, ["5C", "5S", "3C", "5D"])
    assert var(st, "wins") == [1, 0], "the zap (5 of clubs, after a 4) beats the 3 and the other manilhas"
    st = at_play([["5D", "4D"], ["5H", "5C"], ["3C", "6D"], ["5S", "7D"]], vira="4S")
    play_out(st, ["5D", "5S", "3C", "5H"])
    assert var(st, "wins") == [0, 1] and st.current_player == 1, "hearts over spades over diamonds"


def test_play_goes_counter_clockwise():
    st = at_play([["4C", "4D"], ["5C", "5D"], ["6C", "6D"], ["7C", "7D"]], vira="JS", leader=2)
    order = []
    for card in ("6C", "5C", "4C"):
        order.append(st.current_player)
        st.apply(f"play {card}")
    assert order == [2, 1, 0] and st.current_player == 3


def test_equal_highest_cards_of_the_two_sides_tie_and_the_first_of_them_leads_next():
    st = at_play([["KC", "4D"], ["KD", "5D"], ["QC", "6D"], ["7C", "7D"]], vira="4S")
    play_out(st, ["KC", "7C", "QC", "KD"])
    assert var(st, "ties") == 1 and var(st, "wins") == [0, 0] and st.current_player == 0


def test_equal_highest_cards_of_partners_are_no_tie():
    st = at_play([["KC", "4D"], ["QD", "5D"], ["KD", "6D"], ["7C", "7D"]], vira="4S")
    play_out(st, ["KC", "7C", "KD", "QD"])
    assert var(st, "ties") == 0 and var(st, "wins") == [1, 0] and st.current_player == 0


# --- the hand: best of three, ties -----------------------------------------------------------

def hand_of_two_tricks_left(first, **variables):
    """The first trick already played: `first` is the side that won it (None: tied)."""
    wins = [0, 0] if first is None else [1 if first == t else 0 for t in (0, 1)]
    return at_play([["2C", "4D"], ["2D", "5D"], ["7C", "6D"], ["QC", "7D"]], vira="JS", tricks=1,
                   wins=wins, ties=1 if first is None else 0, first_taker=first,
                   done=["AC", "AD", "AH", "AS"], **variables)


def test_two_tricks_won_win_the_hand_without_the_third():
    st = hand_of_two_tricks_left(0)
    play_out(st, ["2C", "QC", "7C", "5D"])
    assert var(st, "points") == [1, 0] and var(st, "tricks") == 0, "a new hand was dealt"


def test_a_tied_second_trick_goes_to_the_side_that_won_the_first():
    st = hand_of_two_tricks_left(1)
    play_out(st, ["2C", "QC", "7C", "2D"])          # the two 2s tie
    assert var(st, "points") == [0, 1] and var(st, "tricks") == 0, "a new hand was dealt"


def test_after_a_tied_first_trick_the_winner_of_the_second_wins_the_hand():
    st = hand_of_two_tricks_left(None)
    play_out(st, ["4D", "QC", "7C", "2D"])
    assert var(st, "points") == [0, 1]


def test_a_side_that_won_the_first_and_ties_the_third_wins_the_hand():
    st = at_play([["KC"], ["KD"], ["4C"], ["4S"]], vira="5S", tricks=2, wins=[1, 1], first_taker=1,
                 done=["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"])
    play_out(st, ["KC", "4S", "4C", "KD"])
    assert var(st, "points") == [0, 1]


def test_three_tied_tricks_score_nothing():
    st = at_play([["KC"], ["KD"], ["4C"], ["4S"]], vira="5S", tricks=2, ties=2,
                 done=["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"])
    play_out(st, ["KC", "4S", "4C", "KD"])
    assert var(st, "points") == [0, 0] and var(st, "tricks") == 0


# --- the face-down card ----------------------------------------------------------------------

def test_a_card_face_down_only_from_the_second_trick_and_it_beats_nothing():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    with pytest.raises(IllegalMove) as info:
        st.apply("play 3C face down")
    assert "from the second trick on" in info.value.reason
    st = hand_of_two_tricks_left(0)
    st.apply("play 2C face down")
    assert "2C" not in st.observation(3)["zones"]["trick"], "the others do not see it"
    play_out(st, ["QC", "7C", "2D"])
    assert var(st, "wins") == [1, 1], "seat 1's two takes the trick over the covered two"


# --- truco and its answers -------------------------------------------------------------------

def test_truco_is_answered_first_by_the_next_opponent():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    assert "raise to 3" in legal(st)
    st.apply("raise to 3")
    assert st.phase_name == "answer" and st.current_player == 3, "counter-clockwise: seat 3 is next"
    assert legal(st) == ["accept", "pass", "raise to 6", "run"]


def test_either_opponent_may_answer_the_next_one_passes_and_his_partner_answers_for_the_side():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("pass")
    assert st.phase_name == "answer" and st.current_player == 1, "seat 3's partner"
    assert legal(st) == ["accept", "pass", "raise to 6", "run"]
    st.apply("accept")
    assert var(st, "value") == 3 and st.current_player == 0, "the asker plays on"


def test_the_first_opponent_who_answers_binds_his_side():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("run")
    assert var(st, "points") == [1, 0], "seat 3 ran: his partner is not asked"


def test_a_side_whose_two_players_pass_has_run():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("pass")
    st.apply("pass")
    assert var(st, "points") == [1, 0] and var(st, "tricks") == 0, "not accepted: a new hand was dealt"


def test_a_raise_is_answered_by_either_player_of_the_asking_side_the_one_after_the_raiser_first():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("pass")
    st.apply("raise to 6")                           # seat 1 raises: seat 0, after him, answers first
    assert st.current_player == 0
    st.apply("pass")
    assert st.current_player == 2 and legal(st) == ["accept", "pass", "raise to 9", "run"]
    st.apply("accept")
    assert var(st, "value") == 6 and var(st, "raised_by") == 1 and st.current_player == 0


def test_truco_accepted_the_hand_is_worth_three_and_the_asker_plays_on():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("accept")
    assert var(st, "value") == 3 and st.current_player == 0
    assert "raise to 6" not in legal(st), "a side that raised may not raise again at once"
    st.apply("play 3C")
    assert "raise to 6" in legal(st), "the other side may"


def test_truco_refused_the_asking_side_scores_what_the_hand_was_worth():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("run")
    assert var(st, "points") == [1, 0]


def test_a_raise_answers_a_raise_up_to_twelve():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS")
    st.apply("raise to 3")
    st.apply("raise to 6")
    assert st.current_player == 2 and legal(st) == ["accept", "pass", "raise to 9", "run"]
    st.apply("raise to 9")
    assert st.current_player == 1
    st.apply("raise to 12")
    assert st.current_player == 0 and legal(st) == ["accept", "pass", "run"]
    st.apply("run")
    assert var(st, "points") == [0, 9], "the side that asked twelve scores the nine it had"


def test_no_raise_past_twelve():
    st = at_play([["3C", "4D"], ["5D", "5H"], ["6C", "6D"], ["7C", "7D"]], vira="JS", value=12, raised_by=1)
    assert not any(m.startswith("raise") for m in legal(st))
    before = dump(st)
    with pytest.raises(IllegalMove):
        st.apply("raise to 15")
    assert dump(st) == before


# --- the mão de onze and the end -------------------------------------------------------------

def test_the_mao_de_onze_the_side_at_eleven_sees_its_hands_and_plays_for_three_or_runs():
    data = dump(TRUCO.new_state(0))
    data["vars"]["points"] = [11, 4]
    data["phase"] = "deal"
    st = load_data(TRUCO, data)
    assert st.phase_name == "eleven_choice" and st.current_player % 2 == 0
    me = st.current_player
    partner = (me + 2) % 4
    assert all(c is not None for c in st.observation(me)["zones"]["hand"][partner])
    assert legal(st) == ["play_for_three", "run"]
    st.apply("play_for_three")
    assert var(st, "value") == 3 and not any(m.startswith("raise") for m in legal(st))


def test_the_mao_de_onze_refused_gives_the_other_side_one():
    data = dump(TRUCO.new_state(0))
    data["vars"]["points"] = [3, 11]
    data["phase"] = "deal"
    st = load_data(TRUCO, data)
    st.apply("run")
    assert var(st, "points") == [4, 11]


def test_the_first_side_to_twelve_wins():
    st = at_play([["3C"], ["4D"], ["4C"], ["5D"]], vira="JS", tricks=2, wins=[1, 0], first_taker=0,
                 points=[10, 5], value=3, done=["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"])
    play_out(st, ["3C", "5D", "4C", "4D"])
    assert st.is_over and var(st, "points") == [13, 5] and st.scores() == [8, -8, 8, -8]
