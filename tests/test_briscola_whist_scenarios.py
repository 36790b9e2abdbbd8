"""Briscola and Whist in exact positions, rule by rule of each file's header (pagat.com's
Briscola; the Laws of Short Whist)."""

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal, names, var

BRISCOLA = load_game("briscola")
EXCHANGE = load_game("briscola-exchange")
WHIST = load_game("whist")


# --- Briscola ----------------------------------------------------------------------------------

def briscola(hands, trick=((), ()), stock=(), game=BRISCOLA, briscola_card="4S", **variables):
    """Two players, seat 1 the dealer; `stock` lists the next cards to draw, the top last."""
    zones = {"hand": hands, "trick": [list(t) for t in trick], "briscola": [briscola_card], "stock": list(stock)}
    return load_data(game, {"phase": "play", "vars": {"dealer": 1, "to_play": 0, "trump": "S", **variables},
                            "zones": zones, "rest": "stock"})


def test_briscola_any_card_may_be_played_there_is_no_need_to_follow_suit():
    st = briscola([["AD", "3C", "7S"], ["5D", "6D"]], trick=((), ("RD",)), led="D")
    assert legal(st) == ["play 3C", "play 7S", "play AD"]


def test_briscola_the_three_beats_the_re_and_the_highest_card_of_the_suit_led_wins():
    st = briscola([["3D", "AC"], ["5D", "6D"]], trick=((), ("RD",)), led="D", to_play=0)
    st.apply("play 3D")
    assert {"3D", "RD"} <= set(names(st, "taken", 0))
    st = briscola([["3D", "AC"], ["5D", "6D"]], trick=((), ("RD",)), led="D", to_play=0)
    st.apply("play AC")
    assert {"AC", "RD"} <= set(names(st, "taken", 1)), "an ace of another suit, not trumps, loses"


def test_briscola_the_lowest_trump_beats_the_ace_of_the_suit_led():
    st = briscola([["2S", "AC"], ["5D", "6D"]], trick=((), ("AD",)), led="D", to_play=0)
    st.apply("play 2S")
    assert {"2S", "AD"} <= set(names(st, "taken", 0)) and st.current_player == 0


def test_briscola_the_winner_draws_first_and_the_last_card_drawn_is_the_briscola():
    st = load_data(BRISCOLA, {"phase": "play", "vars": {"dealer": 1, "to_play": 0, "trump": "S", "led": "D"},
                              "zones": {"hand": [["2S"], []], "trick": [[], ["AD"]], "briscola": ["4S"],
                                        "stock": ["7C"]}, "rest": "taken[1]"})
    st.apply("play 2S")
    assert names(st, "hand", 0) == ["7C"] and names(st, "hand", 1) == ["4S"]
    assert st.observation(0)["zones"]["hand"][1] == ["4S"], "everyone saw who took the briscola"


def test_briscola_the_side_with_more_than_sixty_points_wins_and_sixty_all_is_a_draw():
    # Seat 0 took both aces, both threes, a re and a cavallo (2 * 11 + 2 * 10 + 4 + 3 = 49) ...
    st = load_data(BRISCOLA, {"phase": "play", "vars": {"dealer": 1, "to_play": 0, "trump": "S", "led": "D"},
                              "zones": {"hand": [["FD"], []], "trick": [[], ["FC"]], "briscola": [], "stock": [],
                                        "taken": [["AD", "AC", "3D", "3C", "RD", "CD"], []]},
                              "rest": "taken[1]"})
    st.apply("play FD")
    assert st.is_over and st.scores() == [53, 67]   # ... and the last trick's two fanti
    st = load_data(BRISCOLA, {"phase": "play", "vars": {"dealer": 1, "to_play": 0, "trump": "S", "led": "D"},
                              "zones": {"hand": [["2D"], []], "trick": [[], ["4D"]], "briscola": [], "stock": [],
                                        "taken": [["AD", "AC", "AB", "3D", "3C", "RD", "CB"], []]},
                              "rest": "taken[1]"})
    st.apply("play 2D")
    assert st.scores() == [60, 60]


def test_briscola_three_players_leave_out_the_two_of_bastoni_and_draw_out_evenly():
    st = load_game("briscola", {"players": 3}).new_state(5)
    assert names(st, "left_out") == ["2B"]
    assert [len(names(st, "hand", p)) for p in range(3)] == [3, 3, 3] and len(names(st, "stock")) == 29


