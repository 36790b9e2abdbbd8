"""How a game's values are written as JSON, by positions, observations and the observation
strings alike: one rule, so that a seat is shown each value as a position writes it, but for how
a card is named.

A number is exact: a whole number is a JSON number, any other is its fraction as a string
(``"15/2"``, ``"-1/3"``), since a JSON float would not be exact. ``none`` is ``null``, a truth
value ``true`` or ``false``, a player or a team its number, a rank, suit or symbol its name, a
list a JSON list and a group its number (the ``id`` a position gives it). A card is written by
the writer the caller gives:

- a position writes the card's label (``Deck.label``): its name, with ``#2`` for the second copy
  in a two-deck game, so that the position reads back as the very same card;
- what a seat sees (:func:`seen_card`) is the card's name, alike for every copy since the seat
  cannot tell copies apart, or ``null`` for a card the seat cannot see.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from ..language import types as T

if TYPE_CHECKING:
    from .runtime import State

CardWriter = Callable[[int], "str | None"]


def json_value(t: T.Type, value: Any, card: CardWriter) -> Any:
    """The JSON of `value`, of type `t` (a variable's, a group field's, or ``list:`` one per
    owner of a per-player variable), with each card written by `card`."""
    if value is None:
        return None
    if t.kind == "list":
        return [json_value(t.of, x, card) for x in value]
    if t == T.CARD:
        return card(value)
    if isinstance(value, Fraction):
        return json_number(value)
    return value


def variables_json(st: State, card: CardWriter) -> dict[str, Any]:
    """Every variable of `st` by name, with each card written by `card`; a per-player or per-team
    variable is a list, one value per seat or team."""
    return {v.name: json_value(T.list_of(v.type) if v.owner else v.type, st.vars[i], card)
            for i, v in enumerate(st.game.vars)}


def json_number(x: int | Fraction) -> int | str:
    """A whole number as itself, any other exact number as its fraction's text (``"15/2"``)."""
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else str(x)
    return x


def param_json(value: Any) -> Any:
    """A parameter's value as positions and game logs write it: a list of values as a JSON list,
    numbers by :func:`json_number`, truth values and symbols as they are."""
    if isinstance(value, tuple):
        return [param_json(x) for x in value]
    return json_number(value) if isinstance(value, Fraction) else value


def seen_card(st: State, seat: int) -> CardWriter:
    """How `seat` sees a card in `st`: by its name, or ``None`` when the card is hidden from it."""
    names, visible = st.game.deck.names, st.game.visible_to
    return lambda card: names[card] if visible(st, card, seat) else None
