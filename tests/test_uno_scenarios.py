"""Uno in exact positions, rule by rule of the file's header (Mattel's printed rules): the
108-card deck, matching colour, number or symbol, wilds and the wild draw four's condition,
skip, reverse through the direction of play, draw two, the draw-one rule, the first card turned
up, the hand scored by the cards left in the other hands, and the "Uno!" call and its catch."""

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import dump, load_data
from support.states import legal, names, var

UNO = load_game("uno")
TWO = load_game("uno", {"players": 2})
ONE_HAND = load_game("uno", {"max_hands": 1})


def at_play(hands, pile=("5R",), current=0, colour=None, game=UNO, **variables):
    """The pile's top is its last card; the colour to follow is the top card's unless given."""
    top = pile[-1]
    return load_data(game, {"phase": "play",
                            "vars": {"hands": 1, "dealer": len(hands) - 1, "current": current,
                                     "colour": colour or top[-1], **variables},
                            "zones": {"hand": [list(h) for h in hands], "pile": list(pile)},
                            "rest": "stock"})


def every_card(state):
    return [c for z in ("stock", "pile") for c in names(state, z)] + \
        [c for p in range(state.game.player_count) for c in names(state, "hand", p)]


# --- the deck and the deal -------------------------------------------------------------------

def test_108_cards_one_zero_and_two_of_each_other_card_per_colour_and_four_of_each_wild():
    cards = [c.split("#")[0] for c in every_card(UNO.new_state(0))]
    assert len(cards) == 108
    for colour in "RYGB":
        mine = [c for c in cards if c.endswith(colour) and c[:-1] != ""]
        assert len(mine) == 25
        assert mine.count(f"0{colour}") == 1
        for r in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw2"]:
            assert mine.count(f"{r}{colour}") == 2
    assert cards.count("wild") == 4 and cards.count("draw4") == 4


@pytest.mark.parametrize("seed", range(8))
def test_seven_cards_each_and_a_first_card_turned_up_that_is_never_a_wild_draw_four(seed):
    st = UNO.new_state(seed)
    assert [len(names(st, "hand", p)) for p in range(4)] == [7, 7, 7, 7]
    assert names(st, "pile") and names(st, "pile")[0] != "draw4"


def first_turned(rank):
    """A seeded deal whose first card turned up has this rank."""
    for seed in range(400):
        st = UNO.new_state(seed)
        if dump(st)["zones"]["pile"][0].split("#")[0].startswith(rank):
            return st
    raise AssertionError(rank)


def test_a_number_card_turned_up_the_player_on_the_dealers_left_goes_first():
    st = first_turned("7")
    assert st.current_player == (var(st, "dealer") + 1) % 4


def test_a_reverse_turned_up_the_dealer_goes_first_and_play_goes_to_his_right():
    st = first_turned("reverse")
    assert st.current_player == var(st, "dealer") and var(st, "way") == "counterclockwise"


def test_a_skip_turned_up_the_player_on_the_dealers_left_misses_his_turn():
    st = first_turned("skip")
    assert st.current_player == (var(st, "dealer") + 2) % 4


def test_a_draw_two_turned_up_the_first_player_draws_two_and_misses_his_turn():
    st = first_turned("draw2")
    dealer = var(st, "dealer")
    assert len(names(st, "hand", (dealer + 1) % 4)) == 9 and st.current_player == (dealer + 2) % 4


def test_a_wild_turned_up_the_first_player_calls_the_colour_then_plays():
    st = first_turned("wild")
    assert st.phase_name == "first_call" and st.current_player == (var(st, "dealer") + 1) % 4
    st.apply("call G")
    assert var(st, "colour") == "G" and st.phase_name == "play"


# --- what may be played ----------------------------------------------------------------------

def test_a_card_of_the_colour_number_or_symbol_of_the_pile_or_a_wild():
    st = at_play([["3R", "5G", "7Y", "wild"], ["1B"], ["1B#2"], ["2G"]], pile=["5R"])
    assert legal(st) == ["play 3R", "play 5G",
                         "play wild and call B", "play wild and call G", "play wild and call R",
                         "play wild and call Y"]
    st = at_play([["skipG", "3Y"], ["1B"], ["1B#2"], ["2G"]], pile=["skipR"])
    assert legal(st) == ["play skipG"], "the same symbol in another colour"


