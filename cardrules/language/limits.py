"""The documented limits of the language (docs/language.md, "Limits" and "What the runtime
guarantees"): beyond each, a rules file, a parameter value, a position or a move text is
refused with a diagnostic, and a rules computation stops with :class:`LimitExceeded`, which the
runtime reports at the rules statement that asked, instead of running out of time or memory.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

MAX_RULES_BYTES = 256_000  # a rules file: about 3 s and 90 MB to check at most; the largest bundled game is 10 kB
MAX_NESTING = 100  # expressions and blocks inside one another, counted on the parse tree
MAX_NUMBER_DIGITS = 100  # of a number (numerator and denominator each): literals, constants, parameters, positions
MAX_PLAYERS = 100  # the most players a `players` line may allow
MAX_DECK_CARDS = 10_000  # suits x ranks x copies + jokers
MAX_STATIC_ITERATIONS = 10_000_000  # of loops over constant ranges nested in one another
MAX_DECLARED_MOVES = 200_000  # `length at most N moves`: the engine stops any game at 200,000 steps
MAX_REPEAT = 1_000_000  # rounds of one `repeat at most N` (long ones are also charged to the step's budget)
# JSON files, by what they hold. json.loads builds up to about 25 bytes of objects per byte of text
# (`[[],[],...]`), so each cap is also what reading may cost.
MAX_POSITION_BYTES = 16_000_000  # the largest position the language allows (10,000 cards among 100 seats,
# each seen by all) is 7.2 MB; a bundled game's is at most 4 kB
MAX_LOG_BYTES = 16_000_000  # a game stops at 200,000 steps: 10 MB of moves at the longest bundled move
# text (44 characters); the longest bundled game's log (Buraco, 2,978 moves) is 48 kB
MAX_SAVED_RUN_BYTES = 128_000_000  # `simulate --json`, read a game at a time: a million games of
# Sete e Meio with 10 seats and the metrics is 94 MB

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

MAX_RESULTS = 100_000  # lists a combinatorial built-in (subsets, subset sums) may return
MAX_NUMBER = 10**100  # the magnitude of a number a rules computation may reach
MAX_WORK = 10**9  # evaluations an expression may need, by the checker's static estimate (a worst case:
# a list parameter is taken to be as long as the deck, so real hands cost far less)


class LimitExceeded(ValueError):
    """A computation of the rules went past one of the limits."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.hint = hint


def refuse_results(count: int, what: str) -> None:
    if count > MAX_RESULTS:
        raise LimitExceeded(f"{what} would list more than {MAX_RESULTS:,} results (the limit of a built-in)",
                            "narrow the items it is given, or the sizes it is asked for")


def subsets_count(n: int, lo: int, hi: int) -> int:
    return sum(comb(n, k) for k in range(max(lo, 0), min(hi, n) + 1))
