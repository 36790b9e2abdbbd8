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
            low, high, start, number = self.window_low, self.window_high, self.window_start, self._number

            def whole(st, x, out):
                if x.__class__ is int and low <= x <= high:
                    out.append(start + x - low)
                else:
                    number(x, out)
            return whole
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

class ActionTree:
    """The legal moves of one position that begin with the tokens chosen so far (`depth` of
    them), split by their next token when first asked: `next(enc, st)` maps a token to the
    subtree it leads to, or to the Move itself when it leads to one move only (its other tokens
    are the only ones possible, taken at once). Moves are encoded lazily, one parameter at a
    time as the depth needs it: the first token is the move's name, so the root splits without
    encoding anything, and a token that leads to one move plays it without encoding the rest."""

    __slots__ = ("depth", "moves", "tokens", "_next", "choices")

    def __init__(self, depth: int, moves: list[Move], tokens: list[list] | None):
        self.depth = depth
        self.moves = moves
        # Per move: the index of the next parameter to encode, then its tokens encoded so far.
        self.tokens = tokens
        self._next: dict[int, ActionTree | Move] | None = None
        self.choices: list[int] | None = None  # the tokens of `next`, sorted, once listed

    def next(self, enc: ActionEncoding, st: State) -> dict[int, ActionTree | Move]:
        following = self._next
        if following is not None:
            return following
        following = self._next = {}
        depth = self.depth
        if depth == 0:
            grouped: dict[int, list[Move]] = {}
            names = enc.move_token
            for m in self.moves:
                grouped.setdefault(names[m.name], []).append(m)
            for token, moves in grouped.items():
                following[token] = moves[0] if len(moves) == 1 else ActionTree(1, moves, None)
            return following
        tokens = self.tokens
        if tokens is None:
            tokens = self.tokens = [[0, m.name] for m in self.moves]  # the name stands for its token
        encoders = enc.param_encoders
        phase = st.phase
        split: dict[int, tuple[list[Move], list[list]]] = {}
        for m, t in zip(self.moves, tokens):
            if len(t) <= depth + 1:
                args = m.args
                params = encoders[(phase, m.decl)]
                # the next parameters, until the token at this depth is known
                while len(t) <= depth + 1 and t[0] < len(args):
                    params[t[0]](st, args[t[0]], t)
                    t[0] += 1
                if len(t) <= depth + 1:
                    split.clear()  # moves encoded alike: the first of them stands for them all
                    following[-1] = m
                    break
            moves, seqs = split.setdefault(t[depth + 1], ([], []))
            moves.append(m)
            seqs.append(t)
        for token, (moves, seqs) in split.items():
            following[token] = moves[0] if len(moves) == 1 else ActionTree(depth + 1, moves, seqs)
        return following


class _Tokens:
    """A State's ActionTree with the legal list it was built from (a new list, a new tree)."""

    __slots__ = ("legal", "root", "enc")

    def __init__(self, legal: list[Move], root: ActionTree, enc: ActionEncoding):
        self.legal = legal
        self.root = root
        self.enc = enc


def _tokens(st: State) -> _Tokens:
    """The tree of the legal moves of `st` (empty when the game is over), kept on the State
    with the list of legal moves it splits."""
    kept = st._actions
    if kept is not None and kept.legal is st._legal and kept.legal is not None:
        return kept
    enc = encoding(st.game)
    if st.over:
        return _Tokens([], ActionTree(0, [], None), enc)
    legal = st.legal_moves()
    kept = st._actions = _Tokens(legal, ActionTree(0, legal, None), enc)
    return kept


def _chosen(st: State, kept: _Tokens) -> ActionTree | Move | None:
    """The subtree of the tokens chosen so far (None: they begin no legal move)."""
    node: ActionTree | Move | None = kept.root
    for token in st.pending:
        node = node.next(kept.enc, st).get(token) if isinstance(node, ActionTree) else None
    return node


def _forced(node: ActionTree | Move, enc: ActionEncoding, st: State,
            prefix: tuple[int, ...]) -> tuple[tuple[int, ...], ActionTree | Move]:
    """Past the tokens that are the only ones possible next: the tokens then and the node."""
    while node.__class__ is ActionTree:
        following = node.next(enc, st)
        if len(following) != 1:
            break
        ((token, node),) = following.items()
        if token < 0:
            return prefix, node  # moves encoded alike (ActionTree.next)
        prefix += (token,)
    return prefix, node


def legal_actions(st: State) -> list[int]:
    """The distinct next tokens of the legal moves that extend the move chosen so far."""
    kept = _tokens(st)
    node = kept.root if not st.pending else _chosen(st, kept)
    if node.__class__ is not ActionTree:
        return []
    choices = node.choices
    if choices is None:
        choices = node.choices = sorted(node.next(kept.enc, st))
    return choices[:]


def resolve_action(st: State, action: int) -> tuple[tuple[int, ...], Move | None]:
    """What choosing `action` leads to: the tokens chosen then (those that are the only ones
    possible next included) and the Move they name, or None while the move is still being
    chosen. An illegal id raises IllegalMove; nothing is changed."""
    kept = _tokens(st)
    enc = kept.enc
    node = kept.root if not st.pending else _chosen(st, kept)
    child = node.next(enc, st).get(action) if node.__class__ is ActionTree and action >= 0 else None
    if child is None:
        if st.over:
            raise IllegalMove(enc.label(action), "the game is over")
        raise IllegalMove(enc.label(action), "not a legal action here; legal: "
                          + ", ".join(f"{a} ({enc.label(a)})" for a in legal_actions(st)))
    if child.__class__ is not ActionTree:
        return st.pending + (action,), child  # type: ignore[return-value]
    prefix, child = _forced(child, enc, st, st.pending + (action,))
    return prefix, (None if child.__class__ is ActionTree else child)  # type: ignore[return-value]


def apply_action(st: State, action: int) -> Move | None:
    """Choose one token: returns the Move once the tokens name a whole move (it is played), or
    None while the move is still being chosen. An illegal id raises IllegalMove, state unchanged."""
    prefix, move = resolve_action(st, action)
    if move is not None:
        return st.apply(move)  # applying clears `pending`
    st.pending = prefix
    return None


def action_to_string(st: State, action: int) -> str:
    """What `action` would do here: the move's text when it completes a move, else the tokens
    chosen so far with this one (``capture 8S …``)."""
    kept = _tokens(st)
    enc = kept.enc
    node = _chosen(st, kept)
    child = node.next(enc, st).get(action) if node.__class__ is ActionTree and action >= 0 else None
    if child is None:
        return enc.label(action)
    _, child = _forced(child, enc, st, ())
    if child.__class__ is not ActionTree:
        return child.text  # type: ignore[union-attr]  # the only completion is taken at once
    return enc.describe(st.pending + (action,)) + " …"
