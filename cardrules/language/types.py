"""The value types of the language and when one may stand for another.

Types are plain strings: ``number``, ``bool``, ``player``, ``team``, ``card``, ``group``,
``item`` (a card or a group), ``zone`` (of cards), ``gzone`` (a zone that also holds groups),
``rank``, ``suit``, ``symbol``, ``order``, ``func``, ``map``, ``none``, ``any`` and ``list:T``. At run time a player, team, card or group is an int,
a zone is a slot number, a rank, suit or symbol is its name, a number is exact (int or Fraction).
"""

from __future__ import annotations

NULLABLE = ("player", "team", "card", "group", "item", "symbol", "rank", "suit", "none")


def list_of(t: str) -> str:
    return f"list:{t}"


def element(t: str) -> str:
    """The type of an element when iterating over a value of type t."""
    if t.startswith("list:"):
        return t[5:]
    if t == "zone":
        return "card"
    if t == "gzone":
        return "item"
    if t == "group":
        return "card"
    return "any"


def is_collection(t: str) -> bool:
    return t in ("zone", "gzone", "group", "any") or t.startswith("list:")


def assignable(source: str, target: str) -> bool:
    """May a value of type ``source`` be used where ``target`` is expected?"""
    if source == target or "any" in (source, target):
        return True
    if source == "gzone" and target == "zone":
        return True
    if source == "none":
        return target in NULLABLE
    if target == "item":
        return source in ("card", "group")
    if target == "collection":
        return is_collection(source)
    if target == "symbol":
        return source in ("rank", "suit")
    if source.startswith("list:") and target.startswith("list:"):
        return assignable(source[5:], target[5:])
    return False


def zone_as_list(source: str, target: str) -> bool:
    """May a zone be passed where a list is declared, read as what it holds? A zone of cards
    stands for a list of cards (or items); a zone with groups only for a list of items, since
    for a list of cards it would be unclear whether its groups are left out or opened."""
    if not target.startswith("list:"):
        return False
    if source == "zone":
        return target[5:] in ("card", "item", "any")
    return source == "gzone" and target[5:] in ("item", "any")


def comparable(a: str, b: str) -> bool:
    return assignable(a, b) or assignable(b, a) or {a, b} <= {"rank", "suit", "symbol"}


def describe(t: str) -> str:
    if t.startswith("per:"):
        _, owner, inner = t.split(":", 2)
        return f"one {inner} per {owner} (index it, like `x[p]`)"
    if t.startswith("map:"):
        return "a table"
    if t.startswith("list:"):
        return f"a list of {_plural(t[5:])}"
    return {"item": "a card or group", "any": "a value", "none": "`none`",
            "gzone": "a zone", "order": "an order"}.get(t, f"a {t}")


def _plural(t: str) -> str:
    return f"lists of {_plural(t[5:])}" if t.startswith("list:") else f"{t}s"


def default_value(t: str):
    """The value a variable or group field of type `t` holds before anything is assigned."""
    return 0 if t == "number" else False if t == "bool" else [] if t.startswith("list:") else None
