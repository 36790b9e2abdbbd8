"""Where fractions may be counted in whole multiples: a deck attribute with halves (Sete e
Meio's 1/2 point) summed over cards sums ints, multiples of the attribute's common denominator,
and is compared as such (``sum(...) > 15`` for 7.5); a `let` of such a sum keeps a twin local in
those multiples, unless the function assigns the local again after its `let`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from ....language import nodes as n


@dataclass(frozen=True)
class ScaledAttribute:
    denominator: int
    multiples: tuple[int, ...]  # per card, the attribute times the denominator


def scaled_attributes(deck) -> dict[str, ScaledAttribute]:
    out = {}
    for attr, values in deck.attrs.items():
        denominator = lcm(1, *(v.denominator for v in values if isinstance(v, Fraction)))
        if denominator != 1:
            out[attr] = ScaledAttribute(denominator, tuple(int(v * denominator) for v in values))
    return out


def assigned_names(e) -> set[str]:
    """The names a block's assignment statements assign to (`x = ...`, `x += ...`)."""
    return {x.target.id for x in n.walk(e) if isinstance(x, n.Assign) and isinstance(x.target, n.Name)}
