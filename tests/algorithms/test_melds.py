"""Tests for cardrules.algorithms.melds.

Rank ids follow the face value, with J=11, Q=12, K=13, A=14; the default
order runs 4..K, A.  Wild cards are jokers (rank 0, suit 9) unless a test
says otherwise.
"""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.algorithms.melds import MeldRules, can_extend, classify, melds_of_size

J, Q, K, A = 11, 12, 13, 14
ORDER = tuple(range(4, 15))
RULES = MeldRules(order=ORDER, set_ranks=frozenset({4, 5, K, A}))
ANY_SET = MeldRules(order=ORDER)
JOKER = (0, 9, True)
H, S, D, C = 0, 1, 2, 3


def meld(*cards, rules=RULES):
    """Classify cards given as (rank, suit) naturals or JOKER."""
    cards = [c if len(c) == 3 else (*c, False) for c in cards]
    ranks, suits, wild = zip(*cards) if cards else ((), (), ())
    return classify(ranks, suits, wild, rules)


class TestMeldRules:
    def test_order_must_not_repeat(self):
        with pytest.raises(ValueError):
            MeldRules(order=(4, 5, 4))

    def test_min_size_must_be_positive(self):
        with pytest.raises(ValueError):
            MeldRules(order=ORDER, min_size=0)

    def test_frozen_and_hashable(self):
        assert hash(RULES) == hash(MeldRules(order=ORDER, set_ranks=frozenset({4, 5, K, A})))
        assert RULES == MeldRules(order=list(ORDER), set_ranks={4, 5, K, A})
        with pytest.raises(AttributeError):
            RULES.max_wild = 2  # type: ignore[misc]


class TestClassifyRuns:
    def test_consecutive(self):
        assert meld((4, H), (5, H), (6, H)) == ("run", False)

    def test_any_card_order(self):
        assert meld((6, H), (4, H), (5, H)) == ("run", False)

    def test_wild_fills_a_hole(self):
        assert meld((4, H), (6, H), JOKER) == ("run", True)

    def test_wild_cannot_fill_two_holes(self):
        assert meld((4, H), (7, H), JOKER) is None

    def test_wild_extends_below_the_top(self):
        assert meld((K, H), (A, H), JOKER) == ("run", True)

    def test_wild_extends_above_the_bottom(self):
        assert meld((4, H), (5, H), JOKER) == ("run", True)

    def test_top_of_order(self):
        assert meld((Q, H), (K, H), (A, H)) == ("run", False)

    def test_no_wrap_around(self):
        assert meld((A, H), (4, H), (5, H)) is None

    def test_gap_without_wild(self):
        assert meld((4, H), (5, H), (7, H)) is None

    def test_mixed_suits(self):
        assert meld((4, H), (5, S), (6, H)) is None

    def test_duplicates_invalid(self):
        assert meld((4, H), (5, H), (5, H), (6, H)) is None
        # Not a set either: 6 is no set rank under RULES.
        assert meld((6, H), (6, H), JOKER) is None

    def test_rank_outside_order(self):
        assert meld((2, H), (3, H), (4, H)) is None
        assert MeldRules(order=(2, 3, 4)) and classify(
            [2, 3, 4], [H, H, H], [False] * 3, MeldRules(order=(2, 3, 4))
        ) == ("run", False)

    def test_seven_cards_clean_and_dirty(self):
        clean = [(r, S) for r in range(8, 15)]
        assert meld(*clean) == ("run", False)
        dirty = [(r, S) for r in range(8, 14) if r != 10] + [JOKER]
        assert meld(*dirty) == ("run", True)

    def test_length_must_fit_the_order(self):
        short = MeldRules(order=(4, 5, 6))
        assert classify([4, 5, 6], [H] * 3, [False] * 3, short) == ("run", False)
        assert classify([4, 5, 6, 0], [H, H, H, 9], [False] * 3 + [True], short) is None
        assert classify([5, 6, 0], [H, H, 9], [False, False, True], short) == ("run", True)

    def test_leftover_wilds_go_either_end(self):
        two = MeldRules(order=ORDER, max_wild=2)
        # Q-K-A plus two wilds only fits as 10-J-Q-K-A.
        assert meld((Q, H), (K, H), (A, H), JOKER, JOKER, rules=two) == ("run", True)
        assert meld((4, H), (5, H), JOKER, JOKER, rules=two) == ("run", True)

    def test_runs_disabled(self):
        no_runs = MeldRules(order=ORDER, runs=False)
        assert meld((4, H), (5, H), (6, H), rules=no_runs) is None


