"""Core built-ins: seats, cards, zones and groups, lists, numbers and randomness.

Every built-in is general: it names no game. Each has a signature the checker uses and an
implementation the compiler calls as ``impl(state, *args)``. Arguments of type
``collection`` arrive as Python lists (the compiler turns zones and groups into their
contents); arguments of type ``func`` arrive as callables ``f(state, *args)``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable

import attrs

from .. import types as T
from ..limits import refuse_results, subsets_count


@attrs.frozen(slots=True)
class Builtin:
    name: str
    params: tuple[T.Type, ...]
    returns: T.Type | Callable[[list[T.Type]], T.Type]
    impl: Callable
    doc: str
    # Python source the compiler may emit instead of a call: {0}, {1} are the arguments'
    # source, {n} the player count, {deck} the deck table, {size} the number of cards, {seats}
    # per player the players in the order of play from that one, {step} +1 or -1 as the order
    # of play goes up or down the seat numbers. The same meaning as `impl`, faster; each
    # argument appears once, so it is evaluated once. For a built-in with a short form, it
    # stands for the short form only.
    inline: str | None = None
    # False when the result depends only on the arguments and the game (the deck, the seats),
    # never on where the cards are or on the variables: the compiler may then tabulate a def
    # that calls it, or compute it once for many uses.
    reads_state: bool = True
    # False for a built-in that draws randomness: it is never computed once for many uses.
    deterministic: bool = True
    # The number of arguments of a shorter form that leaves the last ones out (the
    # implementation's defaults stand for them), or None when every argument is needed.
    short_form: int | None = None
    # For a built-in whose first argument is a card and whose others the compiler knows
    # before play (a rank order): ``by_card(deck, *others)`` is its value for every card of the
    # deck, a tuple indexed by card, so that a call is a look-up, not a call.
    by_card: Callable | None = None
    # For a built-in that makes a list: ``counted(state, *args)`` is how many items that list
    # would hold, counted without making it (`count(sum_subsets(...))`), or the same error.
    counted: Callable | None = None
    # True for a built-in whose list holds at most as many items as the collection it is given
    # first (the values it takes, each once): the work pass bounds the loops over it by that.
    no_longer_than_first: bool = False
    # For a built-in that makes lists: the place of the argument that bounds how many items
    # each of those lists holds (subsets' largest size), which the work pass bounds loops by.
    items_at_most: int | None = None

    def result_type(self, arg_types: list[T.Type]) -> T.Type:
        return self.returns(arg_types) if callable(self.returns) else self.returns


def _elem_of(i: int) -> Callable[[list[T.Type]], T.Type]:
    return lambda ts: T.element(ts[i]) if i < len(ts) else T.ANY


def list_of_lists(i: int) -> Callable[[list[T.Type]], T.Type]:
    return lambda ts: T.list_of(T.list_of(T.element(ts[i]))) if i < len(ts) else T.ANY


REGISTRY: dict[str, Builtin] = {}


class ByCard:
    """A one-argument function of the rules known for every card (or seat): ``f(st, x)`` is
    ``values[x]``. The compiler passes deck attributes and the defs it tabulates this way, so
    a built-in that asks the function of many cards reads the values instead (`values_of`).
    When the values could not be computed, ``values`` is empty and each call asks `fn`."""

    __slots__ = ("values", "fn", "probe")

    def __init__(self, values: list, fn=None, probe=None):
        self.values, self.fn, self.probe = values, fn, probe

    def __call__(self, st, x):
        return self.values[x] if self.values else self.fn(self.probe, x)


class TablesByIdentity:
    """A table a built-in works out once for one or two objects that live as long as their Game
    (a deck, a rank order): ``tables.get(deck, order)`` is ``build(deck, order)``, built the
    first time. Keyed by the objects' identities, each entry keeping them alive so that no other
    object takes their ids; a process that loads game after game starts afresh when full."""

    __slots__ = ("build", "kept", "entries", "last")

    def __init__(self, build: Callable, kept: int = 16):
        self.build, self.kept = build, kept
        self.entries: dict[tuple[int, int], tuple] = {}
        self.last: tuple = (None, None, None)  # most calls ask for the last objects again

    def get(self, first, second=None):
        last = self.last
        if last[0] is first and last[1] is second and last[2] is not None:
            return last[2]
        key = (id(first), id(second))
        entry = self.entries.get(key)
        if entry is None:
            if len(self.entries) >= self.kept:
                self.entries.clear()
            table = self.build(first) if second is None else self.build(first, second)
            entry = self.entries[key] = (first, second, table)
        self.last = entry
        return entry[2]


def rank_positions(deck, order) -> tuple[int, ...]:
    """Per card of a deck, its rank's position in a rank order (-1 for a rank outside it)."""
    return tuple(order.get(rank, -1) for rank in deck.rank_of)


