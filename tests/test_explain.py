"""`explain`: for a move that is not legal, the condition that refuses it, quoted from the rules
file with its line and the values that make it false; and the same words in `play`."""

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardrules import IllegalMove, RulesError, load_game
from cardrules.cli import cli
from cardrules.engine.explain import explain
from cardrules.engine.position import load_data
from cardrules.language.resources import games_folder
from cardrules.play.terminal import play_in_terminal

SETE_PATH = str(games_folder() / "sete_e_meio.rules")
SETE = load_game("sete-e-meio")


def sete_line(text: str) -> int:
    """The line of the Sete e Meio rules file that holds `text`."""
    lines = (games_folder() / "sete_e_meio.rules").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def deciding(raised: bool = False, mode: str = "unset"):
    """Seat 1 deciding, after a bet of 3; seat 0 is the banker."""
    return load_data(SETE, {
        "phase": "decide",
        "vars": {"banker": 0, "to_act": 1, "bet": [0, 3, 0, 0], "raised": [False, raised, False, False],
                 "mode": ["unset", mode, "unset", "unset"]},
        "zones": {"hand": [["KS:up"], ["7D", "3C:up"] if mode != "unset" else ["7D"], ["AH"], ["2H"]]},
        "rest": "stock"})


def betting():
    return load_data(SETE, {"phase": "bet", "vars": {"banker": 0, "to_act": 2},
                            "zones": {"hand": [["KS:up"], ["7D"], ["AH"], ["2H"]]}, "rest": "stock"})


def test_a_condition_with_a_reason_refuses_in_the_reasons_words():
    why = explain(deciding(raised=True), "stand")
    assert why.reason == "`stand` is not allowed: you raised: you must take the card"
    assert (why.span.file, why.span.line) == (SETE_PATH, sete_line("move stand when not raised[me]"))
    assert why.rule_text == 'move stand when not raised[me] else "you raised: you must take the card" {'


def test_the_first_failing_when_gives_its_own_reason():
    why = explain(deciding(raised=True), "raise 2")
    assert why.reason == "`raise 2` is not allowed: you raised already: take the card first"
    assert why.span.line == sete_line("move raise(")


REASONS = """game "Reasons"
players 2..2
deck {
  suits C D H S
  ranks A 2 3 4 5 6 7 8 9 10 J Q K
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone pile: shared, public, face up
var current: player
var drawn: bool = false
setup {
  shuffle stock
  for p in players { deal 5 from stock to hand[p] }
  current = players[0]
  goto play
}
phase play {
  turn current
  move draw when not drawn else "you have drawn already" when count(pile) < 3 {
    deal 1 from stock to hand[me]
    drawn = true
  }
  move lay(c in hand[me] where suit(c) != "H" else "hearts stay in the hand"
                         where drawn or count(pile) >= 3 else "draw first") {
    move c to pile
    drawn = false
    current = next(me)
  }
  move stop when count(pile) >= 3 { end game }
}
score p: 0 - count(hand[p])
"""


@pytest.fixture(scope="module")
def reasons(tmp_path_factory):
    path = tmp_path_factory.mktemp("reasons") / "reasons.rules"
    path.write_text(REASONS)
    return load_game(str(path))


def test_every_where_of_a_parameter_gives_its_own_reason_in_order(reasons):
    st = next(s for s in map(reasons.new_state, range(50)) if any(c.endswith("H") for c in _hand(s)))
    assert [m.text for m in st.legal_moves()] == ["draw"]  # nothing may be laid before drawing
    heart = next(c for c in _hand(st) if c.endswith("H"))
    other = next(c for c in _hand(st) if not c.endswith("H"))
    assert explain(st, f"lay {heart}").reason == f"`lay {heart}` is not allowed: hearts stay in the hand"
    assert explain(st, f"lay {other}").reason == f"`lay {other}` is not allowed: draw first"
    st.apply("draw")
    assert explain(st, "draw").reason == "`draw` is not allowed: you have drawn already"


def test_a_condition_without_a_reason_is_quoted_with_the_value_that_makes_it_false(reasons):
    st = reasons.new_state(0)
    for _ in range(3):
        st.apply("draw")
        st.apply(next(m for m in st.legal_moves() if m.name == "lay"))
    why = explain(st, "draw")
    assert why.reason == "`draw` is not allowed: move `draw` requires `count(pile) < 3`, but `count(pile)` is 3"


def _hand(st) -> list[str]:
    """The cards of the hand of the seat to play, by name."""
    return [c.split(":")[0] for c in st.to_json()["zones"]["hand"][st.current_player]]


def test_a_parameter_value_that_matches_nothing_says_what_values_there_are():
    why = explain(betting(), "bet 50")
    assert why.reason.startswith("`bet 50` does not fit move `bet`: no `amount` from `min_bet..max_bet` gives "
                                 "this text; `amount` can be 1, 2, 3, 4, 5, 6, 7, 8, 9, 10")
    assert why.span.line == sete_line("move bet(amount in")


