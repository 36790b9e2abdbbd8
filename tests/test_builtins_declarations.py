"""The declaration and trick built-ins: `longest_suit`, `runs`, `of_a_kind`, `strength`, `follow`
and `trick_winner`, called directly on small decks, then used and misused in rules files."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference_combinations as reference

from cardrules import RulesError
from cardrules.language.builtins import REGISTRY
from cardrules.language.builtins.core import ByCard
from cardrules.language.checker import check
from cardrules.engine.compiler import compile_model
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse
from properties import check_game_properties

DECK = """
deck {
  suits C D H S
  ranks 7 8 9 10 J Q K A
  copies COPIES
  jokers JOKERS
  attr value { 7: 7  8: 8  9: 9  10: 10  J: 10  Q: 10  K: 10  A: 11 }
  order high: 7 8 9 10 J Q K A
}
"""

RULES = '''game "Small"
players 2..2
DECK
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone trick: shared, public, face up
var leader: player
var taken: per player number = 0
DEFS
setup {
  shuffle stock
  for p in players { deal 4 from stock to hand[p] }
  leader = random(players)
  goto play
}
phase play {
  turn if empty(trick) then leader else next(leader)
  move play(c in follow(hand[me], bottom(trick))) {
    move c to trick
    if count(trick) == 2 { goto settle }
  }
}
phase settle {
  do {
    let best = trick_winner(trick, high, TRUMP)
    leader = if best == bottom(trick) then leader else next(leader)
    taken[leader] += 1
    move trick to stock
    if empty(hand[leader]) { end game }
    goto play
  }
}
score p: taken[p] + SCORE
'''


def compile_text(text: str):
    sources = SourceMap()
    return compile_model(check(parse(text, "small.rules", sources), sources))


def rules(copies=1, jokers=0, defs="", trump="none", score="0") -> str:
    deck = DECK.replace("COPIES", str(copies)).replace("JOKERS", str(jokers))
    return (RULES.replace("DECK", deck).replace("DEFS", defs).replace("TRUMP", trump)
            .replace("SCORE", score))


@lru_cache(maxsize=None)
def small(copies=1, jokers=0):
    return compile_text(rules(copies, jokers))


class Table:
    """Direct calls of the built-ins on a small game's deck; cards are written by label."""

    def __init__(self, copies=1, jokers=0):
        self.game = small(copies, jokers)
        self.state = self.game.new_state(0)
        deck = self.game.deck
        self.ids = {deck.label(c): c for c in range(deck.size)}
        self.label = deck.label
        self.high = deck.orders["high"]
        values = deck.attrs["value"]
        self.value = lambda st, c: values[c]

    def cards(self, text: str) -> list[int]:
        return [self.ids[t] for t in text.split()]

    def names(self, cards) -> str:
        return " ".join(self.label(c) for c in cards)

    def call(self, name: str, *args):
        return REGISTRY[name].impl(self.state, *args)


@pytest.fixture(scope="module")
def t():
    return Table()


# --- longest_suit ------------------------------------------------------------------------

def test_longest_suit_is_the_suit_with_the_most_cards(t):
    found = t.call("longest_suit", t.cards("7H 8S 9S AD 10S AH"), t.value)
    assert t.names(found) == "8S 9S 10S"


def test_longest_suit_breaks_equal_lengths_by_the_sum_of_values(t):
    found = t.call("longest_suit", t.cards("7H QH 8S KS"), t.value)
    assert t.names(found) == "8S KS"   # 18 beats 17


def test_longest_suit_on_a_full_tie_is_the_first_suit_of_the_deck(t):
    found = t.call("longest_suit", t.cards("7S AS 8H KH"), t.value)   # 18 each
    assert t.names(found) == "8H KH"


def test_longest_suit_of_no_cards_is_empty(t):
    assert t.call("longest_suit", [], t.value) == []


def test_longest_suit_leaves_jokers_out():
    t = Table(jokers=2)
    hand = t.cards("JOKER JOKER#2 7H")
    assert t.names(t.call("longest_suit", hand, t.value)) == "7H"


# --- runs --------------------------------------------------------------------------------

def test_runs_are_maximal_and_come_longest_first_then_highest(t):
    hand = t.cards("7H 8H 9H 10H QS KS AS 9C 10C JC 8D")
    found = t.call("runs", hand, t.high, 3)
    assert [t.names(r) for r in found] == ["7H 8H 9H 10H", "QS KS AS", "9C 10C JC"]


