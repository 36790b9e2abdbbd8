"""The limits that keep a rules computation within seconds and bounded memory, whatever the
file says (docs/language.md, "What the runtime guarantees").

The checker refuses what it can see exceeds them; the built-ins and the generated code refuse
the rest while running, with :class:`LimitExceeded`, which the runtime reports at the rules
statement that asked.
"""

from __future__ import annotations

from math import comb

MAX_RESULTS = 100_000  # lists a combinatorial built-in (subsets, subset sums) may return
MAX_NUMBER = 10**100  # the magnitude of a number a rules computation may reach
MAX_WORK = 10**8  # evaluations an expression may need, by the checker's static estimate


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
