"""Trick-taking: which cards a player may play to a trick, and which card wins it.

A trick is a list of cards in the order they were played: the first was led.
"""

from __future__ import annotations

from ...algorithms import tricks
from .. import types as T
from .core import RANK_POSITIONS, builtin


@builtin("follow", (T.COLLECTION, T.CARD), T.list_of(T.CARD),
         "The cards of a hand that may be played to a trick whose first card is `led`: those of the "
         "suit led when the hand holds any, otherwise every card; every card when `led` is none.")
def _follow(st, hand, led):
    suit_of = st.game.deck.suit_of
    return tricks.playable(hand, suit_of, None if led is None else suit_of[led])


@builtin("trick_winner", (T.COLLECTION, T.ORDER, T.SUIT), T.CARD,
         "The card that wins a trick (its cards in the order played): the highest card of the trump "
         "suit by the order if any was played, otherwise the highest of the suit led; cards of other "
         "suits never win, and a later identical copy never beats the first. `trump` is a suit, or "
         "none for no trumps. None for an empty trick.")
def _trick_winner(st, trick, order, trump):
    if not trick:
        return None
    deck = st.game.deck
    return tricks.trick_winner(trick, RANK_POSITIONS.get(deck, order), deck.suit_of, trump)