RANK_POSITIONS = TablesByIdentity(rank_positions)


def values_of(st, f, xs) -> list:
    """``[f(st, x) for x in xs]``, read from the table when `f` has one."""
    if f.__class__ is ByCard and f.values:
        values = f.values
        return [values[x] for x in xs]
    return [f(st, x) for x in xs]


def builtin(name: str, params: tuple[T.Type, ...], returns, doc: str, inline: str | None = None, *,
            reads_state: bool = True, deterministic: bool = True, short_form: int | None = None,
            by_card: Callable | None = None, counted: Callable | None = None, no_longer_than_first: bool = False,
            items_at_most: int | None = None):
    def register(fn):
        REGISTRY[name] = Builtin(name, params, returns, fn, doc, inline, reads_state, deterministic, short_form,
                                 by_card, counted, no_longer_than_first, items_at_most)
        return fn
    return register


# --- seats ------------------------------------------------------------------------------

# The order of play follows the file's `direction` line (clockwise unless it says otherwise), or
# the direction given as the last argument: `next(p, counterclockwise)`, for games that turn
# round during play. Clockwise goes up the seat numbers.
_STEPS = {"clockwise": 1, "counterclockwise": -1}


def _step(st, direction) -> int:
    if direction is None:
        direction = st.game.model.direction
    step = _STEPS.get(direction)
    if step is None:
        raise ValueError(f"`{direction}` is not a direction of play: clockwise or counterclockwise")
    return step


@builtin("next", (T.PLAYER, T.SYMBOL), T.PLAYER,
         "The player after p in the order of play (in `direction`, when given: `next(p, counterclockwise)`).",
         inline="(({0} + {step}) % {n})", reads_state=False, short_form=1)
def _next(st, p, direction=None):
    return (p + _step(st, direction)) % st.game.player_count


@builtin("previous", (T.PLAYER, T.SYMBOL), T.PLAYER,
         "The player before p in the order of play (in `direction`, when given).",
         inline="(({0} - {step}) % {n})", reads_state=False, short_form=1)
def _previous(st, p, direction=None):
    return (p - _step(st, direction)) % st.game.player_count


@builtin("players_from", (T.PLAYER, T.SYMBOL), T.list_of(T.PLAYER),
         "Every player in the order of play, starting with p (in `direction`, when given).",
         inline="list({seats}[{0}])", reads_state=False, short_form=1)
def _players_from(st, p, direction=None):
    if direction is None:
        return list(st.game.model.seat_order[p])
    n, step = st.game.player_count, _step(st, direction)
    return [(p + step * i) % n for i in range(n)]


@builtin("team", (T.PLAYER,), T.TEAM, "The team (side) of p; each player is a team alone without `teams`.",
         reads_state=False)
def _team(st, p):
    return st.game.team_of[p]


@builtin("members", (T.TEAM,), T.list_of(T.PLAYER), "The players of team t in the order of play.",
         reads_state=False)
def _members(st, t):
    return st.game.members[t]


@builtin("partner", (T.PLAYER,), T.PLAYER, "p's partner, or none when p plays alone.",
         reads_state=False)
def _partner(st, p):
    mates = [q for q in st.game.members[st.game.team_of[p]] if q != p]
    return mates[0] if mates else None


@builtin("opponents", (T.PLAYER,), T.list_of(T.PLAYER), "The players not on p's team, in order of play after p.",
         reads_state=False)