def test_runs_respect_the_minimum_length(t):
    hand = t.cards("7H 8H 9H QS KS")
    assert [t.names(r) for r in t.call("runs", hand, t.high, 2)] == ["7H 8H 9H", "QS KS"]
    assert t.call("runs", hand, t.high, 4) == []


def test_runs_follow_the_order_so_the_ace_is_high_only(t):
    hand = t.cards("AH 7H 8H KS AS QS")
    assert [t.names(r) for r in t.call("runs", hand, t.high, 3)] == ["QS KS AS"]


def test_runs_never_cross_suits(t):
    assert t.call("runs", t.cards("7H 8S 9H"), t.high, 3) == []


def test_runs_count_a_rank_once_with_several_copies():
    t = Table(copies=2)
    found = t.call("runs", t.cards("7H 7H#2 8H 9H#2"), t.high, 3)
    assert [t.names(r) for r in found] == ["7H 8H 9H#2"]


def test_runs_leave_out_ranks_outside_the_order():
    text = rules(defs="").replace("order high: 7 8 9 10 J Q K A", "order high: 7 8 9 10 J Q K A\n  order low: 7 8 9")
    game = compile_text(text)
    st = game.new_state(0)
    ids = {game.deck.names[c]: c for c in range(game.deck.size)}
    found = REGISTRY["runs"].impl(st, [ids[n] for n in "8H 9H 10H JH".split()], game.deck.orders["low"], 2)
    assert [[game.deck.names[c] for c in r] for r in found] == [["8H", "9H"]]


# --- of_a_kind ---------------------------------------------------------------------------

HIGH_RANKS = ["10", "J", "Q", "K", "A"]


def test_of_a_kind_groups_the_allowed_ranks_biggest_first_then_highest(t):
    hand = t.cards("10H 10C 10D 10S AH AC AD 9H 9C 9D KS KC KD")
    found = t.call("of_a_kind", hand, HIGH_RANKS, t.high, 3)
    assert [t.names(g) for g in found] == ["10H 10C 10D 10S", "AH AC AD", "KS KC KD"]


def test_of_a_kind_ignores_ranks_not_allowed_and_small_groups(t):
    hand = t.cards("9H 9C 9D 9S JH JC")
    assert t.call("of_a_kind", hand, HIGH_RANKS, t.high, 3) == []
    assert [t.names(g) for g in t.call("of_a_kind", hand, HIGH_RANKS, t.high, 2)] == ["JH JC"]


def test_of_a_kind_takes_every_copy_of_the_rank():
    t = Table(copies=2)
    found = t.call("of_a_kind", t.cards("QH QH#2 QS QC#2"), HIGH_RANKS, t.high, 3)
    assert [t.names(g) for g in found] == ["QH QH#2 QS QC#2"]


# --- against the reference ---------------------------------------------------------------
# The built-ins number the cards by deck tables for speed; on any hand (copies and jokers
# included) they answer as the plain reference over parallel lists does.

def reference_longest_suit(t, hand):
    deck = t.game.deck
    cards = [c for c in hand if deck.suit_of[c] is not None]
    best = reference.longest_suit([deck.suits.index(deck.suit_of[c]) for c in cards], [t.value(None, c) for c in cards])
    return [] if best is None else [c for c in cards if deck.suit_of[c] == deck.suits[best[2]]]


def reference_runs(t, hand, least):
    deck = t.game.deck
    cards = [c for c in hand if deck.suit_of[c] is not None]
    found = reference.runs([t.high.get(deck.rank_of[c]) for c in cards], [deck.suit_of[c] for c in cards], least)
    return [[cards[i] for i in run] for run in found]


def reference_of_a_kind(t, hand, ranks, least):
    deck = t.game.deck
    found = reference.of_a_kind([deck.rank_of[c] for c in hand], set(ranks), least, lambda r: t.high.get(r, -1))
    return [[hand[i] for i in group] for group in found]


# One deck (a number stands for one card) and two decks with jokers (the first copy in the
# hand stands for its number).
DECKS = {"one deck": Table(), "two decks with jokers": Table(copies=2, jokers=2)}


@pytest.mark.parametrize("deck", DECKS)
@settings(max_examples=300)
@given(data=st.data(), least=st.integers(0, 9),
       ranks=st.lists(st.sampled_from(["7", "9", "10", "J", "A", "joker"]), max_size=4))
