"""The constructs designers asked for (docs/language.md): the deck's suits and ranks as lists,
zones passed and indexed as lists, `let ... in` inside expressions, `repeat at most N while C`,
the seat that holds a card, and melds without wild cards' arguments with the best split of a
hand. Each case appends rules to tests/docs/base.rules and reads what they compute."""

from pathlib import Path

import pytest

from cardrules import RulesError
from cardrules.engine.loader import load_game
from cardrules.engine.position import dump, load_data

BASE = (Path(__file__).resolve().parent / "docs" / "base.rules").read_text(encoding="utf-8")


def _game(tmp_path, text: str, params: dict | None = None):
    path = tmp_path / "constructs.rules"
    path.write_text(BASE + text, encoding="utf-8")
    return load_game(str(path), params)


def _problems(tmp_path, text: str) -> list:
    with pytest.raises(RulesError) as info:
        _game(tmp_path, text)
    return info.value.diagnostics


def value_of(tmp_path, expr: str, type_: str, zones: dict | None = None, decls: str = "",
             params: dict | None = None):
    """What `expr` is worth in a position with these zones: a move stores it and ends the game."""
    game = _game(tmp_path, f"{decls}\nvar out: {type_}\n"
                           f"phase probe {{ turn current  move probe {{ out = {expr}  end game }} }}\n", params)
    state = load_data(game, {"phase": "probe", "vars": {"current": 0}, "rest": "stock", "zones": zones or {}})
    state.apply("probe")
    return dump(state)["vars"]["out"]


def lists_of(tmp_path, source: str, zones: dict, decls: str = "") -> list[str]:
    """The lists `source` gives, each as a move's text: a move takes its parameter from them."""
    game = _game(tmp_path, f"{decls}\nphase probe {{ turn current  move probe(xs in {source}) {{ end game }} }}\n")
    state = load_data(game, {"phase": "probe", "vars": {"current": 0}, "rest": "stock", "zones": zones})
    return [m.text.removeprefix("probe ") for m in state.legal_moves()]


# --- the deck's suits and ranks ------------------------------------------------------------

def test_ranks_are_the_deck_ranks_in_rank_order_and_suits_its_suits(tmp_path):
    assert value_of(tmp_path, "ranks", "list of rank") == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                           "J", "Q", "K"]
    assert value_of(tmp_path, "suits", "list of suit") == ["C", "D", "H", "S"]


def test_a_loop_over_the_ranks_compares_each_with_a_card_rank(tmp_path):
    held = value_of(tmp_path, "[r for r in ranks if any(rank(c) == r for c in hand[current])]", "list of rank",
                    {"hand": [["KS", "2C", "2D", "9H"], []]})
    assert held == ["2", "9", "K"]


def test_ranks_and_suits_are_built_in_names_that_declarations_and_locals_may_shadow(tmp_path):
    # A declared name hides the built-in (with a warning, see test_language_27): files that
    # declared a name before the language gave it a built-in keep their meaning.
    assert value_of(tmp_path, "ranks", "number", decls="def ranks = 3\n") == 3
    assert value_of(tmp_path, "count(ranks)", "number", decls="def shadow(ranks: list of card) = count(ranks)\n") == 13
    assert value_of(tmp_path, "sum(1 for suits in hand[current])", "number", {"hand": [["KS", "2C"], []]}) == 2


# --- zones as lists -------------------------------------------------------------------------

TOTALS = "def total(cs: list of card) = sum(pos(c, rank) + 1 for c in cs)\n"


def test_a_zone_passed_where_a_list_of_cards_is_declared_is_read_as_its_cards(tmp_path):
    zones = {"hand": [["KS", "2C", "AD"], []]}
    assert value_of(tmp_path, "total(hand[current])", "number", zones, TOTALS) == 13 + 2 + 1
    assert value_of(tmp_path, "total(hand[current]) == total(cards(hand[current]))", "bool", zones, TOTALS) is True


