"""Trick-taking: which cards may be played, and which card wins.

Cards are numbers indexing the caller's tables: ``position_of`` gives each
card's strength within its suit (higher wins) and ``suit_of`` its suit, as
labels chosen by the caller (any hashable values: the engine passes suit names).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

__all__ = ["playable", "trick_winner"]

Suit = Hashable


def playable(cards: Sequence[int], suit_of: Sequence[Suit | None], led_suit: Suit | None) -> list[int]:
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
    trick: Sequence[int],
    position_of: Sequence[int],
    suit_of: Sequence[Suit | None],
    trump: Suit | None = None,
    *,
    any_suit: bool = False,
    first_of_equals: bool = True,
) -> int:
    """Return the card that wins a trick.

    ``trick`` lists the cards in the order they were played, so its first
    card was led.  If any card of the ``trump`` suit was played, the highest
    trump wins; otherwise the highest card of the led suit wins and cards of
    other suits never win.  Between two identical cards (from two decks) the
    one played first wins.

    :param position_of: each card's strength within its suit (higher wins),
        indexed by card.
    :param suit_of: each card's suit, indexed by card.
    :param any_suit: every card competes, whatever its suit: the highest by
        ``position_of`` wins (``trump`` is then not used).
    :param first_of_equals: whether the first of equally high cards wins;
        when False such a tie has no winner (-1).
    :raises ValueError: for an empty trick.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    winning_suit = suit_of[trick[0]]
    if trump is not None and trump != winning_suit:
        for c in trick:
            if suit_of[c] == trump:
                winning_suit = trump
                break
    best, high, tied = -1, 0, False
    for c in trick:
        if any_suit or suit_of[c] == winning_suit:
            # Strictly greater, so an identical later card does not take over.
            if best < 0 or position_of[c] > high:
                best, high, tied = c, position_of[c], False
            elif position_of[c] == high:
                tied = True
    return -1 if tied and not first_of_equals else best