def test_a_choice_the_rules_do_not_offer_any_more():
    why = explain(deciding(mode="open"), "hit closed")
    assert "no `how` from `if mode[me] == unset then [open, closed] else [mode[me]]` gives this text" in why.reason
    assert "`how` can be open" in why.reason


def test_a_move_of_another_phase_says_where_the_game_is():
    why = explain(deciding(), "bet 3")
    assert why.reason.startswith("`bet` cannot be played now: it is a move of phase `bet`, played by `to_act` "
                                 "(now seat 1), and the game is in phase `decide`, where seat 1 plays")
    assert why.span.line == sete_line("move bet(amount in")


def test_a_move_of_another_seats_phase_names_that_seat():
    why = explain(deciding(), "keep")
    assert why.reason.startswith("`keep` cannot be played now: it is a move of phase `keep_or_offer`, played by "
                                 "`banker` (now seat 0), and the game is in phase `decide`, where seat 1 plays")


def test_a_seat_asking_out_of_turn_is_told_whose_turn_it_is():
    why = explain(deciding(), "hit open", seat=2)
    assert why.reason == "it is not your turn: seat 1 plays now, in phase `decide`"


def test_a_misspelt_move_gets_a_suggestion():
    why = explain(deciding(), "hti open")
    assert why.reason.startswith("there is no move `hti`; did you mean `hit`?")
    assert "moves in phase `decide`: hit, raise, stand" in why.reason


def test_extra_words_after_a_whole_move_are_pointed_out():
    st = load_data(SETE, {"phase": "banker_turn", "vars": {"banker": 0, "to_act": 3},
                          "zones": {"hand": [["KS:up"], ["7D"], ["AH"], ["2H"]]}, "rest": "stock"})
    assert explain(st, "stand now").reason == "`stand now` says more than move `stand` takes: did you mean `stand`?"


def test_a_legal_move_and_a_finished_game():
    st = deciding()
    assert explain(st, "hit open").reason == "`hit open` is legal here"
    st.over = True
    assert explain(st, "hit open").reason == "the game is over: no move can be played"


AUCTION = """
game "Auction"
players 2..2
deck {
  suits C D H S
  ranks A 2 3 4 5 6 7 8 9 10 J Q K
  attr value { A: 1  2: 2  3: 3  4: 4  5: 5  6: 6  7: 7  8: 8  9: 9  10: 10  J: 10  Q: 10  K: 10 }
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up
var high: number = 5
var current: player
setup {
  shuffle stock
  for p in players { deal 3 from stock to hand[p] }
  current = random(players)
  goto bidding
}
phase bidding {
  turn current
  move bid(n in 1..20 where n % 2 == 0) when n > high {
    high = n
    current = next(me)
  }
  move show(c in hand[me] where value(c) >= 5) says "show {c} to all" {
    move c to table
    end game
  }
  move pass { end game }
}
score p: high
"""


@pytest.fixture(scope="module")
def auction(tmp_path_factory):
    path = tmp_path_factory.mktemp("auction") / "auction.rules"
    path.write_text(AUCTION)
    return load_game(str(path))


def test_a_comparison_shows_both_sides(auction):
    st = load_data(auction, {"phase": "bidding", "vars": {"current": 0, "high": 5},
                             "zones": {"hand": [["2C", "9D", "KS"], ["3C", "4D", "5S"]]}, "rest": "stock"})
    why = explain(st, "bid 4")
    assert why.reason == "`bid 4` is not allowed: move `bid` requires `n > high`, but `n` is 4 and `high` is 5"


def test_a_generator_condition_is_named_before_the_move_condition(auction):
    st = load_data(auction, {"phase": "bidding", "vars": {"current": 0, "high": 5},
                             "zones": {"hand": [["2C", "9D", "KS"], ["3C", "4D", "5S"]]}, "rest": "stock"})
    assert explain(st, "bid 3").reason == ("`bid 3` is not allowed: move `bid` requires `n % 2 == 0`, "
                                           "but `n % 2` is 1")
    assert explain(st, "show 2C to all").reason == ("`show 2C to all` is not allowed: move `show` requires "
                                                    "`value(c) >= 5`, but `value(c)` is 2")


def test_a_card_the_player_does_not_hold_matches_no_parameter(auction):
    st = load_data(auction, {"phase": "bidding", "vars": {"current": 0, "high": 5},
                             "zones": {"hand": [["2C", "9D", "KS"], ["3C", "4D", "5S"]]}, "rest": "stock"})
    why = explain(st, "show 5S to all")
    assert why.reason.startswith("`show 5S to all` does not fit move `show`: no `c` from `hand[me]` gives this "
                                 "text; `c` can be 2C, 9D, KS")


def test_apply_refuses_with_the_explanation_and_leaves_the_state():
    st = deciding(raised=True)
    before = st.to_json()
    with pytest.raises(IllegalMove) as refused:
        st.apply("stand")
    assert refused.value.reason == explain(st, "stand").render()
    assert st.to_json() == before


