"""The values and operations that generated code uses: moves, exact numbers, and the card
movements and checked look-ups that statements and expressions compile to.

Everything here works on a State through its public fields and methods, so this module sits
below the runtime and the compiler, which both use it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from random import Random

from _random import Random as _CoreRandom

from ..language.diagnostics import Span, plural
from ..language.limits import MAX_NUMBER, LimitExceeded
from .errors import RulesRuntimeError


class Move:
    """A legal move: the move's name, the values its parameters were bound to, and its readable
    text, which is also its stable id (``hit open``, ``capture 4H 4C with 8S``).

    The text is rendered on first use: simulations that never print a move never pay for it.
    A move that names groups keeps the cards they held when it was listed (`seen`), so its
    text is the same whenever it is asked for, even after the state has moved on.

    `actions` is the move's integer action ids, kept by engine/actions.py the first time they
    are asked for when they depend on the values alone (a Move made once for its values is
    listed again and again, and is then encoded once); None until then.
    """

    __slots__ = ("name", "args", "decl", "text", "_render", "_seen", "actions")
    actions: list | None

    def __init__(self, name: str, args: tuple, decl: int, text: str | None = None, render=None, seen=None):
        self.name = name
        self.args = args
        self.decl = decl
        if text is not None:
            self.text = text
        self._render = render
        self._seen = seen
        self.actions = None

    def __getattr__(self, attr: str) -> str:
        # Called only for a slot not yet set, and only `text` may be unset: it is rendered on
        # first use and kept, so that reading a rendered text is a plain slot read.
        if attr != "text":
            raise AttributeError(attr)
        text = self.text = self._render(self.args) if self._seen is None else self._render(self.args, self._seen)
        _LAST_RENDERED[:] = text, self
        return text

    @property
    def id(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


# The move whose text was rendered last, and that text: a caller that reads a move's text and
# then applies that text (as players and logs speak) names it, and `apply` finds it at once.
_LAST_RENDERED: list = [None, None]


def last_rendered() -> tuple[str | None, Move | None]:
    """The text rendered last and its move (only ever a hint: check that the move is legal)."""
    return _LAST_RENDERED[0], _LAST_RENDERED[1]


class SeenGroups:
    """The groups a move names, as a move's text renderer reads them from a state."""

    __slots__ = ("groups",)

    def __init__(self, groups: dict):
        self.groups = groups


def groups_seen(st, args: tuple) -> dict:
    """The cards of every group among a move's values, as they are now."""
    seen: dict = {}
    _gather_groups(args, st.game.deck_size, st.groups, seen)
    return seen


def _gather_groups(values: tuple, size: int, groups: dict, seen: dict) -> None:
    # Called for every move that may name a group as it is listed: a loop over the values,
    # into the tuples (lists bound to a parameter) among them.
    for x in values:
        if x.__class__ is int:
            if x >= size and x in groups:
                seen[x] = {"cards": tuple(groups[x]["cards"])}
        elif x.__class__ is tuple:
            _gather_groups(x, size, groups, seen)


# Bit lengths of the list sizes a deal shuffles, looked up rather than asked of each number.
_BIT_LENGTHS = tuple(n.bit_length() for n in range(1025))


class SeededDraw(Random):
    """``random.Random(seed)`` for a whole-number seed, the same stream, made for one draw of a
    game (:meth:`State.rng`): seeded by the C generator's own ``__init__``, without the Python
    ``__init__`` and ``seed`` of ``random.Random``, whose type checks for other kinds of seed cost
    a sixth of a seeding (about 1 µs of 6) and a deal seeds one at least."""

    __init__ = _CoreRandom.__init__
    gauss_next = None  # what random.Random.__init__ sets; `gauss` reads it


def shuffle(rng, cards: list) -> None:
    """``rng.shuffle(cards)``, the same permutation for the same generator, written out with
    the generator's bits so that a deal costs less (Python's ``random.shuffle`` algorithm:
    for each place from the last, a place at or below it drawn by rejection).
    Any other generator, a test's stand-in for one, shuffles its own way."""
    if rng.__class__ is not SeededDraw and rng.__class__ is not Random:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    lengths = _BIT_LENGTHS if len(cards) < len(_BIT_LENGTHS) else tuple(n.bit_length() for n in range(len(cards) + 1))
    for i in range(len(cards) - 1, 0, -1):
        j = bits(lengths[i + 1])
        while j > i:
            j = bits(lengths[i + 1])
        cards[i], cards[j] = cards[j], cards[i]


