"""Sueca in exact positions, rule by rule of the file's header (Wikipedia's "Sueca (card
game)", suecalandia.com): counter-clockwise play, the dealer's turned-up last card for trumps,
follow suit, A 7 K J Q 6 5 4 3 2 in each suit, 120 card points a deal, and a deal worth one,
two or four games."""

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import dump, load_data
from support.states import legal, names, var

SUECA = load_game("sueca")


def at_play(hands, trick=(), leader=0, dealer=1, trump="S", taken=((), ()), **variables):
    """Seat `leader` led the cards of `trick`, in the order played; the next seat to play is the
    one after the last of them, counter-clockwise (down the seat numbers)."""
    to_play = (leader - len(trick)) % 4
    return load_data(SUECA, {"phase": "play",
                             "vars": {"dealer": dealer, "leader": leader, "to_play": to_play, "trump": trump,
                                      **variables},
                             "zones": {"hand": [list(h) for h in hands], "trick": list(trick),
                                       "taken": [list(t) for t in taken]},
                             "rest": "stock"})


# --- the deck and the deal ---------------------------------------------------------------------

def test_forty_cards_without_eights_nines_and_tens_worth_120_points():
    st = SUECA.new_state(0)
    every = [c for p in range(4) for c in names(st, "hand", p)]
    assert len(every) == 40 and len(set(every)) == 40
    assert not any(c[:-1] in ("8", "9", "10") for c in every)
    value = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
    assert sum(value.get(c[:-1], 0) for c in every) == 120


@pytest.mark.parametrize("seed", range(6))
def test_ten_cards_each_the_player_on_the_dealers_right_leads(seed):
    st = SUECA.new_state(seed)
    dealer = var(st, "dealer")
    assert [len(names(st, "hand", p)) for p in range(4)] == [10, 10, 10, 10]
    assert st.current_player == (dealer - 1) % 4, "counter-clockwise: the next seat is the one to the right"


@pytest.mark.parametrize("seed", range(6))
def test_the_dealers_last_card_is_turned_up_and_makes_trumps(seed):
    st = SUECA.new_state(seed)
    dealer = var(st, "dealer")
    seen = [c for c in st.observation((dealer + 1) % 4)["zones"]["hand"][dealer] if c is not None]
    assert len(seen) == 1, "every other seat sees exactly the turn-up of the dealer's hand"
    assert seen[0][-1] == var(st, "trump")
    assert dump(st)["zones"]["hand"][dealer][-1] == seen[0] + ":up", "the last card dealt to him"


def test_the_turn_up_is_hidden_again_once_the_dealer_plays_to_the_first_trick():
    st = at_play([["2D"], ["3C", "AS:up", "KH"], ["4D"], ["5D"]], trick=["4C", "5C", "6C"], leader=0, dealer=1)
    assert st.observation(0)["zones"]["hand"][1].count("AS") == 1
    st.apply("play 3C")
    assert "AS" not in st.observation(0)["zones"]["hand"][1]


# --- counter-clockwise play and following suit -------------------------------------------------

def test_play_goes_counter_clockwise_round_the_table():
    st = at_play([["4C"], ["5C"], ["6C"], ["7C", "2D"]], leader=3, dealer=0)
    order = []
    for card in ("7C", "6C", "5C"):
        order.append(st.current_player)
        st.apply(f"play {card}")
    assert order == [3, 2, 1] and st.current_player == 0, "seat 3 leads, then 2, 1 and 0: down the seats"


def test_follow_suit_if_you_can():
    st = at_play([[], [], ["2D", "KD", "AS", "7H"], []], trick=["QD"], leader=3)
    assert st.current_player == 2
    assert legal(st) == ["play 2D", "play KD"]


def test_void_in_the_suit_led_any_card_may_be_played_a_trump_or_not():
    st = at_play([[], [], ["AS", "7H", "2C"], []], trick=["QD"], leader=3)
    assert legal(st) == ["play 2C", "play 7H", "play AS"]


def test_the_leader_may_lead_any_card():
    st = at_play([["2D", "AS", "7H"], [], [], []], leader=0)
    assert legal(st) == ["play 2D", "play 7H", "play AS"]


def test_a_revoke_is_refused_with_the_reason_and_changes_nothing():
    st = at_play([[], [], ["2D", "AS"], []], trick=["QD"], leader=3)
    before = dump(st)
    with pytest.raises(IllegalMove) as info:
        st.apply("play AS")
    assert "you must follow suit" in info.value.reason
    assert dump(st) == before


