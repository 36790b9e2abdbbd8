"""Tests for cardrules.algorithms.meld_split: the split of a hand into melds (no wild cards)
that leaves the least deadwood.

Rank ids are face values, A=1 low as in gin rummy unless a test gives another order; a card's
value is min(rank, 10).
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.algorithms.meld_split import best_split
from cardrules.algorithms.melds import MeldRules, classify

LOW = tuple(range(1, 14))          # A 2 .. K
HIGH = tuple(range(2, 15))         # 2 .. K A, the ace written 14
EVERY_RANK = frozenset(range(1, 15))
H, S, D, C = 0, 1, 2, 3


def split(cards, order=LOW, set_ranks=EVERY_RANK):
    ranks, suits = [r for r, _ in cards], [s for _, s in cards]
    melds, deadwood = best_split(ranks, suits, [min(r, 10) for r in ranks], order, set_ranks)
    return [[cards[i] for i in m] for m in melds], [cards[i] for i in deadwood]


def least_deadwood(cards, order=LOW, set_ranks=EVERY_RANK):
    """Every way to split the hand, by brute force: the lowest card is deadwood or in some meld
    of the cards left, as `classify` (the rules of `melds_of`) judges melds."""
    rules = MeldRules(order=order, set_ranks=set_ranks, max_wild=0)

    def go(left):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = min(first[0], 10) + go(rest)
        for size in range(2, len(rest) + 1):
            for others in combinations(range(len(rest)), size):
                meld = [first] + [rest[i] for i in others]
                if classify([r for r, _ in meld], [s for _, s in meld], [False] * len(meld), rules):
                    best = min(best, go([c for i, c in enumerate(rest) if i not in others]))
        return best
    return go(list(cards))


def test_a_run_and_a_set_beat_a_longer_set():
    hand = [(1, H), (2, H), (3, H), (3, S), (3, D), (4, H), (13, C), (13, D), (13, S), (9, C)]
    melds, deadwood = split(hand)
    assert melds == [[(1, H), (2, H), (3, H), (4, H)], [(13, C), (13, D), (13, S)]]
    assert deadwood == [(3, S), (3, D), (9, C)]


def test_a_card_in_both_a_run_and_a_set_goes_where_it_saves_most():
    # 7H makes 5H 6H 7H or 7H 7S 7D: the run leaves the two sevens (14), the set 5H 6H (11).
    melds, deadwood = split([(5, H), (6, H), (7, H), (7, S), (7, D)])
    assert melds == [[(7, H), (7, S), (7, D)]]
    assert deadwood == [(5, H), (6, H)]


def test_no_meld_leaves_every_card_and_no_card_leaves_nothing():
    assert split([(1, H), (5, S), (9, C)]) == ([], [(1, H), (5, S), (9, C)])
    assert split([]) == ([], [])


def test_runs_follow_the_order_and_never_wrap():
    around = [(12, S), (13, S), (14, S)]
    assert split(around, order=LOW)[0] == []
    assert split(around, order=HIGH)[0] == [around]
    assert split([(13, S), (14, S), (2, S)], order=HIGH)[0] == []


def test_sets_only_of_the_ranks_allowed():
    kings = [(13, H), (13, S), (13, D)]
    assert split(kings, set_ranks=frozenset({1}))[0] == []
    assert split(kings)[0] == [kings]


def test_copies_of_a_card_make_a_set_and_each_copy_is_used_once():
    two_decks = [(7, H), (7, H), (7, S), (8, H), (9, H)]
    melds, deadwood = split(two_decks)
    assert sorted(len(m) for m in melds) == [3] and len(deadwood) == 2
    assert sum(min(r, 10) for r, _ in deadwood) == least_deadwood(two_decks)
    indices = best_split([r for r, _ in two_decks], [s for _, s in two_decks], [1] * 5, LOW, EVERY_RANK)
    used = [i for m in indices[0] for i in m] + indices[1]
    assert sorted(used) == [0, 1, 2, 3, 4]


CARDS = st.tuples(st.integers(1, 13), st.integers(0, 3))


@settings(max_examples=150)
@given(st.lists(CARDS, max_size=8))
def test_the_split_is_as_good_as_any_other(hand):
    melds, deadwood = split(hand)
    assert sum(min(r, 10) for r, _ in deadwood) == least_deadwood(hand)
    rules = MeldRules(order=LOW, set_ranks=EVERY_RANK, max_wild=0)
    for m in melds:
        assert classify([r for r, _ in m], [s for _, s in m], [False] * len(m), rules)
    assert sorted([c for m in melds for c in m] + deadwood) == sorted(hand)
