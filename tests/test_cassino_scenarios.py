"""Cassino scenarios: exact positions, the complete list of legal moves, exact results.

Each test names the rule it checks: SPEC section 1 (shared/rules/SPEC.md), the moves M1-M8,
the restrictions R1-R4 and the ambiguity defaults CA-1..CA-12. Move texts put the card played
first: `capture 4H 4C with 8S` takes the two fours with the 8 of spades played; a build on the
table shows as its cards in brackets, `(5C 2D)`.
"""

import random
from pathlib import Path

import pytest

from cardrules import RulesError, load_game
from cardrules.engine.position import load, load_data
from cardrules.engine.errors import IllegalMove
from support.states import legal, var

GAMES = {
    (2, "previous_player"): load_game("cassino"),
    (3, "previous_player"): load_game("cassino", {"players": 3}),
    (4, "previous_player"): load_game("cassino", {"players": 4}),
    (2, "last_capturer"): load_game("cassino", {"last_cards": "last_capturer"}),
    (3, "last_capturer"): load_game("cassino", {"players": 3, "last_cards": "last_capturer"}),
}
POSITIONS = Path(__file__).parent / "positions" / "cassino"
DECK = [r + s for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def build(cards, value, owner, locked=False):
    return {"cards": cards.split(), "value": value, "owner": owner, "locked": locked}


def position(hands, table, players=2, to_act=0):
    """Seat `to_act` to play, the first dealer being seat n-1; cards not listed are in the stock."""
    return load_data(GAMES[(players, "previous_player")], {
        "phase": "play", "vars": {"to_act": to_act, "dealer": players - 1},
        "zones": {"hand": [h.split() for h in hands], "table": table}, "rest": "stock"})


def last_card(hands, table, side, players=2, last_cards="previous_player", stock=(), **vars_):
    """The dealer about to play the last card of a hand: every card not in a hand, on the
    table or in `stock` lies in the capture pile of side `side[suit]` (or `side(card)`)."""
    game = GAMES[(players, last_cards)]
    listed = set(" ".join(hands).split()) | set(stock)
    listed |= {c for x in table for c in (x["cards"] if isinstance(x, dict) else [x])}
    owner = side if callable(side) else (lambda card: side[card[-1]])
    piles = [[] for _ in range(game.team_count)]
    for card in DECK:
        if card not in listed:
            piles[owner(card)].append(card)
    dealer = players - 1
    data = {"phase": "play",
            "vars": {"to_act": dealer, "dealer": dealer, "last_deal": not stock, **vars_},
            "zones": {"hand": [h.split() for h in hands], "table": table, "pile": piles, "stock": list(stock)}}
    return load_data(game, data)


HEARTS_CLUBS_0 = {"H": 0, "C": 0, "D": 1, "S": 1}  # side 0 has won the hearts and clubs


def zone(st, name):
    return st.to_json()["zones"][name]


def table_view(st):
    """The table as plain data: loose card names, and builds as (cards, value, owner, locked)."""
    return [x if isinstance(x, str) else (x["cards"], x["value"], x["owner"], x["locked"]) for x in zone(st, "table")]


# --- 1.1 players and partnerships ------------------------------------------------------------

def test_four_players_play_in_partnerships_with_one_pile_per_side():
    """SPEC 1.1 [seed]: in pairs, seats 0+2 against 1+3, one capture pile and one score per side."""
    game = GAMES[(4, "previous_player")]
    assert game.team_of == (0, 1, 0, 1)
    st = position(["KC", "2C", "QH", "3C"], ["QD", "5S"], players=4, to_act=2)
    assert legal(st) == ["capture QD with QH", "trail QH"]
    st.apply("capture QD with QH")
    assert zone(st, "pile") == [["QH", "QD"], []]
    assert st.current_player == 3


def test_four_players_may_play_alone():
    """SPEC 1.1, CA-11: `partnerships=false` plays four individuals, each with a pile."""
    game = load_game("cassino", {"players": 4, "partnerships": False})
    assert game.team_of == (0, 1, 2, 3)
    assert len(game.new_state(1).to_json()["zones"]["pile"]) == 4


# --- 1.2 deck and values ---------------------------------------------------------------------

def test_deck_has_52_cards_and_no_jokers():
    """SPEC 1.2: one standard deck."""
    st = GAMES[(2, "previous_player")].new_state(3)
    assert sorted(st.game.deck.names) == sorted(DECK)


def test_ace_counts_one_in_a_build():
    """SPEC 1.2 [seed], CA-6: "As sobre um 6 ... construindo 7"."""
    st = position(["AH 7C", "KD"], ["6D"])
    assert legal(st) == ["build 7 with AH on 6D", "trail 7C", "trail AH"]
    st.apply("build 7 with AH on 6D")
    assert table_view(st) == [(["6D", "AH"], 7, 0, False)]


def test_ace_counts_one_in_a_sum():
    """CA-6: a numeral takes an ace as part of a sum."""
    st = position(["3C", "KD"], ["AH", "2D"])
    assert legal(st) == ["capture AH 2D with 3C", "trail 3C"]


def test_a_crowded_table_lists_every_union_of_sums_within_the_work_budget():
    """M3, CA-1: a 10 takes any union of disjoint groups adding up to 10. Thirteen small cards on
    the table make 819 such unions, each tested against the builds the player owns: the listing
    is charged what a union's test does, not the most a test over 20 builds could do (which
    stopped it at 877 unions, a table random play reaches). The count is checked against a
    plain enumeration: every set of table cards that splits into groups of 10."""
    table = "AC 2C 3C 4C 5C AD 2D 3D 4D 5D AH 2H 3H".split()
    st = position(["10C 9S 8S 7S", "6S 5S 4S 3S"], table)
    captures = [m for m in legal(st) if m.startswith("capture ") and m.endswith(" with 10C")]
    values = [1 if c[0] == "A" else int(c[:-1]) for c in table]

    def splits_into_tens(mask: int) -> bool:
        if mask == 0:
            return True
        low = mask & -mask  # the group of the lowest card in the set: any subset holding it
        rest = mask ^ low
        sub = rest
        while True:
            group = sub | low
            if sum(v for i, v in enumerate(values) if group >> i & 1) == 10 and splits_into_tens(mask ^ group):
                return True
            if sub == 0:
                return False
            sub = (sub - 1) & rest

    unions = sum(1 for mask in range(1, 1 << len(table))
                 if sum(v for i, v in enumerate(values) if mask >> i & 1) % 10 == 0 and splits_into_tens(mask))
    assert len(captures) == unions == 819


def test_face_cards_are_never_part_of_a_sum_or_build():
    """SPEC 1.2 [seed], CA-7: J, Q and K have no value."""
    st = position(["10C 2S", "KD"], ["QH", "JS", "8D"])
    assert legal(st) == ["build 10 with 2S on 8D", "trail 10C", "trail 2S"]


# --- 1.3 dealer, target -----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_count_from_the_dealer_drawn_by_lot(players):
    """SPEC 0 and 1.3 [seed]: the player who draws the highest card deals; seats are numbered
    in the order of play from his left, so the first dealer is seat n-1 and seat 0 leads."""
    st = GAMES[(players, "previous_player")].new_state(11)
    assert var(st, "dealer") == players - 1
    assert st.current_player == 0


def test_target_is_21_or_31():
    """SPEC 1.3 [seed]: the target is agreed, 21 by default or 31; nothing else."""
    assert GAMES[(2, "previous_player")].params["target"] == 21
    assert load_game("cassino", {"target": 31}).params["target"] == 31
    with pytest.raises(RulesError, match="must be one of 21, 31"):
        load_game("cassino", {"target": 25})


# --- 1.4 the deal -----------------------------------------------------------------------------

def stacked(top_first):
    """The whole deck as a stock whose top cards, in dealing order, are `top_first`."""
    top = top_first.split()
    return [c for c in DECK if c not in top] + top[::-1]


def test_first_deal_gives_one_card_at_a_time_and_a_table_card_after_each_round():
    """SPEC 1.4 [seed]: from the dealer's left, one at a time, a face-up table card after
    every round, until each holds 4 and 4 lie on the table."""
    game = GAMES[(3, "previous_player")]
    order = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D 3D"
    st = load_data(game, {"phase": "first_deal", "vars": {"dealer": 1},
                          "zones": {"stock": stacked(order)}})
    # dealer 1: seat 2 (his left) first, then 0, then the dealer himself, then the table
    assert zone(st, "hand") == [["2C", "6C", "10C", "AD"], ["3C", "7C", "JC", "2D"],
                                ["AC", "5C", "9C", "KC"]]
    assert zone(st, "table") == ["4C", "8C", "QC", "3D"]
    assert st.current_player == 2
    assert len(zone(st, "stock")) == 52 - 16
    assert var(st, "last_deal") is False


def test_later_deals_give_four_each_and_nothing_to_the_table():
    """SPEC 1.4 [seed]: when every hand is empty the dealer deals 4 more each, one at a time."""
    game = GAMES[(2, "previous_player")]
    order = "AC 2C 3C 4C 5C 6C 7C 8C"
    stock = stacked(order)[-20:]
    table = [c for c in DECK if c not in stock][:32]
    pile = [c for c in DECK if c not in stock and c not in table]
    st = load_data(game, {"phase": "deal", "vars": {"dealer": 1},
                          "zones": {"stock": stock, "table": table, "pile": [pile, []]}})
    assert zone(st, "hand") == [["AC", "3C", "5C", "7C"], ["2C", "4C", "6C", "8C"]]
    assert zone(st, "table") == table
    assert len(zone(st, "stock")) == 12
    assert var(st, "last_deal") is False
    assert st.current_player == 0


def test_the_last_deal_is_announced():
    """SPEC 1.4 [seed]: before the last deal the dealer announces it (public `last_deal`)."""
    st = last_card(["", "9S"], ["4D"], HEARTS_CLUBS_0, stock="AC 2C 3C 4C 5C 6C 7C 8C".split())
    assert var(st, "last_deal") is False
    st.apply("trail 9S")
    assert var(st, "last_deal") is True
    assert [len(h) for h in zone(st, "hand")] == [4, 4]
    assert zone(st, "stock") == []
    assert st.observation(0)["vars"]["last_deal"] is True


@pytest.mark.parametrize("players, deals", [(2, 6), (3, 4), (4, 3)])
def test_deals_per_hand(players, deals):
    """SPEC 1.4 [derived]: 6, 4 or 3 deals per hand; the deck runs out exactly."""
    st = GAMES[(players, "previous_player")].new_state(5)
    rng = random.Random(5)
    refills = 1
    while var(st, "hands") == 0:
        before = sum(len(h) for h in zone(st, "hand"))
        st.apply(rng.choice(st.legal_moves()))
        after = sum(len(h) for h in zone(st, "hand"))
        refills += var(st, "hands") == 0 and after > before
    assert refills == deals


# --- M1, M2: face cards and aces ---------------------------------------------------------------

def test_face_card_captures_exactly_one_equal_card():
    """M1 [seed]: "podera apenas capturar uma Dama"."""
    st = position(["QS", "KD"], ["QH", "QD", "5C"])
    assert legal(st) == ["capture QD with QS", "capture QH with QS", "trail QS"]
    st.apply("capture QH with QS")
    assert zone(st, "table") == ["QD", "5C"]
    assert zone(st, "pile") == [["QS", "QH"], []]
    assert var(st, "capturer") == 0


def test_ace_captures_exactly_one_ace():
    """M2 [seed], CA-6: "Para os Ases tambem vale esta regra"."""
    st = position(["AS", "KD"], ["AH", "AD", "3C"])
    assert legal(st) == ["capture AD with AS", "capture AH with AS", "trail AS"]


# --- M3: numeral captures -------------------------------------------------------------------------

def test_numeral_captures_every_equal_card_or_any_of_them():
    """M3 (a) [seed]: "podera pegar todos os 4 sobre a mesa"."""
    st = position(["4S", "KD"], ["4H", "4D"])
    assert legal(st) == ["capture 4D with 4S", "capture 4H 4D with 4S", "capture 4H with 4S", "trail 4S"]


def test_eight_against_4_4_5_3_takes_either_group_or_both():
    """M3 (c) [seed], CA-1: "os dois 4 ou o 5 e o 3": either group, or both at once; the
    player may also trail instead (M8 [seed])."""
    st = position(["8S", "KD"], ["4H", "4C", "5D", "3S"])
    assert legal(st) == ["capture 4H 4C 5D 3S with 8S", "capture 4H 4C with 8S",
                         "capture 5D 3S with 8S", "trail 8S"]
    st.apply("capture 4H 4C 5D 3S with 8S")
    assert zone(st, "table") == []
    assert sorted(zone(st, "pile")[0]) == ["3S", "4C", "4H", "5D", "8S"]


def test_numeral_captures_a_build_of_its_value():
    """M3 (b) [seed]: any player holding a 7 may capture a build of 7."""
    st = position(["7S", "KD"], [build("5C 2D", 7, 1)])
    assert legal(st) == ["capture (5C 2D) with 7S", "trail 7S"]
    st.apply("capture (5C 2D) with 7S")
    assert zone(st, "table") == []
    assert zone(st, "pile")[0] == ["7S", "5C", "2D"]


def test_nine_takes_a_simple_build_of_7_and_a_2():
    """M3 (c) [seed], CA-3: "o jogador que tiver um 9 podera capturar a construcao de 7 e
    mais o 2 aberto na mesa"."""
    st = position(["9S", "KD"], ["2H", build("5C 2D", 7, 1)])
    assert legal(st) == ["capture 2H (5C 2D) with 9S", "trail 9S"]


def test_a_locked_build_is_never_part_of_a_sum():
    """SPEC 1.6, CA-3: a locked build is taken only whole, by a card of its value."""
    st = position(["9S 7H", "KD"], ["2H", build("5C 2D 7D", 7, 1, locked=True)])
    assert legal(st) == ["build 9 with 7H on 2H", "capture (5C 2D 7D) with 7H", "trail 7H", "trail 9S"]


def test_a_build_cannot_be_split():
    """SPEC 1.6 [seed]: "Nenhum jogador podera desfazer a construcao para capturar so uma carta"."""
    st = position(["5S 2S", "KD"], [build("5C 2D", 7, 1)])
    assert legal(st) == ["trail 2S", "trail 5S"]


# --- M4: simple builds ----------------------------------------------------------------------------

def test_build_seven_with_a_five_on_a_two():
    """M4 [seed]: "colocar sua carta 5 sobre o 2 e dizer ... Construindo 7"."""
    st = position(["7C 5H", "KD"], ["2D"])
    assert legal(st) == ["build 7 with 5H on 2D", "trail 5H", "trail 7C"]
    st.apply("build 7 with 5H on 2D")
    assert table_view(st) == [(["2D", "5H"], 7, 0, False)]
    assert st.current_player == 1
    assert st.observation(1)["zones"]["table"] == [
        {"cards": ["2D", "5H"], "value": 7, "owner": 0, "locked": False}]


def test_no_build_without_the_card_to_capture_it():
    """M4 [seed]: "O jogador nao pode iniciar a construcao do 7 se nao tiver um 7 na mao"."""
    st = position(["5H KC", "KD"], ["2D"])
    assert legal(st) == ["trail 5H", "trail KC"]


def test_a_build_may_use_several_table_cards():
    """M4, CA-5: 2 on 3 and 4 builds 9."""
    st = position(["2S 9C", "KD"], ["3D", "4H"])
    assert legal(st) == ["build 9 with 2S on 3D 4H", "trail 2S", "trail 9C"]


# --- M5, M6: pair and multiple builds -------------------------------------------------------------

def test_pair_build_is_locked():
    """M5 [seed], CA-8: a 5 on the 5 on the table, another 5 in hand: "construindo 5, esta
    construcao nao podera ser ampliada"."""
    st = position(["5H 5S", "KD"], ["5C"])
    assert legal(st) == ["build pair with 5H on 5C", "build pair with 5S on 5C",
                         "capture 5C with 5H", "capture 5C with 5S", "trail 5H", "trail 5S"]
    st.apply("build pair with 5H on 5C")
    assert table_view(st) == [(["5C", "5H"], 5, 0, True)]


def test_pair_build_on_several_cards():
    """M5 [standard]: a 5 on 3 and 2, holding another 5."""
    st = position(["5H 5S", "KD"], ["3C", "2C"])
    assert "build pair with 5H on 3C 2C" in legal(st)


def test_nobody_may_increase_a_locked_build():
    """M5 [seed], CA-8: not the other players, and not its owner either."""
    st = position(["2S 7C", "KD"], [build("5C 5H", 5, 1, locked=True)])
    assert legal(st) == ["trail 2S", "trail 7C"]
    st = position(["2S 7C 5S", "KD"], [build("5C 5H", 5, 0, locked=True)])
    assert legal(st) == ["capture (5C 5H) with 5S"]


def test_second_build_of_the_same_value_locks_both_and_must_be_taken_next_turn():
    """M6 [seed]: an ace on a 6 "construindo 7", next turn a 5 on a 2 "repetir construindo 7";
    nobody may increase them any more, and he "devera captura-las na sua proxima jogada com um
    7", taking a 3 and a 4 with them if he likes."""
    st = position(["AH 5S 7C KC", "KD 2H 9D QS"], ["6D", "2C", "3H", "4S"])
    st.apply("build 7 with AH on 6D")
    st.apply("trail KD")
    st.apply("build 7 with 5S on 2C")
    assert table_view(st) == ["3H", "4S", "KD", (["6D", "AH", "2C", "5S"], 7, 0, True)]
    # the opponent holds a 2 and a 9, yet may not make the build 9
    assert legal(st) == ["build 9 with 2H on 3H 4S", "trail 2H", "trail 9D", "trail QS"]
    st.apply("trail QS")
    # he must take them now, so not even the king
    assert legal(st) == ["capture (6D AH 2C 5S) with 7C", "capture 3H 4S (6D AH 2C 5S) with 7C"]


def test_builds_of_one_value_merge_whoever_owns_them():
    """M6, CA-9: a new build of 7 beside an opponent's 7 merges into one locked build owned by
    the mover; the opponent's obligation ends with it."""
    st = position(["4H 7C", "7D KD"], ["3D", build("5C 2D", 7, 1)])
    st.apply("build 7 with 4H on 3D")
    assert table_view(st) == [(["5C", "2D", "3D", "4H"], 7, 0, True)]
    assert legal(st) == ["capture (5C 2D 3D 4H) with 7D", "trail 7D", "trail KD"]


# --- M7: increasing a build ----------------------------------------------------------------------

def test_increase_a_build_holding_its_new_value():
    """M7 [seed]: with a 9 and a 2, the next player puts the 2 on the 5: "2+5+2 que so podem
    ser capturadas por um 9"; the build becomes his."""
    st = position(["9C 2S", "KD"], [build("2D 5H", 7, 1)])
    assert legal(st) == ["increase (2D 5H) with 2S", "trail 2S", "trail 9C"]
    st.apply("increase (2D 5H) with 2S")
    assert table_view(st) == [(["2D", "5H", "2S"], 9, 0, False)]


def test_no_increase_without_the_new_value():
    """M7 [seed]: "desde que tenha carta na mao para capturar a construcao"."""
    st = position(["8C 2S", "KD"], [build("2D 5H", 7, 1)])
    assert legal(st) == ["trail 2S", "trail 8C"]


def test_the_owner_may_increase_his_own_build():
    """M7, CA-10: any player, the owner included; his old value is no longer owed."""
    st = position(["7C 2S 9H", "KD"], [build("2D 5H", 7, 0)])
    assert legal(st) == ["capture (2D 5H) with 7C", "increase (2D 5H) with 2S"]
    st.apply("increase (2D 5H) with 2S")
    assert table_view(st) == [(["2D", "5H", "2S"], 9, 0, False)]


def test_increasing_to_the_value_of_another_build_merges_them():
    """M7 then M6: the increased build and the other build of its value lock together."""
    st = position(["2S 9H", "KD"], [build("2D 5H", 7, 1), build("4C 5C", 9, 1)])
    assert legal(st) == ["capture (4C 5C) with 9H", "increase (2D 5H) with 2S", "trail 2S", "trail 9H"]
    st.apply("increase (2D 5H) with 2S")
    assert table_view(st) == [(["2D", "5H", "2S", "4C", "5C"], 9, 0, True)]


# --- M8, R1, R2: what an owner may do ----------------------------------------------------------

def test_owner_of_a_build_may_not_trail():
    """M8, CA-4 [standard]: an owner may not trail; here he builds another 7 (merging, M6) or
    takes his build."""
    st = position(["7C 4D KD", "KH"], ["3H", build("5C 2D", 7, 0)])
    assert legal(st) == ["build 7 with 4D on 3H", "capture (5C 2D) with 7C"]


def test_hold_rule_keeps_the_card_for_ones_build():
    """R1, CA-4 [standard]: he cannot spend his only 7 on anything but his build of 7."""
    st = position(["7C KS", "KH"], ["4H", "3D", build("5C 2D", 7, 0)])
    assert legal(st) == ["capture (5C 2D) with 7C", "capture 4H 3D (5C 2D) with 7C"]


def test_hold_rule_allows_spending_a_second_card_of_the_value():
    """R1: with two 7s he may take the 4 and 3 and keep his build."""
    st = position(["7C 7H", "KH"], ["4H", "3D", build("5C 2D", 7, 0)])
    assert legal(st) == ["build pair with 7C on 4H 3D", "build pair with 7H on 4H 3D",
                         "capture (5C 2D) with 7C", "capture (5C 2D) with 7H",
                         "capture 4H 3D (5C 2D) with 7C", "capture 4H 3D (5C 2D) with 7H",
                         "capture 4H 3D with 7C", "capture 4H 3D with 7H"]


def test_groups_of_one_capture_are_disjoint():
    """R3, M3, R1 on tests/positions/cassino/owner_of_a_build.json (the docs' example): the 9
    takes the build with the 2, or 4 3 2, never both, as the 2 would be in two groups; the 7
    must take seat 0's own build."""
    st = load(GAMES[(2, "previous_player")], POSITIONS / "owner_of_a_build.json")
    assert legal(st) == ["capture (5C 2D) 2S with 9S", "capture (5C 2D) 4H 3D with 7C",
                         "capture (5C 2D) with 7C", "capture 4H 3D 2S with 9S"]


def test_owner_of_a_locked_build_must_capture_it_now():
    """R2 [seed]: "devera captura-las na sua proxima jogada"; the same for a pair build
    [our choice]."""
    st = position(["5S 9C KH", "KD"], [build("5C 5H", 5, 0, locked=True), "4D", "AH", "KS"])
    assert legal(st) == ["capture (5C 5H) 4D AH with 5S", "capture (5C 5H) with 5S"]


def test_a_build_cannot_be_taken_by_the_move_that_makes_it():
    """R4 [seed]: "a captura da construcao nao pode ser feita na mesma jogada"; the next
    turn, with the card kept, he may."""
    st = position(["7C 5H", "KD 2S"], ["2D"])
    st.apply("build 7 with 5H on 2D")
    assert table_view(st) == [(["2D", "5H"], 7, 0, False)]
    st.apply("trail KD")
    assert legal(st) == ["capture (2D 5H) with 7C"]


def test_an_illegal_move_is_refused_with_the_state_unchanged():
    """M4 [seed]: building 7 without a 7 is refused, and the position stays as it was."""
    st = position(["5H KC", "KD"], ["2D"])
    before = st.to_json()
    with pytest.raises(IllegalMove):
        st.apply("build 7 with 5H on 2D")
    assert st.to_json() == before


# --- 1.8 the last cards ----------------------------------------------------------------------------

def test_last_card_trailed_gives_the_table_to_the_previous_player():
    """SPEC 1.8 [seed], CA-2: the dealer cannot capture with his last card, trails it, and the
    player before him takes every card left on the table, the trailed card included."""
    st = last_card(["", "KS"], ["5H", "9C"], HEARTS_CLUBS_0)
    assert legal(st) == ["trail KS"]
    st.apply("trail KS")
    # seat 0: hearts and clubs (24 left) + 5H 9C KS = 27 cards, 1 spade, AH AC;
    # seat 1: diamonds and 12 spades = 25 cards, 10D, 2S, most spades, AD AS
    assert var(st, "cards_won") == [27, 25]
    assert var(st, "spades_won") == [1, 12]
    assert var(st, "hand_points") == [3 + 2, 2 + 1 + 1 + 2]
    assert st.scores() == [5, 6]


def test_last_card_trailed_by_choice_counts_the_same():
    """CA-12: a final trail when a capture was possible still gives the table to the
    previous player (here seat 1 of three, the dealer being seat 2)."""
    st = last_card(["", "", "5S"], ["5H", "9C"], {"H": 0, "C": 1, "D": 1, "S": 2}, players=3)
    assert legal(st) == ["capture 5H with 5S", "trail 5S"]
    st.apply("trail 5S")
    # seat 1: clubs but 9C, diamonds, + 5H 9C 5S = 12 + 13 + 3 = 28 cards
    assert var(st, "cards_won") == [12, 28, 12]
    assert var(st, "spades_won") == [0, 1, 12]
    assert var(st, "hand_points") == [1, 3 + 2 + 2, 1 + 1 + 1]


def test_last_card_captured_leaves_the_table_to_the_dealer():
    """SPEC 1.8 [our choice = standard]: after a final capture the dealer takes what remains."""
    st = last_card(["", "", "5S"], ["5H", "9C"], {"H": 0, "C": 1, "D": 1, "S": 2}, players=3)
    st.apply("capture 5H with 5S")
    # seat 2: spades (13) + 5H 9C = 15 cards; seat 1: clubs but 9C + diamonds = 25
    assert var(st, "cards_won") == [12, 25, 15]
    assert var(st, "hand_points") == [1, 3 + 2 + 2, 1 + 1 + 1]


def test_last_capturer_variant_gives_the_table_to_whoever_captured_last():
    """SPEC 1.8 `last_cards=last_capturer` (pagat): the last capture of the hand decides."""
    st = last_card(["", "", "KS"], ["5H", "9C"], {"H": 0, "C": 1, "D": 1, "S": 2}, players=3,
                   last_cards="last_capturer", capturer=0)
    st.apply("trail KS")
    # seat 0: hearts but 5H + 5H 9C KS = 15 cards, 1 spade
    assert var(st, "cards_won") == [15, 25, 12]
    assert var(st, "spades_won") == [1, 0, 12]
    assert var(st, "hand_points") == [1, 3 + 2 + 2, 1 + 1 + 1]


def test_last_capturer_variant_with_no_capture_gives_the_table_to_the_dealer():
    """SPEC 1.8: if nobody captured in the hand, the dealer takes the table."""
    st = last_card(["", "KS"], ["5H", "9C"], HEARTS_CLUBS_0, last_cards="last_capturer")
    st.apply("trail KS")
    assert var(st, "cards_won") == [24, 28]


# --- 1.9 scoring, 1.10 the match ----------------------------------------------------------------

def test_no_points_for_cards_when_the_counts_tie():
    """SPEC 1.9 [seed]: "se os jogadores ou duplas tiverem o mesmo numero de cartas ninguem
    fara os 3 pontos"; 8 points in the hand instead of 11."""
    st = last_card(["", "9S"], ["9D"], HEARTS_CLUBS_0)
    st.apply("capture 9D with 9S")
    assert var(st, "cards_won") == [26, 26]
    assert var(st, "hand_points") == [2, 2 + 1 + 1 + 2]


def test_no_point_for_spades_when_they_tie():
    """SPEC 1.9, CA-11: tied spades score nothing (three players can tie)."""
    def side(card):
        if card[-1] != "S":
            return {"H": 0, "C": 0, "D": 2}[card[-1]]
        return 0 if card == "KS" else 1 if card[:-1] in ("A", "2", "3", "4", "5", "6") else 2
    st = last_card(["", "", "9D"], ["9H"], side, players=3)
    st.apply("capture 9H with 9D")
    assert var(st, "spades_won") == [1, 6, 6]
    assert var(st, "cards_won") == [26, 6, 20]
    # seat 0: most cards, AH AC; seat 1: 2S, AS; seat 2: 10D, AD; spades to nobody
    assert var(st, "hand_points") == [3 + 2, 1 + 1, 2 + 1]


def test_match_ends_when_a_side_reaches_the_target_and_the_higher_total_wins():
    """SPEC 1.3 [seed], 1.10: both sides pass 21 in the same hand: the higher total wins."""
    st = last_card(["", "KS"], ["5H", "9C"], HEARTS_CLUBS_0, points=[19, 15])
    st.apply("trail KS")
    assert st.is_over
    assert st.scores() == [24, 21]


def test_a_tie_at_the_top_plays_another_hand_dealt_by_the_next_player():
    """SPEC 1.10 [our choice, standard]: equal top totals play on; the deal passes to the
    left and the player at the new dealer's left leads."""
    st = last_card(["", "KS"], ["5H", "9C"], HEARTS_CLUBS_0, points=[17, 16])
    st.apply("trail KS")
    assert st.scores() == [22, 22]
    assert not st.is_over
    assert var(st, "dealer") == 0
    assert st.current_player == 1
    assert var(st, "hands") == 1
    assert [len(h) for h in zone(st, "hand")] == [4, 4]
    assert len(zone(st, "table")) == 4
    assert len(zone(st, "stock")) == 40
    assert zone(st, "pile") == [[], []]


def test_target_31_plays_on_past_21():
    """SPEC 1.3: with `target=31`, 24 points do not end the match."""
    game = load_game("cassino", {"target": 31})
    listed = {"KS", "5H", "9C"}
    piles = [[c for c in DECK if c not in listed and c[-1] in "HC"],
             [c for c in DECK if c not in listed and c[-1] in "DS"]]
    st = load_data(game, {"phase": "play", "vars": {"to_act": 1, "dealer": 1, "points": [19, 15]},
                          "zones": {"hand": [[], ["KS"]], "table": ["5H", "9C"], "pile": piles}})
    st.apply("trail KS")
    assert st.scores() == [24, 21]
    assert not st.is_over


# --- 1.5 visibility --------------------------------------------------------------------------------

def test_hands_are_private_and_captures_public():
    """SPEC 1.5: a hand is seen by its owner only, partners included; table and piles by all."""
    st = position(["QS 3H", "KD", "5C", "9H"], ["QH"], players=4)
    st.apply("capture QH with QS")
    seen = st.observation(2)
    assert seen["zones"]["hand"] == [[None], [None], ["5C"], [None]]
    assert seen["zones"]["pile"] == [["QS", "QH"], []]
    assert all(c is None for c in seen["zones"]["stock"])