def _opponents(st, p):
    team_of = st.game.team_of
    return [q for q in st.game.model.seat_order[p][1:] if team_of[q] != team_of[p]]


# --- cards --------------------------------------------------------------------------------

@builtin("rank", (T.CARD,), T.RANK, 'The rank of a card: `rank(c) == "K"`.',
         inline="{deck}.rank_of[{0}]",
         reads_state=False)
def _rank(st, c):
    return st.game.deck.rank_of[c]


@builtin("suit", (T.CARD,), T.SUIT, 'The suit of a card: `suit(c) == "S"`; none for a joker.',
         inline="{deck}.suit_of[{0}]",
         reads_state=False)
def _suit(st, c):
    return st.game.deck.suit_of[c]


@builtin("name", (T.CARD,), T.SYMBOL, 'The name of a card: `name(c) == "10D"`.', inline="{deck}.names[{0}]",
         reads_state=False)
def _name(st, c):
    return st.game.deck.names[c]


@builtin("pos", (T.CARD_OR_RANK, T.ORDER), T.NUMBER,
         "The position of a rank in a rank order (higher is higher), or -1 if not in it; of a card, its rank's.",
         reads_state=False, by_card=rank_positions)
def _pos(st, x, order):
    if x.__class__ is int:
        x = st.game.deck.rank_of[x]
    return order.get(x, -1)


@builtin("in_order", (T.ORDER,), T.list_of(T.RANK), "The ranks of an order as a list, lowest first.",
         reads_state=False)
def _in_order(st, order):
    return sorted(order, key=order.__getitem__)


@builtin("is_joker", (T.CARD,), T.BOOL, "Whether c is a joker.", inline="({deck}.rank_of[{0}] == 'joker')",
         reads_state=False)
def _is_joker(st, c):
    return st.game.deck.rank_of[c] == "joker"


@builtin("face_up", (T.CARD,), T.BOOL, "Whether c lies face up (every seat sees a card that lies face up).")
def _face_up(st, c):
    return bool(st.face[c])


# --- items, zones and groups ---------------------------------------------------------------

@builtin("is_card", (T.ITEM,), T.BOOL, "Whether an item of a zone is a single card.",
         inline="({0} < {size})",
         reads_state=False)
def _is_card(st, x):
    return x < st.game.deck_size


@builtin("is_group", (T.ITEM,), T.BOOL, "Whether an item of a zone is a group (a build, a meld).",
         inline="({0} >= {size})",
         reads_state=False)
def _is_group(st, x):
    return x >= st.game.deck_size


@builtin("cards", (T.COLLECTION,), T.list_of(T.CARD), "The single cards among the items (groups left out).",
         reads_state=False)
def _cards(st, xs):
    size = st.game.deck_size
    return [x for x in xs if x < size]


@builtin("groups", (T.COLLECTION,), T.list_of(T.GROUP), "The groups among the items.",
         reads_state=False)
def _groups(st, xs):
    size = st.game.deck_size
    return [x for x in xs if x >= size]


@builtin("contents", (T.COLLECTION,), T.list_of(T.CARD), "Every card among the items, groups opened.")
def _contents(st, xs):
    size, groups = st.game.deck_size, st.groups
    out = []
    for x in xs:
        if x < size:
            out.append(x)
        else:
            out.extend(groups[x]["cards"])
    return out


@builtin("count", (T.COLLECTION,), T.NUMBER, "How many items a zone, group or list holds.",
         inline="len({0})",
         reads_state=False)
def _count(st, xs):
    return len(xs)


@builtin("empty", (T.COLLECTION,), T.BOOL, "Whether a zone, group or list holds nothing.",
         inline="(not {0})",
         reads_state=False)
def _empty(st, xs):
    return not xs


@builtin("top", (T.COLLECTION,), _elem_of(0), "The top (last) item, or none when empty.",
         inline="(({0}) or [None])[-1]", reads_state=False)
def _top(st, xs):
    return xs[-1] if xs else None


@builtin("bottom", (T.COLLECTION,), _elem_of(0), "The bottom (first) item, or none when empty.",
         inline="(({0}) or [None])[0]", reads_state=False)
def _bottom(st, xs):
    return xs[0] if xs else None


