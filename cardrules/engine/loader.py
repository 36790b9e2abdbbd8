"""The one entry point that ties the stages together: find a rules file, parse it, resolve
the variant it extends, check it with the parameters in force, and compile it.

``load_game("sete-e-meio", {"players": 3})`` gives a :class:`~cardrules.engine.runtime.Game`.
A checked model loaded before comes from the per-user cache (:mod:`cardrules.language.cache`);
only without one are the parser (and so Lark) and the variants imported.
"""

from __future__ import annotations

import copyreg
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..language import cache
from ..language import nodes as n
from ..language.checker import check
from .compiler import compile_model
from ..language.diagnostics import Diagnostic, RulesError, SourceMap, Span
from ..language.files import locate_rules, read_rules_text
from ..language.limits import MAX_NUMBER_DIGITS, digits_too_many
from ..language.model import Model
from .runtime import Game

def find_rules(name: str) -> Path:
    """A path to a rules file (ending in `.rules`), or the name of a bundled game (``sete-e-meio``)."""
    return locate_rules(name)


def read_rules(name: str, sources: SourceMap | None = None, chain: tuple[Path, ...] = (),
               path: Path | None = None, text: str | None = None) -> n.RulesFile:
    """Parse a rules file and, when it extends another, merge it onto its base. `chain` holds
    the files that extend this one, to report a cycle of variants; `path` is the file `name`
    was already located at; `text`, when given, is read as that file's text (an editor's
    unsaved buffer), its `extends` still found from the file's folder."""
    # Imported only here: a model from the cache needs neither, nor Lark under the parser.
    from ..language.parser import parse
    from ..language.variants import resolve_variant
    sources = sources or SourceMap()
    path = path or find_rules(name)
    rules = parse(read_rules_text(path) if text is None else text, str(path), sources)
    extends = [d for d in rules.decls if isinstance(d, n.Extends)]
    if not extends:
        return rules
    if len(extends) > 1:
        raise RulesError([Diagnostic("a variant extends only one game", extends[1].span)], sources)
    base_name = extends[0].base
    chain = chain + (path.resolve(),)
    try:
        base_path = locate_rules(base_name, path.parent, confined=True)
        target = base_path.resolve()
        if target in chain:
            cycle = " -> ".join(p.name for p in chain[chain.index(target):] + (target,))
            raise RulesError([Diagnostic(f"variants extend each other in a cycle: {cycle}", extends[0].span,
                                         "a variant extends a game that does not extend it back")], sources)
        base = read_rules(str(base_path), sources, chain, base_path)
    except RulesError as exc:
        if exc.diagnostics and exc.diagnostics[0].span is None:
            d = exc.diagnostics[0]
            raise RulesError([Diagnostic(d.message, extends[0].span, d.hint)], sources) from None
        raise
    return resolve_variant(base, rules, sources)


def load_model(name: str, params: dict[str, Any] | None = None, path: Path | None = None) -> Model:
    """The checked rules of `name`; `path` is the rules file when `name` was already located."""
    path = path or find_rules(name)
    key = cache.model_key(path, params)
    model = cache.load_model(key)
    if model is None:
        sources = SourceMap()
        model = check(read_rules(name, sources, path=path), sources, params)
        cache.store_model(key, model)
    return model


def load_game(name: str, params: dict[str, Any] | None = None, path: Path | None = None) -> Game:
    return compile_model(load_model(name, params, path))


def parse_param(text: str) -> tuple[str, Any]:
    """``target=31`` -> ("target", 31); values are numbers, true/false or symbols."""
    if "=" not in text:
        raise RulesError([Diagnostic(f"`{text}` is not NAME=VALUE", None, "write e.g. --param target=31")])
    name, raw = (s.strip() for s in text.split("=", 1))
    return name, parse_value(raw)


_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?(/[0-9]+)?")


def parse_value(raw: str) -> Any:
    """A parameter value: true/false, a number (``31``, ``7.5``, ``1/2``), a list with commas,
    or else a symbol. A number has at most MAX_NUMBER_DIGITS digits and no exponent."""
    if raw in ("true", "false"):
        return raw == "true"
    if "," in raw:
        return tuple(parse_value(r) for r in raw.split(",") if r)
    if not _NUMBER.fullmatch(raw):
        return raw
    if digits_too_many(raw):
        raise RulesError([Diagnostic(f"`{raw[:20]}...`: a number has at most {MAX_NUMBER_DIGITS} digits")])
    try:
        value = Fraction(raw)
    except ZeroDivisionError:
        raise RulesError([Diagnostic(f"`{raw}` divides by zero")]) from None
    return value.numerator if value.denominator == 1 else value


def _pickled_game(game: Game):
    # A Game holds functions compiled from its rules, which do not pickle: it travels as its
    # rules file and parameters, and is compiled again where it is unpickled (the loader, which
    # makes Games from rules, says so for the Game type).
    return load_game, (str(Path(game.path).resolve()), dict(game.params))


copyreg.pickle(Game, _pickled_game)

__all__ = ["find_rules", "read_rules", "load_model", "load_game", "parse_param", "Span"]
