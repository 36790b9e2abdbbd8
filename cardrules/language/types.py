"""The value types of the language and when one may stand for another.

A type is a :class:`Type` value. The scalar ones are constants of this module: ``NUMBER``,
``BOOL``, ``PLAYER``, ``TEAM``, ``CARD``, ``GROUP``, ``ITEM`` (a card or a group), ``ZONE`` (of
cards), ``GZONE`` (a zone that also holds groups), ``RANK``, ``SUIT``, ``SYMBOL``, ``ORDER``,
``FUNC``, ``NONE`` and ``ANY``; ``COLLECTION`` is what a built-in takes that works on any list,
zone or group. The others are made of a type: a list of it (:func:`list_of`), one of it per
player or team (:func:`per`), a table of it (:func:`map_of`). At run time a player, team, card
or group is an int, a zone is a slot number, a rank, suit or symbol is its name, a number is
exact (int or Fraction).
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Type:
    """``kind`` is a scalar's name (``number``, ``card``...), or ``list``, ``per`` or ``map`` for
    a type made of another, ``of``: a list's elements, each owner's value, a table's values.

    A ``per`` type is that of a name declared ``per player`` or ``per team`` (a ``var`` or a
    ``zone``), which holds one value for each: the checker gives it to the bare name
    (`Checker.name`), and indexing it by its ``owner`` (``"player"`` or ``"team"``; a team is
    also indexed by one of its players, `points[me]`) gives the value, of type ``of``."""

    kind: str
    of: Type | None = None
    owner: str | None = None

    def describe(self) -> str:
        """The type as a diagnostic names it: `a list of cards`."""
        if self.kind == "per":
            return f"one {self.of.written()} per {self.owner} (index it, like `x[p]`)"
        if self.kind == "map":
            return "a table"
        if self.kind == "list":
            return f"a list of {self.of._plural()}"
        return {"item": "a card or group", "any": "a value", "none": "`none`", "card_or_rank": "a card or a rank",
                "gzone": "a zone", "order": "an order"}.get(self.kind, f"a {self.kind}")

    def written(self) -> str:
        """The type as a declaration writes it: `number`, `list of card`."""
        return f"list of {self.of.written()}" if self.kind == "list" else self.kind

    def _plural(self) -> str:
        return f"lists of {self.of._plural()}" if self.kind == "list" else f"{self.kind}s"


NUMBER = Type("number")
BOOL = Type("bool")
PLAYER = Type("player")
TEAM = Type("team")
CARD = Type("card")
GROUP = Type("group")
ITEM = Type("item")
ZONE = Type("zone")
GZONE = Type("gzone")
RANK = Type("rank")
SUIT = Type("suit")
SYMBOL = Type("symbol")
ORDER = Type("order")
FUNC = Type("func")
NONE = Type("none")
ANY = Type("any")
COLLECTION = Type("collection")
CARD_OR_RANK = Type("card_or_rank")  # what a built-in takes that reads a card by its rank

NULLABLE = (PLAYER, TEAM, CARD, GROUP, ITEM, SYMBOL, RANK, SUIT, NONE)


def list_of(t: Type) -> Type:
    return Type("list", of=t)


def per(owner: str, t: Type) -> Type:
    """One value of type t for each player or each team (`owner`)."""
    return Type("per", of=t, owner=owner)


def map_of(t: Type) -> Type:
    """A table whose values are of type t."""
    return Type("map", of=t)


def element(t: Type) -> Type:
    """The type of an element when iterating over a value of type t."""
    if t.kind == "list":
        return t.of
    if t == ZONE:
        return CARD
    if t == GZONE:
        return ITEM
    if t == GROUP:
        return CARD
    return ANY


def innermost(t: Type) -> Type:
    """The type that t is made of at the bottom: `card` for a list of lists of cards."""
    while t.of is not None:
        t = t.of
    return t


def unknown_in(t: Type) -> bool:
    """Whether some part of t is unknown (`any`), like the elements of `[]`."""
    return innermost(t) == ANY


def is_collection(t: Type) -> bool:
    return t in (ZONE, GZONE, GROUP, ANY) or t.kind == "list"


def assignable(source: Type, target: Type) -> bool:
    """May a value of type ``source`` be used where ``target`` is expected?"""
    if source == target or ANY in (source, target):
        return True
    if source == GZONE and target == ZONE:
        return True
    if source == NONE:
        return target in NULLABLE
    if target == ITEM:
        return source in (CARD, GROUP)
    if target == COLLECTION:
        return is_collection(source)
    if target == SYMBOL:
        return source in (RANK, SUIT)
    if target == CARD_OR_RANK:
        return source in (CARD, RANK)
    if source.kind == "list" and target.kind == "list":
        return assignable(source.of, target.of)
    return False


def zone_as_list(source: Type, target: Type) -> bool:
    """May a zone be passed where a list is declared, read as what it holds? A zone of cards
    stands for a list of cards (or items); a zone with groups only for a list of items, since
    for a list of cards it would be unclear whether its groups are left out or opened."""
    if target.kind != "list":
        return False
    if source == ZONE:
        return target.of in (CARD, ITEM, ANY)
    return source == GZONE and target.of in (ITEM, ANY)


def comparable(a: Type, b: Type) -> bool:
    return assignable(a, b) or assignable(b, a) or {a, b} <= {RANK, SUIT, SYMBOL}


def default_value(t: Type):
    """The value a variable or group field of type `t` holds before anything is assigned."""
    return 0 if t == NUMBER else False if t == BOOL else [] if t.kind == "list" else None
