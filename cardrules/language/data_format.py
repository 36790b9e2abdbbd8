"""Values as JSON, for the cache (checked models, the parser's tables): a format that cannot run
code when it is read.

A pickle names any callable to rebuild its objects, so loading one runs what it names. This
format names classes, and only the language's own record classes (AST nodes, the model's
records, spans, the deck table, the display, the source map, the value types) are ever
rebuilt, from their state, without calling anything of the file's choosing: a name outside
them makes the entry unreadable, which the cache takes as a miss.

A value is written as JSON, with one-key objects for what JSON lacks:
``{"t": [...]}`` a tuple, ``{"d": [[k, v], ...]}`` a dict, ``{"f": [n, d]}`` a Fraction,
``{"s": [...]}`` a frozenset and ``{"S": [...]}`` a set; an object is
``{"o": k, "c": class, "v": state}`` the first time and ``{"r": k}`` after, so that objects
shared in the model (and the AST nodes the checker's tables refer to by identity) are shared
again when read. Lists are JSON arrays.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable

_RECORD_MODULES = ("nodes", "model", "deck", "diagnostics", "display", "types")


class FormatError(ValueError):
    """The value holds something this format does not write, or the text is not one it wrote."""


@lru_cache(maxsize=1)
def record_classes() -> dict[str, type]:
    """The classes an entry may name: those defined in the language's record modules."""
    import importlib
    found: dict[str, type] = {}
    for short in _RECORD_MODULES:
        module = importlib.import_module(f"{__package__}.{short}")
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ \
                    and not issubclass(value, BaseException):
                found[f"{short}.{value.__name__}"] = value
    return found


@lru_cache(maxsize=1)
def _names_of_classes() -> dict[type, str]:
    return {cls: name for name, cls in record_classes().items()}


class Writer:
    """Writes values one after another into one document, objects shared across them."""

    def __init__(self) -> None:
        self._ids: dict[int, int] = {}
        self._keep: list[Any] = []  # the objects numbered, alive while their ids are keys

    def index(self, obj: Any) -> int | None:
        """The number of an object written already, or None."""
        return self._ids.get(id(obj))

    def value(self, x: Any) -> Any:
        if x is None or x is True or x is False or type(x) in (int, str, float):
            return x
        kind = type(x)
        if kind is list:
            return [self.value(v) for v in x]
        if kind is tuple:
            return {"t": [self.value(v) for v in x]}
        if kind is dict:
            return {"d": [[self.value(k), self.value(v)] for k, v in x.items()]}
        if kind is Fraction:
            return {"f": [x.numerator, x.denominator]}
        if kind is frozenset:
            return {"s": [self.value(v) for v in x]}
        if kind is set:
            return {"S": [self.value(v) for v in x]}
        name = _names_of_classes().get(kind)
        if name is None:
            raise FormatError(f"a {kind.__module__}.{kind.__qualname__} is not written")
        known = self._ids.get(id(x))
        if known is not None:
            return {"r": known}
        number = self._ids[id(x)] = len(self._keep)
        self._keep.append(x)
        return {"o": number, "c": name, "v": self.value(x.__getstate__())}


class Reader:
    """Reads what a :class:`Writer` wrote, as the JSON decoder's hook for every object: the
    decoder builds lists and plain values itself, and hands over each one-key object with its
    insides already read, so an object is whole before any later reference to it is read."""

    def __init__(self) -> None:
        self._objects: dict[int, Any] = {}
        self._classes = record_classes()

    def hook(self, x: dict) -> Any:
        try:
            return self._value(x)
        except (TypeError, AttributeError, KeyError, IndexError) as exc:  # a state of the wrong shape
            raise FormatError(f"not a value: {type(exc).__name__}") from None

    def _value(self, x: dict) -> Any:
        if len(x) == 1:
            (tag, body), = x.items()
            if tag == "r":
                try:
                    return self._objects[body]
                except (KeyError, TypeError):
                    raise FormatError(f"no object {body!r} before this reference") from None
            if type(body) is not list:
                raise FormatError("a container that is not a list")
            if tag == "t":
                return tuple(body)
            if tag == "d":
                if not all(type(p) is list and len(p) == 2 for p in body):
                    raise FormatError("a dict entry that is not a pair")
                return {k: v for k, v in body}
            if tag == "f":
                if len(body) != 2 or not all(type(v) is int for v in body) or body[1] <= 0:
                    raise FormatError("a fraction that is not two whole numbers")
                return Fraction(body[0], body[1])
            if tag == "s":
                return frozenset(body)
            if tag == "S":
                return set(body)
        elif len(x) == 3 and "o" in x and "c" in x and "v" in x:
            return self._record(x["o"], x["c"], x["v"])
        raise FormatError(f"an object with keys {sorted(x)[:3]} is not a value")

    def _record(self, number: Any, name: Any, state: Any) -> Any:
        cls: Any = self._classes.get(name) if isinstance(name, str) else None
        if cls is None:
            raise FormatError(f"{name!r} is not a class of the language's records")
        if type(number) is not int or number in self._objects:
            raise FormatError(f"object {number!r} twice")
        obj = cls.__new__(cls)
        setstate = getattr(cls, "__setstate__", None)
        if setstate is not None:
            obj.__setstate__(state)
        elif isinstance(state, dict) and all(isinstance(k, str) for k in state):
            obj.__dict__.update(state)
        else:
            raise FormatError(f"the state of a {name} is not its attributes")
        self._objects[number] = obj
        return obj


def dumps(values: Iterable[Any]) -> bytes:
    """One document of `values`, objects shared across them; FormatError for anything else."""
    writer = Writer()
    return json.dumps([writer.value(v) for v in values], separators=(",", ":")).encode("utf-8")


def loads(data: bytes) -> list[Any]:
    """The values that :func:`dumps` wrote; FormatError (or ValueError) for anything else."""
    document = json.loads(data, object_hook=Reader().hook)
    if type(document) is not list:
        raise FormatError("not a list of values")
    return document
