"""Piquet scenarios through the position notation: one test (or a few) per rule marked [seed]
in SPEC section 4 and per default of its ambiguity table (PQ-1 .. PQ-12).

Seat 1 deals unless a test says otherwise, so seat 0 is elder. Positions in the declaration
and trick phases hold only the cards that matter: the rules score whatever the hands hold.
Ranks sit in the order 7 8 9 10 J Q K A at positions 0 to 7; the declaration keys use them.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cardrules import load_game
from cardrules.language.diagnostics import RulesError
from cardrules.engine.position import load_data
from cardrules.engine.runtime import State
from support.states import cards_in as cards, legal_in_order as moves, var

ELDER, DEALER = 0, 1


@lru_cache(maxsize=None)
def _game(params: tuple):
    return load_game("piquet", dict(params))


def game(**params):
    return _game(tuple(sorted(params.items())))


def at(phase: str, elder_hand: str = "", dealer_hand: str = "", *, talons=("", ""), won=(0, 0),
       dealer_seat=DEALER, params=None, **variables) -> State:
    """A position; hands, talons and the numbers of tricks won are (elder's, dealer's), cards
    space-separated. Tricks won are made of cards no hand or talon holds; the rest is the stock."""
    the_game = game(**(params or {}))
    elder_seat = 1 - dealer_seat
    hands, talon, tricks = [[], []], [[], []], [[], []]
    hands[elder_seat], hands[dealer_seat] = elder_hand.split(), dealer_hand.split()
    talon[elder_seat], talon[dealer_seat] = talons[0].split(), talons[1].split()
    placed = set(elder_hand.split() + dealer_hand.split() + talons[0].split() + talons[1].split())
    free = [c for c in the_game.deck.names if c not in placed]
    tricks[elder_seat], tricks[dealer_seat] = free[:2 * won[0]], free[2 * won[0]:2 * (won[0] + won[1])]
    data = {"phase": phase, "vars": {"dealer": dealer_seat, "deal_no": 1, **variables},
            "zones": {"hand": hands, "talon": talon, "won": tricks}, "rest": "stock"}
    return load_data(the_game, data)


def playing(elder_hand: str, dealer_hand: str, *, leader=ELDER, trick_no=1, score=(0, 0), won=(0, 0),
            params=None) -> State:
    """A position in the play of the partie's last deal, so that the game ends with it."""
    return at("play", elder_hand, dealer_hand, won=won, params=params, leader=leader, trick_no=trick_no,
              deal_score=list(score), deal_no=6)