# --- who takes the trick -----------------------------------------------------------------------

def test_the_seven_beats_the_king_and_the_jack_beats_the_queen():
    st = at_play([["3H"], ["KD", "2H"], ["JD", "4H"], ["7D", "5H"]], trick=["QD"], leader=0)
    for card in ("7D", "JD", "KD"):
        st.apply(f"play {card}")
    assert {"QD", "7D", "JD", "KD"} <= set(names(st, "taken", 1)), "seat 3's seven wins for seats 1 and 3"
    assert st.current_player == 3, "the winner leads the next trick"


def test_the_lowest_trump_beats_the_ace_of_the_suit_led():
    st = at_play([["3H"], ["2S", "4H"], ["AD", "5H"], ["7D", "6H"]], trick=["KD"], leader=0, trump="S")
    for card in ("7D", "AD", "2S"):
        st.apply(f"play {card}")
    assert {"KD", "7D", "AD", "2S"} <= set(names(st, "taken", 1)) and st.current_player == 1


def test_a_card_of_another_suit_that_is_not_trumps_never_wins():
    st = at_play([["3H"], ["AC", "4H"], ["2D", "5H"], ["6D", "6H"]], trick=["5D"], leader=0, trump="S")
    for card in ("6D", "2D", "AC"):
        st.apply(f"play {card}")
    assert {"5D", "6D", "2D", "AC"} <= set(names(st, "taken", 1)) and st.current_player == 3


# --- scoring the deal and the set --------------------------------------------------------------

# The 36 cards already taken, split so that seat 0's side holds `ours` points before the last
# trick, which seat 0 leads and wins with the ace of hearts (11 points, so the trick is 11).
POINT_CARDS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def last_trick(ours_before, games=(0, 0), deals=1, **variables):
    deck = [r + s for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "J", "Q", "K", "A")]
    last = ["AH", "2H", "3H", "4H"]
    rest = [c for c in deck if c not in last]
    rest.sort(key=lambda c: -POINT_CARDS.get(c[:-1], 0))
    ours, theirs, total = [], [], 0
    for c in rest:
        value = POINT_CARDS.get(c[:-1], 0)
        if total + value <= ours_before:
            ours.append(c)
            total += value
        else:
            theirs.append(c)
    assert total == ours_before, "the split reaches the points asked for"
    return load_data(SUECA, {"phase": "play",
                             "vars": {"dealer": 1, "leader": 0, "to_play": 3, "trump": "S",
                                      "games": list(games), "deals": deals, **variables},
                             "zones": {"hand": [[], ["2H"], ["3H"], ["4H"]], "trick": ["AH"],
                                       "taken": [ours, theirs]}})


def finish(st):
    for card in ("4H", "3H", "2H"):
        st.apply(f"play {card}")
    return st


@pytest.mark.parametrize(("ours_before", "games"), [(50, [1, 0]), (49, [0, 0]), (80, [2, 0]), (79, [1, 0]),
                                                    (109, [4, 0]), (0, [0, 2]), (30, [0, 1])])
def test_more_than_60_wins_a_game_91_two_and_all_120_four(ours_before, games):
    st = finish(last_trick(ours_before))
    points = var(st, "deal_points")
    assert sum(points) == 120, "every deal gives out 120 points"
    assert points[0] == ours_before + 11
    assert var(st, "games") == games


def test_sixty_all_scores_nothing_and_the_deal_passes_to_the_right():
    st = finish(last_trick(49))
    assert var(st, "deal_points") == [60, 60] and var(st, "games") == [0, 0]
    assert not st.is_over and var(st, "dealer") == 0 and var(st, "deals") == 2
    assert st.current_player == 3, "the new dealer's right-hand player leads"


def test_the_first_side_to_four_games_wins_the_set():
    st = finish(last_trick(50, games=(3, 2)))
    assert st.is_over and var(st, "games") == [4, 2]
    assert st.scores() == [2, -2, 2, -2]
    st = finish(last_trick(50, games=(2, 3)))
    assert not st.is_over and var(st, "games") == [3, 3]


def test_a_bandeira_wins_the_set_at_once():
    st = finish(last_trick(109))
    assert st.is_over and st.scores() == [4, -4, 4, -4]