def normal_text(text: str) -> str:
    """A move as typed, in the form move texts have: words separated by single spaces. Every
    reader of a typed move (apply, explain) goes through here."""
    return " ".join(str(text).split())


def freeze(value):
    """Moves are values: a list bound to a move parameter becomes a tuple."""
    if value.__class__ is list:
        return tuple(freeze(v) for v in value)
    return value


def number(value) -> int | Fraction:
    """Normalise an exact number: a Fraction with denominator 1 becomes an int."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


# --- helpers called by generated code ------------------------------------------------------

def difference(a, b) -> list:
    out = list(a)
    remove = out.remove
    for x in b:
        # One pass over `out` for each x (a test with `in` first would make two).
        try:
            remove(x)
        except ValueError:
            pass
    return out


def divide(a, b, op: str, span: Span):
    if b == 0:
        raise RulesRuntimeError("division by zero", span)
    if op == "/":
        if isinstance(a, Fraction) or isinstance(b, Fraction) or a % b:
            return number(Fraction(a) / Fraction(b))
        return a // b
    return a // b if op == "//" else a % b


def product(a, b):
    """`a * b`, refused beyond the largest number a rules computation may reach: squaring
    a number again and again would otherwise fill the memory."""
    value = a * b
    if -MAX_NUMBER <= value <= MAX_NUMBER:
        return value
    whole = abs(value.numerator // value.denominator if isinstance(value, Fraction) else value)
    raise LimitExceeded(f"a product of about {int(whole.bit_length() * 0.30103) + 1} digits, beyond 10**100 "
                        "(the largest number a rules computation may reach)", "a product grows too fast here")


MAX_RANGE = 100_000
MAX_LIST = 100_000  # values in a list the rules make: a list past it is a diagnostic, not a MemoryError
# Units of work (items visited by loops and comprehensions) one step of play may do in the
# functions that count it (cardrules.engine.work decides which): a step past it is a diagnostic.
MAX_STEP_WORK = 20_000_000


def charged(st, items, weight: int = 1):
    """`items`, once the step has been charged `weight` units for each of them (from the
    state's `work_left`, which the runtime sets to MAX_STEP_WORK whenever a step begins)."""
    if not items:  # nothing to go through (an empty list, none): nothing to charge; a generator is true
        return items
    try:
        left = st.work_left - len(items) * weight
    except TypeError:
        if not hasattr(items, "__iter__"):
            return items  # not a collection: nothing to go through
        items = list(items)  # a generator: read, so that its items are counted
        left = st.work_left - len(items) * weight
    st.work_left = left
    if left < 0:
        overworked()
    return items


def overworked() -> None:
    """The step has done more than MAX_STEP_WORK units of work: it stops here, located by the
    runtime at the rules line of the loop that went past."""
    raise LimitExceeded(f"this step did more than {MAX_STEP_WORK:,} units of work (items visited by loops)",
                        "loop over fewer items, or nest fewer loops: the limit is the engine's, "
                        "so a step of the rules must do less")


def joined(a, b, span: Span) -> list:
    """`a + b` of two lists, refused past MAX_LIST values."""
    joined = list(a) + list(b)
    if len(joined) > MAX_LIST:
        raise RulesRuntimeError(f"a list of {len(joined):,} values, more than the {MAX_LIST:,} a list may hold",
                                span, "a list that grows on every step may be missing a reset")
    return joined


def inclusive_range(low, high, span: Span) -> list:
    """`low..high`. Bounded, so that no rules file can make the engine loop for ever."""
    if low.__class__ is int and high.__class__ is int and high - low < MAX_RANGE:
        return list(range(low, high + 1))  # the usual case, without the checks below
    low, high = number(low), number(high)  # `1..(1/2 * 4)`: a whole Fraction is a whole number
    if not isinstance(low, int) or not isinstance(high, int):
        raise RulesRuntimeError(f"a range needs whole numbers, not {low} and {high}", span)
    if high - low >= MAX_RANGE:
        raise RulesRuntimeError(f"the range {low}..{high} has more than {MAX_RANGE} numbers", span)
    return list(range(low, high + 1))


def lazy_range(low, high, span: Span):
    """`low..high` iterated directly: a range object when it can be, else the checked list."""
    if low.__class__ is int and high.__class__ is int and high - low < MAX_RANGE:
        return range(low, high + 1)
    return inclusive_range(low, high, span)


def items_between(xs, low, high, index_span: Span, range_span: Span) -> list:
    """`[xs[i] for i in low..high]`: a slice of the list when every index is one of its places,
    else the items looked up one by one, as the comprehension does (a negative index counts
    from the end, a missing one is an error)."""
    if low.__class__ is int and high.__class__ is int and xs.__class__ is list:
        if high < low:
            return []
        if low >= 0 and high < len(xs):
            return xs[low:high + 1]
    return [lookup(xs, i, index_span) for i in lazy_range(low, high, range_span)]


def lookup(container, key, span: Span):
    try:
        return container[key]
    except (KeyError, IndexError, TypeError):
        if isinstance(key, Fraction) and key.denominator == 1:
            return lookup(container, key.numerator, span)  # `xs[1/2 * 2]` is `xs[1]`
        raise RulesRuntimeError(f"no entry for {key!r} here", span) from None


def extreme(pairs: list, sign: int):
    """The element whose key is strictly the largest (sign 1) or smallest (sign -1), or None."""
    best, best_key, tied = None, None, False
    for x, key in pairs:
        if isinstance(key, tuple):
            key = list(key)
        if best_key is None or (key > best_key if sign > 0 else key < best_key):
            best, best_key, tied = x, key, False
        elif key == best_key:
            tied = True
    return None if tied else best


def collection(st, value):
    """A value of unknown static type used as a collection: a slot is a zone, a group id a group."""
    if isinstance(value, int) and not isinstance(value, bool):
        return st.groups[value]["cards"] if value >= st.game.deck_size else st.zones[value]
    return value


def move_items(st, items: list, dest: int, to_group, face, span: Span) -> None:
    # Checked before any card leaves its place: a card taken with nowhere to go would be lost.
    if dest is None:
        raise RulesRuntimeError("cards moved to nowhere: the destination is none", span,
                                "a group variable or expression names no group here")
    if to_group is None:
        to_group = dest >= st.game.deck_size
    if to_group and dest not in st.groups:
        raise RulesRuntimeError("cards moved to nowhere: the group they go to no longer exists", span,
                                "a group that is emptied or moved into a zone without groups is gone")
    for x in items:
        if x is None:
            raise RulesRuntimeError("there is no card to move (the value is none)", span)
        if to_group and x == dest:
            raise RulesRuntimeError("a group cannot move into itself", span)
        st.take(x)
        if to_group:
            st.put_in_group(x, dest, face)
        else:
            st.put(x, dest, face)


def move_zone(st, source: int, dest: int, face, span: Span) -> None:
    """Every card of a zone without groups onto another zone, bottom first: what `move_items`
    does with the zone's cards, in one pass."""
    cards = st.zones[source]
    if not cards:
        return
    if source == dest:
        move_items(st, list(cards), dest, False, face, span)
        return
    moved = cards[:]
    cards.clear()
    st.zones[dest].extend(moved)
    up = (1 if st.game.slot_zone[dest].face == "up" else 0) if face is None else face
    loc, faces, known = st.loc, st.face, st.known
    for c in moved:
        loc[c] = dest
        faces[c] = up
        known[c] = 0


def deal(st, count, source: int, dest: int, face, span: Span) -> None:
    pile = st.zones[source]
    if len(pile) < count:
        zone = st.game.slot_zone[source].name
        raise RulesRuntimeError(f"cannot deal {plural(count, 'card')} from `{zone}`: it holds only {len(pile)}", span)
    # Written out as State.put does it for a card, the usual case; a group goes through put.
    size = st.game.deck_size
    zone, loc, faces, known = st.zones[dest], st.loc, st.face, st.known
    up = (st.game.slot_zone[dest].face == "up") if face is None else face
    for _ in range(int(count)):
        x = pile.pop()
        if x < size:
            zone.append(x)
            loc[x] = dest
            faces[x] = up
            known[x] = 0
        else:
            st.put(x, dest, face)


def cards_of(st, items: list) -> list:
    size = st.game.deck_size
    out = []
    for x in items:
        if x is None:
            continue
        if x < size:
            out.append(x)
        else:
            out.extend(st.groups[x]["cards"])
    return out


def flip(st, items: list, face: int) -> None:
    for c in cards_of(st, items):
        st.face[c] = face


def reveal(st, items: list, who) -> None:
    mask = 0
    for p in (who if isinstance(who, (list, tuple)) else [who]):
        mask |= 1 << p
    for c in cards_of(st, items):
        st.known[c] |= mask


def make_group(st, items: list, slot: int, fields: dict, defaults: dict) -> None:
    gid = st.next_group
    st.next_group += 1
    group = {"zone": slot, "cards": []}
    for name in st.game.slot_zone[slot].fields:
        group[name] = defaults[name]
    group.update(fields)
    st.groups[gid] = group
    st.zones[slot].append(gid)
    for x in items:
        st.take(x)
        st.put_in_group(x, gid, None)


# Moves made once per distinct values and phase, at most this many per move declaration: a
# Game then holds a bounded set of them, however long it plays.
MOVE_CACHE_LIMIT = 20_000


def moves_of_range(lists: dict, interned: dict, low, high, span: Span, name: str, decl: int, render) -> list:
    """The moves of one number over `low..high` (checked as ranges are), each the one Move of
    its number (kept in `interned`). A short list is kept in `lists` for these ends, so that a
    generation adds it whole (never changing it); the lists kept hold a bounded number of moves."""
    moves = [interned.get(v) or interned_move(interned, (v,), name, decl, render, key=v)
             for v in lazy_range(low, high, span)]
    if len(moves) <= RANGE_KEPT:
        if len(lists) >= MOVE_CACHE_LIMIT // RANGE_KEPT:
            lists.clear()
        lists[low, high] = moves
    else:
        # One long list is kept too, the last made: a move over a long range, listed at every
        # turn, is then a copy of it rather than a Move made again for every number.
        previous = lists.pop(_LONG_LIST, None)
        if previous is not None:
            lists.pop(previous, None)
        lists[_LONG_LIST] = (low, high)
        lists[low, high] = moves
    return moves


# Lists of moves over a range are kept up to this long (and one longer list).
RANGE_KEPT = 64
_LONG_LIST = "long"  # the key, in a declaration's lists, of the ends of the long list kept


class Deferred:
    """A move of no parameters listed by a phase's `sampling` generator (State.play_random)
    before its costly condition is tested: `holds()` tests it, when random play draws it."""

    __slots__ = ("holds", "move")

    def __init__(self, holds: Callable[[], bool], move: Move):
        self.holds, self.move = holds, move


class MoveTable(dict):
    """The Moves of a move declaration of one value, by that value, each made the first time it
    is asked for (as `interned_move` makes it): a generation looks a move up with no test of its
    own, `table[card]`, or the moves of a whole list at C speed, `map(table.__getitem__, hand)`."""

    __slots__ = ("name", "decl", "render")

    def __init__(self, name: str, decl: int, render):
        super().__init__()
        self.name, self.decl, self.render = name, decl, render

    def __missing__(self, value) -> Move:
        if len(self) >= MOVE_CACHE_LIMIT:
            self.clear()
        move = self[value] = Move(self.name, (value,), self.decl, None, self.render, None)
        return move


_BY_VALUES = object()  # interned_move's default key: the values themselves


def interned_move(cache: dict, args: tuple, name: str, decl: int, render, seen=None, key=_BY_VALUES) -> Move:
    """The Move of these values, made once and kept in `cache` under its values (or `key`, the
    one value of a move of one): `seen` is the empty dict for a move whose text could show
    groups but whose values name none."""
    if len(cache) >= MOVE_CACHE_LIMIT:
        cache.clear()
    move = cache[args if key is _BY_VALUES else key] = Move(name, args, decl, None, render, seen)
    return move