class TestClassifySets:
    @pytest.mark.parametrize("rank", [4, 5, K, A])
    def test_allowed_ranks(self, rank):
        assert meld((rank, H), (rank, S), (rank, D)) == ("set", False)
        assert meld((rank, H), (rank, S), JOKER) == ("set", True)

    def test_rank_not_in_set_ranks(self):
        assert meld((7, H), (7, S), (7, D)) is None

    def test_none_means_every_rank_in_order(self):
        assert meld((7, H), (7, S), (7, D), rules=ANY_SET) == ("set", False)
        assert meld((2, H), (2, S), (2, D), rules=ANY_SET) is None

    def test_set_ranks_may_lie_outside_order(self):
        twos = MeldRules(order=ORDER, set_ranks=frozenset({2}))
        assert meld((2, H), (2, S), (2, D), rules=twos) == ("set", False)

    def test_duplicate_suits_fine(self):
        assert meld((K, H), (K, H), (K, S)) == ("set", False)
        assert meld((K, H), (K, H), (K, H), (K, H)) == ("set", False)

    def test_mixed_ranks(self):
        assert meld((K, H), (K, S), (A, D)) is None

    def test_sets_disabled(self):
        no_sets = MeldRules(order=ORDER, sets=False)
        assert meld((K, H), (K, S), (K, D), rules=no_sets) is None


class TestClassifyLimits:
    def test_two_wilds_refused(self):
        assert meld((4, H), (5, H), JOKER, JOKER) is None
        assert meld((K, H), (K, S), JOKER, JOKER) is None

    def test_two_wilds_allowed_when_configured(self):
        two = MeldRules(order=ORDER, set_ranks=frozenset({K}), max_wild=2)
        assert meld((K, H), (K, S), JOKER, JOKER, rules=two) == ("set", True)

    def test_one_natural_and_two_wilds_refused(self):
        two = MeldRules(order=ORDER, max_wild=2)
        assert meld((K, H), JOKER, JOKER, rules=two) is None

    def test_one_natural_allowed_prefers_run(self):
        loose = MeldRules(order=ORDER, max_wild=2, min_naturals=1)
        assert meld((K, H), JOKER, JOKER, rules=loose) == ("run", True)
        sets_only = MeldRules(order=ORDER, max_wild=2, min_naturals=1, runs=False)
        assert meld((K, H), JOKER, JOKER, rules=sets_only) == ("set", True)

    def test_all_wild(self):
        loose = MeldRules(order=ORDER, max_wild=3, min_naturals=0)
        assert meld(JOKER, JOKER, JOKER, rules=loose) == ("run", True)

    def test_too_small(self):
        assert meld((4, H), (5, H)) is None
        assert meld() is None

    def test_wild_rank_and_suit_ignored(self):
        # A wild deuce of spades still fills the heart run.
        assert classify([4, 2, 6], [H, S, H], [False, True, False], RULES) == ("run", True)


