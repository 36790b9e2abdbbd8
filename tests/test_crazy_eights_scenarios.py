"""Crazy Eights in exact positions: what may be played, drawing and passing, the special cards
and the score, rule by rule of games/crazy_eights.rules' header. Three players; the stock lists
its next cards last."""

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal, names

GAME = load_game("crazy-eights", {"players": 3})
SPECIAL = load_game("crazy-eights", {"players": 3, "special_cards": True})


def position(hands, pile, game=GAME, top=(), stock_size=None, **variables):
    """Seat 0 to play. The cards not listed lie in the stock under `top`, or, past the first
    `stock_size` of them, under the pile."""
    variables = {"dealer": 2, "current": 0, "called": pile[-1][-1], **variables}
    used = {c for h in hands for c in h} | set(pile) | set(top)
    rest = [c for c in game.deck.names if c not in used]
    kept = len(rest) if stock_size is None else stock_size
    return load_data(game, {"phase": "play", "vars": variables,
                            "zones": {"hand": hands, "pile": rest[kept:] + list(pile),
                                      "stock": rest[:kept] + list(reversed(top))}})


def hand(st, seat):
    return names(st, "hand", seat)


def test_follow_the_suit_or_the_rank_or_play_an_eight():
    st = position([["5H", "9C", "8S", "KD"], ["2C"], ["3C"]], ["9H"])
    assert legal(st) == ["draw", "play 5H", "play 8S", "play 9C"]


def test_an_eight_calls_the_suit_the_next_player_follows():
    st = position([["8S", "KD"], ["2C", "2D", "7H"], ["3C"]], ["9H"])
    st.apply("play 8S")
    assert st.phase_name == "call_suit" and st.current_player == 0
    st.apply("call D")
    assert st.current_player == 1 and legal(st) == ["draw", "play 2D"]


def test_draws_up_to_the_limit_then_a_pass_and_never_a_pass_before():
    game = load_game("crazy-eights", {"players": 3, "max_draws": 2})
    st = position([["KD"], ["2C"], ["3C"]], ["9H"], game=game, top=["4S", "5S"])
    assert "pass" not in legal(st)
    st.apply("draw")
    assert st.current_player == 0 and legal(st) == ["draw"]
    st.apply("draw")
    assert legal(st) == ["pass"] and hand(st, 0) == ["4S", "5S", "KD"]
    st.apply("pass")
    assert st.current_player == 1


def test_a_drawn_card_may_be_played_the_same_turn():
    st = position([["KD"], ["2C"], ["3C"]], ["9H"], top=["4H"])
    st.apply("draw")
    assert "play 4H" in legal(st)


def test_the_last_card_ends_the_game_and_the_others_pay_for_their_cards():
    st = position([["5H"], ["8C", "KD", "AS", "7H"], ["3C", "10D"]], ["9H"])
    st.apply("play 5H")
    assert st.is_over and st.scores() == [0, -(50 + 10 + 1 + 7), -(3 + 10)]


def test_openspiels_scoring_charges_an_ace_10_and_a_number_card_its_index_plus_2():
    game = load_game("crazy-eights", {"players": 3, "ace_points": 10, "number_points": "deck_index"})
    st = position([["5H"], ["AS", "7H"], ["3C", "2D"]], ["9H"], game=game)
    st.apply("play 5H")
    # 7H is index 4 * 5 + 2 = 22, 3C is 4, 2D is 1 (crazy_eights.cc, ScoreUp).
    assert st.scores() == [0, -(10 + 24), -(6 + 3)]


def test_everyone_passing_on_an_empty_stock_ends_the_game():
    st = position([["KD"], ["2C"], ["3C"]], ["9H"], stock_size=0)
    for _ in range(3):
        assert legal(st) == ["pass"]
        st.apply("pass")
    assert not st.is_over, "players + 1 passes in a row end it, not fewer"
    st.apply("pass")
    assert st.is_over


def test_a_queen_skips_and_an_ace_reverses():
    st = position([["QH", "5C"], ["2C"], ["3C"]], ["9H"], game=SPECIAL)
    st.apply("play QH")
    assert st.current_player == 2
    st = position([["AH", "5C"], ["2C"], ["3C"]], ["9H"], game=SPECIAL)
    st.apply("play AH")
    assert st.current_player == 2
    st.apply("draw")
    st.apply("draw")
    assert st.current_player == 2


def test_a_two_makes_the_next_draw_two_unless_he_stacks_a_two():
    st = position([["2H", "5C"], ["2C", "7H", "8H"], ["3C"]], ["9H"], game=SPECIAL, top=["4S", "5S", "6S", "7S"])
    st.apply("play 2H")
    assert legal(st) == ["draw", "play 2C"], "only a two or the draw: not even an eight"
    st.apply("play 2C")
    st.apply("draw")
    assert hand(st, 2) == ["3C", "4S", "5S", "6S", "7S"], "four cards for two twos"
    assert st.current_player == 0, "drawing for twos ends the turn"


def test_the_special_cards_are_off_by_default():
    st = position([["QH", "5C"], ["2C"], ["3C"]], ["9H"])
    st.apply("play QH")
    assert st.current_player == 1


def test_the_reshuffle_returns_the_pile_under_its_top_card():
    game = load_game("crazy-eights", {"players": 3, "reshuffle": True})
    st = position([["KD", "KS"], ["2C"], ["3C"]], ["9H"], game=game, stock_size=1)
    st.apply("draw")
    assert [game.deck.names[c] for c in st.zones[game.zones["pile"].base]] == ["9H"]
    assert len(st.zones[game.zones["stock"].base]) == 52 - 5 - 1, "every card but the five in hand and the top card"
