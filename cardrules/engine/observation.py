"""What one seat may see: derived from the zones' visibility, each card's face and what the
seat has been shown. A hidden card appears as ``null``, so counts stay public."""

from __future__ import annotations

from fractions import Fraction




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
