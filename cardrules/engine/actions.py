"""Integer action ids for any rules file: a fixed vocabulary of tokens, and every move as a
sequence of them, so an id means the same thing in every state of a game.

A move is written as tokens: a move without parameters is its name's token (one per distinct
name across the phases); a move with parameters is each parameter's value, by the parameter's
type as the checker typed it (below), its first token made one with the move's name: the
*head* (``play 7C``, ``bet 7``), from a static table per game (every first token the first
parameter's type allows, per name). So the move of one card or one number, most moves of
most games, is one action: one decision where a name and then a value would be two.

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

Every parameter's tokens end unambiguously, so no move's sequence is a prefix of another's
(a head is its name's and its value's first token both).
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

Encoder = Callable[["State", Any, list], None]
# Roots of legal lists an encoding keeps (ActionEncoding.roots), as the engine's move caches
# (primitives.MOVE_CACHE_LIMIT) keep moves: past it they are dropped and made again as needed.
ROOTS_LIMIT = 20_000
# Legal lists at least this long are looked up among the roots kept; shorter ones cost less
# to read than to look up.
LONG_LIST = 16


class ActionEncoding:
    """The token vocabulary of one compiled game and the encoding of its moves."""

    def __init__(self, game: Game):
        self.game = game
        self.labels: list[str] = []
        types = game.model.types
        # A move name has a token of its own where some declaration of it has no parameter
        # (the move is that token); a move with parameters begins with a head (below).
        self.move_token: dict[str, int] = {}
        for phase in game.phases:
            for cm in phase.moves:
                if not cm.decl.generators and cm.name not in self.move_token:
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
        # The head of a move with parameters: its name and the first token of its first
        # parameter's value, one id (`play 7C`), so that a move of one card is one decision.
        # name -> {first token -> head}, over every first token the parameter's type allows
        # (of every declaration of the name): a static table, the same in every state.
        self.head: dict[str, dict[int, int]] = {}
        firsts: dict[str, set[int]] = {}
        for phase in game.phases:
            for cm in phase.moves:
                if cm.decl.generators:
                    first = T.element(types.get(id(cm.decl.generators[0].source), T.ANY))
                    firsts.setdefault(cm.name, set()).update(self._firsts(first))
        for name, tokens in firsts.items():
            self.head[name] = {t: self._add(f"head:{name} {self._first_label(t)}") for t in sorted(tokens)}
        self.param_types: dict[tuple[int, int], tuple[T.Type, ...]] = {}  # (phase, move) -> parameter types
        self.param_encoders: dict[tuple[int, int], tuple[Encoder, ...]] = {}
        # (phase, move) of the moves whose tokens are their values' alone (no group, no list, no
        # value the checker could not type): the engine makes such a Move once for its values
        # (primitives.interned_move), so its tokens are worked out once and kept on it (`Move.actions`).
        self.by_values: set[tuple[int, int]] = set()
        # (phase, move) of the moves whose values are scalars, groups or items but no list: made
        # once for their values too when they name no group (`Move._seen` then the empty dict).
        self.by_values_unless_groups: set[tuple[int, int]] = set()
        for phase in game.phases:
            for cm in phase.moves:
                key = (phase.index, cm.index)
                self.param_types[key] = tuple(T.element(types.get(id(g.source), T.ANY)) for g in cm.decl.generators)
                self.param_encoders[key] = tuple(self._encoder(t) for t in self.param_types[key])
                if all(t in SCALARS for t in self.param_types[key]):
                    self.by_values.add(key)
                elif all(t in SCALARS or t in (T.GROUP, T.ITEM) for t in self.param_types[key]):
                    self.by_values_unless_groups.add(key)
        # The roots of the long legal lists whose moves are all kept encoded: the moves' ids ->
        # (the moves, their heads, the heads sorted, each once). The entry holds the
        # moves, so no other object has their ids while it lasts.
        self.roots: dict[tuple[int, ...], tuple[list[Move], list[int], list[int]]] = {}

    def _firsts(self, t: T.Type) -> set[int]:
        """The tokens a value of type `t` may begin with (its encoder's first token)."""
        none = {self.none}
        cards = set(self.card_token.values())
        numbers = set(range(self.window_start, self.window_start + self.window_high - self.window_low + 1))
        numbers |= {self.minus, *self.digit_token}
        words = set(self.word_token.values())
        if t == T.CARD:
            return cards | none
        if t == T.GROUP:
            return cards | none | {self.end}
        if t == T.ITEM:
            return cards | none | {self.group}
        if t.kind == "list":
            return self._firsts(t.of) | none | {self.end}
        if t == T.PLAYER:
            return set(self.player_token) | none
        if t == T.TEAM:
            return set(self.team_token) | none
        if t == T.BOOL:
            return {self.yes, self.no}
        if t == T.NUMBER:
            return numbers | none
        if t in (T.SYMBOL, T.RANK, T.SUIT):
            return words | none
        return none | {self.yes, self.no, self.end} | words | numbers  # what `_any` may write

    def _first_label(self, token: int) -> str:
        """A first token as a head's label shows it: the token's word (`7C`, `3`), a digit as
        itself (`digit:3`: the number 3 of the window is `3`)."""
        label = self.labels[token]
        return label if label.startswith("digit:") else label.split(":", 1)[-1]

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
        if not move.args:
            return (self.move_token[move.name],)
        out: list = []
        for encode, arg in zip(self.param_encoders[(st.phase, move.decl)], move.args):
            encode(st, arg, out)
        out[0] = self.head[move.name][out[0]]
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
    are the only ones possible, taken at once). The root's tokens are the moves' heads, known
    for every move (kept on a Move made once for its values); the others are encoded lazily,
    one parameter at a time as the depth needs it, so a head that leads to one move plays it
    without encoding the rest."""

    __slots__ = ("depth", "moves", "tokens", "_next", "choices")

    def __init__(self, depth: int, moves: list[Move], tokens: list[list]):
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
        tokens = self.tokens
        at = self.depth + 1
        try:
            # The usual case, every move's token at this depth known: one dict, and when the
            # tokens all differ (a head each), each leads to its move.
            by_token: dict[int, ActionTree | Move] = {t[at]: m for m, t in zip(self.moves, tokens)}
        except IndexError:  # some move's token there is still to be encoded
            pass
        else:
            if len(by_token) == len(tokens):
                self._next = by_token
                return by_token
        following = self._next = {}
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
            following[token] = moves[0] if len(moves) == 1 else ActionTree(at, moves, seqs)
        return following


def _first_tokens(enc: ActionEncoding, st: State, moves: list[Move]) -> list[list]:
    """Per move, the index of its next parameter to encode then its tokens so far, its head
    at least: a move whose tokens are its values' alone has them all, worked out the first
    time and kept on the Move (`Move.actions`, never changed then: every parameter is encoded,
    so nothing is appended)."""
    out = []
    for m in moves:
        t = m.actions
        out.append(t if t is not None else _start(enc, st, m))
    return out


def _start(enc: ActionEncoding, st: State, m: Move) -> list:
    args = m.args
    if not args:
        t = m.actions = [0, enc.move_token[m.name]]
        return t
    key = (st.phase, m.decl)
    encoders = enc.param_encoders[key]
    if key in enc.by_values or (key in enc.by_values_unless_groups and m._seen is not None and not m._seen):
        t = [len(args)]
        for encode, arg in zip(encoders, args):
            encode(st, arg, t)
        t[1] = enc.head[m.name][t[1]]
        m.actions = t
        return t
    t = [1]
    encoders[0](st, args[0], t)
    t[1] = enc.head[m.name][t[1]]
    return t


class _Tokens(ActionTree):
    """The root of a State's ActionTree, kept on the State with the legal list it splits (a
    new list, a new root), and the subtree of the tokens last chosen (`at`, for the very tuple
    `at_pending`, which apply_action set as the State's `pending`): the next call finds it
    without a walk. Made for every move, so the root is a list of heads, the moves' own
    (`heads[i]` is the head of `moves[i]`, where every move's tokens are kept on it): choosing
    a head then finds its move in the list, and the tree's dict is made only when asked for."""

    __slots__ = ("enc", "at_pending", "at", "heads")

    def __init__(self, legal: list[Move], heads: list[int] | None, enc: ActionEncoding, choices: list[int] | None):
        self.depth = 0
        self.moves = legal
        self.heads = heads
        self.tokens = None if heads is not None else _NO_TOKENS
        self._next = None
        self.choices = choices
        self.enc = enc
        self.at_pending: tuple = ()
        self.at: ActionTree | Move | None = self

    def next(self, enc: ActionEncoding, st: State) -> dict[int, ActionTree | Move]:
        if self._next is None and (self.tokens is None or self.tokens is _NO_TOKENS):
            self.tokens = _first_tokens(enc, st, self.moves)
        return ActionTree.next(self, enc, st)


_NO_MOVES: list[Move] = []
_NO_TOKENS: list[list] = []  # a root's tokens not worked out yet, some move not encoded yet


def _tokens(st: State) -> _Tokens:
    """The root of the legal moves of `st` (empty when the game is over), kept on the State
    with the list of legal moves it splits."""
    kept = st._actions
    if kept is not None and kept.moves is st._legal:
        return kept
    if st.over:
        return _Tokens(_NO_MOVES, [], kept.enc if kept is not None else encoding(st.game), [])
    legal = st.legal_moves()
    enc = kept.enc if kept is not None else encoding(st.game)  # a State's game is always the same
    choices = None
    count = len(legal)
    if count == 1:  # a forced move, the only move of War: its head alone, sorted as it is
        move = legal[0]
        heads: list[int] | None = None if move.actions is None else [move.actions[1]]
        choices = heads
    elif count < LONG_LIST:
        try:
            heads = [m.actions[1] for m in legal]
        except TypeError:  # a move not encoded yet (or not by its values alone: never kept)
            heads = None
    else:
        # A long list listed again (the bets of a range) has the same heads: found by the
        # moves' identities, which the entry keeps alive.
        key = tuple(map(id, legal))
        root = enc.roots.get(key)
        if root is not None:
            heads, choices = root[1], root[2]
        else:
            try:
                heads = [m.actions[1] for m in legal]
            except TypeError:
                heads = None
            else:
                choices = sorted(set(heads))
                if len(enc.roots) >= ROOTS_LIMIT:
                    enc.roots.clear()
                enc.roots[key] = (legal, heads, choices)
    if kept is None:
        kept = st._actions = _Tokens(legal, heads, enc, choices)
    else:
        # The State's root, made again for its new legal list without making an object: the
        # old one is no one's but the State's (a copy of a State lists its own).
        kept.moves = legal
        kept.heads = heads
        kept.tokens = None if heads is not None else _NO_TOKENS
        kept._next = None
        kept.choices = choices
        kept.at_pending = ()
        kept.at = kept
    return kept


def _chosen(st: State, kept: _Tokens) -> ActionTree | Move | None:
    """The subtree of the tokens chosen so far (None: they begin no legal move)."""
    pending = st.pending
    if pending is kept.at_pending:
        return kept.at
    node: ActionTree | Move | None = kept
    for token in pending:
        node = node.next(kept.enc, st).get(token) if isinstance(node, ActionTree) else None
    return node


def _forced(node: Any, enc: ActionEncoding, st: State,
            prefix: tuple[int, ...]) -> tuple[tuple[int, ...], ActionTree | Move]:
    """Past the tokens that are the only ones possible next: the tokens then and the node."""
    while node.__class__ is not Move:
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
    if kept is None or kept.moves is not st._legal:
        kept = _tokens(st)
    if not st.pending:
        choices = kept.choices
        if choices is None:
            heads = kept.heads
            # the heads, each once (moves that share a head are split further down)
            choices = kept.choices = sorted(set(heads)) if heads is not None else sorted(kept.next(kept.enc, st))
        return choices[:]
    node: Any = kept.at if st.pending is kept.at_pending else _chosen(st, kept)
    if node is None or node.__class__ is Move:
        return []
    choices = node.choices
    if choices is None:
        following = node._next
        choices = node.choices = sorted(following if following is not None else node.next(kept.enc, st))
    return choices[:]


def _resolved(st: State, action: int, kept: _Tokens) -> tuple[tuple[int, ...], ActionTree | Move]:
    """resolve_action's work: the tokens chosen then and the node they lead to."""
    enc = kept.enc
    node: Any = kept.at if st.pending is kept.at_pending else _chosen(st, kept)
    child: Any = None
    if node is not None and node.__class__ is not Move and action >= 0:
        following = node._next
        child = (following if following is not None else node.next(enc, st)).get(action)
    if child is None:
        if st.over:
            raise IllegalMove(enc.label(action), "the game is over")
        raise IllegalMove(enc.label(action), "not a legal action here; legal: "
                          + ", ".join(f"{a} ({enc.label(a)})" for a in legal_actions(st)))
    if child.__class__ is Move:
        return st.pending + (action,), child
    return _forced(child, enc, st, st.pending + (action,))


def resolve_action(st: State, action: int) -> tuple[tuple[int, ...], Move | None]:
    """What choosing `action` leads to: the tokens chosen then (those that are the only ones
    possible next included) and the Move they name, or None while the move is still being
    chosen. An illegal id raises IllegalMove; nothing is changed."""
    prefix, node = _resolved(st, action, _tokens(st))
    return prefix, (node if node.__class__ is Move else None)


def apply_action(st: State, action: int) -> Move | None:
    """Choose one token: returns the Move once the tokens name a whole move (it is played), or
    None while the move is still being chosen. An illegal id raises IllegalMove, state unchanged."""
    kept = st._actions
    if kept is None or kept.moves is not st._legal:
        kept = _tokens(st)
    if not st.pending:
        heads = kept.heads
        # The usual first token: a head of one move, found in the list of heads and played
        # (a head shared by several moves, or no head, goes the tree's way below). The heads
        # are known to differ once listed as choices of the same length.
        if heads is not None and action in heads:
            choices = kept.choices
            if (choices is not None and len(choices) == len(heads)) or heads.count(action) == 1:
                return st._apply_at(heads.index(action))
        node: Any = kept
    else:
        node = kept.at if st.pending is kept.at_pending else _chosen(st, kept)
    following = node._next if node is not None and node.__class__ is not Move else None
    child: Any = following.get(action) if following is not None and action >= 0 else None
    if child is None:
        prefix, node = _resolved(st, action, kept)  # not listed yet, or not legal (IllegalMove)
    elif child.__class__ is Move:
        return st.apply(child)  # the usual last token; applying clears `pending`
    else:
        prefix, node = _forced(child, kept.enc, st, st.pending + (action,))
    if node.__class__ is Move:
        return st.apply(node)  # applying clears `pending`
    st.pending = kept.at_pending = prefix
    kept.at = node
    return None


def action_to_string(st: State, action: int) -> str:
    """What `action` would do here: the move's text when it completes a move, else the tokens
    chosen so far with this one (``capture 8S …``)."""
    kept = _tokens(st)
    enc = kept.enc
    node: Any = _chosen(st, kept)
    child = node.next(enc, st).get(action) if node is not None and node.__class__ is not Move and action >= 0 else None
    if child is None:
        return enc.label(action)
    _, child = _forced(child, enc, st, ())
    if child.__class__ is Move:
        return child.text  # the only completion is taken at once
    return enc.describe(st.pending + (action,)) + " …"
