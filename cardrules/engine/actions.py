"""Integer action ids for any rules file: a fixed vocabulary of tokens, and every move as a
sequence of them, so an id means the same thing in every state of a game.

A move is written as tokens: first its name (one token per distinct move name across the
phases), then each parameter's value, by the parameter's type as the checker typed it:

========================  ==================================================================
type                      tokens
========================  ==================================================================
card                      one token per distinct card *name*: identical copies of a card
                          (two decks) share it, as they share the move's text
group                     its cards in the group's order, then ``end``
item (card or group)      a card's token, or ``group``, the group's cards, then ``end``
list of T                 each element as a T, in the list's order, then ``end``
number                    one token per whole number of the game's *window* (below), or the
                          number spelt out: ``minus``? digits (``slash`` digits)? ``end``
player, team              one token per seat, one per team
bool                      ``yes`` or ``no``
symbol, rank, suit        one token per word of the game (its symbols, ranks and suits)
none (a missing value)    ``none``
========================  ==================================================================

The window is the hull of 0, the constant numbers and the values of the deck attributes
named in the sources of the number parameters (``bet(amount in min_bet..max_bet)`` gives
0..max_bet), capped at :data:`WINDOW_CAP` values: it keeps common numbers to one token,
while spelling keeps every number, however large or fractional, encodable.

Every parameter's tokens end unambiguously, so no move's sequence is a prefix of another's.
A move of several tokens is chosen as a sequence of sub-decisions by the same player: the
legal actions are the distinct next tokens of the legal moves that extend what was chosen
so far (``State.pending``); when only one token can follow, it is taken at once, and when
the tokens name a whole move, that move is played. ``State.pending`` is part of the State's
data (cloned, compared, kept by the position notation) because it is part of where the game
is: the same cards with a half-chosen move offer other actions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from ..language import nodes as n
from ..language import types as T
from ..language.folding import constant_number
from .errors import IllegalMove, RulesRuntimeError
from .per_game import per_game
from .primitives import Move

if TYPE_CHECKING:
    from .runtime import Game, State

WINDOW_CAP = 1024

Encoder = Callable[["State", Any, list], None]


class ActionEncoding:
    """The token vocabulary of one compiled game and the encoding of its moves."""

    def __init__(self, game: Game):
        self.game = game
        self.labels: list[str] = []
        self.move_token: dict[str, int] = {}
        for phase in game.phases:
            for cm in phase.moves:
                if cm.name not in self.move_token:
                    self.move_token[cm.name] = self._add(f"move:{cm.name}")
        deck = game.deck
        self.card_token: dict[str, int] = {}
        for name in deck.names:
            if name not in self.card_token:
                self.card_token[name] = self._add(f"card:{name}")
        self.end = self._add("end")
        self.group = self._add("group")
        self.none = self._add("none")
        self.yes = self._add("yes")
        self.no = self._add("no")
        self.player_token = [self._add(f"player:p{p}") for p in range(game.player_count)]
        self.team_token = [self._add(f"team:{t}") for t in range(game.team_count)]
        words = sorted(set(game.model.symbols) | set(deck.ranks) | set(deck.suits))
        self.word_token = {w: self._add(f"word:{w}") for w in words}
        self.window_low, self.window_high = _number_window(game)
        self.window_start = len(self.labels)
        for v in range(self.window_low, self.window_high + 1):
            self._add(f"number:{v}")
        self.minus = self._add("minus")
        self.slash = self._add("slash")
        self.digit_token = [self._add(f"digit:{d}") for d in range(10)]
        self.param_types: dict[tuple[int, int], tuple[T.Type, ...]] = {}  # (phase, move) -> parameter types
        self.param_encoders: dict[tuple[int, int], tuple[Encoder, ...]] = {}
        types = game.model.types
        for phase in game.phases:
            for cm in phase.moves:
                key = (phase.index, cm.index)
                self.param_types[key] = tuple(T.element(types.get(id(g.source), T.ANY)) for g in cm.decl.generators)
                self.param_encoders[key] = tuple(self._encoder(t) for t in self.param_types[key])

    def _add(self, label: str) -> int:
        self.labels.append(label)
        return len(self.labels) - 1

    @property
    def size(self) -> int:
        return len(self.labels)

    def label(self, action: int) -> str:
        return self.labels[action] if 0 <= action < len(self.labels) else f"action {action}"

    # --- encoding values
    def _encoder(self, t: T.Type) -> Encoder:
        names, deck_size, none = self.game.deck.names, self.game.deck_size, self.none
        card_token, end, group_token = self.card_token, self.end, self.group

        def card(st, x, out):
            out.append(none if x is None else card_token[names[x]])

        def group(st, x, out):
            if x is None:
                out.append(none)
                return
            out.extend(card_token[names[c]] for c in st.groups[x]["cards"])
            out.append(end)

        def item(st, x, out):
            if x is None or x < deck_size:
                card(st, x, out)
            else:
                out.append(group_token)
                group(st, x, out)
        if t == T.CARD:
            return card
        if t == T.GROUP:
            return group
        if t == T.ITEM:
            return item
        if t.kind == "list":
            inner = self._encoder(t.of)

            def listed(st, xs, out):
                if xs is None:
                    out.append(none)
                    return
                for x in xs:
                    inner(st, x, out)
                out.append(end)
            return listed
        if t == T.PLAYER:
            return lambda st, x, out: out.append(none if x is None else self.player_token[x])
        if t == T.TEAM:
            return lambda st, x, out: out.append(none if x is None else self.team_token[x])
        if t == T.BOOL:
            return lambda st, x, out: out.append(self.yes if x else self.no)
        if t == T.NUMBER:
            return lambda st, x, out: self._number(x, out)
        if t in (T.SYMBOL, T.RANK, T.SUIT):
            return lambda st, x, out: out.append(none if x is None else self._word(x))
        return self._any

    def _word(self, word: str) -> int:
        token = self.word_token.get(word)
        if token is None:
            raise RulesRuntimeError(f"the word `{word}` of a move has no action id: only the game's symbols, "
                                    "ranks and suits do")
        return token

    def _number(self, x, out: list) -> None:
        if x is None:
            out.append(self.none)
            return
        if isinstance(x, Fraction) and x.denominator == 1:
            x = x.numerator
        if isinstance(x, int) and self.window_low <= x <= self.window_high:
            out.append(self.window_start + x - self.window_low)
            return
        if x < 0:
            out.append(self.minus)
            x = -x
        fraction = Fraction(x)
        out.extend(self.digit_token[int(d)] for d in str(fraction.numerator))
        if fraction.denominator != 1:
            out.append(self.slash)
            out.extend(self.digit_token[int(d)] for d in str(fraction.denominator))
        out.append(self.end)

    def _any(self, st, x, out) -> None:
        """A parameter the checker could not type: encoded by what the value is at run time."""
        if x is None:
            out.append(self.none)
        elif isinstance(x, bool):
            out.append(self.yes if x else self.no)
        elif isinstance(x, str):
            out.append(self._word(x))
        elif isinstance(x, (tuple, list)):
            for v in x:
                self._any(st, v, out)
            out.append(self.end)
        else:
            self._number(x, out)

    # --- moves
    def encode(self, st: State, move: Move) -> tuple[int, ...]:
        """The tokens of a legal move of `st` (group arguments are read from `st`)."""
        out = [self.move_token[move.name]]
        for encode, arg in zip(self.param_encoders[(st.phase, move.decl)], move.args):
            encode(st, arg, out)
        return tuple(out)

    def legal_sequences(self, st: State) -> list[tuple[tuple[int, ...], Move]]:
        """Every legal move of `st` with its tokens."""
        if st.over:
            return []
        return [(self.encode(st, m), m) for m in st.legal_moves()]

    def describe(self, tokens: tuple[int, ...]) -> str:
        """Tokens as words: ``capture 8S 4H 4C end``."""
        return " ".join(self.labels[t].split(":", 1)[-1] for t in tokens)


@per_game
def encoding(game: Game) -> ActionEncoding:
    """The encoding of a game, built once per Game."""
    return ActionEncoding(game)


def _number_window(game: Game) -> tuple[int, int]:
    model = game.model
    found = [0]
    for phase in model.phases.values():
        for mv in phase.moves:
            for g in mv.generators:
                if T.element(model.types.get(id(g.source), T.ANY)) != T.NUMBER:
                    continue
                for e in n.walk(g.source):
                    value = constant_number(model, e)
                    if isinstance(value, int):
                        found.append(value)
                    attr = e.id if isinstance(e, n.Name) else e.func if isinstance(e, n.Call) else None
                    values = game.deck.attrs.get(attr) if isinstance(attr, str) else None
                    if values:
                        found.extend(int(v) for v in values if int(v) == v)
    low, high = min(found), max(found)
    return low, min(high, low + WINDOW_CAP - 1)


# --- the State's interface (runtime.py delegates here) --------------------------------------

def _extending(sequences, prefix: tuple[int, ...]):
    k = len(prefix)
    return [(s, m) for s, m in sequences if s[:k] == prefix]


def legal_actions(st: State) -> list[int]:
    """The distinct next tokens of the legal moves that extend the move chosen so far."""
    k = len(st.pending)
    return sorted({s[k] for s, _ in _extending(encoding(st.game).legal_sequences(st), st.pending)})


def apply_action(st: State, action: int) -> Move | None:
    """Choose one token: returns the Move once the tokens name a whole move (it is played), or
    None while the move is still being chosen. An illegal id raises IllegalMove, state unchanged."""
    enc = encoding(st.game)
    if st.over:
        raise IllegalMove(enc.label(action), "the game is over")
    sequences = enc.legal_sequences(st)
    prefix = st.pending + (action,)
    live = _extending(sequences, prefix)
    if not live:
        legal = sorted({s[len(st.pending)] for s, _ in _extending(sequences, st.pending)})
        raise IllegalMove(enc.label(action), "not a legal action here; legal: "
                          + ", ".join(f"{a} ({enc.label(a)})" for a in legal))
    while True:
        tokens, move = live[0]
        if len(tokens) == len(prefix):
            return st.apply(move)  # applying clears `pending`
        following = {s[len(prefix)] for s, _ in live}
        if len(following) > 1:
            st.pending = prefix
            return None
        prefix += (following.pop(),)
        live = _extending(live, prefix)


def action_to_string(st: State, action: int) -> str:
    """What `action` would do here: the move's text when it completes a move, else the tokens
    chosen so far with this one (``capture 8S …``)."""
    enc = encoding(st.game)
    prefix = st.pending + (action,)
    live = _extending(enc.legal_sequences(st), prefix)
    if not live:
        return enc.label(action)
    if len({s for s, _ in live}) == 1:
        return live[0][1].text  # the only completion is taken at once: this action plays it
    return enc.describe(prefix) + " …"
