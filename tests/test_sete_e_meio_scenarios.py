"""Sete e Meio in exact positions: every rule SPEC section 3 marks [seed] and every default of
its table SM-1..SM-13, as the complete list of legal moves, the exact chips, or what each seat
sees. Positions are written in the position notation (cardrules.engine.position)."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import load, load_data
from support.states import legal_in_order as legal, var

GAME = load_game("sete-e-meio", {"players": 4})
DECK = list(GAME.deck.names)
POSITIONS = Path(__file__).parent / "positions" / "sete_e_meio"
HALF = Fraction(1, 2)


def position(phase, hands, *, top=(), returned=(), game=GAME, **variables):
    """A 4-seat position with seat 0 as banker unless told otherwise. `top` lists the next cards
    the stock gives, first drawn first; the rest of the deck lies under them."""
    variables = {"banker": 0, "to_act": 1, "round": 1, **variables}
    used = {c.split(":")[0] for h in hands for c in h} | set(top) | set(returned)
    stock = [c for c in game.deck.names if c not in used] + list(reversed(top))
    return load_data(game, {"phase": phase, "vars": variables,
                            "zones": {"hand": hands, "stock": stock, "returned": list(returned)}})


def hand_seen_by(st, seat, viewer):
    return st.observation(viewer)["zones"]["hand"][seat]


def raises(low, high):
    return [f"raise {k}" for k in range(low, high + 1)]


# --- 3.1 / SM-1 / SM-13: the deck ----------------------------------------------------------

def test_sm1_sm13_forty_cards_without_8_9_10_or_jokers():
    assert len(DECK) == 40
    assert sorted({c[:-1] for c in DECK}) == sorted(["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"])
    assert sorted({c[-1] for c in DECK}) == ["C", "D", "H", "S"]
    assert GAME.deck.attrs["value"][DECK.index("KS")] == HALF
    assert GAME.deck.attrs["value"][DECK.index("AH")] == 1
    assert GAME.deck.attrs["value"][DECK.index("7D")] == 7


# --- 3.2 / 3.3: banker by lot, the deal ------------------------------------------------------

def test_3_2_the_banker_is_drawn_by_lot():
    bankers = {var(GAME.new_state(seed), "banker") for seed in range(40)}
    assert bankers == {0, 1, 2, 3}


@pytest.mark.parametrize("seed", [0, 5])
def test_3_3_sm2_one_card_each_face_down_and_the_bankers_turned_up(seed):
    st = GAME.new_state(seed)
    banker = var(st, "banker")
    for seat in range(4):
        (card,) = st.zones[GAME.zones["hand"].base + seat]
        assert bool(st.face[card]) == (seat == banker)
        for viewer in range(4):
            seen = hand_seen_by(st, seat, viewer)
            assert seen == ([DECK[card]] if viewer == seat or seat == banker else [None])
    assert len(st.zones[GAME.zones["stock"].base]) == 36
    assert st.phase_name == "bet" and st.current_player == (banker + 1) % 4, "the banker's right bets first"


# --- 3.4: the players' turns -------------------------------------------------------------

def test_3_4_the_bet_is_between_min_and_max():
    st = position("bet", [["4H:up"], ["5C"], ["2S"], ["KC"]])
    assert legal(st) == [f"bet {k}" for k in range(1, 11)]
    narrow = load_game("sete-e-meio", {"players": 4, "min_bet": 3, "max_bet": 5})
    st = position("bet", [["4H:up"], ["5C"], ["2S"], ["KC"]], game=narrow)
    assert legal(st) == ["bet 3", "bet 4", "bet 5"]
    with pytest.raises(IllegalMove):
        st.apply("bet 6")


def test_sm8_each_player_bets_then_plays_in_turn():
    st = position("bet", [["4H:up"], ["5C"], ["2S"], ["KC"]])
    st.apply("bet 4")
    assert (st.phase_name, st.current_player, var(st, "bet")) == ("decide", 1, [0, 4, 0, 0])
    st.apply("stand")
    assert (st.phase_name, st.current_player) == ("bet", 2)


def test_3_4_sm7_first_choice_stand_raise_up_to_max_or_hit_in_either_mode():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 4, 0, 0])
    assert legal(st) == ["stand"] + raises(1, 6) + ["hit open", "hit closed"]


def test_3_4_no_raise_beyond_max_bet():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 10, 0, 0])
    assert legal(st) == ["stand", "hit open", "hit closed"]
    with pytest.raises(IllegalMove):
        st.apply("raise 1")


def test_3_4_a_raise_must_be_followed_by_a_hit():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 4, 0, 0], top=["AD"])
    st.apply("raise 3")
    assert var(st, "bet")[1] == 7
    assert legal(st) == ["hit open", "hit closed"], "no stand and no second raise after a raise"
    st.apply("hit closed")
    assert legal(st) == ["stand"] + raises(1, 3) + ["hit closed"], "after the hit the choice is free again"


def test_3_4_the_first_hit_fixes_the_mode():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 4, 0, 0], top=["AD"])
    st.apply("hit open")
    assert var(st, "mode")[1] == "open"
    assert legal(st) == ["stand"] + raises(1, 6) + ["hit open"]
    with pytest.raises(IllegalMove):
        st.apply("hit closed")


def test_3_4_open_mode_keeps_the_first_card_down_and_deals_hits_up():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 4, 0, 0], top=["AD", "AH"])
    st.apply("hit open")
    st.apply("hit open")
    assert hand_seen_by(st, 1, 1) == ["5C", "AD", "AH"]
    for other in (0, 2, 3):
        assert hand_seen_by(st, 1, other) == [None, "AD", "AH"]


def test_3_4_closed_mode_turns_the_first_card_up_and_deals_hits_down():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 4, 0, 0], top=["AD", "AH"])
    st.apply("hit closed")
    st.apply("hit closed")
    assert hand_seen_by(st, 1, 1) == ["5C", "AD", "AH"]
    for other in (0, 2, 3):
        assert hand_seen_by(st, 1, other) == ["5C", None, None]


def test_3_4_a_bust_reveals_returns_the_cards_and_pays_at_once():
    st = position("decide", [["4H:up"], ["6C"], ["2S"], ["KC"]], bet=[0, 3, 0, 0], top=["2D"],
                  chips=[5, 5, 5, 5])
    st.apply("hit closed")
    assert var(st, "chips") == [8, 2, 5, 5]
    assert var(st, "out") == [False, True, False, False]
    assert hand_seen_by(st, 1, 1) == []
    for viewer in range(4):
        assert st.observation(viewer)["zones"]["returned"] == ["6C", "2D"], "everyone saw the bust"
    assert (st.phase_name, st.current_player) == ("bet", 2), "the turn passes on"


def test_3_4_seven_and_a_half_ends_the_turn_at_once():
    st = position("decide", [["4H:up"], ["3C"], ["2S"], ["KC"]], bet=[0, 3, 0, 0], top=["4D", "JH"])
    st.apply("hit open")
    assert legal(st) == ["stand"] + raises(1, 7) + ["hit open"]
    st.apply("hit open")  # 3 + 4 + 1/2
    assert (st.phase_name, st.current_player) == ("bet", 2), "no stand, raise or hit at 7 1/2"
    assert var(st, "out")[1] is False and hand_seen_by(st, 1, 1) == ["3C", "4D", "JH"]


def test_sm6_there_is_no_limit_on_hits():
    st = position("decide", [["4H:up"], ["AC", "AD", "AH", "AS", "KC", "KD"], ["2S"], ["QC"]],
                  bet=[0, 3, 0, 0], mode=["unset", "open", "unset", "unset"], top=["JC"])
    assert legal(st) == ["stand"] + raises(1, 7) + ["hit open"]
    st.apply("hit open")
    assert len(hand_seen_by(st, 1, 1)) == 7 and "hit open" in legal(st)


def test_3_4_a_stood_hand_stays_hidden_from_the_others():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 4, 0, 0], top=["AD"])
    st.apply("hit open")
    st.apply("stand")
    assert hand_seen_by(st, 1, 2) == [None, "AD"]


# --- 3.5: the banker ---------------------------------------------------------------------

def test_3_5_the_banker_plays_after_the_last_player_and_may_always_stand_or_hit():
    st = position("decide", [["4H:up"], ["5C"], ["2S"], ["KC"]], to_act=3, bet=[0, 1, 1, 4])
    st.apply("stand")
    assert (st.phase_name, st.current_player) == ("banker_turn", 0)
    assert legal(st) == ["stand", "hit"]


@pytest.mark.parametrize("banker_hand", [["AH:up"], ["7H:up"], ["3H:up", "4D:up"]])
def test_3_5_the_bankers_play_is_free_at_any_total(banker_hand):
    st = position("banker_turn", [banker_hand, ["5C"], ["2S"], ["KC"]], bet=[0, 1, 1, 1])
    assert legal(st) == ["stand", "hit"]


def test_3_5_the_bankers_hits_are_face_up():
    st = position("banker_turn", [["2H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 1, 1, 1], top=["3D"])
    st.apply("hit")
    for viewer in range(4):
        assert hand_seen_by(st, 0, viewer) == ["2H", "3D"]


def test_3_5_the_bankers_turn_ends_when_he_busts():
    st = position("banker_turn", [["6H:up"], ["5C"], ["2S"], ["KC"]], bet=[0, 1, 2, 3], top=["2D"])
    st.apply("hit")
    assert st.phase_name == "keep_or_offer", "settled at once"
    assert var(st, "chips") == [-6, 1, 2, 3]


def test_3_5_sm12_when_every_player_busts_the_banker_does_not_play():
    st = position("decide", [["4H:up"], [], [], ["6C"]], to_act=3, bet=[0, 2, 3, 5], top=["3D"],
                  out=[False, True, True, False], chips=[5, -2, -3, 0], returned=["7C", "2D", "7S", "AD"])
    st.apply("hit open")
    assert st.phase_name == "keep_or_offer" and st.current_player == 0
    assert var(st, "chips") == [10, -2, -3, -5]
    assert hand_seen_by(st, 0, 0) == ["4H"], "the banker drew nothing"


# --- 3.6: settlement ---------------------------------------------------------------------

def settle(banker_hand, hands, bets, out=(False, False, False), rounds_left=True):
    st = position("settle", [banker_hand, *hands], bet=[0, *bets], out=[False, *out],
                  round=1 if rounds_left else 20)
    return var(st, "chips"), st


def test_3_6_sm4_a_bust_banker_pays_everyone_still_in_double_for_seven_and_a_half():
    chips, _ = settle(["7H:up", "2D:up"], [["5C"], ["3C", "4S", "KD:up"], []], [3, 2, 4], out=(False, False, True))
    assert chips == [-7, 3, 4, 0], "the player who bust before is not paid again"


def test_3_6_sm5_a_banker_with_seven_and_a_half_beats_everyone_even_seven_and_a_half():
    chips, _ = settle(["7H:up", "QD:up"], [["7C", "JS:up"], ["AC"], ["6C", "AS:up"]], [3, 2, 4])
    assert chips == [9, -3, -2, -4]


def test_3_6_sm3_below_seven_and_a_half_the_higher_total_wins_and_ties_go_to_the_banker():
    chips, _ = settle(["5H:up"], [["6C"], ["5C"], ["4C"]], [3, 2, 4])
    assert chips == [3, 3, -2, -4]


def test_3_6_seven_and_a_half_against_a_lower_banker_is_paid_double():
    chips, _ = settle(["7H:up"], [["7C", "JS:up"], ["AC"], ["3C", "4D", "KH"]], [3, 2, 4])
    assert chips == [-12, 6, -2, 8]


def test_sm9_seven_and_a_half_with_two_cards_pays_like_any_other():
    two, _ = settle(["5H:up"], [["7C", "JS:up"], ["AC", "2C", "4C", "QH"], ["AS"]], [3, 3, 1])
    assert two == [-11, 6, 6, -1]


def test_3_1_half_points_are_exact_in_every_comparison():
    # 5 1/2 against 5 1/2: a tie, to the banker; 6 against 5 1/2 wins; 5 against 5 1/2 loses.
    chips, _ = settle(["5H:up", "JD:up"], [["JC", "QC", "KS", "4C"], ["6C"], ["AD", "4D"]], [2, 3, 4])
    assert chips == [3, -2, 3, -4]
    # Twelve figures: the banker's six and an ace make 4, seat 1's six and two aces make 5.
    chips, _ = settle(["JH:up", "QH:up", "KH:up", "JS:up", "QS:up", "KS:up", "AH:up"],
                      [["JC", "QC", "KC", "JD", "QD", "KD", "AS", "AD"], ["3C"], ["4C"]], [1, 1, 1])
    assert chips == [1, 1, -1, -1], "banker 4; 5 beats it, 3 loses, 4 ties to the banker"


def test_3_6_the_showdown_shows_the_hands_of_the_players_still_in():
    _, st = settle(["5H:up"], [["6C"], ["2C", "3D:up"], []], [3, 2, 4], out=(False, False, True))
    for viewer in range(4):
        hands = st.observation(viewer)["zones"]["hand"]
        assert hands[:3] == [["5H"], ["6C"], ["2C", "3D"]]


# --- 3.7: between rounds -------------------------------------------------------------------

def test_3_7_after_a_round_the_banker_keeps_or_offers_the_bank():
    _, st = settle(["5H:up"], [["6C"], ["5C"], ["4C"]], [1, 1, 1])
    assert (st.phase_name, st.current_player, legal(st)) == ("keep_or_offer", 0, ["keep", "offer"])


def test_3_7_the_last_round_ends_the_game_with_the_chip_balances_as_scores():
    chips, st = settle(["5H:up"], [["6C"], ["5C"], ["4C"]], [3, 2, 4], rounds_left=False)
    assert st.is_over and st.current_player is None and legal(st) == []
    assert st.scores() == chips == [3, 3, -2, -4]
    assert sum(st.scores()) == 0


def test_3_7_sm11_keeping_the_bank_deals_a_new_round_with_the_full_deck():
    st = position("keep_or_offer", [["5H:up", "2C:up"], ["6C"], [], ["4C", "JD"]], returned=["7C", "2D"],
                  bet=[0, 3, 2, 4], out=[False, False, True, False], mode=["unset", "open", "open", "closed"],
                  raised=[False, True, False, False], chips=[1, 2, -3, 0])
    st.apply("keep")
    assert (st.phase_name, st.current_player, var(st, "round"), var(st, "banker")) == ("bet", 1, 2, 0)
    assert [len(hand_seen_by(st, seat, seat)) for seat in range(4)] == [1, 1, 1, 1]
    assert len(st.zones[GAME.zones["stock"].base]) == 36 and st.observation(0)["zones"]["returned"] == []
    assert var(st, "bet") == [0, 0, 0, 0] and var(st, "mode") == ["unset"] * 4
    assert var(st, "raised") == [False] * 4 and var(st, "out") == [False] * 4
    assert var(st, "chips") == [1, 2, -3, 0], "chips carry over"


def test_3_7_sm10_the_bank_is_offered_in_seat_order_and_the_first_to_accept_takes_it_free():
    st = position("keep_or_offer", [["5H:up"], ["6C"], ["5C"], ["4C"]], chips=[4, -1, -2, -1])
    st.apply("offer")
    assert (st.phase_name, st.current_player, legal(st)) == ("ask", 1, ["accept", "decline"])
    st.apply("decline")
    assert (st.phase_name, st.current_player) == ("ask", 2)
    st.apply("accept")
    assert var(st, "banker") == 2 and var(st, "chips") == [4, -1, -2, -1]
    assert (st.phase_name, st.current_player) == ("bet", 3), "the new banker's right bets first"
    (card,) = hand_seen_by(st, 2, 0)
    assert card is not None, "the new banker's card is turned up"


def test_3_7_when_everyone_declines_the_banker_keeps_the_bank():
    st = position("ask", [["5H:up"], ["6C"], ["5C"], ["4C"]], asked=3, banker=0)
    assert st.current_player == 3
    st.apply("decline")
    assert var(st, "banker") == 0 and (st.phase_name, st.current_player) == ("bet", 1)


def test_3_7_an_empty_stock_reshuffles_the_returned_cards():
    everything_else = [c for c in DECK if c not in ("4H", "5C", "2S", "KC", "7C", "2D", "7S")]
    st = load_data(GAME, {
        "phase": "decide", "vars": {"banker": 0, "to_act": 3, "round": 1, "bet": [0, 1, 1, 1]},
        "zones": {"hand": [["4H:up"], ["5C", *everything_else[:12]], ["2S", *everything_else[12:]], ["KC"]],
                  "stock": [], "returned": ["7C", "2D", "7S"]},
        "random": {"seed": 3, "draws": 0}})
    assert legal(st) == ["stand"] + raises(1, 9) + ["hit open", "hit closed"]
    st.apply("hit closed")
    (drawn,) = [c for c in hand_seen_by(st, 3, 3) if c != "KC"]
    assert drawn in ("7C", "2D", "7S")
    stock = st.zones[GAME.zones["stock"].base]
    assert sorted(DECK[c] for c in stock) == sorted({"7C", "2D", "7S"} - {drawn})
    assert not any(st.face[c] for c in stock) and st.observation(0)["zones"]["returned"] == []


def test_3_7_with_no_card_left_anywhere_a_player_must_stand():
    everything_else = [c for c in DECK if c not in ("4H", "5C", "2S", "KC")]
    st = load_data(GAME, {
        "phase": "decide", "vars": {"banker": 0, "to_act": 3, "round": 1, "bet": [0, 1, 1, 1]},
        "zones": {"hand": [["4H:up"], ["5C", *everything_else[:18]], ["2S", *everything_else[18:]], ["KC"]],
                  "stock": [], "returned": []}})
    assert legal(st) == ["stand"]
    st.apply("stand")
    assert st.phase_name == "banker_turn" and legal(st) == ["stand"]


# --- the same scenarios as position files ------------------------------------------------

def test_position_file_open_hit_then_raise():
    st = load(GAME, POSITIONS / "open_second_hit.json")
    assert (st.phase_name, st.current_player) == ("decide", 2)
    assert legal(st) == ["stand"] + raises(1, 8) + ["hit open"]
    st.apply("raise 8")
    assert legal(st) == ["hit open"]
    st.apply("hit open")  # 1/2 + 3 + 4: 7 1/2 ends the turn
    assert (st.phase_name, st.current_player) == ("bet", 3)
    assert hand_seen_by(st, 2, 1) == [None, "3S", "4S"]


def test_position_file_banker_bust_settlement():
    st = load(GAME, POSITIONS / "banker_bust.json")
    assert st.phase_name == "banker_turn"
    st.apply("hit")
    assert st.phase_name == "keep_or_offer"
    assert var(st, "chips") == [-9, 15, -5, 4], "7 1/2 paid double; the seat out is not paid"


@pytest.mark.parametrize("name", ["open_second_hit.json", "banker_bust.json"])
def test_the_position_files_survive_the_json_round_trip(name):
    st = load(GAME, POSITIONS / name)
    assert st.legal_moves()
    assert load_data(GAME, json.loads(json.dumps(st.to_json()))) == st