def test_a_wild_draw_four_only_without_a_card_of_the_colour_to_follow():
    st = at_play([["draw4", "3R", "5G"], ["1B"], ["1B#2"], ["2G"]], pile=["7R"])
    assert not any("draw4" in m for m in legal(st)), "he holds a red card"
    with pytest.raises(IllegalMove):
        st.apply("play draw4 and call G")
    st = at_play([["draw4", "7G"], ["1B"], ["1B#2"], ["2G"]], pile=["7R"])
    assert "play draw4 and call B" in legal(st), "a seven of another colour is not red"


def test_after_a_wild_the_colour_called_is_followed():
    st = at_play([["wild", "2B", "2B#2"], ["9Y", "4G", "1R"], ["1B"], ["1B#2"]], pile=["5R"])
    st.apply("play wild and call G")
    assert st.current_player == 1 and legal(st) == ["play 4G"]


# --- the action cards ------------------------------------------------------------------------

def test_a_skip_makes_the_next_player_miss_his_turn():
    st = at_play([["skipR", "2B", "2B#2"], ["1B"], ["1B#2"], ["2G"]], pile=["5R"])
    st.apply("play skipR")
    assert st.current_player == 2


def test_a_reverse_turns_the_direction_of_play_round():
    st = at_play([["1B"], ["reverseR", "2B", "2B#2"], ["1B#2"], ["2G"]], pile=["5R"], current=1)
    st.apply("play reverseR")
    assert var(st, "way") == "counterclockwise" and st.current_player == 0
    st = at_play([["1B"], ["reverseR", "2B", "2B#2"], ["1B#2"], ["2G"]], pile=["5R"], current=1, way="counterclockwise")
    st.apply("play reverseR")
    assert var(st, "way") == "clockwise" and st.current_player == 2


def test_with_two_players_a_reverse_acts_as_a_skip():
    st = at_play([["reverseR", "2B", "2B#2"], ["1B"]], pile=["5R"], game=TWO)
    st.apply("play reverseR")
    assert st.current_player == 0


def test_a_draw_two_makes_the_next_player_draw_two_and_miss_his_turn():
    st = at_play([["draw2R", "2B", "2B#2"], ["1B"], ["1B#2"], ["2G"]], pile=["5R"])
    st.apply("play draw2R")
    assert len(names(st, "hand", 1)) == 3 and st.current_player == 2


def test_a_wild_draw_four_makes_the_next_player_draw_four_and_miss_his_turn():
    st = at_play([["draw4", "2B", "2B#2"], ["1B"], ["1B#2"], ["2G"]], pile=["5R"], way="counterclockwise")
    st.apply("play draw4 and call B")
    assert len(names(st, "hand", 3)) == 5 and st.current_player == 2 and var(st, "colour") == "B"


# --- drawing: the draw-one rule --------------------------------------------------------------

def test_a_player_who_can_play_may_not_draw():
    st = at_play([["3R", "9G"], ["1B"], ["1B#2"], ["2G"]], pile=["5R"])
    with pytest.raises(IllegalMove) as info:
        st.apply("draw")
    assert "draw only when you cannot" in info.value.reason


def test_who_cannot_play_draws_one_and_may_play_it_at_once_but_no_other_card():
    st = load_data(UNO, {"phase": "play", "vars": {"hands": 1, "dealer": 3, "current": 0, "colour": "R"},
                         "zones": {"hand": [["9G", "3Y"], ["1B"], ["1B#2"], ["2G"]], "pile": ["5R"],
                                   "stock": ["0B", "8R"]},
                         "rest": "pile"})
    assert legal(st) == ["draw"]
    st.apply("draw")
    assert names(st, "hand", 0) == ["3Y", "8R", "9G"]
    assert legal(st) == ["pass", "play 8R"]
    st.apply("play 8R")
    assert st.current_player == 1


