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
# Parameter types whose tokens depend on the value alone, never on the state.
SCALARS = frozenset({T.CARD, T.PLAYER, T.TEAM, T.BOOL, T.NUMBER, T.SYMBOL, T.RANK, T.SUIT})
# Moves whose tokens an encoding keeps (ActionEncoding.known), as the engine's move caches
# (primitives.MOVE_CACHE_LIMIT): past it the entries are dropped and made again as needed.
KNOWN_LIMIT = 100_000

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
        # (phase, move) of the moves whose tokens are their values' alone (no group, no list, no
        # value the checker could not type): the engine makes such a Move once for its values
        # (primitives.interned_move), so its tokens are worked out once and kept (`known`).
        self.by_values: set[tuple[int, int]] = set()
        # phase -> the token of its one move name, where all its moves share one (the root of
        # every position of the phase is then that token alone, known without reading the moves)
        self.one_name: dict[int, int] = {}
        types = game.model.types
        for phase in game.phases:
            for cm in phase.moves:
                key = (phase.index, cm.index)
                self.param_types[key] = tuple(T.element(types.get(id(g.source), T.ANY)) for g in cm.decl.generators)
                self.param_encoders[key] = tuple(self._encoder(t) for t in self.param_types[key])
                if all(t in SCALARS for t in self.param_types[key]):
                    self.by_values.add(key)
            names = {cm.name for cm in phase.moves}
            if len(names) == 1:
                self.one_name[phase.index] = self.move_token[names.pop()]
        # id(move) -> (move, its tokens as ActionTree keeps them): the entry holds the Move, so
        # its id is no other object's while the entry lasts
        self.known: dict[int, tuple[Move, list]] = {}

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
            one = enc.one_name.get(st.phase)
            if one is not None:  # every move of the phase has the one name: nothing to read
                moves = self.moves
                following[one] = moves[0] if len(moves) == 1 else ActionTree(1, moves, None)
                return following
            grouped: dict[int, list[Move]] = {}
            names = enc.move_token
            for m in self.moves:
                grouped.setdefault(names[m.name], []).append(m)
            for token, moves in grouped.items():
                following[token] = moves[0] if len(moves) == 1 else ActionTree(1, moves, None)
            return following
        tokens = self.tokens
        if tokens is None:
            tokens = self.tokens = _first_tokens(enc, st, self.moves)
        at = depth + 1
        try:
            # The usual case, every move's token at this depth known: one dict, and when the
            # tokens all differ (a card each), each leads to its move.
            by_token: dict[int, ActionTree | Move] = {t[at]: m for m, t in zip(self.moves, tokens)}
        except IndexError:  # some move's token there is still to be encoded
            pass
        else:
            if len(by_token) == len(tokens):
                self._next = by_token
                return by_token
        encoders = enc.param_encoders
        phase = st.phase
        split: dict[int, tuple[list[Move], list[list]]] = {}
        for m, t in zip(self.moves, tokens):
            if len(t) <= at:
                args = m.args
                params = encoders[(phase, m.decl)]
                # the next parameters, until the token at this depth is known
                while len(t) <= at and t[0] < len(args):
                    params[t[0]](st, args[t[0]], t)
                    t[0] += 1
                if len(t) <= at:
                    split.clear()  # moves encoded alike: the first of them stands for them all
                    following[-1] = m
                    break
            moves, seqs = split.setdefault(t[at], ([], []))
            moves.append(m)
            seqs.append(t)
        for token, (moves, seqs) in split.items():
            following[token] = moves[0] if len(moves) == 1 else ActionTree(depth + 1, moves, seqs)
        return following


def _first_tokens(enc: ActionEncoding, st: State, moves: list[Move]) -> list[list]:
    """Per move, the index of its next parameter to encode then its tokens so far (its name
    standing for its token): a move made once for its values has them all, worked out once
    (ActionEncoding.known, never changed: every parameter is encoded, so nothing is appended)."""
    known = enc.known
    by_values = enc.by_values
    phase = st.phase
    out = []
    for m in moves:
        entry = known.get(id(m))
        if entry is None:
            if (phase, m.decl) not in by_values:
                out.append([0, m.name])
                continue
            t: list = [len(m.args), m.name]
            for encode, arg in zip(enc.param_encoders[(phase, m.decl)], m.args):
                encode(st, arg, t)
            if len(known) >= KNOWN_LIMIT:
                known.clear()
            entry = known[id(m)] = (m, t)
        out.append(entry[1])
    return out


