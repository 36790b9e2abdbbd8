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

    @wraps(build)
    def get(game: Key) -> Made:
        found = made.get(game)
        if found is None:
            found = made[game] = build(game)
        return found
    return get