class TestCanExtend:
    ranks = [4, 5, 6, 7, 9, 0, 6]
    suits = [H, H, H, H, H, 9, S]
    wild = [False] * 5 + [True, False]

    def test_extends_run(self):
        assert can_extend(self.ranks, self.suits, self.wild, [0, 1, 2], 3, RULES)

    def test_wild_extends_run(self):
        assert can_extend(self.ranks, self.suits, self.wild, [0, 1, 2], 5, RULES)

    def test_gap_too_wide(self):
        assert not can_extend(self.ranks, self.suits, self.wild, [0, 1, 2], 4, RULES)

    def test_wrong_suit(self):
        assert not can_extend(self.ranks, self.suits, self.wild, [0, 1, 2], 6, RULES)

    def test_card_already_in_meld(self):
        assert not can_extend(self.ranks, self.suits, self.wild, [0, 1, 2], 2, RULES)


# -- melds_of_size against brute force ------------------------------------


def brute_classify(ranks, suits, wild, rules):
    """classify() written directly from the definition, by trying every
    place a run could sit in the order."""
    n = len(ranks)
    nat = [i for i in range(n) if not wild[i]]
    w = n - len(nat)
    if n < rules.min_size or w > rules.max_wild or len(nat) < rules.min_naturals:
        return None
    dirty = w > 0
    order = list(rules.order)
    if rules.runs and len({suits[i] for i in nat}) <= 1:
        nat_ranks = [ranks[i] for i in nat]
        for start in range(len(order) - n + 1):
            window = order[start : start + n]
            if len(set(nat_ranks)) == len(nat_ranks) and all(r in window for r in nat_ranks):
                return ("run", dirty)
    allowed = set(order) if rules.set_ranks is None else rules.set_ranks
    if rules.sets:
        nat_ranks = {ranks[i] for i in nat}
        if len(nat_ranks) <= 1 and (nat_ranks <= allowed) and allowed:
            return ("set", dirty)
    return None


def brute_melds(ranks, suits, wild, rules, size, must_include=None):
    seen = set()
    out = []
    # combinations() runs in lexicographic order, so the first tuple seen
    # for each multiset of card kinds is its smallest.
    for combo in combinations(range(len(ranks)), size):
        if must_include is not None and must_include not in combo:
            continue
        kinds = tuple(sorted((ranks[i], suits[i], bool(wild[i])) for i in combo))
        if kinds in seen:
            continue
        sub = ([ranks[i] for i in combo], [suits[i] for i in combo], [wild[i] for i in combo])
        if classify(*sub, rules) is not None:
            seen.add(kinds)
            out.append(combo)
    return out


@st.composite
def rules_strategy(draw):
    # Small rank and suit ranges keep random hands dense in melds; a
    # shuffled order checks that run order comes from the rules alone.
    order = tuple(draw(st.permutations(range(1, 8)))[: draw(st.integers(3, 7))])
    set_ranks = draw(st.one_of(st.none(), st.frozensets(st.integers(0, 8), min_size=1, max_size=6)))
    runs, sets = draw(st.sampled_from([(True, True), (True, True), (True, False), (False, True)]))
    return MeldRules(
        order=order,
        set_ranks=set_ranks,
        max_wild=draw(st.integers(0, 2)),
        min_naturals=draw(st.integers(0, 3)),
        min_size=draw(st.integers(1, 4)),
        runs=runs,
        sets=sets,
    )


@st.composite
def hands(draw, max_size=11):
    n = draw(st.integers(0, max_size)) if draw(st.booleans()) else max_size
    card = st.tuples(
        st.integers(0, 7),
        st.integers(0, 1),
        st.sampled_from([False, False, False, True]),
    )
    cards = draw(st.lists(card, min_size=n, max_size=n))
    # Wild cards come in few kinds, so identical wilds are common.
    cards = [(r % 2, 2, True) if w else (r, s, False) for r, s, w in cards]
    return [c[0] for c in cards], [c[1] for c in cards], [c[2] for c in cards]


class TestClassifyAgainstDefinition:
    @settings(max_examples=400, deadline=None)
    @given(hands(max_size=7), rules_strategy())
    def test_matches(self, hand, rules):
        assert classify(*hand, rules) == brute_classify(*hand, rules)


