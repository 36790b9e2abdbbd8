"""Validity of rummy-style melds (runs and sets), with wild cards.

A *run* is a sequence of consecutive ranks in one suit ("4-5-6 of hearts");
a *set* is a group of cards of one rank ("three kings").  Wild cards stand in
for any missing card, within the limits given by :class:`MeldRules`.

Cards are described by parallel sequences indexed by card: ``ranks[i]`` and
``suits[i]`` are labels chosen by the caller (any hashable values: the engine passes the
deck's rank and suit names), and ``wild[i]`` is true when
card ``i`` is wild in the current game (its rank and suit are then ignored
for validity, though they still tell identical wild cards apart).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

__all__ = ["MeldRules", "classify", "melds_of_size", "can_extend"]

Rank = Hashable
Suit = Hashable


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Which groups of cards count as a meld.

    :param order: rank ids in run order, lowest first (for example
        4 .. K, A).  A rank missing from ``order`` can never be part of a
        run.  Runs do not wrap around from the last rank to the first.
    :param set_ranks: ranks that may form sets, or ``None`` for every rank
        in ``order``.
    :param max_wild: most wild cards one meld may hold.
    :param min_naturals: fewest natural (non-wild) cards one meld must hold.
    :param min_size: fewest cards in a meld.
    :param runs: whether runs are melds at all.
    :param sets: whether sets are melds at all.
    :raises ValueError: if ``order`` repeats a rank, ``min_size`` is below 1,
        or ``max_wild`` or ``min_naturals`` is negative.
    """

    order: tuple[Rank, ...]
    set_ranks: frozenset[Rank] | None = None
    max_wild: int = 1
    min_naturals: int = 2
    min_size: int = 3
    runs: bool = True
    sets: bool = True
    # Derived lookups, computed once here because classify() runs inside
    # legal-move generation and must not rebuild them on every call.
    position: dict[Rank, int] = field(init=False, repr=False, compare=False, hash=False)
    set_ok: frozenset[Rank] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        order = tuple(self.order)
        position = {rank: pos for pos, rank in enumerate(order)}
        if len(position) != len(order):
            raise ValueError(f"order lists a rank twice: {order!r}")
        if self.min_size < 1:
            raise ValueError(f"min_size must be at least 1, got {self.min_size}")
        if self.max_wild < 0 or self.min_naturals < 0:
            raise ValueError("max_wild and min_naturals must not be negative")
        set_ranks = None if self.set_ranks is None else frozenset(self.set_ranks)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "set_ranks", set_ranks)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "set_ok", frozenset(order) if set_ranks is None else set_ranks)


KINDS = ("run", "set")  # the words classify answers with


def classify(
    ranks: Sequence[Rank],
    suits: Sequence[Suit],
    wild: Sequence[bool],
    rules: MeldRules,
) -> tuple[str, bool] | None:
    """Say whether the given cards form one meld, and which kind.

    The sequences describe exactly the cards of the candidate meld, in any
    order.  Both kinds need at least ``min_size`` cards, at least
    ``min_naturals`` natural cards and at most ``max_wild`` wild cards.

    * A **run** has naturals of one suit with distinct ranks, all in
      ``rules.order``, whose gaps in the order can be filled by the wild
      cards; wild cards left over extend the run at either end, so the whole
      meld must not be longer than ``rules.order``.
    * A **set** has naturals all of one rank, allowed by ``rules.set_ranks``.
      Several cards of the same suit (from several decks) are fine.

    When the cards qualify as both (possible only with fewer than two
    naturals), the answer is ``"run"``.

    :returns: ``("run", dirty)`` or ``("set", dirty)`` where ``dirty`` tells
        whether the meld holds a wild card, or ``None`` if it is no meld.
    """
    size = len(ranks)
    if size < rules.min_size:
        return None
    wilds = 0
    first = -1
    for i in range(size):
        if wild[i]:
            wilds += 1
        elif first < 0:
            first = i
    naturals = size - wilds
    if wilds > rules.max_wild or naturals < rules.min_naturals:
        return None
    dirty = wilds > 0

    if naturals == 0:
        if rules.runs and size <= len(rules.order):
            return ("run", dirty)
        if rules.sets and rules.set_ok:
            return ("set", dirty)
        return None

    if rules.runs and _is_run(ranks, suits, wild, rules, first, naturals, wilds, size):
        return ("run", dirty)
    if rules.sets:
        rank = ranks[first]
        if rank in rules.set_ok and all(
            wild[i] or ranks[i] == rank for i in range(first + 1, size)
        ):
            return ("set", dirty)
    return None