def test_an_action_given_a_zone_goes_through_its_cards_as_they_were_when_called(tmp_path):
    game = _game(tmp_path, "action drop_all(cs: list of card) { for c in cs { move c to discard } }\n"
                           "phase drop { turn current  move drop { drop_all(hand[me])  end game } }\n")
    state = load_data(game, {"phase": "drop", "vars": {"current": 0}, "rest": "stock",
                             "zones": {"hand": [["KS", "2C", "AD"], []]}})
    state.apply("drop")
    assert dump(state)["zones"]["discard"] == ["KS", "2C", "AD"]
    assert dump(state)["zones"]["hand"][0] == []


def test_a_zone_with_groups_stands_for_a_list_of_items_but_not_of_cards(tmp_path):
    table = "zone table: shared, public, groups { value: number }\n"
    assert value_of(tmp_path, "size(table)", "number", decls=table + "def size(xs: list of item) = count(xs)\n") == 0
    (problem,) = _problems(tmp_path, table + "def size(xs: list of card) = count(xs)\ndef d = size(table)\n")
    assert problem.message == "this argument must be a list of cards, not a zone"
    assert "`cards(table)`" in problem.hint


def test_a_zone_is_indexed_like_a_list_from_its_bottom_card(tmp_path):
    zones = {"hand": [["KS", "2C", "AD"], []]}
    assert value_of(tmp_path, "hand[current][0]", "card", zones) == "KS"
    assert value_of(tmp_path, "[hand[current][i] for i in 1..2]", "list of card", zones) == ["2C", "AD"]
    assert value_of(tmp_path, "hand[current][count(hand[current]) - 1] == top(hand[current])", "bool", zones) is True


def test_indexing_a_zone_past_its_top_stops_the_game_at_the_index(tmp_path):
    with pytest.raises(RulesError, match="no entry for 3 here") as info:
        value_of(tmp_path, "hand[current][3]", "card", {"hand": [["KS", "2C", "AD"], []]})
    assert info.value.diagnostics[0].span.line == BASE.count("\n") + 3


def test_a_zone_index_must_be_a_number(tmp_path):
    (problem,) = _problems(tmp_path, "def d = hand[current][current]\n")
    assert problem.message == "a list index must be a number, not a player"


# --- let ... in ----------------------------------------------------------------------------

def test_let_in_names_a_value_for_the_expression_after_in(tmp_path):
    decls = TOTALS + "def capped(p: player) = let t = total(hand[p]) in if t > 10 then 10 else t\n"
    assert value_of(tmp_path, "[capped(current), capped(next(current))]", "list of number",
                    {"hand": [["KS", "2C"], ["3C", "4C"]]}, decls) == [10, 7]


def test_let_in_shadows_an_outer_name_only_in_its_body(tmp_path):
    assert value_of(tmp_path, "[let c = 5 in c * 2, count(c for c in hand[current])]", "list of number",
                    {"hand": [["KS", "2C"], []]}) == [10, 2]
    assert value_of(tmp_path, "sum((let d = pos(c, rank) in d + d) for c in hand[current])", "number",
                    {"hand": [["KS", "2C"], []]}) == 2 * 12 + 2 * 1


def test_let_in_works_in_the_filter_of_a_move_parameter(tmp_path):
    game = _game(tmp_path, "phase pick { turn current\n"
                           "  move pick(c in hand[me] where let n = pos(c, rank) in n > 5 and n < 12) { end game } }\n")
    state = load_data(game, {"phase": "pick", "vars": {"current": 0}, "rest": "stock",
                             "zones": {"hand": [["KS", "2C", "9D", "QH"], []]}})
    assert [m.text for m in state.legal_moves()] == ["pick 9D", "pick QH"]


def test_let_in_outside_its_body_is_an_unknown_name(tmp_path):
    (problem,) = _problems(tmp_path, "def d = (let x = 3 in x) + x\n")
    assert problem.message == "unknown name `x`"


