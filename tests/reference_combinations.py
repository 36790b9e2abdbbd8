"""Declared combinations, written plainly over parallel lists: the reference the declaration
built-ins (cardrules/language/builtins/declarations.py, which work on card numbers and deck
tables for speed) are checked against in tests/test_builtins_declarations.py.

Declaration games score a hand by the combinations it holds -- the longest
suit ("point"), runs of consecutive ranks in one suit ("sequences") and
several cards of one rank.  Which player's combination is best is decided by
comparing *keys* of combinations as plain tuples: :func:`run_key` and
:func:`kind_key` build them so that a greater tuple is the better combination.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction

__all__ = ["longest_suit", "runs", "of_a_kind", "run_key", "kind_key"]

Number = int | Fraction
RankKey = Callable[[int], Number] | Mapping[int, Number]


def longest_suit(
    suits: Sequence[int],
    points: Sequence[Number],
) -> tuple[int, Number, int] | None:
    """Return the hand's best suit as ``(count, points_sum, suit)``.

    Suits are compared by how many cards they hold, then by the sum of
    ``points`` over those cards; remaining ties go to the lower suit id so
    that the answer never depends on the order of the hand.  The count and
    points of the result are directly comparable between players as a tuple
    ``result[:2]``.

    :param suits: suit of each card.
    :param points: point value of each card, parallel to ``suits``.
    :returns: the best suit's ``(count, points_sum, suit)``, or ``None`` for
        an empty hand.
    """
    if len(suits) != len(points):
        raise ValueError("suits and points must be parallel sequences")
    # One pass into plain dicts, then a single max over ready-made keys: this
    # runs for every player on every declaration, so no per-suit lambda calls.
    counts: dict[int, int] = {}
    sums: dict[int, Number] = {}
    for suit, value in zip(suits, points):
        if suit in counts:
            counts[suit] += 1
            sums[suit] += value
        else:
            counts[suit] = 1
            sums[suit] = 0 + value  # ``0 +`` keeps the sum's type as before
    if not counts:
        return None
    best = min(counts, key=lambda s: (-counts[s], -sums[s], s))
    return counts[best], sums[best], best


def runs(
    positions: Sequence[int | None],
    suits: Sequence[int],
    min_len: int = 3,
) -> list[tuple[int, ...]]:
    """Return the maximal runs of consecutive positions within one suit.

    ``positions[i]`` is card ``i``'s place in the game's rank order (higher
    is better), or ``None`` for a card that cannot be part of a sequence.
    A run is maximal: it cannot be extended at either end.  When several
    cards share a suit and position (several decks), the run uses only the
    lowest index among them, because a sequence counts each rank once.

    :param min_len: shortest run worth reporting.
    :returns: index tuples ordered by position ascending; the list is
        ordered by length descending, then top position descending, then
        suit ascending.
    """
    if len(positions) != len(suits):
        raise ValueError("positions and suits must be parallel sequences")
    by_suit: dict[int, dict[int, int]] = {}
    for i, pos in enumerate(positions):
        if pos is None:
            continue
        suit = suits[i]
        at = by_suit.get(suit)
        if at is None:
            by_suit[suit] = {pos: i}
        elif pos not in at:
            at[pos] = i

    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    for suit, at in by_suit.items():
        n = len(at)
        # A suit with too few distinct positions cannot hold a run; most
        # suits of a hand are like that, so skip them before sorting.
        if n < min_len:
            continue
        ordered = sorted(at)
        start = 0
        for k in range(1, n + 1):
            if k == n or ordered[k] != ordered[k - 1] + 1:
                if k - start >= min_len:
                    run = tuple([at[p] for p in ordered[start:k]])
                    found.append((start - k, -ordered[k - 1], suit, run))
                start = k
    if len(found) > 1:
        found.sort()
    return [run for *_, run in found]


def of_a_kind(
    ranks: Sequence[int],
    allowed: Collection[int],
    min_count: int = 3,
    rank_key: RankKey | None = None,
) -> list[tuple[int, ...]]:
    """Return the groups of cards sharing one of the ``allowed`` ranks.

    Every card of the rank goes into its group, so duplicates from several
    decks make the group larger.

    :param allowed: ranks that may form a group (for example ten and up).
    :param min_count: fewest cards a group needs.
    :param rank_key: strength of each rank, as a callable or a mapping;
        defaults to the rank id itself.
    :returns: ascending index tuples, ordered by size descending, then rank
        strength descending, then rank id ascending for equal strengths.
    """
    groups: dict[int, list[int]] = {}
    for i, rank in enumerate(ranks):
        if rank in allowed:
            groups.setdefault(rank, []).append(i)
    strength = _strength_of(rank_key)
    found = [
        (-len(members), -strength(rank), rank, tuple(members))
        for rank, members in groups.items()
        if len(members) >= min_count
    ]
    found.sort()
    return [group for *_, group in found]


def run_key(run: Sequence[int], positions: Sequence[int | None]) -> tuple[int, int]:
    """Return ``(length, top position)`` of a run found by :func:`runs`.

    Longer runs beat shorter ones, and among equal lengths the higher top
    card wins, so comparing these tuples compares the runs.
    """
    top = positions[run[-1]]
    assert top is not None, "runs never contain a card without a position"
    return len(run), top


def kind_key(
    group: Sequence[int],
    ranks: Sequence[int],
    rank_key: RankKey | None = None,
) -> tuple[int, Number]:
    """Return ``(size, rank strength)`` of a group found by :func:`of_a_kind`.

    Bigger groups beat smaller ones, then stronger ranks win; comparing these
    tuples compares the groups.
    """
    return len(group), _strength_of(rank_key)(ranks[group[0]])


def _strength_of(rank_key: RankKey | None) -> Callable[[int], Number]:
    if rank_key is None:
        return _identity
    if isinstance(rank_key, Mapping):
        return rank_key.__getitem__
    return rank_key


def _identity(rank: int) -> int:
    return rank
