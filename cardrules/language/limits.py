"""The documented limits of the language (docs/language.md, "Limits"): beyond each, a rules
file, a parameter value, a position or a move text is refused with a diagnostic instead of
running out of time or memory.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

MAX_RULES_BYTES = 256_000  # a rules file: about 3 s and 90 MB to check at most; the largest bundled game is 10 kB
MAX_NESTING = 100  # expressions and blocks inside one another, counted on the parse tree
MAX_NUMBER_DIGITS = 100  # of a number (numerator and denominator each): literals, constants, parameters, positions
MAX_PLAYERS = 100  # the most players a `players` line may allow
MAX_DECK_CARDS = 10_000  # suits x ranks x copies + jokers
MAX_STATIC_ITERATIONS = 10_000_000  # of loops over constant ranges nested in one another

_LIMIT = 10 ** MAX_NUMBER_DIGITS


def number_too_large(value: Any) -> bool:
    """Is this int or Fraction beyond MAX_NUMBER_DIGITS digits? (Other values are not numbers.)"""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return not -_LIMIT < value < _LIMIT
    if isinstance(value, Fraction):
        return not -_LIMIT < value.numerator < _LIMIT or value.denominator >= _LIMIT
    return False


def digits_too_many(text: str) -> bool:
    """Would the digits of a number written as text exceed the limit? Checked before conversion,
    so that a million-digit text is never turned into a number."""
    return sum(ch.isdigit() for ch in text) > MAX_NUMBER_DIGITS
