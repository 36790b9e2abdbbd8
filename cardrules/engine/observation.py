"""What one seat may see: derived from the zones' visibility, each card's face and what the
seat has been shown. Values are written as a position writes them (:mod:`.json_values`), except
that a card is written by its name and a card hidden from the seat as ``null``: so counts stay
public, and a card named by a variable or a group's field is masked wherever that card lies.

A move is seen the same way: :func:`move_text_for` is its text as one seat may read it, with
``??`` for each card the move names that the seat could not see before the move and cannot see
where the move puts it (a face-down discard), so transcripts and replays shown to a seat leak
nothing. In a simultaneous phase a seat reads another seat's move as ``a sealed choice``: what
it chose shows once every seat has chosen, in what the moves did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import types as T
from .errors import PYTHON_ERRORS
from .json_values import json_value, seen_card, variables_json

if TYPE_CHECKING:
    from .primitives import Move
    from .runtime import State

HIDDEN_CARD = "??"
SEALED_MOVE = "a sealed choice"  # another seat's move in a simultaneous phase, as a seat reads it


def observe(st: State, player: int) -> dict:
    game = st.game
    card = seen_card(st, player)  # a card the seat cannot see is masked wherever it is named

    def item(x):
        if x < game.deck_size:
            return card(x)
        group = st.groups[x]
        out = {"cards": [card(c) for c in group["cards"]]}
        for field, t in game.slot_zone[group["zone"]].fields.items():
            out[field] = json_value(t, group.get(field), card)
        return out

    zones = {}
    for name, zone in game.zones.items():
        slots = [[item(x) for x in st.zones[zone.base + i]] for i in range(zone.count)]
        zones[name] = slots if zone.owner else slots[0]
    seen = {
        "player": player,
        "phase": st.phase_name,
        "current_player": st.current_player,
        "over": st.over,
        "vars": variables_json(st, card),
        "zones": zones,
    }
    if not st.over and st.phase >= 0 and game.phases[st.phase].simultaneous:
        seen["sealed"] = sealed_for(st, player)
    return seen


def sealed_for(st: State, player: int) -> list:
    """Per seat, in a simultaneous phase, what `player` knows of its choice: none before it has
    chosen, its text for `player`'s own, ``??`` for another seat's."""
    out: list = [None] * st.game.player_count
    for seat, place in st.sealed:
        if seat == player:
            mover = st.clone()
            mover.player = seat
            out[seat] = mover.legal_moves()[place].text
        else:
            out[seat] = HIDDEN_CARD
    return out


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
    one) that `seat` can see neither before the move nor where the move itself puts it reads
    ``??``. Where the automatic phases that follow take the card is not the move's: a card
    passed face down and then dealt to `seat` by an exchange reads ``??`` in the pass (which of
    the packet was passed when is the passer's to know), and the exchange says what arrived.
    `after` is the state the move led to, kept for callers that have it."""
    game = before.game
    if game.phases[before.phase].simultaneous and seat != before.player:
        return SEALED_MOVE  # what another seat chose stays its own until the choices are resolved
    compiled = game.phases[before.phase].moves[move.decl]
    types = [T.element(game.model.types.get(id(g.source), T.ANY)) for g in compiled.decl.generators]
    moved = after_its_own_statements(before, move)

    def seen(card: int) -> bool:
        return game.visible_to(before, card, seat) or game.visible_to(moved, card, seat)

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


def after_its_own_statements(before: State, move: Move) -> State:
    """The state when the move's own statements are done, before the automatic phases that
    follow it run."""
    state = before.clone()
    body = before.game.phases[before.phase].moves[move.decl].body
    try:
        body(state, before.player, *move.args)
    except PYTHON_ERRORS:  # as the move fails in play too: nothing was shown
        return before
    return state


MASKED_CARD = -1  # a card argument the reader may not see: move texts render it as HIDDEN_CARD
