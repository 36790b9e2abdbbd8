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


@builtin("trick_winner", (T.COLLECTION, T.ORDER, T.SYMBOL, T.SYMBOL), T.CARD,
         "The card that wins a trick (its cards in the order played): the highest card of the trump "
         "suit by the order if any was played, otherwise the highest of the suit led; cards of other "
         "suits never win. `trump` is a suit, none for no trumps, or `any_suit` for the highest card "
         "whatever its suit. Of equally high cards (copies, or any suit) the first played wins, or with "
         "the tie rule `no_winner` none does; `first_played` is the default. None for an empty trick.",
         short_form=3)
def _trick_winner(st, trick, order, trump, ties="first_played"):
    if not trick:
        return None
    if ties not in _TIE_RULES:
        raise ValueError(f"`{ties}` is not a tie rule of `trick_winner`: first_played or no_winner")
    deck = st.game.deck
    any_suit = trump == "any_suit"
    best = tricks.trick_winner(trick, RANK_POSITIONS.get(deck, order), deck.suit_of, None if any_suit else trump,
                               any_suit=any_suit, first_of_equals=ties == "first_played")
    return None if best < 0 else best


_TIE_RULES = ("first_played", "no_winner")
