"""The meld built-ins (cardrules/builtins/melds.py): meld_kind, melds_of, melds_with and
meld_additions, on a two-deck deck with jokers, against brute force over every subset; and
their use from a rules file, with located diagnostics for mistakes."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import RulesError, load_game
from cardrules.language.builtins import REGISTRY
from cardrules.language.builtins.core import ByCard
from cardrules.language.checker import check
from cardrules.engine.compiler import compile_model
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse

GAME = load_game("buraco", {"jokers": True})
STATE = GAME.new_state(0)
DECK = GAME.deck
ORDER = DECK.orders["sequence"]  # 4 .. K A
DEFAULT_SETS = ["4", "5", "K", "A"]
BY_LABEL = {DECK.label(c): c for c in range(DECK.size)}


def wild(st, c):
    return DECK.rank_of[c] in ("2", "joker")


def cards(text: str) -> list[int]:
    return [BY_LABEL[label] for label in text.split()]


def labels(xs) -> str:
    return " ".join(DECK.label(c) for c in xs)


def kind(text, set_ranks=DEFAULT_SETS, max_wild=1, order=ORDER):
    return REGISTRY["meld_kind"].impl(STATE, cards(text), order, wild, set_ranks, max_wild)


def melds_of(hand, size, set_ranks=DEFAULT_SETS, max_wild=1):
    return REGISTRY["melds_of"].impl(STATE, hand, size, ORDER, wild, set_ranks, max_wild)


def melds_with(card, hand, size, set_ranks=DEFAULT_SETS, max_wild=1):
    return REGISTRY["melds_with"].impl(STATE, card, hand, size, ORDER, wild, set_ranks, max_wild)


def additions(meld, hand, set_ranks=DEFAULT_SETS, max_wild=1):
    return REGISTRY["meld_additions"].impl(STATE, meld, hand, ORDER, wild, set_ranks, max_wild)


def multiset(xs) -> tuple[str, ...]:
    return tuple(sorted(DECK.names[c] for c in xs))


# --- meld_kind --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("5C 6C 7C", "run"), ("7S 8S 2H", "run"), ("QH KH AH", "run"), ("KH AH 2C", "run"),
    ("4D 6D JOKER", "run"), ("KC KD KH", "set"), ("5H 5H#2 2S", "set"),
    ("3C 4C 5C", None), ("AC 4C 5C", None), ("4C 5C 7C", None), ("4C 5D 6C", None),
    ("6C 6D 6H", None), ("5C 2H 2D", None), ("4C 5C", None), ("4D 7D 2C", None),
])
def test_meld_kind(text, expected):
    assert kind(text) == expected


def test_meld_kind_follows_its_arguments():
    assert kind("6C 6D 6H", set_ranks=["6"]) == "set"
    assert kind("4C 5C 2H 2D", max_wild=2) == "run" and kind("4C 5C 2H 2D") is None
    assert kind("4C 5C 2H", max_wild=0) is None
    low = {r: i for i, r in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split())}
    assert kind("3C 4C 5C", order=low) == "run" and kind("AC 3C 2D", order=low) == "run"


def test_a_dirty_canastra_is_still_one_meld():
    assert kind("5S 6S 7S 8S 9S 10S 2S") == "run"
    assert kind("AC AD AH AS AC#2 AD#2 2H") == "set"


# --- melds_of, melds_with -----------------------------------------------------------------

def test_melds_of_lists_identical_copies_once_laid_out_wilds_last():
    hand = cards("2C 6H 5H 5H#2 4H KS KD KS#2")
    found = {labels(m) for m in melds_of(hand, 3)}
    assert found == {"4H 5H 6H", "4H 5H 2C", "5H 6H 2C", "4H 6H 2C", "KD KS KS#2", "KD KS 2C",
                     "KS KS#2 2C", "5H 5H#2 2C"}


def test_melds_with_uses_the_given_copy():
    hand = cards("7H#2 8H 9H")
    assert [labels(m) for m in melds_with(BY_LABEL["7H"], hand, 3)] == ["7H 8H 9H"]
    assert melds_with(None, hand, 3) == []


def test_melds_of_a_big_hand_stay_few_and_quick_to_list():
    hand = cards(" ".join(f"{r}H {r}H#2" for r in "4 5 6 7 8 9 10 J Q K A".split())
                 + " 2C 2D 2H 2S 2C#2 2D#2 2H#2 2S#2")
    found = melds_of(hand, 3)
    # Runs of hearts: 9 clean, and with one of the four kinds of 2 two naturals one or two
    # apart; sets of the two copies of 4, 5, K or A with a 2.
    assert len(found) == 9 + 4 * (10 + 9) + 4 * 4
    assert len({tuple(m) for m in found}) == len(found)


CARD_POOL = [c for c in range(DECK.size) if DECK.rank_of[c] not in ("3",)] + cards("3C 3D")
SET_RANK_CHOICES = st.sampled_from([DEFAULT_SETS, [], ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]])


def brute(pool, size, set_ranks, max_wild) -> set:
    return {multiset(combo) for combo in combinations(pool, size)
            if REGISTRY["meld_kind"].impl(STATE, list(combo), ORDER, wild, set_ranks, max_wild)}


@settings(max_examples=150)
@given(hand=st.lists(st.sampled_from(CARD_POOL), min_size=0, max_size=9, unique=True),
       size=st.integers(3, 5), set_ranks=SET_RANK_CHOICES, max_wild=st.integers(0, 2))
def test_melds_of_agrees_with_every_subset(hand, size, set_ranks, max_wild):
    found = melds_of(hand, size, set_ranks, max_wild)
    assert sorted(multiset(m) for m in found) == sorted(brute(hand, size, set_ranks, max_wild))
    for m in found:
        flags = [wild(STATE, c) for c in m]
        assert flags == sorted(flags), "wild cards come last"


@settings(max_examples=150)
@given(hand=st.lists(st.sampled_from(CARD_POOL), min_size=1, max_size=9, unique=True),
       size=st.integers(3, 4), set_ranks=SET_RANK_CHOICES, max_wild=st.integers(0, 2))
def test_melds_with_agrees_with_every_subset_holding_the_card(hand, size, set_ranks, max_wild):
    card, rest = hand[0], hand[1:]
    found = melds_with(card, rest, size, set_ranks, max_wild)
    assert all(card in m for m in found)
    expected = {multiset((card, *combo)) for combo in combinations(rest, size - 1)
                if REGISTRY["meld_kind"].impl(STATE, [card, *combo], ORDER, wild, set_ranks, max_wild)}
    assert sorted(multiset(m) for m in found) == sorted(expected)


# --- meld_additions -----------------------------------------------------------------------

@settings(max_examples=300)
@given(meld=st.lists(st.sampled_from(CARD_POOL), min_size=0, max_size=8, unique=True),
       hand=st.lists(st.sampled_from(CARD_POOL), min_size=0, max_size=12, unique=True),
       set_ranks=SET_RANK_CHOICES, max_wild=st.integers(0, 2))
def test_meld_additions_are_the_cards_that_keep_a_meld(meld, hand, set_ranks, max_wild):
    hand = [c for c in hand if c not in meld]
    expected, seen = [], set()
    for c in hand:
        if DECK.names[c] not in seen:
            seen.add(DECK.names[c])
            if REGISTRY["meld_kind"].impl(STATE, meld + [c], ORDER, wild, set_ranks, max_wild):
                expected.append(c)
    assert additions(meld, hand, set_ranks, max_wild) == expected


# A wild test the compiler tabulates (it reads no state) arrives as a ByCard; the built-ins
# then memoise by the cards. They must answer as they do for a plain function, memo or not.
WILD_TABLE = ByCard([wild(STATE, c) for c in range(DECK.size)])


@settings(max_examples=200)
@given(meld=st.lists(st.sampled_from(CARD_POOL), min_size=0, max_size=6, unique=True),
       hand=st.lists(st.sampled_from(CARD_POOL), min_size=0, max_size=10, unique=True),
       set_ranks=SET_RANK_CHOICES, max_wild=st.integers(0, 2), size=st.integers(2, 5))
def test_a_tabulated_wild_test_gives_the_same_answers(meld, hand, set_ranks, max_wild, size):
    # With the wild cards known by card, melds_with first rules out, in one pass, a card that
    # no meld of the size can hold; the answers are the same as without.
    for _ in range(2):  # the second time from the memos
        for name, args in (("meld_kind", (meld, ORDER)), ("melds_of", (hand, size, ORDER)),
                           ("melds_with", (meld[0] if meld else None, hand, size, ORDER)),
                           ("meld_additions", (meld, hand, ORDER))):
            impl = REGISTRY[name].impl
            assert impl(STATE, *args, WILD_TABLE, set_ranks, max_wild) == impl(STATE, *args, wild, set_ranks, max_wild)


def test_a_long_list_of_cards_is_worked_out_without_the_memos():
    many = CARD_POOL[:40]
    for name, args in (("meld_kind", (many, ORDER)), ("meld_additions", (many, CARD_POOL[40:60], ORDER))):
        impl = REGISTRY[name].impl
        assert impl(STATE, *args, WILD_TABLE, DEFAULT_SETS, 1) == impl(STATE, *args, wild, DEFAULT_SETS, 1)



# --- best_melds and deadwood ----------------------------------------------------------------

def points(st, c):
    return {"A": 1, "J": 10, "Q": 10, "K": 10}.get(DECK.rank_of[c], 0) or (
        int(DECK.rank_of[c]) if DECK.rank_of[c].isdigit() else 0)


POINTS_TABLE = ByCard([points(STATE, c) for c in range(DECK.size)])


@settings(max_examples=300)
@given(hand=st.lists(st.sampled_from(range(DECK.size)), min_size=0, max_size=16))
def test_the_split_of_the_cards_that_may_meld_is_the_split_of_all(hand):
    # The built-ins split only the cards that may be in some meld (a rank held three times,
    # three places of a suit in a row), the others left over: the same split as of every card,
    # copies and repeated cards included, from the memo or not.
    from cardrules.algorithms.meld_split import best_split
    ranks_on_order = sorted(ORDER, key=ORDER.__getitem__)
    melds, dead = best_split([DECK.rank_of[c] for c in hand], [DECK.suit_of[c] for c in hand],
                             [points(STATE, c) for c in hand], ranks_on_order, frozenset(DECK.ranks))
    for value in (points, POINTS_TABLE, POINTS_TABLE):
        found = REGISTRY["best_melds"].impl(STATE, hand, ORDER, value)
        assert sorted(sorted(m) for m in found) == sorted(sorted(hand[i] for i in m) for m in melds)
        assert REGISTRY["deadwood"].impl(STATE, hand, ORDER, value) == [hand[i] for i in dead]


def test_meld_additions_on_runs_and_sets():
    hand = cards("3H 4H 8H 8H#2 2C JOKER 5S KD")
    assert labels(additions(cards("5H 6H 7H"), hand)) == "4H 8H 2C JOKER"
    assert labels(additions(cards("5H 2D 7H"), hand)) == "4H 8H"
    assert labels(additions(cards("KC KH KS"), hand)) == "2C JOKER KD"


# --- from a rules file ------------------------------------------------------------------------

RULES = '''game "Melds"
players 2..2
deck {
  suits C D H S
  ranks A 2 3 4 5 6 7 8 9 10 J Q K
  copies 2
  order up: A 2 3 4 5 6 7 8 9 10 J Q K
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up, groups { kind: one of run, set }
var turn_of: player
def wild(c: card) = rank(c) == "2"
def kind_of(cs: list of card) = meld_kind(cs, up, wild, ["7", "8"], 1)
setup {
  for p in players { deal 10 from stock to hand[p] }
  turn_of = random(players)
  goto play
}
phase play {
  turn turn_of
  move meld(m in melds_of(hand[me], 3, up, wild, ["7", "8"], 1)) {
    group m into table with kind: kind_of(m)
  }
  move add(g in groups(table), c in meld_additions(g, hand[me], up, wild, ["7", "8"], 1)) {
    move c to g
  }
  move pass { end game }
}
score p: count(hand[p])
'''


def test_a_rules_file_melds_with_the_builtins():
    sources = SourceMap()
    game = compile_model(check(parse(RULES, "melds.rules", sources), sources))
    state = game.new_state(3)
    for _ in range(4):
        state.apply(next(m for m in state.legal_moves() if m.name != "pass"))
    table = game.zones["table"].base
    assert len(state.zones[table]) >= 2, "four melds and additions make at least two groups"
    for gid in state.zones[table]:
        group = state.groups[gid]
        assert kind(labels(group["cards"]), set_ranks=["7", "8"], order=game.deck.orders["up"]) == group["kind"]


@pytest.mark.parametrize("old, new, message", [
    ("meld_kind(cs, up, wild, [\"7\", \"8\"], 1)", "meld_kind(cs, up, 3, [\"7\", \"8\"], 1)",
     "expected the name of a `def`"),
    ("meld_kind(cs, up, wild, [\"7\", \"8\"], 1)", "meld_kind(cs, up, wild, 1)", "takes 2 or 5 arguments, not 4"),
    ("melds_of(hand[me], 3, up,", "melds_of(hand[me], up, 3,", "must be"),
])
def test_mistakes_in_calls_are_located(old, new, message):
    text = RULES.replace(old, new, 1)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if new in row)
    sources = SourceMap()
    with pytest.raises(RulesError) as caught:
        check(parse(text, "melds.rules", sources), sources)
    found = [d for d in caught.value.diagnostics if message in d.message]
    assert found and found[0].span.line == line


def test_a_group_among_the_cards_stops_the_game_at_the_call():
    text = RULES.replace("move pass { end game }",
                         'move pass when empty(melds_of(table, 3, up, wild, ["7"], 1)) { end game }')
    sources = SourceMap()
    game = compile_model(check(parse(text, "melds.rules", sources), sources))
    state = game.new_state(3)
    state.apply(next(m for m in state.legal_moves() if m.name == "meld"))
    with pytest.raises(RulesError) as caught:
        state.legal_moves()
    found = caught.value.diagnostics[0]
    assert "this list holds a group" in found.message and found.span.line == text.count("\n", 0, text.index("move pass")) + 1
