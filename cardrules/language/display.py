"""The `display` section: what a player's screen shows, never what the rules do.

    display {
      hide to_act, asked          # bookkeeping variables, left off the screen
      show chips                  # the running totals shown beside the scores
      order hand: suit, rank      # how the cards of a zone are sorted on the screen
    }

Without a section every variable is shown, the totals are the scores, and the cards of each
per-player or per-team zone without groups are sorted by suit, then by rank. A sort key is
`suit` (the deck's suit order), `rank` (its rank order), a named rank order of the deck
(`order high: ...`) or a card attribute (`attr points { ... }`); shared zones keep their order
unless the section sorts them, since their order (a pile's top, a trick) is part of play.
"""

from __future__ import annotations

import attrs

from . import nodes as n
from . import types as T
from .deck import DeckTable
from .diagnostics import Diagnostic, did_you_mean

DEFAULT_ORDER = ("suit", "rank")


@attrs.frozen
class Display:
    hidden: frozenset[str] = frozenset()
    totals: tuple[str, ...] = ()  # empty: the scores are the totals
    orders: dict[str, tuple[str, ...]] = attrs.field(factory=dict)  # zone -> sort keys

    def order_of(self, zone) -> tuple[str, ...]:
        """The sort keys of a zone (a ZoneInfo); empty when its order is kept."""
        if zone.name in self.orders:
            return self.orders[zone.name]
        return DEFAULT_ORDER if zone.owner and not zone.fields else ()


def sort_keys(deck: DeckTable, keys: tuple[str, ...]):
    """A key function on card ids for sorted()."""
    suit_place = {s: i for i, s in enumerate(deck.suits)}

    def one(key: str):
        if key == "suit":
            return lambda c: suit_place.get(deck.suit_of[c], len(suit_place))
        if key in deck.orders:
            order = deck.orders[key]
            return lambda c: order.get(deck.rank_of[c], len(order))
        values = deck.attrs[key]
        return lambda c: values[c]
    parts = [one(k) for k in keys]
    return lambda c: tuple(f(c) for f in parts)


def check_display(decls: list[n.Display], deck: DeckTable, zones: dict, variables: dict,
                  ) -> tuple[Display, list[Diagnostic]]:
    """The Display a file's sections describe, and a diagnostic for every name they get wrong."""
    problems: list[Diagnostic] = []
    if len(decls) > 1:
        problems.append(Diagnostic("`display` is declared twice", decls[1].span, "say everything in one section"))
    hidden: set[str] = set()
    totals: list[str] = []
    orders: dict[str, tuple[str, ...]] = {}
    keys_known = {"suit", *deck.orders, *deck.attrs}
    for decl in decls[:1]:
        for item in decl.items:
            if item.kind in ("hide", "show"):
                for name in item.names:
                    var = variables.get(name)
                    if var is None:
                        problems.append(Diagnostic(f"`{item.kind} {name}`: there is no variable `{name}`",
                                                   item.span, did_you_mean(name, variables)))
                    elif item.kind == "show" and (var.owner is None or var.type != T.NUMBER):
                        problems.append(Diagnostic(f"`show {name}`: a total is a number per player or per team",
                                                   item.span, f"`{name}` is `{var.type.written()}`"
                                                   + ("" if var.owner else ", one for the whole game")))
                    elif item.kind == "hide":
                        hidden.add(name)
                    else:
                        totals.append(name)
                continue
            for key in item.keys:
                if key not in keys_known:
                    problems.append(Diagnostic(f"`{key}` is not a way to sort cards", item.span,
                                               did_you_mean(key, keys_known)
                                               or f"sort by {', '.join(sorted(keys_known))}"))
            for name in item.names:
                if name not in zones:
                    problems.append(Diagnostic(f"`order {name}`: there is no zone `{name}`", item.span,
                                               did_you_mean(name, zones)))
                orders[name] = item.keys
    return Display(frozenset(hidden), tuple(totals), orders), problems
