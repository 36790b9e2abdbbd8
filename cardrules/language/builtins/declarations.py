"""Declarations: the combinations a hand holds, for games that score them (Piquet, Bezique,
Belote, Klaberjass, ...): the longest suit, runs of consecutive ranks in one suit, cards of
one rank, and a key that compares such combinations between players.

Each function takes the cards to look at (a zone, a group or a list; jokers and groups are
left out) and returns cards, so that a rules file can count them, add them up, show them or
compare them. Lists of combinations come best first. Comparing players is then the
aggregate ``most(key for p in players)``, which gives none on a tie.
"""

from __future__ import annotations

import attrs

from .. import types as T
from .core import RANK_POSITIONS, ByCard, TablesByIdentity, builtin, list_of_lists, values_of


# Per card of a deck: its suit's place among the deck's suits, or -1 for a joker.
_SUIT_PLACES = TablesByIdentity(lambda deck: tuple(-1 if s is None else deck.suits.index(s) for s in deck.suit_of))

# A run's cards are consecutive numbers once each card is numbered suit place * stride +
# position in the order (-1 for a card of no suit or outside the order): the gap of one left
# after each suit's positions keeps a run within its suit. A hand is then a set of bits, one
# per number, and its runs are stretches of set bits.
@attrs.frozen(slots=True)
class RunTables:
    numbers: tuple[int, ...]  # per card
    bits: tuple[int, ...]  # per card, 1 << its number (0 for none)
    stride: int
    card_of: dict[int, int] | None  # the card of each number, when the deck holds one card of each


def _run_tables(deck, order: dict[str, int]) -> RunTables:
    stride = max(order.values(), default=0) + 2
    places = _SUIT_PLACES.get(deck)
    numbers = tuple(-1 if place < 0 or order.get(rank) is None else place * stride + order[rank]
                    for place, rank in zip(places, deck.rank_of))
    card_of: dict[int, int] | None = {}
    for card, number in enumerate(numbers):
        if number >= 0:
            if number in card_of:  # copies: which card stands for a number depends on the hand
                card_of = None
                break
            card_of[number] = card
    return RunTables(numbers, tuple(0 if n < 0 else 1 << n for n in numbers), stride, card_of)


_RUN_TABLES = TablesByIdentity(_run_tables)


@builtin("longest_suit", (T.COLLECTION, T.FUNC), T.list_of(T.CARD),
         "The cards of the suit with the most cards; between suits of equal length, the one whose "
         "values (given by f) add up to more; then the first suit of the deck. Empty for no cards.")
def _longest_suit(st, xs, value):
    deck = st.game.deck
    places = _SUIT_PLACES.get(deck)
    size = len(places)
    counts = [0] * len(deck.suits)
    sums = [0] * len(deck.suits)
    table = value.values if value.__class__ is ByCard else None
    if table:  # a table of the rules (the usual case): one pass, no list of values made
        for c in xs:
            if c < size:
                place = places[c]
                if place >= 0:
                    counts[place] += 1
                    sums[place] += table[c]
    else:
        cards = [c for c in xs if c < size and places[c] >= 0]
        for c, v in zip(cards, values_of(st, value, cards)):
            counts[places[c]] += 1
            sums[places[c]] += v
    best = -1
    for place, count in enumerate(counts):  # strictly better only: on a tie, the first suit stays
        if count and (best < 0 or count > counts[best] or count == counts[best] and sums[place] > sums[best]):
            best = place
    return [] if best < 0 else [c for c in xs if c < size and places[c] == best]


@builtin("runs", (T.COLLECTION, T.ORDER, T.NUMBER), list_of_lists(0),
         "Every run of at least n cards of consecutive ranks (in the order) in one suit, each as long "
         "as it can be and listed from its lowest card up; the longest first, then the one with the "
         "higher top card. A rank counts once in a run; ranks outside the order never belong.")
def _runs(st, xs, order, least):
    deck = st.game.deck
    tables = _RUN_TABLES.get(deck, order)
    bits = tables.bits
    size = len(bits)
    held = 0
    for c in xs:
        if c < size:
            held |= bits[c]
    least = max(int(least), 1)
    if least >= tables.stride:  # longer than any suit
        return []
    starts = held  # the numbers that begin `least` consecutive numbers held
    for i in range(1, least):
        starts &= held >> i
    if not starts:
        return []
    in_runs = starts
    for i in range(1, least):
        in_runs |= starts << i
    card_of = tables.card_of
    if card_of is None:  # the first copy of each number in the hand stands for it
        numbers, card_of = tables.numbers, {}
        for c in xs:
            if c < size and bits[c] & in_runs and numbers[c] not in card_of:
                card_of[numbers[c]] = c
    stride, suits = tables.stride, deck.suits
    found = []
    while in_runs:
        low = in_runs & -in_runs
        run = in_runs & ~(in_runs + low)  # the lowest stretch of set bits
        in_runs ^= run
        bottom, top = low.bit_length() - 1, run.bit_length() - 1
        found.append((bottom - top - 1, -(top % stride), suits[top // stride],
                      [card_of[number] for number in range(bottom, top + 1)]))
    found.sort(key=_ranking)
    return [run for *_, run in found]


def _ranking(entry: tuple) -> tuple:
    return entry[:3]  # unique: a suit holds one run of a given top


@builtin("of_a_kind", (T.COLLECTION, T.list_of(T.SYMBOL), T.ORDER, T.NUMBER), list_of_lists(0),
         "Every group of at least n cards sharing one of the given ranks (all the cards of that rank); "
         "the biggest first, then the higher rank in the order.")
def _of_a_kind(st, xs, ranks, order, least):
    size, rank_of = st.game.deck_size, st.game.deck.rank_of
    allowed = set(ranks)
    groups: dict[str, list[int]] = {}
    for c in xs:
        if c < size:
            rank = rank_of[c]
            if rank in allowed:
                group = groups.get(rank)
                if group is None:
                    groups[rank] = [c]
                else:
                    group.append(c)
    least = int(least)
    found = [(-len(group), -order.get(rank, -1), rank, group) for rank, group in groups.items() if len(group) >= least]
    found.sort(key=_ranking)
    return [group for *_, group in found]


@builtin("strength", (T.COLLECTION, T.ORDER), T.list_of(T.NUMBER),
         "How good a combination is, as a key to compare: [its number of cards, the position of its "
         "highest card in the order]; [0, -1] for no cards or none. A longer run or a bigger set beats "
         "a smaller one, then the higher top card or rank wins.")
def _strength(st, xs, order):
    if not xs:
        return [0, -1]
    return [len(xs), max(map(RANK_POSITIONS.get(st.game.deck, order).__getitem__, xs))]
