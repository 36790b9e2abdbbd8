"""What one seat may see: derived from the zones' visibility, each card's face and what the
seat has been shown. A hidden card appears as ``null``, so counts stay public."""

from __future__ import annotations

from fractions import Fraction

from ..language import types as T



def observe(st: State, player: int) -> dict:
    game = st.game
    deck = game.deck
    visible = game.visible_to

    def show(x):
        if x < game.deck_size:
            return deck.names[x] if visible(st, x, player) else None
        group = st.groups[x]
        out = {"cards": [deck.names[c] if visible(st, c, player) else None for c in group["cards"]]}
        for field, t in game.slot_zone[group["zone"]].fields.items():
            out[field] = _plain(game, t, group.get(field))
        return out

    zones = {}
    for name, zone in game.zones.items():
        slots = [[show(x) for x in st.zones[zone.base + i]] for i in range(zone.count)]
        zones[name] = slots if zone.owner else slots[0]
    def var_value(t, value):
        # A variable may name a card the seat cannot see; it is masked like the card itself.
        if t == "card" and value is not None and not visible(st, value, player):
            return None
        if t == "list:card" and value is not None:
            return [None if not visible(st, c, player) else deck.names[c] for c in value]
        return _plain(game, t, value)

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


def _plain(game, t: str, value):
    if value is None:
        return None
    if t.startswith("list:"):
        return [_plain(game, t[5:], x) for x in value]
    if t == "card":
        return game.deck.names[value]
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return value


def cards_named(st, move) -> list[int]:
    """The cards that a legal move of `st` names in its parameters (cards, groups' cards)."""
    cm = st.game.phases[st.phase].moves[move.decl]
    return [c for value, t in zip(move.args, move_param_types(st.game, cm)) for c in cards_in(st, value, t)]


def move_param_types(game, cm) -> list[str]:
    """The element type of each parameter of a compiled move (its generator's source)."""
    types = game.model.types
    return [T.element(types.get(id(g.source), "any")) for g in cm.decl.generators]


def cards_in(st, value, t: str) -> list[int]:
    """The cards a value of type `t` names: a card, a group's cards, a list's."""
    if value is None:
        return []
    if t.startswith("list:"):
        return [c for x in value for c in cards_in(st, x, t[5:])]
    if t in ("card", "group", "item"):
        return [value] if value < st.game.deck_size else list(st.groups[value]["cards"])
    return []