def test_briscola_four_players_partners_sit_opposite_and_share_their_tricks():
    game = load_game("briscola", {"players": 4})
    st = load_data(game, {"phase": "play", "vars": {"dealer": 3, "to_play": 3, "trump": "S", "led": "D"},
                          "zones": {"hand": [["5C"], ["6C"], ["7C"], ["2S", "FC"]],
                                    "trick": [["AD"], ["3D"], ["RD"], []], "briscola": ["4S"]},
                          "rest": "stock"})
    st.apply("play FC")
    assert {"AD", "3D", "RD", "FC"} <= set(names(st, "taken", 0)), "seat 0 won for seats 0 and 2"
    assert st.current_player == 0


def test_briscola_exchange_the_two_of_trumps_for_the_briscola_while_the_stock_lasts():
    st = briscola([["2S", "AC", "5D"], ["6D", "7D", "FD"]], game=EXCHANGE, briscola_card="AS")
    assert "exchange 2S for the briscola" in legal(st)
    assert "exchange 2S for the briscola" not in legal(briscola([["2S", "AC", "5D"], ["6D", "7D", "FD"]],
                                                                briscola_card="AS")), "only in the variant"
    st.apply("exchange 2S for the briscola")
    assert names(st, "hand", 0) == ["5D", "AC", "AS"] and names(st, "briscola") == ["2S"]
    assert st.current_player == 0 and not any(m.startswith("exchange") for m in legal(st))
    empty_stock = load_data(EXCHANGE, {"phase": "play", "vars": {"dealer": 1, "to_play": 0, "trump": "S"},
                                       "zones": {"hand": [["2S", "AC"], ["6D", "7D"]], "briscola": ["AS"],
                                                 "stock": []}, "rest": "taken[1]"})
    assert legal(empty_stock) == ["play 2S", "play AC"]


# --- Whist -------------------------------------------------------------------------------------

def whist_at_play(hands, trick=None, **variables):
    zones = {"hand": hands}
    if trick:
        zones["trick"] = [trick.get(p, []) for p in range(4)]
    return load_data(WHIST, {"phase": "play", "vars": {"dealer": 3, "trump": "S", **variables},
                             "zones": zones, "rest": "stock"})


def test_whist_the_deal_turns_up_the_dealers_last_card_for_trumps_and_the_next_player_leads():
    st = WHIST.new_state(3)
    dealer = var(st, "dealer")
    turn_up = [c for c in st.observation((dealer + 1) % 4)["zones"]["hand"][dealer] if c is not None]
    assert len(turn_up) == 1 and var(st, "trump") == turn_up[0][-1]
    assert st.current_player == (dealer + 1) % 4


def test_whist_the_turn_up_is_hidden_once_the_dealer_has_played_to_the_first_trick():
    st = whist_at_play([[], [], [], ["5C", "AS:up", "KH"]], trick={0: ["2C"], 1: ["3C"], 2: ["4C"]},
                       to_play=3, led="C")
    st.apply("play 5C")
    assert st.observation(0)["zones"]["hand"][3] == [None, None]


def test_whist_follow_suit_if_you_can_else_any_card():
    trick = {0: ["9D"]}
    assert legal(whist_at_play([[], ["2D", "KD", "AS"], [], []], trick=trick, to_play=1, led="D")) == \
        ["play 2D", "play KD"]
    assert legal(whist_at_play([[], ["2H", "AS"], [], []], trick=trick, to_play=1, led="D")) == \
        ["play 2H", "play AS"]


def test_whist_a_trump_wins_the_trick_otherwise_the_highest_of_the_suit_led():
    st = whist_at_play([["3C"], ["4C"], ["5C"], ["QD", "6C"]], trick={0: ["AD"], 1: ["2S"],
                       2: ["KD"]}, to_play=3, led="D")
    st.apply("play QD")
    assert var(st, "tricks")[1] == 1 and st.current_player == 1


