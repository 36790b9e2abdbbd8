"""Trick-taking: which cards may be played, and which card wins.

Cards are identified by their index into parallel sequences.  ``positions``
give each card's strength within its suit (higher wins) and ``suits`` its
suit, both as integers chosen by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["playable", "trick_winner"]


def playable(cards: Sequence[int], suit_of: Sequence[int | None], led_suit: int | None) -> list[int]:
    """Return the cards of a hand that may be played, in the hand's order.

    A player must follow the suit that was led when able to; otherwise, or
    when leading (``led_suit`` is ``None``), any card may be played.  Rules
    that go further (must trump, must beat the highest card) build on this.

    :param suit_of: each card's suit, indexed by card.
    """
    if led_suit is not None:
        following = [c for c in cards if suit_of[c] == led_suit]
        if following:
            return following
    return list(cards)


def trick_winner(
    positions: Sequence[int],
    suits: Sequence[int],
    trump: int | None = None,
) -> int:
    """Return the index of the card that wins a trick.

    The sequences list the trick's cards in the order they were played, so
    index 0 was led.  If any card of the ``trump`` suit was played, the
    highest trump wins; otherwise the highest card of the led suit wins and
    cards of other suits never win.  Between two identical cards (from two
    decks) the one played first wins.

    :raises ValueError: for an empty trick.
    """
    if not suits:
        raise ValueError("an empty trick has no winner")
    winning_suit = trump if trump is not None and trump in suits else suits[0]
    best = -1
    for i, suit in enumerate(suits):
        # Strictly greater, so an identical later card does not take over.
        if suit == winning_suit and (best < 0 or positions[i] > positions[best]):
            best = i
    return best
