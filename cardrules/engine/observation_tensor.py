"""What one seat sees, as a fixed-shape vector of numbers and as text, for learning agents.

Derived from the same visibility rules as :func:`cardrules.engine.observation.observe` (a zone's
visibility, each card's face, what a seat has been shown), never written per game. A card the
seat cannot see adds only to its zone slot's hidden count, so dealing the hidden cards afresh
changes nothing here. The vector is plain floats (no numpy needed); its sections, in order:

============  ===========================================  =================================
section       size                                         value
============  ===========================================  =================================
cards         names x slots                                visible copies of each card name
                                                           in each zone slot (in a group or
                                                           loose)
grouped       names                                        visible copies lying in a group
face_up       names                                        visible copies lying face up
hidden        slots                                        cards of the slot the seat cannot
                                                           see
groups        slots                                        groups in the slot
vars          per variable (and per owner)                 number: its value; bool: 0/1;
                                                           player, team, symbol: one-hot and
                                                           a `none` flag; card: the visible
                                                           name one-hot and a `none or
                                                           hidden` flag; list of cards:
                                                           visible names and a hidden count;
                                                           other lists: length and sum
phase         phases                                       one-hot
to_move       players + 1                                  whose turn (one-hot), game over
seat          players                                      the observing seat, one-hot
pending       actions                                      the tokens of the seat's own move
                                                           being chosen (see actions.py)
============  ===========================================  =================================

"Names" are the deck's distinct card names: identical copies (two decks) count together, as
the seat cannot tell them apart. Group fields and the order of cards are not in the vector;
the strings carry them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fractions import Fraction

from ..language import types as T
from .actions import encoding
from .json_values import json_value, seen_card, variables_json
from .observation import SEALED_MOVE
from .per_game import per_game
from .primitives import Move

if TYPE_CHECKING:
    from .runtime import Game, State

_CARD_LIST = T.list_of(T.CARD)


class TensorLayout:
    """Where each section of a game's observation vector starts, and its size."""

    def __init__(self, game: Game):
        self.game = game
        names = list(dict.fromkeys(game.deck.names))
        self.name_index = {name: i for i, name in enumerate(names)}
        self.card_name = [self.name_index[nm] for nm in game.deck.names]
        self.names = len(names)
        self.slots = len(game.slot_zone)
        self.words = {word: i for i, word in enumerate(encoding(game).word_token)}
        # Per seat, per zone slot: may the seat see every card lying there, whatever its face?
        self.slot_seen = [[game.slot_visible_to(slot, seat) for slot in range(self.slots)]
                          for seat in range(game.player_count)]
        self.sections: dict[str, tuple[int, int]] = {}
        at = 0
        sizes = [("cards", self.names * self.slots), ("grouped", self.names), ("face_up", self.names),
                 ("hidden", self.slots), ("groups", self.slots)]
        for v in game.vars:
            sizes.append((f"var:{v.name}", v.count * self._var_size(v.type)))
        sizes += [("phase", len(game.phases)), ("to_move", game.player_count + 1), ("seat", game.player_count),
                  ("pending", encoding(game).size)]
        for name, size in sizes:
            self.sections[name] = (at, size)
            at += size
        self.size = at

    def _var_size(self, t: T.Type) -> int:
        game = self.game
        return {T.NUMBER: 1, T.BOOL: 1, T.PLAYER: game.player_count + 1, T.TEAM: game.team_count + 1,
                T.CARD: self.names + 1, _CARD_LIST: self.names + 1}.get(
            t, len(self.words) + 1 if t in (T.SYMBOL, T.RANK, T.SUIT) else 2 if t.kind == "list" else 0)


@per_game
def layout(game: Game) -> TensorLayout:
    """The layout of a game's observation tensor, built once per Game."""
    return TensorLayout(game)


def observation_tensor(st: State, seat: int) -> list[float]:
    game = st.game
    lay = layout(game)
    out = [0.0] * lay.size
    slot_seen, face, known = lay.slot_seen[seat], st.face, st.known
    cards_at, _ = lay.sections["cards"]
    grouped_at, _ = lay.sections["grouped"]
    face_at, _ = lay.sections["face_up"]
    hidden_at, _ = lay.sections["hidden"]
    groups_at, _ = lay.sections["groups"]
    size = game.deck_size
    for slot, zone in enumerate(st.zones):
        seen = slot_seen[slot]
        for x in zone:
            if x < size:
                members, in_group = (x,), False
            else:
                members, in_group = st.groups[x]["cards"], True
                out[groups_at + slot] += 1
            for c in members:
                if not (seen or face[c] or (known[c] >> seat) & 1):
                    out[hidden_at + slot] += 1
                    continue
                name = lay.card_name[c]
                out[cards_at + name * lay.slots + slot] += 1
                if in_group:
                    out[grouped_at + name] += 1
                if st.face[c]:
                    out[face_at + name] += 1
    for i, v in enumerate(game.vars):
        at, total = lay.sections[f"var:{v.name}"]
        values = st.vars[i] if v.owner else [st.vars[i]]
        width = total // v.count if v.count else 0
        for k, value in enumerate(values):
            _var_features(st, seat, lay, v.type, value, out, at + k * width)
    if st.phase >= 0:
        out[lay.sections["phase"][0] + st.phase] = 1.0
    to_move = lay.sections["to_move"][0]
    out[to_move + (game.player_count if st.over else st.player)] = 1.0
    out[lay.sections["seat"][0] + seat] = 1.0
    if st.pending and st.current_player == seat:
        pending_at = lay.sections["pending"][0]
        for token in st.pending:
            out[pending_at + token] += 1
    return out