def _is_run(
    ranks: Sequence[Rank],
    suits: Sequence[Suit],
    wild: Sequence[bool],
    rules: MeldRules,
    first: int,
    naturals: int,
    wilds: int,
    size: int,
) -> bool:
    if size > len(rules.order):
        return False
    position = rules.position
    suit = suits[first]
    seen: set[int] = set()
    for i in range(first, size):
        if wild[i]:
            continue
        if suits[i] != suit:
            return False
        pos = position.get(ranks[i])
        if pos is None or pos in seen:
            return False
        seen.add(pos)
    # Distinct positions spanning lo..hi leave (span - naturals) holes, and
    # each hole needs one wild card.
    return max(seen) - min(seen) + 1 - naturals <= wilds


def can_extend(
    ranks: Sequence[Rank],
    suits: Sequence[Suit],
    wild: Sequence[bool],
    meld_indices: Sequence[int],
    new_index: int,
    rules: MeldRules,
) -> bool:
    """Tell whether adding card ``new_index`` to a meld still gives a meld.

    Here the sequences describe a whole pool of cards (a hand, or a hand
    plus the table) and ``meld_indices`` picks the meld out of it.  A card
    cannot be added to a meld it is already part of.
    """
    if new_index in meld_indices:
        return False
    picked = [*meld_indices, new_index]
    return (
        classify(
            [ranks[i] for i in picked],
            [suits[i] for i in picked],
            [wild[i] for i in picked],
            rules,
        )
        is not None
    )


def melds_of_size(
    ranks: Sequence[Rank],
    suits: Sequence[Suit],
    wild: Sequence[bool],
    rules: MeldRules,
    size: int,
    must_include: int | None = None,
) -> list[tuple[int, ...]]:
    """List the distinct melds of exactly ``size`` cards found in a hand.

    Cards with the same ``(rank, suit, wild)`` are interchangeable, so each
    multiset of such card kinds is listed once, by its lexicographically
    smallest index tuple; with ``must_include`` given, only melds containing
    that card are listed, each by its smallest tuple containing that card.

    Candidates are built from per-suit and per-rank buckets rather than by
    testing every ``size``-subset of the hand, which keeps large hands
    cheap.  The result agrees with filtering all subsets through
    :func:`classify`.

    :param size: exact number of cards per meld.
    :param must_include: index of a card every listed meld must contain.
    :returns: ascending index tuples, the list sorted ascending.
    :raises IndexError: if ``must_include`` is not an index of the hand.
    """
    if size < rules.min_size:
        return []
    wild_hi = min(rules.max_wild, size - rules.min_naturals)
    if wild_hi < 0:
        return []
    runs = rules.runs and size <= len(rules.order)
    position, set_ok = rules.position, (rules.set_ok if rules.sets else ())
    focus = None
    if must_include is not None:
        if not 0 <= must_include < len(ranks):
            raise IndexError(f"must_include {must_include} is not a card of the hand")
        if not wild[must_include]:
            # A required natural card pins the suit of any run and the rank of
            # any set, so the other natural cards need not be looked at.
            focus = (ranks[must_include], suits[must_include])
    # One bucket per kind of card, its indices ascending: the wild kinds, and the natural kinds
    # of ranks that may form sets, which a set takes by rank (by_rank), `held` cards in all. A
    # run holds one card of each of its positions, the first of its kind standing for it
    # (by_suit: suit -> position -> card).
    wild_buckets: dict[tuple[Rank, Suit], list[int]] = {}
    set_buckets: dict[tuple[Rank, Suit], list[int]] = {}
    by_suit: dict[Suit, dict[int, int]] = {}
    by_rank: dict[Rank, list[list[int]]] = {}
    held: dict[Rank, int] = {}
    # With a required natural card, a natural card of neither its rank nor its suit is in no
    # meld; runs then look at its suit only, sets at its rank only.
    focus_rank, focus_suit = focus if focus is not None else (None, None)
    i = -1
    for rank in ranks:
        i += 1
        suit = suits[i]
        if wild[i]:
            bucket = wild_buckets.get((rank, suit))
            if bucket is None:
                wild_buckets[rank, suit] = [i]
            else:
                bucket.append(i)
            continue
        if focus is not None and rank != focus_rank:
            if suit != focus_suit:
                continue
            in_set = False
        else:
            in_set = rank in set_ok
        if runs and (focus is None or suit == focus_suit):
            pos = position.get(rank)
            if pos is not None:
                at = by_suit.get(suit)
                if at is None:
                    by_suit[suit] = {pos: i}
                elif pos not in at:
                    at[pos] = i
        if in_set:
            held[rank] = held.get(rank, 0) + 1
            bucket = set_buckets.get((rank, suit))
            if bucket is not None:
                bucket.append(i)
                continue
            bucket = set_buckets[rank, suit] = [i]
            group = by_rank.get(rank)
            if group is None:
                by_rank[rank] = [bucket]
            else:
                group.append(bucket)

    if must_include is not None:
        rank, suit = ranks[must_include], suits[must_include]
        kind = (rank, suit)
        bucket = (wild_buckets if wild[must_include] else set_buckets).get(kind)
        if bucket is not None:
            # Putting the required card first makes "take the first k of a
            # bucket" yield the smallest tuple that still contains it.
            bucket.remove(must_include)
            bucket.insert(0, must_include)
        if focus is not None and suit in by_suit and rank in position:
            by_suit[suit][position[rank]] = must_include

    # Wild cards are interchangeable up to their kind, so each possible
    # number of wilds is paired with every multiset of wild kinds once.
    # A required wild card is in no choice of none.
    wild_choices: list[tuple[int, list[list[int]]]] = [] if must_include is not None and focus is None else [(0, [[]])]
    if wild_hi and wild_buckets:
        pool = list(wild_buckets.values())
        for w in range(1, wild_hi + 1):
            choices = _picks(pool, w)
            if must_include is not None and focus is None:
                # Only wild choices holding the required card can lead anywhere.
                choices = [c for c in choices if must_include in c]
            if choices:
                wild_choices.append((w, choices))
    if not wild_choices:
        return []
    found: set[tuple[int, ...]] = set()
    for w, choices in wild_choices:
        if w == size and ((rules.runs and size <= len(rules.order)) or (rules.sets and rules.set_ok)):
            # A required natural card is in no meld of wild cards alone.
            if focus is None:
                found.update(tuple(sorted(c)) for c in choices)

    # The fewest naturals a meld may hold here: a suit or a rank with fewer cards has none.
    fewest = max(size - wild_choices[-1][0], 1)
    required = must_include if focus is not None else None
    for at in by_suit.values():
        if len(at) >= fewest:
            _runs(at, size, wild_choices, found, required)
    for rank, group in by_rank.items():
        # Most ranks of a hand hold one or two cards; _picks would
        # yield nothing for them, so do not start it.
        if held[rank] >= fewest:
            _sets(group, held[rank], size, wild_choices, found, required)
    return sorted(found)


