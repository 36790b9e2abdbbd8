"""Declarations: the combinations a hand holds, for games that score them (Piquet, Bezique,
Belote, Klaberjass, ...): the longest suit, runs of consecutive ranks in one suit, cards of
one rank, and a key that compares such combinations between players.

Each function takes the cards to look at (a zone, a group or a list; jokers and groups are
left out) and returns cards, so that a rules file can count them, add them up, show them or
compare them. Lists of combinations come best first. Comparing players is then the
aggregate ``most(key for p in players)``, which gives none on a tie.
"""

from __future__ import annotations

from ...algorithms import combinations
from .. import types as T
from .core import builtin, list_of_lists, values_of


def _suited_cards(st, xs) -> list[int]:
    size, suit_of = st.game.deck_size, st.game.deck.suit_of
    return [c for c in xs if c < size and suit_of[c] is not None]


@builtin("longest_suit", ("collection", "func"), T.list_of("card"),
         "The cards of the suit with the most cards; between suits of equal length, the one whose "
         "values (given by f) add up to more; then the first suit of the deck. Empty for no cards.")
def _longest_suit(st, xs, value):
    cards = _suited_cards(st, xs)
    suit_index = {s: i for i, s in enumerate(st.game.deck.suits)}
    suit_of = st.game.deck.suit_of
    best = combinations.longest_suit([suit_index[suit_of[c]] for c in cards], values_of(st, value, cards))
    if best is None:
        return []
    suit = st.game.deck.suits[best[2]]
    return [c for c in cards if suit_of[c] == suit]


@builtin("runs", ("collection", "order", "number"), list_of_lists(0),
         "Every run of at least n cards of consecutive ranks (in the order) in one suit, each as long "
         "as it can be and listed from its lowest card up; the longest first, then the one with the "
         "higher top card. A rank counts once in a run; ranks outside the order never belong.")
def _runs(st, xs, order, least):
    cards = _suited_cards(st, xs)
    rank_of, suit_of = st.game.deck.rank_of, st.game.deck.suit_of
    positions = [order.get(rank_of[c]) for c in cards]
    found = combinations.runs(positions, [suit_of[c] for c in cards], int(least))
    return [[cards[i] for i in run] for run in found]


@builtin("of_a_kind", ("collection", T.list_of("symbol"), "order", "number"), list_of_lists(0),
         "Every group of at least n cards sharing one of the given ranks (all the cards of that rank); "
         "the biggest first, then the higher rank in the order.")
def _of_a_kind(st, xs, ranks, order, least):
    size, rank_of = st.game.deck_size, st.game.deck.rank_of
    cards = [c for c in xs if c < size]
    found = combinations.of_a_kind([rank_of[c] for c in cards], set(ranks), int(least),
                                   lambda r: order.get(r, -1))
    return [[cards[i] for i in group] for group in found]


@builtin("strength", ("collection", "order"), T.list_of("number"),
         "How good a combination is, as a key to compare: [its number of cards, the position of its "
         "highest card in the order]; [0, -1] for no cards or none. A longer run or a bigger set beats "
         "a smaller one, then the higher top card or rank wins.")
def _strength(st, xs, order):
    if not xs:
        return [0, -1]
    rank_of = st.game.deck.rank_of
    return [len(xs), max(order.get(rank_of[c], -1) for c in xs)]