def score_last_trick(points, tricks, honour_points=(0, 0), games=(0, 0), rubber_points=(0, 0)):
    """Seat 3 plays the last card of the deal; seat 0's side wins the trick."""
    return load_data(WHIST, {"phase": "play",
                             "vars": {"dealer": 3, "trump": "S", "to_play": 3, "led": "D",
                                      "points": list(points), "tricks": list(tricks),
                                      "honour_points": list(honour_points), "games": list(games),
                                      "rubber_points": list(rubber_points)},
                             "zones": {"hand": [[], [], [], ["2D"]], "trick": [["AD"], ["3D"], ["4D"], []]},
                             "rest": "stock"})


def test_whist_each_trick_over_the_book_scores_a_point_and_honours_count_after_tricks():
    st = score_last_trick(points=(0, 0), tricks=(7, 5), honour_points=(0, 2))
    st.apply("play 2D")
    assert var(st, "points") == [2, 2], "8 tricks: 2 over the book; the other side's 3 honours score 2"


def test_whist_tricks_that_end_the_game_come_before_the_other_sides_honours():
    st = score_last_trick(points=(3, 3), tricks=(7, 5), honour_points=(0, 4))
    st.apply("play 2D")
    assert var(st, "games") == [1, 0] and var(st, "rubber_points") == [1, 0], "5 to 3: a single"


def dealt(points, seed):
    return load_data(WHIST, {"phase": "deal", "vars": {"dealer": 3, "points": list(points)}, "rest": "stock",
                             "random": {"seed": seed, "draws": 0}})


def honours_held(st, team):
    trump = var(st, "trump")
    return sum(1 for p in (team, team + 2) for c in names(st, "hand", p) if c[-1] == trump and c[:-1] in "JQKA")


def test_whist_a_side_one_short_of_the_game_does_not_score_honours():
    seed = next(s for s in range(200) if honours_held(dealt((3, 0), s), 0) >= 3)
    st = dealt((3, 0), seed)
    assert var(st, "honour_points") == [{3: 2, 4: 4}[honours_held(st, 0)], 0]
    assert var(dealt((4, 0), seed), "honour_points") == [0, 0]


def test_whist_a_game_is_a_treble_a_double_or_a_single_by_the_losers_points():
    for losers, value in ((0, 3), (2, 2), (3, 1)):
        st = score_last_trick(points=(4, losers), tricks=(7, 5))
        st.apply("play 2D")
        assert var(st, "rubber_points") == [value, 0]


def test_whist_the_rubber_is_the_best_of_three_games_and_wins_two_points_more():
    st = score_last_trick(points=(4, 0), tricks=(7, 5), games=(1, 1), rubber_points=(1, 2))
    st.apply("play 2D")
    assert st.is_over and var(st, "rubber_points") == [1 + 3 + 2, 2]
    assert st.scores() == [4, -4, 4, -4]
    single = load_game("whist-american")
    assert single.params["rubber"] is False and single.params["honours"] is False


# --- German Whist ------------------------------------------------------------------------------

GERMAN = load_game("german-whist")


def german_trick(stock, hands=(["AD"], ["KD"])):
    """Seat 0 leads the ace of diamonds against seat 1's king; `stock` lists its top cards, top last."""
    return load_data(GERMAN, {"phase": "play", "vars": {"dealer": 1, "to_play": 0, "trump": "S"},
                              "zones": {"hand": [list(h) for h in hands], "stock": [f"{c}" for c in stock]},
                              "rest": "taken[0]"})


def test_german_whist_the_winner_takes_the_turned_up_card_the_loser_the_next_and_one_more_is_turned():
    st = german_trick(["9C", "3H", "QS:up"], hands=(["AD", "2C"], ["KD", "5C"]))
    st.apply("play AD")
    st.apply("play KD")
    assert "QS" in names(st, "hand", 0) and "3H" in names(st, "hand", 1)
    assert st.observation(1)["zones"]["hand"][0].count("QS") == 1, "both saw the card the winner took"
    assert "3H" not in st.observation(0)["zones"]["hand"][1], "the loser's card is unseen"
    assert st.observation(0)["zones"]["stock"][-1] == "9C", "the next card is turned up"
    assert var(st, "tricks") == [0, 0], "tricks of the first half count for nothing"


def test_german_whist_once_the_stock_is_gone_each_trick_scores():
    st = german_trick([], hands=(["AD", "2C"], ["KD", "5C"]))
    st.apply("play AD")
    assert legal(st) == ["play KD"], "follow suit"
    st.apply("play KD")
    assert var(st, "tricks") == [1, 0] and st.current_player == 0
