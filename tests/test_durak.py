"""Podkidnoy durak in exact positions, rule by rule of the file's header (pagat.com, "Podkidnoy
Durak"): six cards each and the turned-up trump drawn last, the lowest trump attacks first, beating
by suit or by trump, the throw-ins by any attacker (a racing window: the attacker first, then
round the table, the defender never), the bout's limit, taking and piling on, drawing up to six
and the fool, the last one left holding cards."""

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import load_data
from support.states import legal, names, var

DURAK = load_game("durak")
DURAK3 = load_game("durak", {"players": 3})


def at(game, phase, hands, attacks=(), beaten=(), attacker=0, defender=1, trump="S", taking=False,
       bout_limit=6, trump_card=("6S",), rest="stock", stock=None):
    return load_data(game, {"phase": phase,
                            "vars": {"attacker": attacker, "defender": defender, "trump": trump,
                                     "taking": taking, "bout_limit": bout_limit},
                            "zones": {"hand": [list(h) for h in hands], "attacks": list(attacks),
                                      "beaten": list(beaten), "trump_card": list(trump_card),
                                      **({"stock": list(stock)} if stock is not None else {})},
                            "rest": rest})


# --- the deal -----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_thirty_six_cards_six_each_and_the_next_turned_up_for_trumps(seed):
    st = DURAK3.new_state(seed)
    hands = [names(st, "hand", p) for p in range(3)]
    assert [len(h) for h in hands] == [6, 6, 6]
    turned = names(st, "trump_card")
    every = [c for h in hands for c in h] + turned + names(st, "stock")
    assert len(every) == 36 == len(set(every)) and not any(c[:-1] in ("2", "3", "4", "5") for c in every)
    assert var(st, "trump") == turned[0][-1]


@pytest.mark.parametrize("seed", range(8))
def test_the_holder_of_the_lowest_trump_attacks_the_player_on_his_left(seed):
    st = DURAK3.new_state(seed)
    trump, order = var(st, "trump"), ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    lowest = {p: min((order.index(c[:-1]) for c in names(st, "hand", p) if c[-1] == trump), default=99)
              for p in range(3)}
    if min(lowest.values()) == 99:
        return  # nobody holds a trump: the first attacker is drawn by lot
    assert st.current_player == min(lowest, key=lowest.get) == var(st, "attacker")
    assert var(st, "defender") == (var(st, "attacker") + 1) % 3


# --- attack and defence -------------------------------------------------------------------------

def test_a_card_is_beaten_by_a_higher_one_of_its_suit_or_by_any_trump():
    st = at(DURAK, "defend", [["7H"], ["6H", "9H", "7S", "AD"]], attacks=["8H"])
    assert legal(st) == ["beat 7S", "beat 9H", "take"]


def test_a_trump_is_beaten_only_by_a_higher_trump():
    st = at(DURAK, "defend", [["7H"], ["AH", "7S", "QS"]], attacks=["9S"])
    assert legal(st) == ["beat QS", "take"]
    with pytest.raises(IllegalMove, match="it must beat the attacking card"):
        st.apply("beat AH")


# --- the racing window: throw-ins by any attacker -----------------------------------------------

def test_after_a_beat_the_attacker_is_asked_first_then_round_the_table_never_the_defender():
    st = at(DURAK3, "defend", [["8D", "QC"], ["9H", "KC"], ["8C", "7D"]], attacks=["8H"], attacker=0, defender=1)
    st.apply("beat 9H")
    assert st.phase_name == "throw_in" and st.current_player == 0
    assert legal(st) == ["pass", "throw 8D"], "a card of a rank on the table (8 or 9)"
    st.apply("pass")
    assert st.current_player == 2, "then the next attacker round the table, past the defender"
    assert legal(st) == ["pass", "throw 8C"]


def test_the_first_seat_in_order_to_throw_in_takes_the_claim():
    st = at(DURAK3, "throw_in", [["8D", "AC"], ["KC", "KD"], ["8C"]], attacks=["8H"], beaten=["9H"])
    st.apply("throw 8D")
    assert st.phase_name == "defend" and st.current_player == 1, "seat 2 is not asked: seat 0 came first"
    st.apply("beat KD")
    assert st.current_player == 0, "the window opens again from the attacker"