class TestMeldsOfSize:
    def test_small_hand(self):
        ranks = [4, 5, 6, 6, 7, 0]
        suits = [H, H, H, H, H, 9]
        wild = [False] * 5 + [True]
        # Card 3 duplicates card 2, so it never appears.
        assert melds_of_size(ranks, suits, wild, RULES, 3) == [
            (0, 1, 2),
            (0, 1, 5),
            (0, 2, 5),
            (1, 2, 4),
            (1, 2, 5),
            (1, 4, 5),
            (2, 4, 5),
        ]

    def test_must_include_uses_that_copy(self):
        ranks = [4, 5, 6, 6, 7, 0]
        suits = [H, H, H, H, H, 9]
        wild = [False] * 5 + [True]
        assert melds_of_size(ranks, suits, wild, RULES, 3, must_include=3) == [
            (0, 1, 3),
            (0, 3, 5),
            (1, 3, 4),
            (1, 3, 5),
            (3, 4, 5),
        ]

    def test_sets_with_duplicates(self):
        ranks = [K, K, K, K]
        suits = [H, H, S, D]
        wild = [False] * 4
        assert melds_of_size(ranks, suits, wild, RULES, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3)]
        assert melds_of_size(ranks, suits, wild, RULES, 4) == [(0, 1, 2, 3)]

    def test_identical_wilds_interchangeable(self):
        ranks = [K, K, 0, 0]
        suits = [H, S, 9, 9]
        wild = [False, False, True, True]
        assert melds_of_size(ranks, suits, wild, RULES, 3) == [(0, 1, 2)]

    def test_different_wilds_are_different(self):
        ranks = [K, K, 0, 2]
        suits = [H, S, 9, C]
        wild = [False, False, True, True]
        assert melds_of_size(ranks, suits, wild, RULES, 3) == [(0, 1, 2), (0, 1, 3)]

    def test_below_min_size(self):
        assert melds_of_size([4, 5], [H, H], [False, False], RULES, 2) == []

    @settings(max_examples=400, deadline=None)
    @given(hands(), rules_strategy(), st.sampled_from([-1, 0, 0, 1, 1, 2]), st.data())
    def test_matches_brute_force(self, hand, rules, extra, data):
        ranks, suits, wild = hand
        size = rules.min_size + extra
        must = None
        if ranks and data.draw(st.booleans()):
            must = data.draw(st.integers(0, len(ranks) - 1))
        expected = brute_melds(ranks, suits, wild, rules, size, must)
        assert melds_of_size(ranks, suits, wild, rules, size, must) == expected

    def test_two_deck_hand_fast_and_correct(self):
        # 35 cards: two copies of 4..A in hearts, one in spades, 2 jokers.
        cards = [(r, H) for r in ORDER] * 2 + [(r, S) for r in ORDER]
        ranks = [r for r, _ in cards] + [0, 0]
        suits = [s for _, s in cards] + [9, 9]
        wild = [False] * len(cards) + [True, True]
        assert len(ranks) == 35
        start = time.perf_counter()
        for _ in range(20):
            result = melds_of_size(ranks, suits, wild, RULES, 3)
        elapsed = (time.perf_counter() - start) / 20
        assert result == brute_melds(ranks, suits, wild, RULES, 3)
        assert elapsed < 0.05
        for must in (0, 11, 25, 33, 34):
            assert melds_of_size(ranks, suits, wild, RULES, 3, must) == brute_melds(
                ranks, suits, wild, RULES, 3, must
            )

    def test_must_include_wild(self):
        ranks = [K, K, K, 0, 0, 2]
        suits = [H, S, D, 9, 9, C]
        wild = [False, False, False, True, True, True]
        assert melds_of_size(ranks, suits, wild, RULES, 3, must_include=4) == [
            (0, 1, 4),
            (0, 2, 4),
            (1, 2, 4),
        ]

    def test_must_include_out_of_range(self):
        with pytest.raises(IndexError):
            melds_of_size([K, K, K], [H, S, D], [False] * 3, RULES, 3, must_include=3)