def test_play_shows_the_explanation_of_an_illegal_move():
    st = deciding(raised=True)
    out = io.StringIO()
    answers = iter(["stand", "q"])
    play_in_terminal(st, 1, {}, Console(file=out, width=200), read=lambda prompt: next(answers))
    text = out.getvalue()
    assert "`stand` is not allowed: you raised: you must take the card" in text
    assert f"rule: sete_e_meio.rules:{sete_line('move stand when not raised[me]')}" in text


def test_the_explain_command_points_at_the_rule_and_exits_1_for_an_illegal_move(tmp_path):
    position = tmp_path / "p.json"
    position.write_text(json.dumps(deciding(raised=True).to_json()))
    result = CliRunner().invoke(cli, ["explain", "sete-e-meio", "--position", str(position), "raise 2"])
    assert result.exit_code == 1
    # A bundled game is named by its file's name, never by where the package is installed.
    assert result.output.splitlines()[1] == (f"  rule: sete_e_meio.rules:{sete_line('move raise(')}: move raise("
                                             'amount in 1..max_bet - bet[me]) when not raised[me] else "you raised '
                                             'already: take the card first"')
    legal = CliRunner().invoke(cli, ["explain", "sete-e-meio", "--position", str(position), "hit open"])
    assert legal.exit_code == 0 and legal.output == "`hit open` is legal here\n"


def cassino_position():
    game = load_game("cassino")
    path = Path(__file__).parent / "positions" / "cassino" / "owner_of_a_build.json"
    return load_data(game, json.loads(path.read_text()))


def test_a_move_written_with_says_is_matched_by_its_text():
    why = explain(cassino_position(), "capture 4H 3D with 9S")
    assert why.reason.startswith("`capture 4H 3D with 9S` does not fit move `capture`: no `taken` from "
                                 "`disjoint_sums(table, value(c), worth, locked_build)` gives this text; "
                                 "`taken` can be (5C 2D) 2S, 4H 3D 2S (move `capture` reads \"capture {taken} with {c}\")")


def test_a_move_named_by_its_name_but_written_otherwise_shows_how_it_reads():
    why = explain(cassino_position(), "take AS with AH")
    assert why.reason == "`take AS with AH` is not how move `take` is written: it reads \"capture {t} with {c}\""


@pytest.mark.parametrize("reason, message", [
    ('"  "', "the reason after `else` is empty"),
    ('"you must play {c}"', "a reason is plain text: it names no parameter in braces"),
])
def test_a_reason_is_words(tmp_path, reason, message):
    path = tmp_path / "bad.rules"
    path.write_text(REASONS.replace('else "draw first"', f"else {reason}"))
    with pytest.raises(RulesError) as refused:
        load_game(str(path))
    d = refused.value.diagnostics[0]
    assert d.message == message
    line = next(i for i, text in enumerate(REASONS.splitlines(), 1) if "draw first" in text)
    assert d.span.line == line


def test_reasons_change_no_legal_move(reasons):
    """`where A else "r" where B` is the same filter as `where A and B`: the reasons are words only."""
    plain = REASONS.replace(' else "hearts stay in the hand"\n                         where drawn or count(pile) >= 3',
                            " and (drawn or count(pile) >= 3)") \
                   .replace(' else "draw first"', "").replace(' else "you have drawn already" when', " and")
    assert "else" not in plain.split("phase play")[1]
    path = Path(reasons.path).with_name("plain.rules")
    path.write_text(plain)
    other = load_game(str(path))
    for seed in range(3):
        a, b = reasons.new_state(seed), other.new_state(seed)
        while not a.is_over:
            assert [m.text for m in a.legal_moves()] == [m.text for m in b.legal_moves()]
            move = a.legal_moves()[seed % len(a.legal_moves())]
            a.apply(move.text)
            b.apply(move.text)


def test_the_bundled_trick_games_say_why_in_the_words_of_the_table():
    state = load_game("hearts").new_state(5)
    while state.phase_name != "play":
        state.apply(state.legal_moves()[0])
    hand = _hand(state)
    other = next(c for c in hand if c != "2C")
    assert explain(state, f"play {other}").reason == (
        f"`play {other}` is not allowed: follow suit; the two of clubs leads; no points on the first trick; "
        "hearts wait until broken; play moves now: play 2C")
    state.apply("play 2C")
    assert any(c.endswith("C") for c in _hand(state))  # holding a club, the next seat must follow
    off = next(c for c in _hand(state) if not c.endswith("C"))
    assert explain(state, f"play {off}").reason.startswith(f"`play {off}` is not allowed: follow suit;")


def test_a_reason_on_a_parameters_source_refuses_a_value_outside_it():
    """`c in playable(me) else "..."`: a card the source does not offer is refused in those words,
    and the moves of that kind are listed, while the source alone decides what is legal."""
    from cardrules.engine.position import load
    game = load_game("whist")
    state = load(game, Path(__file__).parent / "positions" / "whist" / "follow_suit.json")
    reason = explain(state, "play KD").reason
    assert reason == "`play KD` is not allowed: you must follow suit; play moves now: play JH, play 7H"
    assert [m.text for m in state.legal_moves()] == ["play JH", "play 7H"]