def test_a_card_drawn_that_cannot_be_played_is_kept_and_the_turn_passes():
    st = load_data(UNO, {"phase": "play", "vars": {"hands": 1, "dealer": 3, "current": 0, "colour": "R"},
                         "zones": {"hand": [["9G"], ["1B"], ["1B#2"], ["2G"]], "pile": ["5R"],
                                   "stock": ["0B", "8Y"]},
                         "rest": "pile"})
    st.apply("draw")
    assert legal(st) == ["pass"]
    before = dump(st)
    with pytest.raises(IllegalMove):
        st.apply("play 9G")
    assert dump(st) == before
    st.apply("pass")
    assert st.current_player == 1 and names(st, "hand", 0) == ["8Y", "9G"]


# --- the end of a hand -----------------------------------------------------------------------

def test_the_first_out_scores_the_cards_left_in_the_other_hands_laid_down_for_all_to_see():
    hands = [["7R"], ["9B", "skipG"], ["wild", "draw4", "0Y"], ["reverseY", "draw2B", "3G"]]
    st = at_play(hands, pile=["5R"], game=ONE_HAND)
    st.apply("play 7R")
    assert st.is_over
    assert var(st, "points") == [9 + 20 + 50 + 50 + 0 + 20 + 20 + 3, 0, 0, 0]
    assert st.scores() == [172, 0, 0, 0]
    assert sorted(st.observation(1)["zones"]["hand"][2]) == ["0Y", "draw4", "wild"], "the hands are laid down"


def test_a_draw_two_played_as_the_last_card_still_makes_the_next_player_draw():
    st = load_data(ONE_HAND, {"phase": "play", "vars": {"hands": 1, "dealer": 3, "current": 0, "colour": "R"},
                              "zones": {"hand": [["draw2R"], ["1B"], ["1B#2"], ["2G"]], "pile": ["5R"],
                                        "stock": ["0B", "skipY", "8Y"]},
                              "rest": "pile"})
    st.apply("play draw2R")
    assert st.is_over and names(st, "hand", 1) == ["1B", "8Y", "skipY"]
    assert var(st, "points")[0] == 1 + 8 + 20 + 1 + 2


def test_the_game_goes_on_hand_after_hand_until_someone_has_500():
    st = at_play([["7R"], ["9B"], ["9B#2"], ["9G"]], pile=["5R"], points=[480, 0, 0, 0])
    st.apply("play 7R")
    assert st.is_over and var(st, "points")[0] == 507
    st = at_play([["7R"], ["9B"], ["9B#2"], ["9G"]], pile=["5R"], points=[400, 0, 0, 0])
    st.apply("play 7R")
    assert not st.is_over and var(st, "hands") == 2 and var(st, "dealer") == 0


# --- "Uno!" and its catch --------------------------------------------------------------------

def down_to_one_card():
    """Seat 1 plays his second-to-last card; seat 2 is next to play."""
    st = at_play([["1B", "2B"], ["7R", "9G"], ["1B#2", "2B#2"], ["2G", "3G"]], pile=["5R"], current=1)
    st.apply("play 7R")
    return st


def test_who_plays_his_second_to_last_card_is_asked_first_to_call_uno():
    st = down_to_one_card()
    assert st.phase_name == "uno" and st.current_player == 1
    assert legal(st) == ["call uno", "pass"]
    st.apply("call uno")
    assert st.phase_name == "play" and st.current_player == 2 and len(names(st, "hand", 1)) == 1


def test_if_he_does_not_call_the_others_may_catch_him_round_the_table_from_him_and_he_draws_two():
    st = down_to_one_card()
    st.apply("pass")
    assert st.current_player == 2 and legal(st) == ["catch p1", "pass"]
    st.apply("pass")
    assert st.current_player == 3, "the next seat round the table from him"
    st.apply("catch p1")
    assert len(names(st, "hand", 1)) == 3 and st.phase_name == "play" and st.current_player == 2


def test_no_one_calls_nor_catches_and_play_goes_on():
    st = down_to_one_card()
    for _ in range(4):
        st.apply("pass")
    assert st.phase_name == "play" and st.current_player == 2 and len(names(st, "hand", 1)) == 1


def test_a_player_with_more_cards_left_is_not_asked():
    st = at_play([["1B", "2B"], ["7R", "9G", "9G#2"], ["1B#2", "2B#2"], ["2G", "3G"]], pile=["5R"], current=1)
    st.apply("play 7R")
    assert st.phase_name == "play" and st.current_player == 2
