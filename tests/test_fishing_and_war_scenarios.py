"""War, Go Fish and Scopa in exact positions, rule by rule of each file's header."""

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import legal, names

WAR = load_game("war")
GO_FISH = load_game("go-fish", {"players": 3})
SCOPA = load_game("scopa")
SCOPA_D_ASSI = load_game("scopa-d-assi")


# --- War -------------------------------------------------------------------------------------

def war(piles):
    rest = [c for c in WAR.deck.names if all(c not in p for p in piles)]
    return load_data(WAR, {"phase": "battle", "zones": {"pile": piles, "won": [rest, []]}})


def test_war_the_higher_card_takes_both():
    st = war([["2C", "KS"], ["3D", "QH"]])          # tops KS and QH
    st.apply("flip")
    st.apply("flip")
    assert {"KS", "QH"} <= set(names(st, "won", 0)) and not names(st, "won", 1)


def test_war_a_tie_lays_a_card_down_and_the_next_battle_takes_everything():
    st = war([["9C", "5C", "KS"], ["2D", "4H", "KD"]])   # kings tie; 5C and 4H go face down; 9C beats 2D
    st.apply("flip")
    st.apply("flip")
    assert names(st, "spoils") == ["4H", "5C"]
    assert st.observation(1)["zones"]["spoils"] == [None, None], "the war cards lie face down"
    st.apply("flip")
    st.apply("flip")
    assert {"KS", "KD", "5C", "4H", "9C", "2D"} <= set(names(st, "won", 0))


def test_war_who_cannot_fight_the_war_loses():
    piles = [["KS"], ["2H", "KD"]]
    rest = [c for c in WAR.deck.names if c not in ("KS", "KD", "2H")]
    st = load_data(WAR, {"phase": "battle", "zones": {"pile": piles, "won": [[], rest]}})
    st.apply("flip")
    st.apply("flip")
    assert st.is_over and st.scores()[0] == -1


# --- Go Fish ---------------------------------------------------------------------------------

def go_fish(hands, top=()):
    used = {c for h in hands for c in h} | set(top)
    stock = [c for c in GO_FISH.deck.names if c not in used] + list(reversed(top))
    return load_data(GO_FISH, {"phase": "ask", "vars": {"current": 0},
                               "zones": {"hand": hands, "stock": stock}})


def test_go_fish_ask_another_player_for_a_rank_you_hold():
    st = go_fish([["7C", "KD"], ["7D"], []])
    assert legal(st) == ["ask p1 for 7", "ask p1 for K"], "not a rank you lack, not an empty hand"


def test_go_fish_a_successful_ask_hands_over_every_card_of_the_rank_and_goes_again():
    st = go_fish([["7C", "KD"], ["7D", "7H", "2S"], ["3C"]])
    st.apply("ask p1 for 7")
    assert names(st, "hand", 0) == ["7C", "7D", "7H", "KD"] and st.current_player == 0
    assert st.observation(2)["zones"]["hand"][0].count(None) == 2, "the cards handed over are seen by all"


def test_go_fish_a_fish_of_the_rank_asked_goes_again_and_any_other_passes():
    st = go_fish([["7C", "KD"], ["2S"], ["3C"]], top=["7S", "4H"])
    st.apply("ask p1 for 7")
    assert st.current_player == 0
    st.apply("ask p1 for K")
    assert st.current_player == 1 and "4H" in names(st, "hand", 0)


def test_go_fish_four_of_a_rank_is_a_book_laid_at_once():
    st = go_fish([["7C", "7D", "7H", "KD"], ["7S", "2S"], ["3C"]])
    st.apply("ask p1 for 7")
    assert names(st, "books", 0) == ["7C", "7D", "7H", "7S"] and names(st, "hand", 0) == ["KD"]


def test_go_fish_a_book_dealt_is_laid_before_the_first_turn():
    """"Four cards of a rank make a book, laid face up at once": a deal that gives a player
    four of a rank lays them before anyone asks for that rank (the first such deal of three
    players, found by seed)."""
    dealt = []
    for seed in range(5000):
        st = GO_FISH.new_state(seed)
        dealt = [p for p in range(3) if names(st, "books", p)]
        if dealt:
            break
    assert dealt, "no deal of the first 5,000 gives a book"
    for p in range(3):
        ranks = [c[:-1] for c in names(st, "hand", p)]
        assert all(ranks.count(r) < 4 for r in ranks)
    books = names(st, "books", dealt[0])
    assert len(books) % 4 == 0 and len({c[:-1] for c in books}) == len(books) // 4


# --- Scopa -----------------------------------------------------------------------------------

def scopa(hands, table, game=SCOPA, stock_size=None, **variables):
    used = {c for h in hands for c in h} | set(table)
    rest = [c for c in game.deck.names if c not in used]
    kept = len(rest) if stock_size is None else stock_size
    return load_data(game, {"phase": "play", "vars": {"current": 0, "dealer": 1, **variables},
                            "zones": {"hand": hands, "table": list(table), "stock": rest[:kept],
                                      "taken": [rest[kept:], []]}})


def test_scopa_a_card_takes_its_equal_before_any_sum():
    st = scopa([["5D", "RC"], ["2S"]], ["5C", "3D", "2B"])
    assert legal(st) == ["take 5C 3D 2B with RC", "take 5C with 5D"]
    st = scopa([["5D", "RC"], ["2S"]], ["5C", "3D", "AB"])
    assert legal(st) == ["lay RC", "take 5C with 5D"], "a card that cannot take is laid"


def test_scopa_without_an_equal_a_card_takes_cards_adding_up_to_it():
    st = scopa([["7D"], ["2S"]], ["4C", "3D", "5B", "2B"])
    assert legal(st) == ["take 4C 3D with 7D", "take 5B 2B with 7D"], "a card that can take must take"


def test_scopa_taking_the_whole_table_is_a_scopa():
    st = scopa([["7D", "AS"], ["2S", "3S"]], ["4C", "3D"])
    st.apply("take 4C 3D with 7D")
    assert st.vars[SCOPA.var_index["sweeps"]] == [1, 0]


def test_scopa_no_scopa_with_the_last_card_and_the_table_goes_to_the_last_taker():
    st = scopa([["7D"], []], ["4C", "3D"], stock_size=0)
    st.apply("take 4C 3D with 7D")
    assert st.phase_name == "play" or st.is_over
    assert st.vars[SCOPA.var_index["hands"]] == 1
    assert st.vars[SCOPA.var_index["sweeps"]] == [0, 0]


def test_scopa_d_assi_an_ace_takes_the_whole_table_but_scores_no_scopa():
    st = scopa([["AD", "RC"], ["2S", "3S"]], ["4C", "3D", "RB"], game=SCOPA_D_ASSI)
    assert "take 4C 3D RB with AD" in legal(st)
    st.apply("take 4C 3D RB with AD")
    assert st.vars[SCOPA_D_ASSI.var_index["sweeps"]] == [0, 0]
    st = scopa([["AD", "RC"], ["2S", "3S"]], ["AC", "7B"], game=SCOPA_D_ASSI)
    assert legal(st) == ["lay RC", "take AC with AD"], "with an ace on the table, the ace takes the ace"