def _var_features(st: State, seat: int, lay: TensorLayout, t: T.Type, value, out: list, at: int) -> None:
    game = st.game
    if t in (T.NUMBER, T.BOOL):
        out[at] = float(value or 0)
    elif t in (T.PLAYER, T.TEAM):
        out[at + (value if value is not None else (game.player_count if t == T.PLAYER else game.team_count))] = 1.0
    elif t in (T.SYMBOL, T.RANK, T.SUIT):
        out[at + lay.words.get(value, len(lay.words))] = 1.0
    elif t == T.CARD:
        seen = value is not None and game.visible_to(st, value, seat)
        out[at + (lay.card_name[value] if seen else lay.names)] = 1.0
    elif t == _CARD_LIST:
        for c in value or ():
            if game.visible_to(st, c, seat):
                out[at + lay.card_name[c]] += 1
            else:
                out[at + lay.names] += 1
    elif t.kind == "list":
        items = list(value or ())
        out[at] = float(len(items))
        out[at + 1] = float(sum(x for x in items if isinstance(x, (int, Fraction)) and not isinstance(x, bool)))


# --- strings --------------------------------------------------------------------------------

def observation_string(st: State, seat: int) -> str:
    """The seat's observation as text: a line per zone slot, the variables, whose turn. Values are
    those of :func:`cardrules.engine.observation.observe` as text, so a card the seat cannot see is
    `?` where it lies and `none` where a variable or a group's field names it (``null`` in the
    observation). The seat's own move being chosen is shown to it alone."""
    game = st.game
    names, size, face, known = game.deck.names, game.deck_size, st.face, st.known
    slot_seen = layout(game).slot_seen[seat]
    card = seen_card(st, seat)
    turn = "over" if st.over else f"p{st.player} to move"
    lines = [f"seat p{seat} | {st.phase_name} | {turn}"]

    def show(x, seen):
        if x < size:
            return names[x] if seen or face[x] or (known[x] >> seat) & 1 else "?"
        group = st.groups[x]
        cards = " ".join(names[c] if seen or face[c] or (known[c] >> seat) & 1 else "?" for c in group["cards"])
        fields = " ".join(f"{f}={_as_text(json_value(t, group.get(f), card))}"
                          for f, t in game.slot_zone[group["zone"]].fields.items())
        return f"({cards} | {fields})" if fields else f"({cards})"
    for name, zone in game.zones.items():
        for k in range(zone.count):
            slot = zone.base + k
            items = st.zones[slot]
            label = f"{name}[{k}]" if zone.owner else name
            lines.append(f"{label}: {' '.join(show(x, slot_seen[slot]) for x in items) if items else '-'}")
    lines.append("vars: " + " ".join(f"{name}={_as_text(x)}" for name, x in variables_json(st, card).items()))
    if st.pending and st.current_player == seat:
        lines.append("choosing: " + encoding(game).describe(st.pending) + " …")
    return "\n".join(lines)


def _as_text(v) -> str:
    """A value as the strings write it: `none`, `yes` and `no`, `[a,b]`, a fraction `15/2`."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return "[" + ",".join(_as_text(x) for x in v) + "]"
    return str(v)


def observed_move(before: State, move: Move, after: State, seat: int) -> str:
    """A move as `seat` saw it played: its own moves in full; another seat's with each card it
    could see before or after the move named, and every other card as `?`; another seat's
    choice in a simultaneous phase as a sealed choice, nothing of it shown."""
    mover = before.current_player
    if mover == seat:
        return f"p{mover} {move.text}"
    game = before.game
    if game.phases[before.phase].simultaneous:
        return f"p{mover} {SEALED_MOVE}"  # what it chose shows in what the moves do, once all have chosen
    types = encoding(game).param_types[(before.phase, move.decl)]
    visible = game.visible_to

    def card(c):
        if c is None:
            return "none"
        return game.deck.names[c] if visible(before, c, seat) or visible(after, c, seat) else "?"

    def show(t, x):
        if x is None:
            return "none"
        if t == T.CARD or (t == T.ITEM and x < game.deck_size):
            return card(x)
        if t in (T.GROUP, T.ITEM):
            return "(" + " ".join(card(c) for c in before.groups[x]["cards"]) + ")"
        if t.kind == "list":
            return " ".join(show(t.of, v) for v in x) if x else "nothing"
        if t == T.PLAYER:
            return f"p{x}"
        return _as_text(x)
    return " ".join([f"p{mover}", move.name] + [show(t, x) for t, x in zip(types, move.args)])


def information_state_string(st: State, seat: int, history: list[str] | str) -> str:
    """The seat's observation and the moves as it saw them, one per line, oldest first (a list,
    or the lines joined already)."""
    lines = history if isinstance(history, str) else "\n".join(history)
    return observation_string(st, seat) + "\nhistory:\n" + lines
