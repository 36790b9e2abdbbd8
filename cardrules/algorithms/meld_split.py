"""The best split of a hand into melds without wild cards: the melds that leave the least
deadwood (gin rummy's knock count, rummy's penalty, a canasta hand's count against).

A *run* is three or more cards of one suit on consecutive ranks of an order (no wrapping from
the last rank to the first); a *set* is three or more cards of one rank that may form sets
(copies of one card from several decks included). Each card belongs to at most one meld; the
cards left over are the deadwood, and the split minimises their total value.

Cards are described by parallel sequences indexed by card, as in :mod:`melds`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import product
from numbers import Rational

__all__ = ["best_split"]

MIN_MELD = 3


def best_split(ranks: Sequence[Hashable], suits: Sequence[Hashable], values: Sequence[Rational],
               order: Sequence[Hashable], set_ranks: frozenset) -> tuple[list[tuple[int, ...]], list[int]]:
    """The melds (ascending index tuples) and the deadwood (ascending indices) of the split
    whose deadwood is worth the least; between splits worth the same, the one with fewer
    deadwood cards, then the first the search finds.

    Cards of the same rank, suit and value are one *kind*, and the search works on how many
    of each kind are left, so copies never multiply the work. Kinds are taken up the order:
    the lowest kind left is either deadwood, or in a set of its rank, or at the bottom of a run
    (every lower card is gone already, so a run holding it starts there). The best split of
    each remainder is computed once.
    """
    position = {rank: i for i, rank in enumerate(order)}
    off_order = len(order)
    kind_of: dict[tuple, int] = {}
    kinds: list[tuple] = []  # (rank, suit, value)
    members: list[list[int]] = []
    for i, key in enumerate(zip(ranks, suits, values)):
        k = kind_of.get(key)
        if k is None:
            k = kind_of[key] = len(kinds)
            kinds.append(key)
            members.append([])
        members[k].append(i)
    # Up the order; ranks outside it (they make sets only) last, each in the order first seen.
    sorted_kinds = sorted(range(len(kinds)), key=lambda k: (position.get(kinds[k][0], off_order), k))
    kinds = [kinds[k] for k in sorted_kinds]
    members = [members[k] for k in sorted_kinds]
    same_rank = [[j for j, other in enumerate(kinds) if other[0] == kind[0] and j != k]
                 for k, kind in enumerate(kinds)]
    at: dict[tuple[int, Hashable], list[int]] = {}
    for k, (rank, suit, _) in enumerate(kinds):
        if rank in position:
            at.setdefault((position[rank], suit), []).append(k)

    best: dict[tuple[int, ...], tuple[Rational | int, int, tuple[int, ...]]] = {}

    def melds_from(k: int, counts: tuple[int, ...]):
        """Every meld holding one card of kind k, the lowest kind left, as kinds (repeated)."""
        rank, suit, _ = kinds[k]
        if rank in set_ranks:
            others = [j for j in same_rank[k] if counts[j]]
            for extra in product(range(counts[k]), *(range(counts[j] + 1) for j in others)):
                if sum(extra) >= MIN_MELD - 1:
                    yield (k,) * (extra[0] + 1) + tuple(j for j, c in zip(others, extra[1:]) for _ in range(c))
        p = position.get(rank)
        if p is None:
            return
        runs: list[tuple[int, ...]] = [(k,)]
        length = 1
        while True:
            nxt = [j for j in at.get((p + length, suit), ()) if counts[j]]
            if not nxt:
                return
            runs = [run + (j,) for run in runs for j in nxt]
            length += 1
            if length >= MIN_MELD:
                yield from runs

    def solve(counts: tuple[int, ...], first: int) -> tuple[Rational | int, int, tuple[int, ...]]:
        known = best.get(counts)
        if known is not None:
            return known
        while first < len(counts) and not counts[first]:
            first += 1
        if first == len(counts):
            # An int zero: sums of int values stay ints (exact, as Fractions are, and several
            # times cheaper to add); a Fraction value makes the sum a Fraction all the same.
            return (0, 0, ())
        left = list(counts)
        left[first] -= 1
        value, cards, _ = solve(tuple(left), first)
        choice = (value + kinds[first][2], cards + 1, ())
        for meld in melds_from(first, counts):
            left = list(counts)
            for j in meld:
                left[j] -= 1
            value, cards, _ = solve(tuple(left), first)
            if (value, cards) < choice[:2]:
                choice = (value, cards, meld)
        best[counts] = choice
        return choice

    # Each step removes a card, so the recursion is at most as deep as the hand is long.
    counts = tuple(len(m) for m in members)
    solve(counts, 0)
    taken = [iter(m) for m in members]
    melds: list[tuple[int, ...]] = []
    deadwood: list[int] = []
    first = 0
    while any(counts):
        while not counts[first]:
            first += 1
        meld = best[counts][2]
        used = meld or (first,)
        left = list(counts)
        for j in used:
            left[j] -= 1
        picked = sorted(next(taken[j]) for j in used)
        if meld:
            melds.append(tuple(picked))
        else:
            deadwood.extend(picked)
        counts = tuple(left)
    return melds, sorted(deadwood)
