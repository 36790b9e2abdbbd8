"""Move texts: what a legal move reads as (`capture 4H 4C with 8S`, or its `says` text), made
from the move's values when the text is first asked for, at play time, and the cheap keys the
runtime compares moves by without rendering them.

The compiler builds one :class:`MoveTexts` per game; everything here runs when the game is
played, on the values a move was listed with, never on generated source.
"""

from __future__ import annotations

import itertools
from typing import Callable

from ..language import nodes as n
from ..language import types as T
from ..language.checker import PLACEHOLDER
from ..language.model import Model

# How a copies key shows a value (see MoveTexts.copies_key): as it is, a card's name, an item's
# names (a card's, or a group's cards'), a list of items.
_PLAIN, _CARD, _ITEM, _LIST = range(4)
# Values whose text is one word, and those shown as several (see MoveTexts.copies_key).
_ONE_WORD = frozenset({T.CARD, T.NUMBER, T.SYMBOL, T.PLAYER, T.BOOL, T.RANK, T.SUIT})
_MANY_WORDS = frozenset({T.GROUP, T.ITEM, T.list_of(T.CARD), T.list_of(T.GROUP), T.list_of(T.ITEM)})


class MoveTexts:
    """The texts of one game's moves."""

    def __init__(self, model: Model):
        self.m = model
        self.deck = model.deck
        self.ncards = model.deck.size

    def move_params(self, mv: n.MoveDecl) -> list[tuple[str, T.Type]]:
        """The move's parameters in order, each with the type of the values it takes."""
        return [(g.var, T.element(self.m.types.get(id(g.source), T.ANY))) for g in mv.generators]

    def renderer(self, mv: n.MoveDecl, params: list[tuple[str, T.Type]]) -> Callable:
        """The move's text from the state (for the groups it names) and its values, in order."""
        shows = [self.shower(t) for _, t in params]
        if mv.says is None:
            name = mv.name

            def render(st, args):
                parts = [name]
                for f, value in zip(shows, args):
                    text = f(st, value)
                    if text:
                        parts.append(text)
                return " ".join(parts)
            return render
        pieces = PLACEHOLDER.split(mv.says)
        position = {var: k for k, (var, _) in enumerate(params)}
        # Literal text, or (the value's place, how it shows) for a placeholder.
        parts = [(position[piece], shows[position[piece]]) if i % 2 else piece for i, piece in enumerate(pieces)]

        def render_says(st, args):
            out = [part if part.__class__ is str else part[1](st, args[part[0]]) for part in parts]
            return " ".join("".join(out).split())
        return render_says

    def text_prefix(self, mv: n.MoveDecl) -> Callable | None:
        """A function of a move's values giving the first words of its text, whole words and
        cheap to make (the words before the first value, and that value when it is one word),
        so that a typed move is compared only with moves whose text could be it; None when
        the text begins with nothing fixed."""
        params = self.move_params(mv)
        if mv.says is None:
            lead, first, whole = mv.name, 0 if params else None, True
        else:
            pieces = PLACEHOLDER.split(mv.says)
            if len(pieces) == 1:
                constant = " ".join(mv.says.split())
                return lambda args: constant
            words = pieces[0].split()
            if pieces[0] and not pieces[0][-1].isspace():
                words = words[:-1]  # a word run together with the value after it
                first = None
            else:
                first = [v for v, _ in params].index(pieces[1])
            lead = " ".join(words)
            # The value is a word of its own when a space or the end of the text follows it.
            whole = pieces[2][:1].isspace() or (not pieces[2] and len(pieces) == 3)
        if first is not None and params[first][1] in _ONE_WORD and whole:
            show = self.shower(params[first][1])
            head = lead + " " if lead else ""
            return lambda args: head + show(None, args[first])
        return (lambda args: lead) if lead else None

    def copies_key(self, phase: n.Phase) -> tuple[Callable, ...] | None:
        """For a deck with copies: per move of the phase, a function giving each legal move of
        it a key that is equal for two moves exactly when their texts are, without rendering
        them; None when the phase's texts are not provably that faithful to the moves' values.

        Faithful: every move's text is its name and values, or a `says` naming each value once,
        set off by spaces; the words before each move's first value tell the moves apart (none
        a prefix of another's); values show as one word each (a card, a number, a symbol, a
        player, yes/no) except at most one per move (a group, or a list of cards or groups),
        whose words are then exactly those left over. A card shows as its name, so its copies
        are alike: the key holds names, and a group as the names of the cards it held.
        """
        names, ncards = self.deck.names, self.ncards
        leads: list[tuple[str, ...]] = []
        decls = []
        for mv in phase.moves:
            params = self.move_params(mv)
            if mv.says is None:
                lead, shown = (mv.name,), [v for v, _ in params]
            else:
                pieces = PLACEHOLDER.split(mv.says)
                shown = pieces[1::2]
                literals = pieces[0::2]
                inner_ok = all(lit[:1].isspace() and lit[-1:].isspace() for lit in literals[1:-1]) and \
                    (len(literals) < 2 or ((not literals[0] or literals[0][-1:].isspace())
                                           and (not literals[-1] or literals[-1][:1].isspace())))
                lead = tuple(literals[0].split())
                if not inner_ok or not lead:
                    return None
            if sorted(shown) != sorted(v for v, _ in params):
                return None
            kinds = [t for _, t in params]
            wide = [t for t in kinds if t in (T.GROUP, T.ITEM) or t.kind == "list"]
            if len(wide) > 1 or any(t not in _ONE_WORD and t not in _MANY_WORDS for t in kinds):
                return None
            leads.append(lead)
            decls.append(tuple(kinds))
        for a, b in itertools.combinations(leads, 2):
            if a[:len(b)] == b or b[:len(a)] == a:
                return None

        def item(x, seen):
            if x < ncards:
                return names[x]
            return tuple(names[c] for c in seen[x]["cards"])

        def keyer(decl: int, kinds: tuple[T.Type, ...]) -> Callable:
            # Written out for the usual shapes (no values, a card, plain values): a phase
            # with copies asks this of every legal move.
            if not kinds:
                return lambda move: (decl,)
            if kinds == (T.CARD,):
                return lambda move: (decl, names[move.args[0]])
            if all(t in _ONE_WORD and t != T.CARD for t in kinds):
                return lambda move: (decl, *move.args)
            card_name = names.__getitem__
            if kinds == (T.list_of(T.CARD),):  # a meld, a set of cards laid down together
                return lambda move: (decl, tuple(map(card_name, move.args[0])))
            if kinds == (T.GROUP, T.CARD):  # a card added to a group on the table
                def group_and_card(move):
                    group, card = move.args
                    if group < ncards:
                        return (decl, names[group], names[card])
                    return (decl, tuple(map(card_name, move._seen[group]["cards"])), names[card])
                return group_and_card

            # Each value's kind as a small int, worked out once: comparing Types per move costs more
            # than the key.
            codes = tuple(_CARD if t == T.CARD else _ITEM if t in (T.GROUP, T.ITEM) else _LIST if t.kind == "list"
                          else _PLAIN for t in kinds)

            def key(move):
                seen = move._seen
                out = [decl]
                for code, x in zip(codes, move.args):
                    if code == _CARD:
                        out.append(names[x])
                    elif code == _PLAIN:
                        out.append(x)
                    elif code == _ITEM:
                        out.append(item(x, seen))
                    else:
                        out.append(tuple([item(v, seen) for v in x]))
                return tuple(out)
            return key
        return tuple(keyer(decl, kinds) for decl, kinds in enumerate(decls))

    def shower(self, t: T.Type) -> Callable:
        names, ncards = self.deck.names, self.ncards

        def item(st, x):
            if x is None:
                return "none"
            if x < ncards:
                return names[x] if x >= 0 else "??"  # -1: a card hidden from the reader (move_text_for)
            return "(" + " ".join(names[c] for c in st.groups[x]["cards"]) + ")"
        if t in (T.CARD, T.GROUP, T.ITEM):
            return item
        if t.kind == "list":
            inner = self.shower(t.of)
            if t.of in (T.CARD, T.GROUP, T.ITEM):
                def items(st, xs):  # most are cards, named by a look-up
                    if not xs:
                        return "nothing"
                    return " ".join([names[x] if x.__class__ is int and 0 <= x < ncards else item(st, x) for x in xs])
                return items
            return lambda st, xs: " ".join(inner(st, x) for x in xs) if xs else "nothing"
        if t == T.PLAYER:
            return lambda st, p: f"p{p}"
        if t == T.BOOL:
            return lambda st, b: "yes" if b else "no"
        return lambda st, v: str(v)