def test_every_attacker_is_asked_even_one_who_can_only_pass():
    # Being asked must not tell the others whether a seat holds a card of a rank on the table.
    st = at(DURAK3, "throw_in", [["AC"], ["KC"], ["8C"]], attacks=["8H"], beaten=["9H"])
    assert st.current_player == 0 and legal(st) == ["pass"]
    st.apply("pass")
    assert st.current_player == 2 and legal(st) == ["pass", "throw 8C"]
    assert st.observation(2)["zones"]["hand"][0] == [None], "seat 2 still does not see seat 0's card"


def test_when_all_pass_the_bout_is_beaten_off_and_the_defender_attacks_next():
    st = at(DURAK3, "throw_in", [["AC", "QD"], ["KC", "JD"], ["7C", "7D"]], attacks=["8H"], beaten=["9H"],
            rest="discards", trump_card=())
    st.apply("pass")
    st.apply("pass")
    assert names(st, "discards")[-2:] != [] and "8H" in names(st, "discards") and "9H" in names(st, "discards")
    assert st.phase_name == "lead" and var(st, "attacker") == 1 and var(st, "defender") == 2


def test_no_more_attacking_cards_than_the_limit_of_the_bout():
    st = at(DURAK, "throw_in", [["8D", "9C"], ["KC"]], attacks=["8H", "9D"], beaten=["10H", "JD"], bout_limit=2)
    assert legal(st) == ["pass"]
    with pytest.raises(IllegalMove, match="the bout is full"):
        st.apply("throw 8D")


def test_after_taking_the_attackers_pile_on_and_the_defender_takes_it_all():
    st = at(DURAK3, "defend", [["8D", "8S", "QC"], ["9H", "KC", "JD"], ["8C", "7D"]], attacks=["8H"],
            attacker=0, defender=1, rest="discards", trump_card=())
    st.apply("take")
    assert st.phase_name == "throw_in" and st.current_player == 0
    st.apply("throw 8D")
    assert st.current_player == 0, "a card piled on stays in the window, which opens again from the attacker"
    st.apply("pass")
    st.apply("throw 8C")
    assert st.current_player == 0
    st.apply("pass")
    st.apply("pass")
    assert names(st, "hand", 1) == ["8C", "8D", "8H", "9H", "JD", "KC"]
    assert var(st, "attacker") == 2 and var(st, "defender") == 0, "the player after the one who took attacks"


# --- drawing and the end ------------------------------------------------------------------------

def test_the_attacker_draws_first_the_defender_last_and_the_turned_up_trump_last_of_all():
    stock = ["7C", "7D", "7H", "8C", "8D", "8S", "9C", "9D", "9S"]  # bottom first: 9S is on top
    st = at(DURAK, "throw_in", [["AC"], ["KC"]], attacks=["8H"], beaten=["9H"], trump_card=("6S",),
            rest="discards", stock=stock)
    st.apply("pass")
    assert names(st, "hand", 0) == ["8D", "8S", "9C", "9D", "9S", "AC"], "the attacker draws first, from the top"
    assert names(st, "hand", 1) == ["6S", "7C", "7D", "7H", "8C", "KC"], "the stock runs out on the defender"
    assert names(st, "stock") == [] and names(st, "trump_card") == []


def test_the_last_player_holding_cards_is_the_fool():
    st = at(DURAK, "defend", [[], ["9H", "KC"]], attacks=["8H"], attacker=0, defender=1,
            rest="discards", trump_card=())
    st.apply("beat 9H")
    assert st.is_over and var(st, "fool") == 1
    assert st.scores() == [1, -1]


def test_both_out_at_once_is_a_draw():
    st = at(DURAK, "defend", [[], ["9H"]], attacks=["8H"], attacker=0, defender=1, rest="discards", trump_card=())
    st.apply("beat 9H")
    assert st.is_over and var(st, "fool") is None and st.scores() == [0, 0]