@builtin("random", (T.COLLECTION,), _elem_of(0),
         "One item chosen uniformly at random with the game's seeded generator (drawing lots).",
         deterministic=False)
def _random(st, xs):
    return xs[st.rng().randrange(len(xs))] if xs else None


@builtin("holder", (T.CARD,), T.PLAYER,
         "The player whose zone holds the card now (loose or in a group): the owner of a per-player "
         "zone; none in a shared or per-team zone, or for none. With one trick zone per player, the seat that played it.")
def _holder(st, c):
    if c is None:
        return None
    where = st.loc[c]
    slot = where if where >= 0 else st.groups[-1 - where]["zone"]
    game = st.game
    return game.slot_owner[slot] if game.slot_zone[slot].owner == "player" else None


@builtin("index_of", (T.ANY, T.COLLECTION), T.NUMBER,
         "The position of x in the list, from 0 at the bottom (the first), or -1 when it is not there.",
         reads_state=False)
def _index_of(st, x, xs):
    for i, y in enumerate(xs):
        if y == x:
            return i
    return -1


# --- combinatorics ------------------------------------------------------------------------

@builtin("subsets", (T.COLLECTION, T.NUMBER, T.NUMBER), list_of_lists(0),
         "Every subset of the items with between lo and hi elements, in a fixed order.",
         reads_state=False, items_at_most=2)
def _subsets(st, xs, lo, hi):
    lo, hi = max(int(lo), 0), min(int(hi), len(xs))
    if len(xs) > _FEW_ITEMS:
        refuse_results(subsets_count(len(xs), lo, hi), f"`subsets` of {len(xs)} items")
    if lo == hi:  # one size, as a show's runs ask: no list to extend
        return list(map(list, combinations(xs, lo)))
    out = []
    for k in range(lo, hi + 1):
        out.extend(map(list, combinations(xs, k)))
    return out


# So few items have at most 2 ** 16 subsets, fewer than MAX_RESULTS: no need to count them first.
_FEW_ITEMS = 16


# --- numbers ------------------------------------------------------------------------------

@builtin("abs", (T.NUMBER,), T.NUMBER, "The absolute value.",
         reads_state=False)
def _abs(st, x):
    return abs(x)


@builtin("min", (T.NUMBER, T.NUMBER), T.NUMBER, "The smaller of two numbers.",
         reads_state=False)
def _min(st, a, b):
    return a if a <= b else b


@builtin("max", (T.NUMBER, T.NUMBER), T.NUMBER, "The larger of two numbers.",
         reads_state=False)
def _max(st, a, b):
    return a if a >= b else b


CONSTANTS: dict[str, tuple[T.Type, str]] = {
    "players": (T.list_of(T.PLAYER), "Every player, in the order of play from seat 0."),
    "teams": (T.list_of(T.TEAM), "Every team (side)."),
    "player_count": (T.NUMBER, "The number of players."),
    "suits": (T.list_of(T.SUIT), "The deck's suits, in the order of its `suits` line."),
    "ranks": (T.list_of(T.RANK), "The deck's ranks in rank order, the order of its `ranks` line (jokers aside)."),
}

# Names that stand for themselves in every file, as `symbols` declares a file's own.
SYMBOLS: dict[str, str] = {
    "clockwise": "the direction of play up the seat numbers, the default",
    "counterclockwise": "the direction of play down the seat numbers",
    "any_suit": "a trump of `trick_winner` under which every card competes, whatever its suit",
    "first_played": "a tie rule of `trick_winner`: the first of equally high cards wins",
    "no_winner": "a tie rule of `trick_winner`: equally high cards leave the trick without a winner",
}

AGGREGATES: dict[str, str] = {
    "sum": "the sum of the values (0 when there are none)",
    "count": "how many elements pass the condition",
    "any": "whether any value is true",
    "all": "whether every value is true",
    "max": "the largest value, or none",
    "min": "the smallest value, or none",
    "most": "the element whose value is strictly the largest, or none on a tie or when empty",
    "least": "the element whose value is strictly the smallest, or none on a tie or when empty",
    "first": "the first element that passes the condition, or none",
}