def test_the_declaration_built_ins_agree_with_the_reference(deck, data, least, ranks):
    t = DECKS[deck]
    hand = data.draw(st.lists(st.integers(0, t.game.deck.size - 1), max_size=20), label="hand")
    assert t.call("longest_suit", hand, t.value) == reference_longest_suit(t, hand)
    # A value the compiler tabulates (an attribute, a def of a card) arrives as a table.
    table = ByCard([t.value(None, c) for c in range(t.game.deck.size)])
    assert t.call("longest_suit", hand, table) == reference_longest_suit(t, hand)
    assert t.call("runs", hand, t.high, least) == reference_runs(t, hand, least)
    assert t.call("of_a_kind", hand, ranks, t.high, least) == reference_of_a_kind(t, hand, ranks, least)


# --- strength ----------------------------------------------------------------------------

def test_strength_is_the_size_then_the_top_position(t):
    assert t.call("strength", t.cards("9H 10H JH"), t.high) == [3, 4]
    assert t.call("strength", t.cards("QS QH QC QD"), t.high) == [4, 5]


def test_strength_of_nothing_is_below_everything(t):
    assert t.call("strength", [], t.high) == [0, -1]
    assert t.call("strength", None, t.high) == [0, -1]
    assert [0, -1] < t.call("strength", t.cards("7H"), t.high)


# --- follow and trick_winner -------------------------------------------------------------

def test_a_leader_may_play_anything(t):
    hand = t.cards("7H 8S AD")
    assert t.call("follow", hand, None) == hand


def test_follow_keeps_the_cards_of_the_suit_led(t):
    hand = t.cards("7H 8S 9H AD")
    assert t.names(t.call("follow", hand, t.ids["KH"])) == "7H 9H"


def test_follow_allows_anything_when_void_in_the_suit_led(t):
    hand = t.cards("8S AD")
    assert t.call("follow", hand, t.ids["KH"]) == hand


def test_the_highest_card_of_the_suit_led_wins(t):
    assert t.label(t.call("trick_winner", t.cards("9H AS KH 7H"), t.high, None)) == "KH"


def test_a_trump_beats_the_suit_led(t):
    assert t.label(t.call("trick_winner", t.cards("AH 7S KH 8S"), t.high, "S")) == "8S"
    assert t.label(t.call("trick_winner", t.cards("AH 7D KH"), t.high, "S")) == "AH"


def test_an_identical_later_copy_does_not_win():
    t = Table(copies=2)
    assert t.label(t.call("trick_winner", t.cards("8H AH AH#2"), t.high, None)) == "AH"


def test_an_empty_trick_has_no_winner(t):
    assert t.call("trick_winner", [], t.high, None) is None


# --- in rules files ----------------------------------------------------------------------

GAME_DEFS = '''
def point(p: player) = longest_suit(hand[p], value)
def best_run(p: player) = first(r for r in runs(hand[p], high, 2))
def best_set(p: player) = first(s for s in of_a_kind(hand[p], ["J", "Q", "K", "A"], high, 2))
'''
SCORE = "count(point(p)) + strength(best_run(p), high)[0] + strength(best_set(p), high)[0]"


@pytest.mark.parametrize("trump", ["none", '"H"'])
def test_a_small_trick_game_with_declarations_plays_to_the_end(trump):
    game = compile_text(rules(defs=GAME_DEFS, trump=trump, score=SCORE))
    for seed in range(10):
        final = check_game_properties(game, seed, check_every=2)
        assert all(s >= 0 for s in final.scores())


@pytest.mark.parametrize("call,message", [
    ("runs(hand[p], 3, high)", "this argument must be an order, not a number"),
    ("longest_suit(hand[p], 3)", "expected the name of a `def` or a card attribute"),
    ("of_a_kind(hand[p], high, high, 3)", "this argument must be a list of symbols, not an order"),
    ("strength(hand[p])", "`strength` takes 2 arguments, not 1"),
    ("count(follow(hand[p], 3))", "this argument must be a card, not a number"),
])
def test_misused_built_ins_are_located_diagnostics(call, message):
    text = rules(defs=f"def bad(p: player) = {call}\n")
    with pytest.raises(RulesError) as caught:
        compile_text(text)
    found = caught.value.diagnostics
    assert any(message in d.message for d in found), [d.message for d in found]
    line = text.splitlines().index(f"def bad(p: player) = {call}") + 1
    assert any(d.span is not None and d.span.line == line for d in found)
