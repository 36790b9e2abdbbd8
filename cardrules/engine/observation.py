"""What one seat may see: derived from the zones' visibility, each card's face and what the
seat has been shown. A hidden card appears as ``null``, so counts stay public; so does a card
named by a variable or a group's field, wherever that card lies.

A move is seen the same way: :func:`move_text_for` is its text as one seat may read it, with
``??`` for each card the move names that the seat could not see before the move and cannot see
after it (a face-down discard), so transcripts and replays shown to a seat leak nothing."""

from __future__ import annotations

from fractions import Fraction

from ..language import types as T

HIDDEN_CARD = "??"


def observe(st: State, player: int) -> dict:
    game = st.game
    deck = game.deck
    visible = game.visible_to

    def value_seen(t, value):
        # A card the seat cannot see is masked wherever it is named: a variable, a group's field.
        if value is None:
            return None
        if t == T.CARD:
            return deck.names[value] if visible(st, value, player) else None
        if t.kind == "list":
            return [value_seen(t.of, x) for x in value]
        return _plain(game, t, value)

    def show(x):
        if x < game.deck_size:
            return deck.names[x] if visible(st, x, player) else None
        group = st.groups[x]
        out = {"cards": [deck.names[c] if visible(st, c, player) else None for c in group["cards"]]}
        for field, t in game.slot_zone[group["zone"]].fields.items():
            out[field] = value_seen(t, group.get(field))
        return out

    zones = {}
    for name, zone in game.zones.items():
        slots = [[show(x) for x in st.zones[zone.base + i]] for i in range(zone.count)]
        zones[name] = slots if zone.owner else slots[0]
    var_value = value_seen

    variables = {}
    for i, v in enumerate(game.vars):
        value = st.vars[i]
        variables[v.name] = [var_value(v.type, x) for x in value] if v.owner else var_value(v.type, value)
    return {
        "player": player,
        "phase": st.phase_name,
        "current_player": st.current_player,
        "over": st.over,
        "vars": variables,
        "zones": zones,
    }


def _plain(game, t: T.Type, value):
    if value is None:
        return None
    if t.kind == "list":
        return [_plain(game, t.of, x) for x in value]
    if t == T.CARD:
        return game.deck.names[value]
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return value


def cards_named(st, move) -> list[int]:
    """The cards that a legal move of `st` names in its parameters (cards, groups' cards)."""
    cm = st.game.phases[st.phase].moves[move.decl]
    return [c for value, t in zip(move.args, move_param_types(st.game, cm)) for c in cards_in(st, value, t)]


def move_param_types(game, cm) -> list[T.Type]:
    """The element type of each parameter of a compiled move (its generator's source)."""
    types = game.model.types
    return [T.element(types.get(id(g.source), T.ANY)) for g in cm.decl.generators]


def cards_in(st, value, t: T.Type) -> list[int]:
    """The cards a value of type `t` names: a card, a group's cards, a list's."""
    if value is None:
        return []
    if t.kind == "list":
        return [c for x in value for c in cards_in(st, x, t.of)]
    if t in (T.CARD, T.GROUP, T.ITEM):
        return [value] if value < st.game.deck_size else list(st.groups[value]["cards"])
    return []
def move_text_for(before: State, move: Move, seat: int, after: State | None = None) -> str:
    """The text of `move`, played in `before`, as `seat` may read it: a card (or a group holding
    one) that `seat` can see neither before nor after the move reads ``??``. `after` is the
    state the move led to; without it, the move is played on a copy of `before`."""
    game = before.game
    if after is None:
        after = before.clone()
        after.apply(move)
    compiled = game.phases[before.phase].moves[move.decl]
    types = [T.element(game.model.types.get(id(g.source), T.ANY)) for g in compiled.decl.generators]

    def seen(card: int) -> bool:
        return game.visible_to(before, card, seat) or game.visible_to(after, card, seat)

    def masked(value, t: T.Type):
        if value is None:
            return None
        if t.kind == "list":
            return tuple(masked(x, t.of) for x in value)
        if t in (T.CARD, T.GROUP, T.ITEM):
            cards = [value] if value < game.deck_size else before.groups[value]["cards"]
            return value if all(seen(c) for c in cards) else MASKED_CARD
        return value

    args = tuple(masked(v, t) for v, t in zip(move.args, types))
    if args == tuple(move.args):
        return move.text
    return compiled.render(before, dict(zip(compiled.var_names, args)))


MASKED_CARD = -1  # a card argument the reader may not see: move texts render it as HIDDEN_CARD
