"""The one entry point that ties the stages together: find a rules file, parse it, resolve
the variant it extends, check it with the parameters in force, and compile it.

``load_game("sete-e-meio", {"players": 3})`` gives a :class:`~cardrules.engine.runtime.Game`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..language import nodes as n
from ..language.checker import check
from .compiler import compile_model
from ..language.diagnostics import Diagnostic, RulesError, SourceMap, Span, did_you_mean
from ..language.model import Model
from ..language.parser import parse
from ..language.resources import bundled_games
from .runtime import Game
from ..language.variants import resolve_variant

def find_rules(name: str) -> Path:
    """A path to a rules file, or the name of a bundled game (``sete-e-meio``)."""
    path = Path(name)
    if path.suffix == ".rules" or path.exists():
        if not path.is_file():
            raise RulesError([Diagnostic(f"no rules file at `{name}`")])
        return path
    games = bundled_games()
    key = name.replace("_", "-").lower()
    if key in games:
        return games[key]
    hint = did_you_mean(key, games) or f"bundled games: {', '.join(games)}"
    raise RulesError([Diagnostic(f"`{name}` is neither a rules file nor a bundled game", None, hint)])


def read_rules(name: str, sources: SourceMap | None = None, chain: tuple[Path, ...] = ()) -> n.RulesFile:
    """Parse a rules file and, when it extends another, merge it onto its base. `chain` holds
    the files that extend this one, to report a cycle of variants."""
    sources = sources or SourceMap()
    path = find_rules(name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError([Diagnostic(f"cannot read `{path}`: {exc}")]) from None
    rules = parse(text, str(path), sources)
    extends = [d for d in rules.decls if isinstance(d, n.Extends)]
    if not extends:
        return rules
    if len(extends) > 1:
        raise RulesError([Diagnostic("a variant extends only one game", extends[1].span)], sources)
    base_name = extends[0].base
    base_path = Path(base_name)
    if not base_path.is_absolute() and base_path.suffix == ".rules":
        base_name = str(path.parent / base_path)
    chain = chain + (path.resolve(),)
    try:
        target = find_rules(base_name).resolve()
        if target in chain:
            cycle = " -> ".join(p.name for p in chain[chain.index(target):] + (target,))
            raise RulesError([Diagnostic(f"variants extend each other in a cycle: {cycle}", extends[0].span,
                                         "a variant extends a game that does not extend it back")], sources)
        base = read_rules(base_name, sources, chain)
    except RulesError as exc:
        if exc.diagnostics and exc.diagnostics[0].span is None:
            d = exc.diagnostics[0]
            raise RulesError([Diagnostic(d.message, extends[0].span, d.hint)], sources) from None
        raise
    return resolve_variant(base, rules, sources)


def load_model(name: str, params: dict[str, Any] | None = None) -> Model:
    sources = SourceMap()
    rules = read_rules(name, sources)
    return check(rules, sources, params)


def load_game(name: str, params: dict[str, Any] | None = None) -> Game:
    return compile_model(load_model(name, params))


def parse_param(text: str) -> tuple[str, Any]:
    """``target=31`` -> ("target", 31); values are numbers, true/false or symbols."""
    if "=" not in text:
        raise RulesError([Diagnostic(f"`{text}` is not NAME=VALUE", None, "write e.g. --param target=31")])
    name, raw = (s.strip() for s in text.split("=", 1))
    return name, parse_value(raw)


def parse_value(raw: str) -> Any:
    from fractions import Fraction
    if raw in ("true", "false"):
        return raw == "true"
    if "," in raw:
        return tuple(parse_value(r) for r in raw.split(",") if r)
    try:
        return int(raw)
    except ValueError:
        pass
    try:
        value = Fraction(raw)
        return value.numerator if value.denominator == 1 else value
    except (ValueError, ZeroDivisionError):
        return raw


__all__ = ["find_rules", "read_rules", "load_model", "load_game", "parse_param", "Span"]
