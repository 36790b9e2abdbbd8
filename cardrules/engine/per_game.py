"""What is worked out once per compiled Game and kept while the Game lives: the action
encoding, the observation tensor's layout, the explainer's compiled conditions. A Game is
immutable, so none of them goes stale."""

from __future__ import annotations

import weakref
from functools import wraps
from typing import Callable, TypeVar

Made = TypeVar("Made")
Key = TypeVar("Key")


def per_game(build: Callable[[Key], Made]) -> Callable[[Key], Made]:
    """`build(game)` made on the first call for a game, then given back."""
    made: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
    # The game asked for last, as a weak reference, and what was made for it: the usual call
    # asks for the same game again (every fresh State of a search or a tree walk asks once),
    # and is then answered without the weak dictionary's look-up, which makes a weak reference.
    last: list = [lambda: None, None]

    @wraps(build)
    def get(game: Key) -> Made:
        if last[0]() is game:
            return last[1]
        found = made.get(game)
        if found is None:
            found = made[game] = build(game)
        last[0], last[1] = weakref.ref(game), found
        return found
    return get