def _runs(
    at: dict[int, int],
    size: int,
    wild_choices: list[tuple[int, list[list[int]]]],
    found: set[tuple[int, ...]],
    required: int | None,
) -> None:
    """The runs of one suit: `at` maps each position held to the card standing for it."""
    held = len(at)
    positions = sorted(at)
    reach = size - 1
    for wilds, choices in wild_choices:
        naturals = size - wilds
        if naturals == 0 or held < naturals:
            continue
        # Anchor on the lowest natural; the others must lie close enough
        # above it that the wild cards can fill every hole.
        for a in range(held - naturals + 1):
            low = positions[a]
            if positions[a + naturals - 1] - low > reach:
                continue  # too few naturals within reach: no combination
            end = bisect_right(positions, low + reach, a + naturals)
            for rest in combinations(positions[a + 1 : end], naturals - 1):
                picked = [at[low]]
                picked.extend([at[p] for p in rest])
                if required is not None and required not in picked:
                    continue
                for choice in choices:
                    found.add(tuple(sorted(picked + choice)))


def _sets(
    group: list[list[int]],
    held: int,
    size: int,
    wild_choices: list[tuple[int, list[list[int]]]],
    found: set[tuple[int, ...]],
    required: int | None,
) -> None:
    """The sets of one rank: `group` holds a bucket per suit, `held` cards in all."""
    for wilds, choices in wild_choices:
        naturals = size - wilds
        if naturals == 0 or held < naturals:
            continue
        for picked in _picks(group, naturals):
            if required is not None and required not in picked:
                continue
            for choice in choices:
                found.add(tuple(sorted(picked + choice)))


def _picks(buckets: list[list[int]], total: int, start: int = 0) -> list[list[int]]:
    """Every way to take ``total`` cards from ``buckets``, once each: the first k
    cards of each bucket taken from.

    Buckets are only ever taken in increasing position, so no multiset comes
    out twice.
    """
    if total == 1:
        return [[bucket[0]] for bucket in buckets[start:]]
    out = []
    for k in range(start, len(buckets)):
        bucket = buckets[k]
        for count in range(min(total, len(bucket)), 0, -1):
            if count == total:
                out.append(bucket[:count])
                continue
            head = bucket[:count]
            for rest in _picks(buckets, total - count, k + 1):
                out.append(head + rest)
    return out