class _Tokens:
    """A State's ActionTree with the legal list it was built from (a new list, a new tree),
    and the subtree of the tokens last chosen (`at`, for the very tuple `at_pending`, which
    apply_action set as the State's `pending`): the next call finds it without a walk."""

    __slots__ = ("legal", "root", "enc", "at_pending", "at")

    def __init__(self, legal: list[Move], root: ActionTree, enc: ActionEncoding):
        self.legal = legal
        self.root = root
        self.enc = enc
        self.at_pending: tuple = ()
        self.at: ActionTree | Move | None = root


def _tokens(st: State) -> _Tokens:
    """The tree of the legal moves of `st` (empty when the game is over), kept on the State
    with the list of legal moves it splits."""
    kept = st._actions
    if kept is not None and kept.legal is st._legal and kept.legal is not None:
        return kept
    enc = kept.enc if kept is not None else encoding(st.game)  # a State's game is always the same
    if st.over:
        return _Tokens([], ActionTree(0, [], None), enc)
    legal = st.legal_moves()
    kept = st._actions = _Tokens(legal, ActionTree(0, legal, None), enc)
    return kept


def _chosen(st: State, kept: _Tokens) -> ActionTree | Move | None:
    """The subtree of the tokens chosen so far (None: they begin no legal move)."""
    pending = st.pending
    if pending is kept.at_pending:
        return kept.at
    node: ActionTree | Move | None = kept.root
    for token in pending:
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
    kept = st._actions
    legal = st._legal
    if kept is None or kept.legal is not legal or legal is None:
        kept = _tokens(st)
    node = kept.at if st.pending is kept.at_pending else _chosen(st, kept)
    if node.__class__ is not ActionTree:
        return []
    choices = node.choices
    if choices is None:
        following = node._next
        choices = node.choices = sorted(following if following is not None else node.next(kept.enc, st))
    return choices[:]


def _resolved(st: State, action: int, kept: _Tokens) -> tuple[tuple[int, ...], ActionTree | Move]:
    """resolve_action's work: the tokens chosen then and the node they lead to."""
    enc = kept.enc
    node = kept.at if st.pending is kept.at_pending else _chosen(st, kept)
    child = None
    if node.__class__ is ActionTree and action >= 0:
        following = node._next
        child = (following if following is not None else node.next(enc, st)).get(action)
    if child is None:
        if st.over:
            raise IllegalMove(enc.label(action), "the game is over")
        raise IllegalMove(enc.label(action), "not a legal action here; legal: "
                          + ", ".join(f"{a} ({enc.label(a)})" for a in legal_actions(st)))
    if child.__class__ is not ActionTree:
        return st.pending + (action,), child
    return _forced(child, enc, st, st.pending + (action,))


def resolve_action(st: State, action: int) -> tuple[tuple[int, ...], Move | None]:
    """What choosing `action` leads to: the tokens chosen then (those that are the only ones
    possible next included) and the Move they name, or None while the move is still being
    chosen. An illegal id raises IllegalMove; nothing is changed."""
    prefix, node = _resolved(st, action, _tokens(st))
    return prefix, (None if node.__class__ is ActionTree else node)  # type: ignore[return-value]


def apply_action(st: State, action: int) -> Move | None:
    """Choose one token: returns the Move once the tokens name a whole move (it is played), or
    None while the move is still being chosen. An illegal id raises IllegalMove, state unchanged."""
    kept = st._actions
    legal = st._legal
    if kept is None or kept.legal is not legal or legal is None:
        kept = _tokens(st)
    node = kept.at if st.pending is kept.at_pending else _chosen(st, kept)
    following = node._next if node.__class__ is ActionTree else None
    child = following.get(action) if following is not None and action >= 0 else None
    if child is None:
        prefix, node = _resolved(st, action, kept)  # not listed yet, or not legal (IllegalMove)
    elif child.__class__ is not ActionTree:
        return st.apply(child)  # type: ignore[arg-type]  # the usual last token; applying clears `pending`
    else:
        prefix, node = _forced(child, kept.enc, st, st.pending + (action,))
    if node.__class__ is not ActionTree:
        return st.apply(node)  # type: ignore[arg-type]  # applying clears `pending`
    st.pending = kept.at_pending = prefix
    kept.at = node
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
