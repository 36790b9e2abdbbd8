"""Issue 27's constructs: declared names hide built-ins (and a corpus of older files keeps
checking), the direction of play, declared symbols, decks beyond suits x ranks, a rank's
place in an order, face_up, trick_winner's tie rule, `none` tests, `says` braces, weighted
random agents, and the note on work repeated for each candidate."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import RulesError
from cardrules.engine.loader import load_game
from cardrules.language.checker import check
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse
from cardrules.play.specs import check_agent_spec, make_agent
from properties import check_game_properties

COMPAT = sorted((Path(__file__).resolve().parent / "compat").glob("*.rules"))
BASE = (Path(__file__).resolve().parent / "docs" / "base.rules").read_text(encoding="utf-8")


def model_of(text: str):
    sources = SourceMap()
    return check(parse(text, "t.rules", sources), sources)


def problems(text: str):
    with pytest.raises(RulesError) as info:
        model_of(text)
    return info.value.diagnostics


def game_of(tmp_path, text: str, **params):
    path = tmp_path / "t.rules"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path), params or None)


# --- 1. compatibility as a rule

@pytest.mark.parametrize("path", COMPAT, ids=lambda p: p.stem)
def test_every_file_of_the_compatibility_corpus_checks_and_plays(path):
    game = load_game(str(path))
    for seed in range(3):
        check_game_properties(game, seed, check_every=10)


def test_a_def_named_like_a_built_in_is_the_files_own_with_a_warning_naming_both():
    model = model_of(BASE + "def top(p: player) = 7\n")
    (warning,) = [w for w in model.warnings if w.severity == "warning"]
    assert warning.message.startswith("def `top` hides the built-in function `top`")
    assert warning.span.line == BASE.count("\n") + 1


def test_a_phase_may_be_named_like_a_built_in():
    model = model_of(BASE.replace("goto play", "goto follow").replace("phase play", "phase follow"))
    assert "follow" in model.phases and not model.warnings


def test_the_core_names_stay_reserved_with_a_hint():
    (d,) = problems(BASE + "var me: player\n")
    assert d.message == "`me` is a name of the language and cannot be declared"
    assert d.hint == "`me` is the player who makes a move"


# --- 4. seating order both ways

SEATS = BASE.replace('game "Docs base"', 'game "Seats"\n{direction}').replace(
    "score p: 5 - count(hand[p])",
    "var seats: list of player\nvar after: player\nvar before: player\nvar back: list of player\n"
    "score p: 5 - count(hand[p])").replace(
    "  current = random(players)\n",
    "  current = random(players)\n  seats = players_from(players[1])\n  after = next(players[0])\n  before = previous(players[0])\n"
    "  back = players_from(players[1], counterclockwise)\n")


@pytest.mark.parametrize("direction, order, after, before", [
    ("", [1, 2, 3, 0], 1, 3), ("direction clockwise", [1, 2, 3, 0], 1, 3),
    ("direction counterclockwise", [1, 0, 3, 2], 3, 1)])
def test_players_from_next_and_previous_follow_the_declared_direction(tmp_path, direction, order, after, before):
    game = game_of(tmp_path, SEATS.replace("{direction}", direction), players=4)
    st = game.new_state(1)
    values = {v.name: st.vars[i] for i, v in enumerate(game.vars)}
    assert values["seats"] == order and values["after"] == after and values["before"] == before
    assert values["back"] == [1, 0, 3, 2]  # a direction given in the call, whatever the file declares


def test_a_direction_that_is_none_is_refused_with_a_hint():
    (d,) = problems(BASE.replace('game "Docs base"', 'game "x"\ndirection widdershins'))
    assert d.message == "`widdershins` is not a direction of play"
    assert d.hint == "write `direction clockwise` or `direction counterclockwise`"


def test_direction_is_still_a_name_a_file_may_use():
    model = model_of(BASE + "var direction: number = 1\n")
    assert "direction" in model.vars


# --- 5. declared symbols

def test_declared_symbols_are_usable_anywhere_without_a_variable():
    model = model_of(BASE + "symbols notrump, clubs\ndef strain(p: player) = if p == current then notrump else clubs\n")
    assert {"notrump", "clubs"} <= model.symbols


def test_an_unknown_name_is_reported_once_with_the_symbols_hint():
    found = problems(BASE + "def a = clubs\ndef b = [clubs, clubs]\n")
    assert [d.message for d in found] == ["unknown name `clubs`"]
    assert "`symbols clubs`" in found[0].hint


def test_a_symbol_declared_twice_points_to_the_first():
    (d,) = problems(BASE + "symbols a, b\nsymbols b\n")
    assert d.message == "the symbol `b` is declared twice" and "the first declaration is at t.rules:" in d.hint


# --- 6. orders, decks, face_up, trick_winner

UNO_DECK = '''deck {
  suits R Y G B
  ranks 0 1 2 3 4 5 6 7 8 9 skip reverse draw2
  copies 2
  without 0 of R, 0 of Y, 0 of G, 0 of B
  extra wild, wild, wild, wild, draw4, draw4, draw4, draw4
}'''


def test_a_deck_with_cards_taken_out_and_extra_cards_counts_them():
    model = model_of(BASE.replace(BASE[BASE.index("deck {"):BASE.index("}", BASE.index("deck {")) + 1], UNO_DECK))
    deck = model.deck
    assert deck.size == 108
    assert deck.names.count("0R") == 1 and deck.names.count("wild") == 4 and deck.names.count("5G") == 2
    assert deck.suit_of[deck.names.index("wild")] is None and deck.rank_of[deck.names.index("draw4")] == "draw4"
    assert deck.ranks[-2:] == ("wild", "draw4")
    assert [deck.copy_of[c] for c, name in enumerate(deck.names) if name == "wild"] == [1, 2, 3, 4]


@pytest.mark.parametrize("line, message", [
    ("without 0 of X", "`without` names a card that suits x ranks does not hold: 0 of X"),
    ("extra 0 of X", "`X` is not a suit of this deck"),
    ("without 0 of R, 0 of R, 0 of R", "`without` takes 0 of R out 3 times, but the deck holds 2 copies of it"),
])
def test_deck_changes_that_cannot_be_made_are_refused(line, message):
    deck = UNO_DECK.replace("  without 0 of R, 0 of Y, 0 of G, 0 of B\n", f"  {line}\n")
    found = problems(BASE.replace(BASE[BASE.index("deck {"):BASE.index("}", BASE.index("deck {")) + 1], deck))
    assert [d.message for d in found] == [message]


ORDERS = BASE.replace("  ranks A 2 3 4 5 6 7 8 9 10 J Q K\n", "  ranks A 2 3 4 5 6 7 8 9 10 J Q K\n  order low: 3 2 A\n")


def test_an_order_reads_as_a_list_and_places_a_rank(tmp_path):
    text = ORDERS + 'var listed: list of rank\nvar place: number\nvar up: bool\n'
    text = text.replace("  current = random(players)\n",
                        '  current = random(players)\n  listed = in_order(low)\n  place = pos("A", low)\n'
                        '  up = face_up(top(stock))\n')
    game = game_of(tmp_path, text)
    st = game.new_state(0)
    values = {v.name: st.vars[i] for i, v in enumerate(game.vars)}
    assert values["listed"] == ["3", "2", "A"] and values["place"] == 2 and values["up"] is False


def test_face_up_follows_the_cards_face(tmp_path):
    text = BASE.replace("var current: player", "var current: player\nvar seen: bool").replace(
        "    move c to discard\n", "    move c to discard\n    seen = face_up(c)\n")
    game = game_of(tmp_path, text)
    st = game.new_state(0)
    st.apply(st.legal_moves()[0])
    assert st.vars[[v.name for v in game.vars].index("seen")] is True


TRICKS = BASE.replace("var current: player", "var current: player\nvar won: card\nvar tied: card")


@pytest.mark.parametrize("cards, trump, ties, winner", [
    (["2C", "KD", "3C"], "none", "first_played", "3C"),     # the suit led
    (["2C", "KD", "3C"], "any_suit", "first_played", "KD"),  # any suit
    (["KC", "KD", "3C"], "any_suit", "first_played", "KC"),  # a tie: the first played
    (["KC", "KD", "3C"], "any_suit", "no_winner", None),     # a tie: nobody
    (["2C", "KD", "3C"], "any_suit", "no_winner", "KD"),
])
def test_trick_winner_any_suit_and_its_tie_rule(tmp_path, cards, trump, ties, winner):
    listed = ", ".join(f'first(c for c in stock if name(c) == "{x}")' for x in cards)
    text = TRICKS.replace("  current = random(players)\n",
                          f"  current = random(players)\n  won = trick_winner([{listed}], rank, {trump}, {ties})\n")
    game = game_of(tmp_path, text)
    st = game.new_state(0)
    won = st.vars[[v.name for v in game.vars].index("won")]
    assert (None if won is None else game.deck.names[won]) == winner


# --- 7. the bugs

def test_the_smallest_of_nothing_may_be_tested_against_none():
    model_of(BASE + "def lowest(p: player) = min(pos(c, rank) for c in hand[p] if suit(c) == \"S\")\n"
             "def has_spade(p: player) = lowest(p) != none\n")


def test_a_says_text_with_an_expression_is_refused_where_it_is():
    text = BASE.replace("  move lay(c in hand[me]) {", '  move lay(c in hand[me]) says "lay {count(hand[me])}" {')
    (d,) = problems(text)
    assert d.message == "the text of `lay` shows `{count(hand[me])}`, which is not a parameter's name"
    assert d.span.line == text[:text.index("move lay")].count("\n") + 1 and "parameter" in d.hint


def test_work_repeated_for_each_candidate_is_a_note_for_profile():
    model = model_of(BASE.replace("var current: player", "var current: player\n"
                                  "def heavy(xs: list of card) = sum(count(d for d in xs if pos(d, rank) > pos(e, rank)) "
                                  "for e in xs)").replace(
        "move lay(c in hand[me])", "move lay(c in hand[me] where heavy([x for x in hand[me] if x != c]) >= 0)"))
    (note,) = model.warnings
    assert note.severity == "note" and "is computed again for every `c` of move `lay`" in note.message


# --- 8. weighted random agents

def test_a_weighted_random_agent_gives_a_move_its_share(tmp_path):
    text = BASE.replace("  move lay(c in hand[me]) {", "  move wait when count(hand[me]) > 0 { current = next(me) }\n"
                                                        "  move lay(c in hand[me]) {")
    game = game_of(tmp_path, text)
    agent = make_agent(check_agent_spec("random:wait=0.9"), game, 1)
    st = game.new_state(0)
    chosen = [agent.choose(st).name for _ in range(2000)]
    assert 0.85 < chosen.count("wait") / len(chosen) < 0.95  # 5 lays share the other tenth
    assert 0.05 < chosen.count("lay") / len(chosen) < 0.15


@pytest.mark.parametrize("spec, message", [
    ("random:pass", "no agent called `random:pass`"),
    ("random:pass=2", "`pass=2` in the agent `random:pass=2` is not a move's name and its share"),
    ("random:a=0.6:b=0.6", "the shares of the agent `random:a=0.6:b=0.6` add up to more than 1"),
])
def test_a_weighted_spec_that_means_nothing_is_refused(spec, message):
    with pytest.raises(RulesError) as info:
        check_agent_spec(spec)
    assert info.value.diagnostics[0].message == message


def test_a_weight_for_a_move_the_game_lacks_is_refused_with_a_suggestion():
    with pytest.raises(RulesError) as info:
        make_agent("random:lai=0.5", load_game(str(COMPAT[1])), 0)
    assert info.value.diagnostics[0].hint == "did you mean `lay`?"
