"""Buraco scenarios: exact positions (position notation), one action, the legal moves or the
exact result. Each test names the rule of shared/rules/SPEC.md section 2 it pins down:
[seed] rules and the defaults of the ambiguity table (BU-n)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardrules import load_game
from cardrules.engine.position import load_data
from support.states import var

GAME = load_game("buraco")
TEAM_A, TEAM_B = 0, 1


def _labels(names, used: set, labels: list[str]) -> list[str]:
    """Card names -> unique labels: a plain name is its first copy not used yet."""
    out = []
    for name in names:
        label = name
        copy = 1
        while "#" not in name and label in used:
            copy += 1
            label = f"{name}#{copy}"
        assert label not in used and label in labels, f"{name} is named too often"
        used.add(label)
        out.append(label)
    return out


def position(*, game=GAME, phase="play", to_act=0, hands=None, melds=None, threes=None, pile=(),
             stock_top=(), stock_size=None, mortos=2, reserved=(), in_morto=(), morto=None,
             total=None, went_out=None):
    """A Buraco position. Cards not named go to two mortos of 11 (``mortos`` of them; the
    first ones reserved as ``reserved`` says, the first holding ``in_morto``), then to the stock,
    whose top is ``stock_top`` (last = top). With ``stock_size`` the stock holds that many and
    the rest lie under the pile."""
    n = game.player_count
    teams = game.team_count
    labels = [game.deck.label(c) for c in range(game.deck_size)]
    used: set = set()
    hands = [_labels(h, used, labels) for h in (hands or [[]] * n)]
    melds = [[{"cards": _labels(cards, used, labels), "kind": kind} for kind, cards in team]
             for team in (melds or [[]] * teams)]
    threes = [_labels(t, used, labels) for t in (threes or [[]] * teams)]
    pile = _labels(pile, used, labels)
    stock_top = _labels(stock_top, used, labels)
    in_morto = _labels(in_morto, used, labels)
    rest = [label for label in labels if label not in used]
    groups = []
    for i in range(mortos):
        take = 11 - (len(in_morto) if i == 0 else 0)
        cards, rest = (in_morto if i == 0 else []) + rest[:take], rest[take:]
        groups.append({"cards": cards, "reserved_for": reserved[i] if i < len(reserved) else None})
    under = []
    if stock_size is not None:
        keep = stock_size - len(stock_top)
        rest, under = rest[:keep], rest[keep:]
    variables = {"to_act": to_act, "dealer": (to_act - 1) % n, "went_out": went_out,
                 "morto": list(morto or ["unclaimed"] * teams)}
    if total is not None:
        variables["total"] = list(total)
    data = {"phase": phase, "vars": variables,
            "zones": {"hand": hands, "melds": melds, "red_threes": threes, "pile": under + pile,
                      "mortos": groups, "stock": rest + stock_top}}
    return load_data(game, data)


def texts(st) -> set[str]:
    return {m.text for m in st.legal_moves()}


def names(st, zone: str, index: int | None = None) -> list[str]:
    info = st.game.zones[zone]
    slot = info.base + (index or 0)
    return [st.game.deck.names[c] for c in st.zones[slot] if c < st.game.deck_size]


def meld_cards(st, team: int) -> list[list[str]]:
    slot = st.game.zones["melds"].base + team
    return [[st.game.deck.names[c] for c in st.groups[g]["cards"]] for g in st.zones[slot]]


def mortos(st) -> list[dict]:
    slot = st.game.zones["mortos"].base
    return [st.groups[g] for g in st.zones[slot]]


FILLER = ["9C", "JD", "QS", "7H", "6S", "8D"]  # no two of them meld with one more card


# --- 2.2, 2.3: deck, deal, first turn ------------------------------------------------------

def test_two_decks_of_52_cards_without_jokers_by_default():
    assert GAME.deck_size == 104
    assert Counter(GAME.deck.names)["QH"] == 2
    assert load_game("buraco", {"jokers": True}).deck_size == 108


@pytest.mark.parametrize("players, stock", [(4, 38), (2, 60)])
def test_deal_eleven_each_two_mortos_of_eleven_stock_and_empty_pile(players, stock):
    game = load_game("buraco", {"players": players})
    st = game.new_state(5)
    assert [len(names(st, "hand", p)) for p in range(players)] == [11] * players
    assert [len(g["cards"]) for g in mortos(st)] == [11, 11]
    assert len(names(st, "stock")) == stock and names(st, "pile") == []
    dealer = var(st, "dealer")
    assert st.current_player == (dealer + 1) % players, "the dealer's right-hand neighbour starts"
    assert texts(st) == {"draw"}, "the pile is empty on the first turn"


def test_partnerships_sit_opposite():
    assert GAME.team_of == (0, 1, 0, 1)
    assert load_game("buraco", {"players": 2}).team_of == (0, 1)


def test_next_hand_is_dealt_by_the_player_to_the_right():
    # BU-16.
    st = position(phase="start_turn", to_act=1, mortos=0, stock_size=0, hands=[["9C"], ["JD"], ["QS"], ["7H"]])
    assert var(st, "hands") == 1 and var(st, "dealer") == 1
    assert st.current_player == 2


# --- 2.4: who sees what ----------------------------------------------------------------------

def test_hands_private_mortos_hidden_pile_melds_and_threes_public():
    # BU-15: the whole pile is public.
    st = position(hands=[["9C", "JD"], ["QS"], [], []], pile=["5S", "8H"], threes=[["3H"], []],
                  melds=[[("run", ["4C", "5C", "6C"])], []])
    seen = st.observation(1)["zones"]
    assert seen["hand"][0] == [None, None] and seen["hand"][1] == ["QS"]
    assert seen["pile"] == ["5S", "8H"]
    assert seen["melds"][0][0]["cards"] == ["4C", "5C", "6C"] and seen["red_threes"][0] == ["3H"]
    assert all(card is None for g in seen["mortos"] for card in g["cards"])


# --- 2.5: melds ---------------------------------------------------------------------------------

def test_seed_examples_of_runs_are_melds():
    st = position(hands=[["5C", "6C", "7C", "7S", "8S", "2H"], [], [], []])
    assert {"meld 5C 6C 7C", "meld 7S 8S 2H"} <= texts(st)


@pytest.mark.parametrize("cards", [["3C", "4C", "5C"], ["AC", "4C", "5C"], ["KC", "AC", "4C"],
                                   ["5C", "2H", "2D"], ["5C", "6C", "7D"], ["5C", "6C", "8C"]])
def test_not_melds_threes_low_ace_wrap_two_wilds_mixed_suits_gaps(cards):
    st = position(hands=[cards + FILLER, [], [], []])
    assert not any(m.startswith("meld") for m in texts(st))


def test_ace_is_high_and_a_wild_extends_a_run_at_the_top():
    st = position(hands=[["QH", "KH", "AH", "2C"] + FILLER, [], [], []])
    assert {"meld QH KH AH", "meld KH AH 2C", "meld QH AH 2C", "meld QH KH 2C"} <= texts(st)


def test_sets_only_of_four_five_king_ace_by_default():
    # BU-8.
    hand = ["4H", "4S", "4C", "6H", "6S", "6C", "KH", "KS", "2D"]
    melds = {m for m in texts(position(hands=[hand, [], [], []])) if m.startswith("meld")}
    assert "meld 4C 4H 4S" in melds and "meld KH KS 2D" in melds
    assert not any("6C 6H" in m for m in melds)
    wider = load_game("buraco", {"set_ranks": ("4", "5", "6", "K", "A")})
    assert "meld 6C 6H 6S" in texts(position(game=wider, hands=[hand, [], [], []]))


def test_a_set_takes_two_copies_of_one_card():
    st = position(hands=[["5H", "5H", "5D"] + FILLER, [], [], []])
    assert "meld 5D 5H 5H" in texts(st)


def test_one_wild_per_meld():
    # BU-3.
    st = position(hands=[["KD", "2C"] + FILLER, [], [], []],
                  melds=[[("set", ["KH", "KS", "2D"]), ("run", ["4C", "5C", "6C"])], []])
    moves = texts(st)
    assert "add KD to (KH KS 2D)" in moves and "add 2C to (KH KS 2D)" not in moves
    assert "add 2C to (4C 5C 6C)" in moves


def test_cards_are_added_only_to_the_own_teams_melds():
    st = position(to_act=2, hands=[[], [], ["7H", "7C"] + FILLER, []],
                  melds=[[("run", ["4C", "5C", "6C"])], [("run", ["4H", "5H", "6H"])]])
    adds = {m for m in texts(st) if m.startswith("add")}
    assert adds == {"add 7C to (4C 5C 6C)"}, "seat 2 adds to the meld its partner laid"


def test_a_wild_may_dirty_a_clean_canastra_unless_the_option_forbids_it():
    # BU-12.
    canastra = ["4C", "5C", "6C", "7C", "8C", "9C", "10C"]
    st = position(hands=[["2H"] + FILLER, [], [], []], melds=[[("run", canastra)], []])
    assert "add 2H to (4C 5C 6C 7C 8C 9C 10C)" in texts(st)
    strict = load_game("buraco", {"may_dirty_clean_canastra": False})
    st = position(game=strict, hands=[["2H"] + FILLER, [], [], []], melds=[[("run", canastra)], []])
    assert not any(m.startswith("add 2H") for m in texts(st))


def test_one_set_per_rank_per_team():
    # BU-14.
    st = position(hands=[["KD", "KC", "2S"] + FILLER, [], [], []], melds=[[("set", ["KH", "KS", "KH"])], []])
    moves = texts(st)
    assert "meld KC KD 2S" not in moves and "meld JD KD 2S" in moves
    assert "add KD to (KH KS KH)" in moves


def test_no_minimum_for_the_first_meld():
    # BU-17.
    st = position(hands=[["4D", "5D", "6D"] + FILLER, [], [], []])
    st.apply("meld 4D 5D 6D")
    assert meld_cards(st, TEAM_A) == [["4D", "5D", "6D"]] and st.current_player == 0


def test_melding_and_adding_as_often_as_wanted_before_the_discard():
    st = position(hands=[["4D", "5D", "6D", "7D", "KH", "KS", "KC"] + FILLER, [], [], []])
    st.apply("meld 4D 5D 6D")
    st.apply("add 7D to (4D 5D 6D)")
    st.apply("add 8D to (4D 5D 6D 7D)")
    st.apply("meld KC KH KS")
    assert meld_cards(st, TEAM_A) == [["4D", "5D", "6D", "7D", "8D"], ["KC", "KH", "KS"]]
    assert st.current_player == 0 and st.phase_name == "play"


def test_jokers_are_wild_when_in_play():
    # BU-2.
    game = load_game("buraco", {"jokers": True})
    st = position(game=game, hands=[["4H", "5H", "JOKER"] + FILLER, [], [], []])
    assert "meld 4H 5H JOKER" in texts(st)


def test_a_black_three_may_be_discarded():
    st = position(hands=[["3S"] + FILLER, ["KH"], [], []])
    st.apply("discard 3S")
    assert names(st, "pile") == ["3S"]


# --- 2.6 T0: the start of a turn ------------------------------------------------------------

def test_a_morto_set_aside_is_picked_up_at_the_players_next_turn():
    st = position(phase="start_turn", to_act=2, hands=[FILLER, ["KH"], [], ["KS"]],
                  reserved=[2], morto=["waiting", "unclaimed"])
    assert st.current_player == 2 and st.phase_name == "draw"
    assert len(names(st, "hand", 2)) == 11 and var(st, "morto") == ["taken", "unclaimed"]
    assert len(mortos(st)) == 1


def test_an_empty_stock_is_replaced_by_a_free_morto():
    st = position(phase="start_turn", to_act=1, hands=[["9C"], ["JD"], ["QS"], ["7H"]], stock_size=0)
    assert st.phase_name == "draw" and len(names(st, "stock")) == 11 and len(mortos(st)) == 1
    assert var(st, "morto") == ["unclaimed", "unclaimed"], "a morto turned into stock is nobody's"


def test_the_hand_ends_when_stock_and_free_mortos_are_exhausted():
    # BU-10: the next T0 with an empty stock and no free morto; a reserved morto stays aside.
    st = position(phase="start_turn", to_act=1, hands=[[], ["JD"], ["QS", "9C"], ["7H"]], stock_size=0,
                  mortos=1, reserved=[0], morto=["waiting", "unclaimed"])
    assert var(st, "hands") == 1 and var(st, "last_hand") == [-20, -20 - 100], \
        "the morto set aside counts as taken: only the other team is penalized"
    assert st.phase_name == "draw" and len(names(st, "hand", 2)) == 11, "a new hand was dealt"


# --- 2.6 T1: draw or take the pile --------------------------------------------------------------

def test_the_pile_is_taken_with_its_top_card_and_two_from_hand_in_a_new_meld():
    # The seed's example: 9 and 10 of diamonds in hand, the jack of diamonds on the pile.
    st = position(phase="draw", hands=[["9D", "10D", "KS", "QC"], [], [], []], pile=["5S", "8H", "JD"])
    assert texts(st) == {"draw", "take pile with 9D 10D JD"}
    st.apply("take pile with 9D 10D JD")
    assert meld_cards(st, TEAM_A) == [["9D", "10D", "JD"]]
    assert sorted(names(st, "hand", 0)) == sorted(["KS", "QC", "5S", "8H"]) and names(st, "pile") == []
    assert st.phase_name == "play" and st.current_player == 0


def test_one_matching_card_does_not_justify_the_take():
    # BU-4: two cards from the hand.
    st = position(phase="draw", hands=[["10D", "KS", "QC"], [], [], []], pile=["JD"])
    assert texts(st) == {"draw"}


def test_adding_the_top_card_to_a_team_meld_justifies_only_with_the_option():
    # BU-4.
    layout = dict(phase="draw", hands=[["KS", "QC"], [], [], []], pile=["4S", "10D"],
                  melds=[[("run", ["7D", "8D", "9D"])], []])
    assert texts(position(**layout)) == {"draw"}
    relaxed = load_game("buraco", {"pile_layoff_justifies": True})
    st = position(game=relaxed, **layout)
    assert texts(st) == {"draw", "take pile onto (7D 8D 9D)"}
    st.apply("take pile onto (7D 8D 9D)")
    assert meld_cards(st, TEAM_A) == [["7D", "8D", "9D", "10D"]] and "4S" in names(st, "hand", 0)


def test_a_black_three_on_top_locks_the_pile_only_while_on_top():
    # BU-5.
    hand = [["9D", "10D", "3C", "3S"], [], [], []]
    assert texts(position(phase="draw", hands=hand, pile=["JD", "3S"])) == {"draw"}
    assert "take pile with 9D 10D JD" in texts(position(phase="draw", hands=hand, pile=["3S", "JD"]))


def test_a_wild_on_top_may_be_taken_with_two_naturals():
    # Our choice (SPEC 2.6 T1).
    st = position(phase="draw", hands=[["5H", "6H", "KS"], [], [], []], pile=["9C", "2C"])
    assert "take pile with 5H 6H 2C" in texts(st)


def test_the_pile_cannot_start_a_second_set_of_a_rank():
    # BU-14 with BU-4: the take needs a new meld.
    st = position(phase="draw", hands=[["KD", "KC", "9C"], [], [], []], pile=["KS"],
                  melds=[[("set", ["KH", "KH", "KS"])], []])
    assert texts(st) == {"draw"}


# --- 2.6 T2: red threes ----------------------------------------------------------------------

def test_red_threes_are_laid_aside_and_replaced_until_none_is_left():
    st = position(phase="draw", hands=[["3H"] + FILLER, [], [], []], stock_top=["KC", "3D", "4S"])
    st.apply("draw")
    assert names(st, "red_threes", TEAM_A) == ["3H", "3D"]
    assert sorted(names(st, "hand", 0)) == sorted(FILLER + ["4S", "KC"])


def test_a_red_three_replacement_comes_from_a_free_morto_when_the_stock_runs_out():
    # Our choice (SPEC 2.6 T2).
    st = position(phase="draw", hands=[FILLER, [], [], []], stock_top=["3D"], stock_size=1)
    st.apply("draw")
    assert names(st, "red_threes", TEAM_A) == ["3D"] and len(names(st, "hand", 0)) == 7
    assert len(mortos(st)) == 1 and len(names(st, "stock")) == 10


# --- 2.6 T4, T5: discard, emptying the hand, the morto, going out ----------------------------

def test_the_discard_ends_the_turn_and_play_passes_to_the_right():
    # BU-9.
    st = position(hands=[FILLER, ["KH"], [], []])
    st.apply("discard 9C")
    assert names(st, "pile") == ["9C"] and st.current_player == 1 and st.phase_name == "draw"


def test_emptying_the_hand_by_melding_takes_a_morto_at_once():
    st = position(hands=[["4D", "5D", "6D"], [], [], []])
    st.apply("meld 4D 5D 6D")
    assert st.current_player == 0 and st.phase_name == "play"
    assert len(names(st, "hand", 0)) == 11 and var(st, "morto") == ["taken", "unclaimed"]
    assert len(mortos(st)) == 1


def test_a_morto_picked_up_at_once_has_its_red_threes_replaced():
    st = position(hands=[["4D", "5D", "6D"], [], [], []], in_morto=["3H"], stock_top=["KC"])
    st.apply("meld 4D 5D 6D")
    assert names(st, "red_threes", TEAM_A) == ["3H"] and "KC" in names(st, "hand", 0)
    assert len(names(st, "hand", 0)) == 11 and st.phase_name == "play"


def test_emptying_the_hand_by_the_discard_sets_a_morto_aside():
    st = position(hands=[["9D"], ["KH"], ["QS"], ["7H"]])
    st.apply("discard 9D")
    assert var(st, "morto") == ["waiting", "unclaimed"] and st.current_player == 1
    assert [g["reserved_for"] for g in mortos(st)] == [0, None]


def test_the_partner_cannot_take_the_other_morto():
    st = position(to_act=2, hands=[["KH"], ["QS"], ["4D", "5D", "6D"], ["7H"]], morto=["taken", "unclaimed"])
    assert "meld 4D 5D 6D" not in texts(st), "a free morto is left, but only for the other team"


def test_without_a_canastra_a_step_may_not_leave_a_card_that_cannot_go():
    st = position(hands=[["4D", "5D", "6D", "9C"], [], [], []], morto=["taken", "unclaimed"])
    assert "meld 4D 5D 6D" not in texts(st)
    st = position(hands=[["4D", "5D", "6D", "9C", "JD"], [], [], []], morto=["taken", "unclaimed"])
    assert "meld 4D 5D 6D" in texts(st)


CANASTRA = ("run", ["4C", "5C", "6C", "7C", "8C", "9C", "10C"])


def test_going_out_by_the_discard_with_morto_and_canastra():
    st = position(hands=[["9D"], ["KH"], ["QS"], ["7H"]], melds=[[CANASTRA], []], morto=["taken", "unclaimed"])
    st.apply("discard 9D")
    assert var(st, "hands") == 1 and var(st, "last_hand")[TEAM_A] == 100 + 200 + 70 - 10


def test_going_out_by_melding_every_card():
    # BU-13: with no card left to discard.
    st = position(hands=[["4D", "5D", "6D"], ["KH"], ["QS"], ["7H"]], melds=[[CANASTRA], []],
                  morto=["taken", "unclaimed"])
    st.apply("meld 4D 5D 6D")
    assert var(st, "hands") == 1 and var(st, "last_hand")[TEAM_A] == 100 + 200 + 100 - 10


def test_a_last_card_that_completes_a_canastra_may_be_kept_to_go_out():
    six = ("run", ["4C", "5C", "6C", "7C", "8C", "9C"])
    st = position(hands=[["4H", "5H", "6H", "10C"], ["KH"], [], []], melds=[[six], []],
                  morto=["taken", "unclaimed"])
    st.apply("meld 4H 5H 6H")
    st.apply("add 10C to (4C 5C 6C 7C 8C 9C)")
    assert var(st, "hands") == 1 and var(st, "last_hand")[TEAM_A] == 100 + 200 + 100
    five = ("run", ["4C", "5C", "6C", "7C", "8C"])
    st = position(hands=[["9C", "10C"], ["KH"], [], []], melds=[[five], []], morto=["taken", "unclaimed"])
    st.apply("add 9C to (4C 5C 6C 7C 8C)")
    st.apply("add 10C to (4C 5C 6C 7C 8C 9C)")
    assert var(st, "hands") == 1 and var(st, "last_hand")[TEAM_A] == 100 + 200 + 70


# --- 2.8: scoring -----------------------------------------------------------------------------

SEED_TEAM = [("run", ["4H", "5H", "6H", "7H", "8H", "9H", "10H"]), CANASTRA,
             ("run", ["5S", "6S", "7S", "8S", "9S", "10S", "2D"]), ("run", ["JD", "QD", "KD"]),
             ("run", ["4D", "5D", "6D", "7D"]), ("run", ["JH", "QH", "KH", "AH", "2C"]),
             ("set", ["AC", "AD", "AH", "AS", "AC"])]


@pytest.mark.parametrize("red_threes, points", [(["3H", "3D", "3H"], 1260), (["3H", "3D"], 1150)])
def test_the_seeds_scoring_example(red_threes, points):
    # Went out 100, two clean canastras 400, one dirty 100, red threes 100 each, 41 table cards
    # (BU-6: the threes among them), 5 cards left in the partner's hand. BU-1: the seed's
    # arithmetic holds with three red threes (1,260); its text says two (1,150).
    st = position(hands=[["9D"], ["KS"], ["8D", "QC", "JC", "KC", "9C"], ["QS"]], melds=[SEED_TEAM, []],
                  threes=[red_threes, []], morto=["taken", "taken"])
    st.apply("discard 9D")
    assert var(st, "last_hand")[TEAM_A] == points


def test_card_points_are_a_flat_ten_for_any_rank():
    st = position(hands=[["9D"], ["KS", "2H", "AS"], [], ["5H"]], melds=[[CANASTRA], [("run", ["JD", "QD", "KD"])]],
                  morto=["taken", "taken"])
    st.apply("discard 9D")
    assert var(st, "last_hand") == [100 + 200 + 70, 30 - 40]


def test_a_two_of_the_runs_suit_still_makes_a_dirty_canastra():
    st = position(hands=[["9D"], ["KS"], [], []], melds=[[("run", ["4S", "5S", "6S", "7S", "8S", "9S", "2S"])], []],
                  morto=["taken", "taken"])
    st.apply("discard 9D")
    assert var(st, "last_hand")[TEAM_A] == 100 + 100 + 70


def test_sets_make_canastras_too():
    clean = ("set", ["AC", "AD", "AH", "AS", "AC", "AD", "AH"])
    dirty = ("set", ["KC", "KD", "KH", "KS", "KC", "KD", "2H"])
    st = position(hands=[["9D"], ["QS"], [], []], melds=[[clean, dirty], []], morto=["taken", "taken"])
    st.apply("discard 9D")
    assert var(st, "last_hand")[TEAM_A] == 100 + 200 + 100 + 140


def test_red_threes_count_against_a_team_without_a_canastra():
    # BU-7: -100 and +10 each. The team never took a morto: -100 more.
    st = position(hands=[["9D"], ["KS"], [], ["QH", "JH"]], melds=[[CANASTRA], [("run", ["4S", "5S", "6S"])]],
                  threes=[[], ["3D", "3D"]], morto=["taken", "unclaimed"])
    st.apply("discard 9D")
    assert var(st, "last_hand")[TEAM_B] == -200 + 20 + 30 - 30 - 100


def test_a_morto_set_aside_when_the_opponents_go_out_is_not_taken():
    # BU-11: one -100, and the morto's cards are not scored.
    st = position(hands=[["9D"], [], ["QS"], ["KH"]], melds=[[CANASTRA], []], reserved=[None, 1],
                  morto=["taken", "waiting"])
    st.apply("discard 9D")
    assert var(st, "last_hand")[TEAM_B] == -10 - 100


def test_a_morto_set_aside_when_the_partner_goes_out_counts_as_taken():
    # Our choice (SPEC 2.8): no penalty, and the morto is not scored.
    st = position(hands=[["9D"], ["KH"], [], ["QS"]], melds=[[CANASTRA], []], reserved=[2],
                  morto=["waiting", "taken"])
    st.apply("discard 9D")
    assert var(st, "last_hand")[TEAM_A] == 100 + 200 + 70


@pytest.mark.parametrize("morto, points", [(["unclaimed", "unclaimed"], [-10, -30]),
                                           (["taken", "unclaimed"], [-10, -130]),
                                           (["unclaimed", "taken"], [-110, -30])])
def test_after_exhaustion_only_a_team_alone_without_a_morto_is_penalized(morto, points):
    st = position(phase="start_turn", to_act=1, hands=[["9C"], ["JD"], [], ["QS", "7H"]], stock_size=0,
                  mortos=0, morto=morto)
    assert var(st, "last_hand") == points


# --- 2.9: the match ---------------------------------------------------------------------------

def test_the_match_ends_when_a_team_reaches_the_target_ahead():
    st = position(phase="start_turn", to_act=1, hands=[["9C"], ["JD"], [], []], stock_size=0, mortos=0,
                  total=[2010, 1990])
    assert st.is_over and st.scores() == [2000, 1980, 2000, 1980]


def test_equal_leaders_at_the_target_play_another_hand():
    # Our choice (SPEC 2.9).
    st = position(phase="start_turn", to_act=1, hands=[["9C"], ["JD"], [], []], stock_size=0, mortos=0,
                  total=[2010, 2010])
    assert not st.is_over and var(st, "total") == [2000, 2000] and var(st, "hands") == 1


def test_two_players_each_play_for_themselves():
    game = load_game("buraco", {"players": 2})
    st = position(game=game, hands=[["4D", "5D", "6D"], ["KH"]], morto=["unclaimed", "taken"])
    st.apply("meld 4D 5D 6D")
    assert var(st, "morto") == ["taken", "taken"] and len(names(st, "hand", 0)) == 11


def test_a_player_stranded_by_a_red_three_without_replacement_ends_the_hand():
    # Our choice: the stock and mortos are exhausted, so the next T0 would end the hand anyway.
    st = position(phase="draw", hands=[["9C"], ["JD"], [], []], stock_top=["3D"], stock_size=1, mortos=0)
    st.apply("draw")
    assert var(st, "hands") == 1 and var(st, "last_hand")[TEAM_A] == -100 + 10 - 10