def tricks_won(st: State) -> list[int]:
    return [len(cards(st, "won", p)) // 2 for p in (0, 1)]


def seen_by(st: State, seat: int, zone: str, owner: int) -> list[str]:
    """The cards of a seat's zone that `seat` can name in its observation."""
    return [c for c in st.observation(seat)["zones"][zone][owner] if c is not None]


def play(st: State, *texts: str) -> State:
    for text in texts:
        st.apply(text)
    return st


class _Unshuffled:
    """Stands for the game's random generator: lots fall on the first choice, shuffles keep order."""

    def randrange(self, n):
        return 0

    def shuffle(self, xs):
        pass


# --- 4.1, 4.2: deck, players, dealer, deal and talons -----------------------------------------

def test_the_deck_is_32_cards_seven_to_ace_in_four_suits():
    deck = game().deck
    assert deck.size == 32
    assert deck.ranks == ("7", "8", "9", "10", "J", "Q", "K", "A")
    assert deck.suits == ("C", "D", "H", "S")


def test_two_play():
    with pytest.raises(RulesError, match="this game is for 2 players, not 3"):
        load_game("piquet", {"players": 3})


def test_the_first_dealer_is_chosen_by_lot():
    assert {var(game().new_state(seed), "dealer") for seed in range(40)} == {0, 1}


def test_twelve_each_two_at_a_time_elder_first_then_talons_of_five_and_three(monkeypatch):
    # PQ-12. Unshuffled, the stock's top card is AS, and the lot makes seat 0 the dealer.
    monkeypatch.setattr(State, "rng", lambda self: _Unshuffled())
    st = game().new_state(0)
    assert var(st, "dealer") == 0
    assert cards(st, "hand", 1) == "AS KS 10S 9S AH KH 10H 9H AD KD 10D 9D".split()
    assert cards(st, "hand", 0) == "QS JS 8S 7S QH JH 8H 7H QD JD 8D 7D".split()
    assert cards(st, "talon", 1) == "10C JC QC KC AC".split()   # elder's: the top five, AC on top
    assert cards(st, "talon", 0) == "7C 8C 9C".split()          # the dealer's: the bottom three
    assert st.observation(0)["zones"]["talon"] == [[None] * 3, [None] * 5]
    # Neither hand is carte blanche, yet both are asked: whether one is must not show.
    assert st.phase_name == "claim_blanche" and moves(st) == ["pass"] and st.current_player == 1
    play(st, "pass")
    assert st.phase_name == "claim_blanche" and moves(st) == ["pass"] and st.current_player == 0
    play(st, "pass")
    assert st.phase_name == "elder_exchange" and st.current_player == 1


def test_the_deal_alternates():
    st = at("the_cards", won=(6, 6))
    assert var(st, "deal_no") == 2 and var(st, "dealer") == ELDER
    assert [len(cards(st, "hand", p)) for p in (0, 1)] == [12, 12]


# --- 4.3: carte blanche (PQ-1) -----------------------------------------------------------------

WHITE_HEARTS = "10H 9H 8H 7C QC KC AC 7D QD KD 8S QS"    # hearts: the 10 and no K, Q or J
COURTED_TENS = "10C JC 9C 8D 9D 10D JD AD 9S JS KS AS"   # a 10 in three suits, each with a court
WHITE_SPADES = "10S 9S 7S 8D 9D 10D JD AD 8C 9C 10C JC"  # spades: the 10 and no court


def test_a_suit_with_its_ten_and_no_court_is_carte_blanche_worth_ten_at_once():
    st = at("offer_blanche", WHITE_HEARTS, COURTED_TENS, claimant=ELDER)
    assert st.phase_name == "claim_blanche" and st.current_player == ELDER
    assert moves(st) == ["carte blanche H", "pass"]
    play(st, "carte blanche H")
    assert var(st, "deal_score") == [10, 0]
    assert moves(st) == ["pass"] and st.current_player == DEALER   # the dealer's hand does not qualify
    assert play(st, "pass").phase_name == "elder_exchange"


def test_a_ten_with_a_court_of_its_suit_is_not_carte_blanche():
    st = at("offer_blanche", "10H JH 8H 7C QC KC AC 7D QD KD 8S QS", COURTED_TENS, claimant=ELDER)
    assert moves(st) == ["pass"]


def test_elder_claims_first_then_the_dealer_and_each_sees_the_others_suit():
    st = at("offer_blanche", WHITE_HEARTS, WHITE_SPADES, claimant=ELDER)
    assert st.current_player == ELDER
    play(st, "carte blanche H")
    assert st.phase_name == "claim_blanche" and st.current_player == DEALER
    assert sorted(seen_by(st, DEALER, "hand", ELDER)) == ["10H", "8H", "9H"]
    assert seen_by(st, ELDER, "hand", DEALER) == []
    play(st, "carte blanche S")
    assert var(st, "deal_score") == [10, 10]


def test_shown_cards_are_turned_down_for_the_exchange():
    # Discards are face down, so which shown cards are kept must not show.
    st = play(at("offer_blanche", WHITE_HEARTS, WHITE_SPADES, claimant=ELDER), "carte blanche H", "carte blanche S")
    assert st.phase_name == "elder_exchange"
    assert seen_by(st, DEALER, "hand", ELDER) == [] and seen_by(st, ELDER, "hand", DEALER) == []


def test_carte_blanche_is_claimed_once_however_many_suits_qualify():
    elder = "10H 9H 10S 8S 7C QC KC AC 7D QD KD 7H"
    st = at("offer_blanche", elder, COURTED_TENS, claimant=ELDER)
    assert moves(st) == ["carte blanche H", "carte blanche S", "pass"]
    play(st, "carte blanche S", "pass")
    assert var(st, "deal_score") == [10, 0] and st.phase_name == "elder_exchange"


def test_carte_blanche_may_be_passed():
    st = play(at("offer_blanche", WHITE_HEARTS, COURTED_TENS, claimant=ELDER), "pass", "pass")
    assert var(st, "deal_score") == [0, 0] and st.phase_name == "elder_exchange"


def test_standard_carte_blanche_is_a_hand_without_courts_and_shows_the_whole_hand():
    std = {"carte_blanche": "standard"}
    assert moves(at("offer_blanche", WHITE_HEARTS, COURTED_TENS, claimant=ELDER, params=std)) == ["pass"]
    blank = "7H 8H 9H 10H AH 7C 8C 9C 10C 7D 8D AS"
    st = at("offer_blanche", blank, "7S 9S", claimant=ELDER, params=std)
    assert moves(st) == ["carte blanche", "pass"]
    play(st, "carte blanche")
    assert var(st, "deal_score") == [10, 0]
    assert st.current_player == DEALER   # the dealer has no court either
    assert sorted(seen_by(st, DEALER, "hand", ELDER)) == sorted(blank.split())


# --- 4.4: the exchange (PQ-8, PQ-9) ------------------------------------------------------------

def exchange() -> State:
    return at("elder_exchange", "7H 8H 9H 10H JH QH KH AH 7D 8D 9D 10D",
              "7S 8S 9S 10S JS QS KS AS JD QD KD AD", talons=("7C 8C 9C 10C JC", "QC KC AC"))


def test_elder_must_exchange_at_least_one_card():
    st = exchange()
    assert st.current_player == ELDER and "take" not in moves(st)
    assert "take" in moves(play(st, "discard 7D"))


def test_elder_exchanges_at_most_five():
    st = play(exchange(), "discard 7D", "discard 8D", "discard 9D", "discard 10D", "discard 7H")
    assert moves(st) == ["take"]


def test_elder_takes_the_top_of_his_talon_and_may_look_at_the_rest():
    st = play(exchange(), "discard 7D", "discard 8D", "take")
    assert cards(st, "hand", ELDER)[-2:] == ["JC", "10C"]
    assert seen_by(st, ELDER, "talon", ELDER) == ["7C", "8C", "9C"]
    assert seen_by(st, DEALER, "talon", ELDER) == []
    assert seen_by(st, ELDER, "talon", DEALER) == []


def test_discards_are_private_to_their_owner():
    st = play(exchange(), "discard 7D", "discard 8D", "take")
    assert seen_by(st, ELDER, "discards", ELDER) == ["7D", "8D"]
    assert st.observation(DEALER)["zones"]["discards"][ELDER] == [None, None]


def test_the_dealer_may_exchange_nothing_and_may_look_at_every_card_left():
    st = play(exchange(), "discard 7D", "take")
    assert st.current_player == DEALER and "take" in moves(st)
    play(st, "take")
    assert seen_by(st, DEALER, "talon", ELDER) == ["7C", "8C", "9C", "10C"]
    assert seen_by(st, DEALER, "talon", DEALER) == ["QC", "KC", "AC"]
    assert seen_by(st, ELDER, "talon", DEALER) == []   # PQ-9: elder sees only his own leftovers


def test_the_dealer_takes_elders_leftovers_first_then_his_own():
    st = play(exchange(), "discard 7D", "discard 8D", "discard 9D", "take")   # elder leaves 7C 8C
    play(st, "discard AD", "discard JD", "discard QD", "take")
    assert cards(st, "hand", DEALER)[-3:] == ["8C", "7C", "AC"]
    assert seen_by(st, DEALER, "talon", DEALER) == ["QC", "KC"]
    # Elder still knows where the leftovers he looked at went, and nothing of the dealer's talon
    # (the dealer scores no declaration here, so he shows nothing).
    assert seen_by(st, ELDER, "hand", DEALER) == ["8C", "7C"]
    assert seen_by(st, ELDER, "talon", DEALER) == []


def test_the_dealer_may_take_all_that_remain():
    st = play(exchange(), "discard 7D", "take")   # four left on elder's talon, three on the dealer's
    play(st, *(f"discard {c}" for c in "7S 8S 9S 10S JS QS KS".split()))
    assert moves(st) == ["take"]


def test_elder_leads_the_first_trick():
    st = play(exchange(), "discard 7D", "take", "take")
    assert st.phase_name == "play" and st.current_player == ELDER


# --- 4.5: declarations (PQ-6, PQ-7, PQ-10) -----------------------------------------------------

def declared(elder_hand: str, dealer_hand: str, **kw) -> State:
    return at("declare", elder_hand, dealer_hand, **kw)


def test_the_longest_suit_wins_the_point_scoring_one_per_card():
    st = declared("7H 8H 10H JH KH 9C", "AS KS JS 9S 8D")
    assert var(st, "point") == [[5, 45], [4, 40]]
    assert var(st, "deal_score") == [5, 0]
    assert seen_by(st, DEALER, "hand", ELDER) == ["7H", "8H", "10H", "JH", "KH"]   # shown; not the 9C
    assert seen_by(st, ELDER, "hand", DEALER) == []


def test_on_equal_length_the_higher_point_value_wins():
    st = declared("7H 8H 10H JH", "9S 10S QS AS")
    assert var(st, "point") == [[4, 35], [4, 40]]
    assert var(st, "deal_score") == [0, 4]


def test_a_point_equal_in_cards_and_value_scores_for_nobody():
    st = declared("7H 8H 10H JH", "7S 8S 10S QS")
    assert var(st, "deal_score") == [0, 0]


@pytest.mark.parametrize("length,points", [(3, 3), (4, 4), (5, 15), (6, 16), (7, 17), (8, 18)])
def test_sequences_score_by_length(length, points):
    hearts = " ".join(r + "H" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"][:length])
    st = declared(hearts, "7S 9S JS KS AS")   # the dealer's point (5 cards, 47) and no sequence
    assert var(st, "sequence") == [[length, length - 1], [0, -1]]
    point = length if length > 5 else 0
    assert var(st, "deal_score")[ELDER] == points + point


def test_the_longer_sequence_wins():
    st = declared("7H 8H 9H 10H KD", "QS KS AS 8C 10C")
    assert var(st, "sequence") == [[4, 3], [3, 7]]
    assert var(st, "deal_score") == [4 + 4, 0]   # the point (four hearts) and the quart


def test_on_equal_length_the_higher_top_card_wins():
    st = declared("7H 8H 9H 10H", "JS QS KS AS")
    assert var(st, "deal_score") == [0, 4 + 4]   # the dealer's point (41 to 34) and quart


def test_exactly_equal_sequences_score_for_nobody():
    st = declared("8H 9H 10H", "8S 9S 10S")
    assert var(st, "sequence") == [[3, 3], [3, 3]]
    assert var(st, "deal_score") == [0, 0]


def test_the_sequence_winner_scores_all_his_sequences_and_the_loser_none():
    # PQ-10: elder's quint (15) and tierce (3); the dealer's tierce to the ace scores nothing.
    st = declared("7H 8H 9H 10H JH 7C 8C 9C", "QS KS AS")
    assert var(st, "deal_score") == [5 + 15 + 3, 0]


def test_any_quatorze_beats_any_trio():
    st = declared("10H 10C 10D 10S", "AH AC AD")
    assert var(st, "set") == [[4, 3], [3, 7]]
    assert var(st, "deal_score") == [14, 1]   # the dealer's point: one ace (11) to one ten


def test_between_trios_the_higher_rank_wins():
    st = declared("JH JC JD", "KH KC KD")
    assert var(st, "deal_score") == [0, 3]


def test_nines_eights_and_sevens_make_no_set():
    st = declared("9H 9C 9D 9S", "10H 10C 10D")   # PQ-6
    assert var(st, "set") == [[0, -1], [3, 3]]
    assert var(st, "deal_score") == [0, 1 + 3]


def test_the_set_winner_scores_all_his_sets():
    st = declared("AH AC AD AS KH KC KD", "QH QC QD")
    assert var(st, "deal_score") == [2 + 14 + 3, 0]   # the point is two cards, A K


def test_declarations_make_each_best_known_and_show_what_scores():
    st = declared("7H 8H 9H 10H JH 7C 8C 9C KD", "QS KS AS 10S 10D 10C")
    assert var(st, "deal_score") == [5 + 15 + 3, 3]
    for seat in (ELDER, DEALER):
        seen = st.observation(seat)["vars"]
        assert seen["point"] == [[5, 44], [4, 41]]
        assert seen["sequence"] == [[5, 4], [3, 7]]
        assert seen["set"] == [[0, -1], [3, 3]]
    assert sorted(seen_by(st, DEALER, "hand", ELDER)) == sorted("7H 8H 9H 10H JH 7C 8C 9C".split())
    assert sorted(seen_by(st, ELDER, "hand", DEALER)) == ["10C", "10D", "10S"]   # not the losing tierce


def test_who_declares_first_changes_nothing():
    # PQ-7: the same two hands score the same whoever deals.
    hands = ("7H 8H 9H 10H JH 7C 8C 9C KD", "QS KS AS 10S 10D 10C")
    one = declared(*hands, dealer_seat=1)
    other = declared(*hands, dealer_seat=0)
    assert var(one, "deal_score") == list(reversed(var(other, "deal_score")))


# --- 4.6: tricks (PQ-2, PQ-3, PQ-4) -------------------------------------------------------------

def test_the_second_player_must_follow_suit():
    st = play(playing("7H 8S AS", "9H KS 8D", trick_no=9), "play 8S")
    assert moves(st) == ["play KS"]


def test_a_player_void_in_the_suit_led_may_play_any_card():
    st = play(playing("7C 8S AS", "9H KS 8D", trick_no=9), "play 7C")
    assert moves(st) == ["play 9H", "play KS", "play 8D"]


def test_the_leader_may_lead_any_card():
    assert moves(playing("7C 8S AS", "9H KS 8D", trick_no=9)) == ["play 7C", "play 8S", "play AS"]


def test_the_highest_card_of_the_suit_led_wins_and_its_player_leads_next():
    st = play(playing("7H 8S", "9H KS", trick_no=10), "play 7H", "play 9H")
    assert tricks_won(st) == [0, 1] and st.current_player == DEALER


def test_a_card_of_another_suit_never_wins():
    st = play(playing("7H 8S", "AS KS", trick_no=10), "play 7H", "play AS")
    assert tricks_won(st) == [1, 0] and st.current_player == ELDER


def test_seed_trick_points_one_for_the_lead_and_one_for_the_trick():
    st = play(playing("7H 8S", "9H KS", trick_no=10), "play 7H")
    assert var(st, "deal_score") == [1, 0]
    play(st, "play 9H")
    assert var(st, "deal_score") == [1, 1]


def test_seed_trick_points_two_and_two_for_the_last_trick():
    # PQ-2; 6 tricks each (PQ-3): the cards score for nobody.
    st = play(playing("AH", "7H", trick_no=11, won=(5, 6)), "play AH", "play 7H")
    assert st.is_over and var(st, "deal_score") == [4, 0]


def test_standard_trick_points():
    std = {"trick_scoring": "standard"}
    st = play(playing("7H 8S", "9H KS", trick_no=10, won=(6, 4), params=std), "play 7H", "play 9H")
    assert var(st, "deal_score") == [1, 1]          # a lead; a trick the opponent led
    play(st, "play KS", "play 8S")
    assert var(st, "deal_score") == [1, 1 + 1 + 1]   # a lead; the last trick; not his own lead
    st = play(playing("AH", "7H", trick_no=11, won=(5, 6), params=std), "play AH", "play 7H")
    assert var(st, "deal_score") == [2, 0]


def test_seven_tricks_or_more_win_the_cards_for_ten():
    st = play(playing("AH", "7H", trick_no=11, won=(6, 5)), "play AH", "play 7H")
    assert var(st, "deal_score") == [2 + 2 + 10, 0]


def test_capot_scores_forty_instead_of_ten():
    st = play(playing("AH", "7H", trick_no=11, won=(11, 0), score=(0, 5)), "play AH", "play 7H")
    assert var(st, "deal_score") == [2 + 2 + 40, 5]   # PQ-4


def test_capot_adds_ten_when_asked():
    st = play(playing("AH", "7H", trick_no=11, won=(11, 0), score=(0, 5), params={"capot_adds_ten": True}),
              "play AH", "play 7H")
    assert var(st, "deal_score") == [2 + 2 + 50, 5]


# --- 4.7: the 30-point bonus (PQ-5) -------------------------------------------------------------

BIG = "7H 8H 9H 10H JH QH KH AH AC AD AS"   # point 8, huitième 18, quatorze of aces 14: 40
SMALL = "7C 8D 9S"


def test_reaching_30_in_the_declarations_while_the_other_has_none_scores_30_more_once():
    st = declared(BIG, SMALL)
    assert var(st, "deal_score") == [40 + 30, 0]
    play(st, "play AH")   # the lead point: 71, and the bonus is not paid again
    assert var(st, "deal_score") == [71, 0]


def test_reaching_30_in_play_while_the_other_has_none_scores_30_more_at_that_moment():
    st = play(playing("AH", "7H", trick_no=11, won=(5, 6), score=(28, 0)), "play AH")
    assert var(st, "deal_score") == [28 + 2 + 30, 0]
    play(st, "play 7H")
    assert var(st, "deal_score") == [62, 0]


def test_no_bonus_once_the_other_has_scored():
    st = play(playing("AH", "7H", trick_no=11, won=(5, 6), score=(28, 1)), "play AH", "play 7H")
    assert var(st, "deal_score") == [28 + 2 + 2, 1]


def chronology(dealer_hand: str) -> State:
    """Elder's dealt hand is a white ten of clubs; he claims it, exchanges the 10C for the AC and
    then holds BIG; the dealer claims if he can, then exchanges nothing."""
    st = at("offer_blanche", "10C 8S " + BIG.replace(" AC", ""), dealer_hand, claimant=ELDER,
            talons=("7D 8D 9D 10D AC", "JD QD KD"))
    play(st, "carte blanche C")
    play(st, "carte blanche S" if "carte blanche S" in moves(st) else "pass")
    return play(st, "discard 10C", "take", "take")


def test_carte_blanche_counts_toward_the_bonus_and_comes_before_the_declarations():
    st = chronology("7C 8C JC QC KC 9S")
    # 10 for the blanche, 8 for the point, 18 for the huitième: 36 at the sequences, then the 30
    # and the quatorze.
    assert var(st, "deal_score") == [10 + 8 + 18 + 30 + 14, 0]


def test_the_opponents_carte_blanche_comes_first_and_prevents_the_bonus():
    st = chronology("10S 9S JC QC KC 7C")
    assert var(st, "deal_score") == [10 + 8 + 18 + 14, 10]


def test_standard_repique_is_60_from_the_declarations_alone():
    std = {"bonus30": "standard"}
    assert var(declared(BIG, SMALL, params=std), "deal_score") == [40 + 60, 0]
    assert var(declared(SMALL, BIG, params=std), "deal_score") == [0, 40 + 60]   # younger too


def test_standard_pique_is_30_for_elder_reaching_30_in_play():
    std = {"bonus30": "standard"}
    st = play(playing("AH", "7H", trick_no=11, won=(5, 6), score=(28, 0), params=std), "play AH")
    assert var(st, "deal_score") == [28 + 2 + 30, 0]


def test_standard_pique_is_for_elder_only():
    args = dict(leader=DEALER, trick_no=11, won=(6, 5), score=(0, 28))
    st = play(playing("7H", "AH", params={"bonus30": "standard"}, **args), "play AH")
    assert var(st, "deal_score") == [0, 30]
    st = play(playing("7H", "AH", **args), "play AH")
    assert var(st, "deal_score") == [0, 60]   # the seed's rule has no such exception


# --- 4.8: the partie (PQ-11) -------------------------------------------------------------------

def test_the_partie_is_six_deals_and_the_higher_total_wins():
    st = at("the_cards", deal_no=5, total=[100, 90], deal_score=[5, 20], won=(6, 6))
    assert not st.is_over and var(st, "deal_no") == 6 and var(st, "total") == [105, 110]
    st = at("the_cards", deal_no=6, total=[100, 90], deal_score=[5, 20], won=(6, 6))
    assert st.is_over and st.scores() == [105, 110]


def test_a_random_partie_has_six_deals():
    st = game().new_state(7)
    while not st.is_over:
        st.apply(st.legal_moves()[0])
    assert var(st, "deal_no") == 6 and st.scores() == var(st, "total")