def test_a_comparison_as_the_value_of_let_in_needs_parentheses(tmp_path):
    (problem,) = _problems(tmp_path, "def d = let ok = count(stock) == 3 in ok\n")
    assert problem.message.startswith("unexpected `==`")
    assert "`let x = (a == b) in ...`" in problem.hint
    assert value_of(tmp_path, "let ok = (count(hand[current]) == 2) in ok", "bool", {"hand": [["KS", "2C"], []]}) is True


# --- repeat at most N while C -----------------------------------------------------------------

DRAWS = '''
param most = 10
def points(p: player) = sum(pos(c, rank) + 1 for c in hand[p])
phase draw { turn current  move draw {
  repeat at most most while points(me) < 17 { deal 1 from stock to hand[me] }
  end game } }
'''


def _draw(tmp_path, stock: list, params: dict | None = None) -> list:
    game = _game(tmp_path, DRAWS, params)
    state = load_data(game, {"phase": "draw", "vars": {"current": 0}, "zones": {"stock": stock, "hand": [[], []]},
                             "rest": "discard"})
    state.apply("draw")
    return dump(state)["zones"]["hand"][0]


def test_repeat_runs_its_body_while_the_condition_holds(tmp_path):
    assert _draw(tmp_path, ["KC", "2C", "9D", "8D"]) == ["8D", "9D"]      # 8 + 9: 17, stop


def test_repeat_stops_after_its_bound_without_an_error(tmp_path):
    assert _draw(tmp_path, ["KC", "2C", "AD", "AS"], {"most": 2}) == ["AS", "AD"]


def test_repeat_never_runs_when_the_condition_fails_at_once(tmp_path):
    assert _draw(tmp_path, ["KC"], {"most": 0}) == []


def test_a_goto_inside_repeat_leaves_the_block(tmp_path):
    game = _game(tmp_path, "var n: number\nphase count_up { turn current  move go {\n"
                           "  repeat at most 5 while true { n += 1  if n == 3 { end game } }\n  n = 100 } }\n")
    state = load_data(game, {"phase": "count_up", "vars": {"current": 0, "n": 0}, "rest": "stock"})
    state.apply("go")
    assert state.is_over and dump(state)["vars"]["n"] == 3


@pytest.mark.parametrize("bound, message", [
    ("count(stock)", "the bound of `repeat at most N` must be a constant"),
    ("1/2", "the bound of `repeat at most N` must be a whole number, not 1/2"),
    ("0 - 1", "the bound of `repeat at most N` must be a whole number, not -1"),
])
def test_the_bound_of_repeat_is_a_whole_number_known_before_play(tmp_path, bound, message):
    (problem,) = _problems(tmp_path, f"action a() {{ repeat at most {bound} while true {{ current = next(current) }} }}\n")
    assert problem.message == message


def test_the_condition_of_repeat_is_a_truth_value(tmp_path):
    (problem,) = _problems(tmp_path, "action a() { repeat at most 3 while stock { current = next(current) } }\n")
    assert problem.message == "the condition of `repeat` must be a bool, not a zone"


def test_repeat_is_not_taken_for_a_while_loop(tmp_path):
    (problem,) = _problems(tmp_path, "action a() { repeat at most 3 while true { current = } }\n")
    assert problem.message.startswith("unexpected `}`")   # the slip itself, not "there is no `while` loop"


# --- the seat that holds a card, a card's place in a list -------------------------------------------

def test_holder_is_the_owner_of_the_per_player_zone_that_holds_the_card(tmp_path):
    zones = {"hand": [["KS"], ["2C"]], "discard": ["AD"]}
    assert value_of(tmp_path, "[holder(top(hand[next(current)])), holder(top(hand[current]))]", "list of player", zones) == [1, 0]
    assert value_of(tmp_path, "holder(top(discard))", "player", zones) is None
    assert value_of(tmp_path, "holder(top(stock))", "player", zones) is None


