"""President in exact positions, rule by rule of the file's header (Wikipedia's "President (card
game)", cachedcards.com): ranks 3 low to 2 high by the order `power`, singles, pairs, triples and
fours of equal rank beating the last play, passing out of a trick, the trick cleared when all
the others have passed, places by going out, and the exchange between the Scum and the
President."""

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import dump, load_data
from support.states import legal, names, var

PRESIDENT = load_game("president")
ONE_DEAL = load_game("president", {"deals": 1})


def at_play(hands, pile=(), current=0, last=None, need=0, beat=-1, game=PRESIDENT, **variables):
    return load_data(game, {"phase": "play",
                            "vars": {"hands": 1, "dealer": 3, "current": current,
                                     "last": current if last is None else last,
                                     "need": need, "beat": beat, **variables},
                            "zones": {"hand": [list(h) for h in hands], "pile": list(pile)},
                            "rest": "played"})


# --- the deal and the lead -------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_all_52_cards_dealt_and_the_holder_of_the_three_of_clubs_shows_it_and_leads(seed):
    st = PRESIDENT.new_state(seed)
    assert [len(names(st, "hand", p)) for p in range(4)] == [13, 13, 13, 13]
    leader = st.current_player
    assert "3C" in names(st, "hand", leader)
    other = (leader + 1) % 4
    assert [c for c in st.observation(other)["zones"]["hand"][leader] if c is not None] == ["3C"], \
        "he shows the 3 of clubs, and only it"


def test_with_three_players_one_holds_a_card_more_the_player_on_the_dealers_left_first():
    st = load_game("president", {"players": 3}).new_state(0)
    dealer = var(st, "dealer")
    counts = [len(names(st, "hand", p)) for p in range(3)]
    assert sorted(counts) == [17, 17, 18] and counts[(dealer + 1) % 3] == 18


def test_the_leader_plays_any_single_or_set_of_equal_rank_and_may_not_pass():
    st = at_play([["3C", "3D", "9H", "2S"], ["4C"], ["5C"], ["6C"]])
    assert legal(st) == ["play 1 of 2", "play 1 of 3", "play 1 of 9", "play 2 of 3"]
    with pytest.raises(IllegalMove) as info:
        st.apply("pass")
    assert "the leader may not pass" in info.value.reason


# --- beating the last play -------------------------------------------------------------------

def test_a_play_has_as_many_cards_as_the_last_and_a_higher_rank_by_power():
    hands = [["4C"], ["8C", "8D", "8H", "JC", "JD", "2H", "2S", "3H", "3S"], ["5C"], ["6C"]]
    st = at_play(hands, pile=["7C", "7D"], current=1, last=0, need=2, beat=4)
    assert legal(st) == ["pass", "play 2 of 2", "play 2 of 8", "play 2 of J"], \
        "two 8s, jacks or 2s (the highest); never one card, three 8s or a pair of 3s"


def test_the_two_is_the_highest_rank_and_the_three_the_lowest():
    st = at_play([["4C"], ["2C", "AS", "3D"], ["5C"], ["6C"]], pile=["AC"], current=1, last=0, need=1, beat=11)
    assert legal(st) == ["pass", "play 1 of 2"]
    before = dump(st)
    with pytest.raises(IllegalMove) as info:
        st.apply("play 1 of 3")
    assert "a higher rank than the last play" in info.value.reason and dump(st) == before


def test_three_cards_of_a_rank_cannot_follow_a_pair():
    st = at_play([["4C"], ["9C", "9D", "9H"], ["5C"], ["6C"]], pile=["7C", "7D"], current=1, last=0, need=2, beat=4)
    with pytest.raises(IllegalMove) as info:
        st.apply("play 3 of 9")
    assert "as many cards as the last play" in info.value.reason


# --- passing and the cleared trick -----------------------------------------------------------

def test_a_player_who_passed_sits_out_the_rest_of_the_trick():
    hands = [["4C", "KC"], ["5C", "6C"], ["8C", "QC"], ["9C", "AC"]]
    st = at_play(hands)
    st.apply("play 1 of 4")
    st.apply("pass")                       # seat 1 sits out
    st.apply("play 1 of 8")
    st.apply("play 1 of 9")
    st.apply("play 1 of K")
    assert st.current_player == 2, "seat 1 passed: after seat 0 comes seat 2"


def test_when_all_the_others_pass_the_trick_is_cleared_and_the_last_to_play_leads():
    hands = [["4C", "KC"], ["5C", "6C"], ["8C", "QC"], ["9C", "AC"]]
    st = at_play(hands)
    st.apply("play 1 of K")
    for _ in range(3):
        st.apply("pass")
    assert names(st, "pile") == [] and "KC" in names(st, "played")
    assert st.current_player == 0 and var(st, "need") == 0 and legal(st) == ["play 1 of 4"]


def test_a_player_who_goes_out_on_the_last_play_hands_the_lead_to_the_next_player_holding_cards():
    hands = [["AC"], ["5C", "6C"], ["8C", "QC"], ["9C", "KC"]]
    st = at_play(hands, game=ONE_DEAL)
    st.apply("play 1 of A")
    assert var(st, "place") == [1, 0, 0, 0]
    for _ in range(3):
        st.apply("pass")
    assert st.current_player == 1 and names(st, "pile") == []


# --- places and points -----------------------------------------------------------------------

def test_places_by_going_out_the_last_holding_cards_is_the_scum():
    hands = [["AC"], ["5C", "6C"], ["2C"], ["9C", "KC"]]
    st = at_play(hands, game=ONE_DEAL)
    st.apply("play 1 of A")                # seat 0 out first: President
    st.apply("pass")
    st.apply("play 1 of 2")                # seat 2 out second
    st.apply("pass")                       # no one is left in the trick: cleared
    assert st.current_player == 3, "the last to play is out: the next holding cards leads"
    st.apply("play 1 of 9")
    st.apply("pass")
    st.apply("play 1 of K")                # seat 3 out third: seat 1 is left holding cards
    assert st.is_over
    assert var(st, "place") == [1, 4, 2, 3]
    assert st.scores() == [3, 0, 2, 1], "the President 3, then 2, 1 and 0 for the Scum"


# --- the exchange ----------------------------------------------------------------------------

def test_from_the_second_deal_the_scum_gives_his_best_card_and_the_president_gives_one_back():
    st = PRESIDENT.new_state(3)
    while var(st, "hands") == 1:
        st.apply(st.legal_moves()[0])
    places = var(st, "place")
    president, scum = places.index(1), places.index(4)
    assert st.phase_name == "give_back" and st.current_player == president
    assert len(names(st, "hand", president)) == 14 and len(names(st, "hand", scum)) == 12
    given = names(st, "hand", president)[0]
    st.apply(f"give {given} back")
    assert given in names(st, "hand", scum) and len(names(st, "hand", scum)) == 13
    assert "3C" in names(st, "hand", st.current_player) and st.phase_name == "play"