def test_index_of_is_the_place_in_a_list_from_the_bottom(tmp_path):
    zones = {"discard": ["AD", "KS", "2C"]}
    assert value_of(tmp_path, "[index_of(top(discard), discard), index_of(bottom(discard), discard)]",
                    "list of number", zones) == [2, 0]
    assert value_of(tmp_path, "index_of(3, [1, 2])", "number", zones) == -1


def test_the_seat_that_played_the_winning_card_of_a_shared_trick(tmp_path):
    # `current` (seat 0) led 5H, seat 1 played KH and wins, seat 2 followed with QS.
    seat = value_of(tmp_path, "players_from(current)[index_of(trick_winner(discard, rank, none), discard)]",
                    "player", {"discard": ["5H", "KH", "QS"]}, params={"players": 3})
    assert seat == 1


# --- melds without wild cards; the best split ---------------------------------------------------

GIN = "def face(c: card) = min(pos(c, rank) + 1, 10)\n"


def test_the_short_forms_of_the_meld_built_ins_know_no_wild_card_and_every_set_rank(tmp_path):
    zones = {"hand": [["2C", "2D", "2H", "3C", "4C", "AC"], []]}
    decls = "def never(c: card) = false\n"
    assert value_of(tmp_path, "melds_of(hand[current], 3, rank) == melds_of(hand[current], 3, rank, never, ranks, 0)",
                    "bool", zones, decls) is True
    assert lists_of(tmp_path, "melds_of(hand[me], 3, rank)", zones) == ["2C 2D 2H", "2C 3C 4C", "AC 2C 3C"]
    assert value_of(tmp_path, "[meld_kind([c for c in hand[current] if rank(c) == \"2\"], rank), "
                              "meld_kind(cards(hand[current]), rank)]", "list of symbol", zones, "var k: one of run, set\n") \
        == ["set", None]
    assert value_of(tmp_path, "meld_additions([hand[current][0], hand[current][3], hand[current][4]], hand[next(current)], rank)", "list of card",
                    {"hand": [["2C", "2D", "2H", "3C", "4C"], ["AC", "5C", "5D", "2S"]]}) == ["AC", "5C"]


def test_the_best_split_leaves_the_least_deadwood(tmp_path):
    hand = ["AH", "2H", "3H", "3S", "3D", "4H", "KC", "KD", "KS", "9C"]
    zones = {"hand": [hand, []]}
    assert lists_of(tmp_path, "best_melds(hand[me], rank, face)", zones, GIN) == ["AH 2H 3H 4H", "KC KD KS"]
    assert value_of(tmp_path, "deadwood(hand[current], rank, face)", "list of card", zones, GIN) == ["3S", "3D", "9C"]


def test_a_hand_without_melds_is_all_deadwood_and_an_empty_hand_has_none(tmp_path):
    zones = {"hand": [["AH", "5S", "9C"], []]}
    assert value_of(tmp_path, "[count(best_melds(hand[current], rank, face)), count(deadwood(hand[current], rank, face)),"
                              " count(deadwood(hand[next(current)], rank, face))]", "list of number", zones, GIN) == [0, 3, 0]


def test_melds_are_shown_one_list_at_a_time(tmp_path):
    (problem,) = _problems(tmp_path, "action a() { show best_melds(hand[current], rank, face) }\n" + GIN)
    assert problem.message == "only cards can be shown, not a list of lists of cards"
    assert "`for m in ... { show m }`" in problem.hint


def test_best_melds_is_refused_a_function_of_two_arguments(tmp_path):
    (problem,) = _problems(tmp_path, "def v(a: card, b: card) = 1\ndef d = best_melds(hand[current], rank, v)\n")
    assert problem.message == "`v` must take exactly one argument to be used here"
