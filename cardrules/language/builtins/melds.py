"""Melds of rummy games: runs and sets over a rank order, with a limit on wild cards.

A *run* is cards of one suit on consecutive ranks of an order (``4H 5H 6H``); a *set* is cards
of one rank (``KC KH KS``). Every meld has at least three cards and two natural (non-wild)
cards, and at most ``max_wild`` wild cards; a wild card fills one missing rank of a run or
stands for one card of a set. Which cards are wild is a one-argument `def` of the rules file,
and which ranks may form sets is a list of ranks. The validity and the enumeration are
:mod:`cardrules.algorithms.melds`; these built-ins bind it to a game's deck.

Identical cards (copies of one card in a game with several decks) are interchangeable: the
lists these functions return name each distinct meld or card once.
"""

from __future__ import annotations

from .. import types as T
from ...algorithms.meld_split import best_split
from ...algorithms.melds import MeldRules, classify, melds_of_size
from .core import ByCard, builtin, values_of

_CARDS = T.list_of(T.CARD)
_RANKS = T.list_of(T.SYMBOL)


class _Tables:
    """What the meld built-ins work out once for one game's deck, rank order and wild-card
    test: where each card is laid out in a meld and, when the wild-card test is a table of the
    rules (it reads no state), which cards are wild."""

    __slots__ = ("wilds", "alike", "of_rank", "wild_cards", "lay", "alias")

    def __init__(self, deck, order: dict[str, int], wild):
        if wild is _natural:
            wilds = [False] * deck.size
        elif wild.__class__ is ByCard and wild.values:
            wilds = [bool(w) for w in wild.values]
        else:
            wilds = None
        self.wilds = wilds
        # Whether the copies of each card (one name) are all wild or all natural.
        first: dict[str, bool] = {}
        self.alike = wilds is not None and all(first.setdefault(deck.names[c], w) == w for c, w in enumerate(wilds))
        # For a deck of at most 256 cards: a byte per byte value, a card's the first card of
        # its name, any other value (not a card) its own.
        self.alias = None
        if deck.size <= 256:
            first_of: dict[str, int] = {}
            self.alias = bytes([first_of.setdefault(deck.names[c], c) if c < deck.size else c for c in range(256)])
        # The deck's cards by rank, and its wild cards: the only cards that may extend a meld.
        self.of_rank: dict[str, list[int]] = {}
        for c in range(deck.size):
            self.of_rank.setdefault(deck.rank_of[c], []).append(c)
        self.wild_cards = [] if wilds is None else [c for c in range(deck.size) if wilds[c]]
        # lay[c] orders the cards of a meld as a player lays them out: naturals up the order,
        # then by suit (wild cards last, when wilds are known here; else each call sorts them).
        suits, rank_of, suit_of = deck.suits, deck.rank_of, deck.suit_of

        def key(c):
            suit = suit_of[c]
            return (wilds is not None and wilds[c], order.get(rank_of[c], -1),
                    suits.index(suit) if suit else -1, c)
        self.lay = [0] * deck.size
        for place, c in enumerate(sorted(range(deck.size), key=key)):
            self.lay[c] = place


class _Binding:
    """The tables of a deck, order and wild test with a set of set ranks and a wild limit: the
    MeldRules, and whether its memos may answer for it: only when `wild`
    reads no state do the cards alone decide a meld's kind."""

    __slots__ = ("rules", "wild", "wilds", "alike", "of_rank", "wild_cards", "lay", "memo", "alias", "kinds",
                 "shapes", "places")

    def __init__(self, tables: _Tables, order: dict[str, int], wild, set_ranks, max_wild):
        # The memos of this binding: the kind of a meld, and what one more card must be to
        # extend it, keyed by the cards, a byte each for a deck of at most 256 cards (the
        # memos hold thousands). With copies alike, a meld's kind and what extends it depend
        # on the cards' names only: each card is keyed as the first card of its name, so
        # that copies share entries.
        self.kinds: dict[bytes | tuple, str | None] = {}
        self.shapes: dict[bytes | tuple, bytes | tuple] = {}
        self.alias = tables.alias if tables.alike else None
        ranks: list[str] = sorted(order, key=order.__getitem__)
        self.rules = MeldRules(order=tuple(ranks),
                               set_ranks=frozenset(set_ranks), max_wild=max(int(max_wild), 0))
        self.wild = wild
        self.wilds, self.alike, self.of_rank = tables.wilds, tables.alike, tables.of_rank
        self.wild_cards, self.lay = tables.wild_cards, tables.lay
        self.memo = tables.wilds is not None
        self.places: list | None = None  # see `card_places`, made at its first call

    def card_places(self, deck) -> list:
        """For each card of the deck (the wild cards known here), where `_no_meld_in` counts it:
        None for a wild card, else its suit with its run position as a bit (0 when its rank is
        on no run), and its rank when it may form sets (else None)."""
        if self.places is None:
            rules = self.rules
            position, set_ok = rules.position, (rules.set_ok if rules.sets else ())
            places: list = []
            for c in range(len(self.wilds)):
                rank = deck.rank_of[c]
                p = position.get(rank)
                places.append(None if self.wilds[c] else
                              (deck.suit_of[c], 0 if p is None else 1 << p, rank if rank in set_ok else None))
            self.places = places
        return self.places

    def memo_key(self, cards) -> bytes | tuple:
        """The key of the cards in this binding's memos (the callers write the usual case out)."""
        try:
            return bytes(cards).translate(self.alias)
        except (ValueError, TypeError):  # not cards (the built-in refuses them once it looks),
            return tuple(cards)          # or a deck of more than 256

    def fitting(self, deck, shape) -> bytes | None:
        """The cards of the deck that extend a meld of that shape (see `_shape`), as a byte
        per card, 1 for those that do (a memo holds thousands: a set of cards would be five
        times the size), or None when they are too many to keep."""
        fit_ranks, _, wild_fits = shape
        maybe = [c for rank in fit_ranks for c in self.of_rank.get(rank, ())]
        if wild_fits:
            maybe.extend(self.wild_cards)
        if len(maybe) > _MEMO_FITTING:
            return None
        rank_of, suit_of, is_wild = deck.rank_of, deck.suit_of, self.wilds.__getitem__
        fits = bytearray(deck.size)
        for c in maybe:
            if _fits(shape, rank_of[c], suit_of[c], is_wild, c):
                fits[c] = 1
        return bytes(fits)

    def describe(self, st, cards) -> tuple[list, list, list]:
        """The ranks, suits and wild flags of the cards, as the algorithms take them: the wild
        flags from the table when the wild cards are known here, else by asking `wild`."""
        _only_cards(st, cards)
        deck, wilds = st.game.deck, self.wilds
        rank_of, suit_of = deck.rank_of, deck.suit_of
        flags = [wilds[c] for c in cards] if wilds is not None else [bool(w) for w in values_of(st, self.wild, cards)]
        return [rank_of[c] for c in cards], [suit_of[c] for c in cards], flags


# One _Tables per (deck, order, wild test), one _Binding per those and the set ranks and wild
# limit. The deck, order and test are the same objects for the life of their Game, so they are
# keyed by identity; each entry keeps them alive, so no other object takes their ids. A process
# that loads game after game starts a cache afresh when it is full.
_TABLES: dict[tuple, tuple] = {}
_TABLES_KEPT = 16  # each holds a few lists as long as the deck
_BINDINGS: dict[tuple, tuple] = {}
_BINDINGS_KEPT = 256

# The bindings' memos are bounded together, in entries and in the cards each holds, so no
# rules file can make them grow without end; when they are full, they all start afresh.
_FITTINGS: dict[bytes, bytes] = {}  # one copy of each `fitting` the shapes hold
_MEMO_KEPT = 5_000  # a few games' worth: the melds of one game recur within it
_MEMO_ENTRIES = [0]  # entries in all the memos
_MEMO_CARDS = 32  # a longer list of cards is worked out at each call
_MEMO_FITTING = 64  # more cards that may extend a meld are tested at each call


def _bind(st, order: dict[str, int], wild, set_ranks, max_wild) -> _Binding:
    """The binding of a call's arguments, the short form's left-out ones as it means them."""
    if wild is None or set_ranks is None:
        wild, set_ranks = _short(st, wild, set_ranks)
    deck = st.game.deck
    # Most calls repeat the last call's arguments: the objects it holds (so no other takes
    # their ids), and set ranks of the same value.
    last = _LAST[0]
    if (last is not None and last[0] is order and last[1] is wild and last[2] is deck
            and last[3] == max_wild and last[4] == set_ranks):
        return last[5]
    key = (id(deck), id(order), id(wild), tuple(set_ranks), max_wild)
    entry = _BINDINGS.get(key)
    if entry is None:
        found = _TABLES.get(key[:3])
        if found is None:
            if len(_TABLES) >= _TABLES_KEPT:
                _TABLES.clear()
            found = _TABLES[key[:3]] = (deck, order, wild, _Tables(deck, order, wild))
        if len(_BINDINGS) >= _BINDINGS_KEPT:
            # Their memos go with them: none is left to answer, or to grow, unbounded.
            _BINDINGS.clear()
            _FITTINGS.clear()
            _MEMO_ENTRIES[0] = 0
        entry = _BINDINGS[key] = (deck, order, wild, _Binding(found[3], order, wild, set_ranks, max_wild))
    _LAST[0] = (order, wild, deck, max_wild, list(set_ranks), entry[3])
    return entry[3]


_LAST: list = [None]


def _remember(memo: dict, key, value):
    if _MEMO_ENTRIES[0] >= _MEMO_KEPT:
        for entry in _BINDINGS.values():
            entry[3].kinds.clear()
            entry[3].shapes.clear()
        _FITTINGS.clear()
        _MEMO_ENTRIES[0] = 0
    _MEMO_ENTRIES[0] += 1
    memo[key] = value
    return value


def _natural(st, c) -> bool:
    """The wild-card test of the short forms: no card is wild."""
    return False


def _short(st, wild, set_ranks):
    """The short form's meaning of the arguments it leaves out: no wild cards, and every rank of
    the deck may form sets."""
    return (_natural if wild is None else wild), (st.game.deck.ranks if set_ranks is None else set_ranks)


def _only_cards(st, cards) -> None:
    if cards and max(cards) >= st.game.deck_size:
        raise ValueError("melds are made of cards, and this list holds a group")


def _kind(found) -> str | None:
    return None if found is None else found[0]


@builtin("meld_kind", (T.COLLECTION, T.ORDER, T.FUNC, _RANKS, T.NUMBER), T.SYMBOL,
         "`run` when the cards form a run "
         "(one suit, consecutive in `order`, wild cards filling holes or extending an end), `set` "
         "when they form a set (one rank, listed in `set_ranks`), otherwise none. A meld has at "
         "least 3 cards, 2 of them natural, and at most `max_wild` cards for which `wild` holds.",
         short_form=2)
def _meld_kind(st, cards, order, wild=None, set_ranks=None, max_wild=0):
    b = _bind(st, order, wild, set_ranks, max_wild)
    if not b.memo or len(cards) > _MEMO_CARDS:
        return _kind(classify(*b.describe(st, cards), b.rules))
    try:  # the memo key, as memo_key makes it, written out: this is asked at every legal move
        key = bytes(cards).translate(b.alias)
    except (ValueError, TypeError):
        key = b.memo_key(cards)
    kind = b.kinds.get(key, _UNKNOWN)
    if kind is _UNKNOWN:
        kind = _remember(b.kinds, key, _kind(classify(*b.describe(st, cards), b.rules)))
    return kind


_UNKNOWN = object()  # not in a memo yet (None is a kind: no meld)


@builtin("melds_of", (T.COLLECTION, T.NUMBER, T.ORDER, T.FUNC, _RANKS, T.NUMBER),
         T.list_of(_CARDS),
         "Every meld of exactly `size` of the cards (as `meld_kind` defines melds), each distinct meld once, its cards laid "
         "out up the order, then by suit, wild cards last.",
         short_form=3)
def _melds_of(st, cards, size, order, wild=None, set_ranks=None, max_wild=0):
    b = _bind(st, order, wild, set_ranks, max_wild)
    if b.wilds is not None and _no_meld_in(st.game.deck, b, cards, int(size)):
        return []
    cards = list(cards)
    described = b.describe(st, cards)
    return _laid_out(b, cards, described[2], melds_of_size(*described, b.rules, int(size)))


@builtin("melds_with", (T.CARD, T.COLLECTION, T.NUMBER, T.ORDER, T.FUNC, _RANKS, T.NUMBER),
         T.list_of(_CARDS),
         "Every meld of exactly `size` cards made of `card` and `size - 1` of the cards, each distinct meld once and "
         "laid out as by `melds_of`; empty when `card` is none.",
         short_form=4)
def _melds_with(st, card, cards, size, order, wild=None, set_ranks=None, max_wild=0):
    if card is None:
        return []
    b = _bind(st, order, wild, set_ranks, max_wild)
    if b.wilds is not None and _none_with(st.game.deck, b, card, cards, int(size)):
        return []
    pool = [c for c in cards if c != card]
    pool.append(card)
    described = b.describe(st, pool)
    found = melds_of_size(*described, b.rules, int(size), must_include=len(pool) - 1)
    return _laid_out(b, pool, described[2], found)


def _no_meld_in(deck, b: _Binding, cards, size: int) -> bool:
    """True when the cards hold no meld of `size`: with at most `helpers` wild cards in a
    meld, a run needs `size - helpers` naturals of one suit within `size` consecutive
    positions, a set as many of one rank. Most hands short of a meld are told so in one pass
    over the cards; False also when this cannot say (cards that are not all cards, which the
    built-in then refuses)."""
    wilds, rules = b.wilds, b.rules
    if size < rules.min_size:
        return False  # the algorithm answers at once
    places = b.card_places(deck)
    runs = rules.runs and size <= len(rules.order)
    wild_cards = 0
    by_suit: dict = {}  # suit -> the positions of its naturals, as bits
    by_rank: dict = {}  # rank of sets -> its naturals
    count = len(wilds)
    for c in cards:
        if not 0 <= c < count:
            return False
        place = places[c]
        if place is None:
            wild_cards += 1
            continue
        suit, bit, rank = place
        if runs and bit:
            by_suit[suit] = by_suit.get(suit, 0) | bit
        if rank is not None:
            by_rank[rank] = by_rank.get(rank, 0) + 1
    helpers = min(wild_cards, rules.max_wild, max(size - rules.min_naturals, 0))
    needed = size - helpers
    if needed <= 0:
        return False
    if any(held >= needed for held in by_rank.values()):
        return False
    window = (1 << size) - 1
    for bits in by_suit.values():
        if bits.bit_count() < needed:
            continue
        rest = bits
        while rest:  # a window holding the most naturals may as well start at one
            low = rest & -rest
            if (bits & window * low).bit_count() >= needed:
                return False
            rest ^= low
    return True


def _none_with(deck, b: _Binding, card, cards, size: int) -> bool:
    """True when no meld of `size` cards can hold `card` (a natural card) with some of `cards`:
    a run needs enough naturals of its suit on other positions within reach, a set enough of
    its rank, the wild cards making up the rest. Most cards turned up meet neither, and are
    told so in one pass over the cards; False also when this cannot say (a wild card, cards
    that are not all cards, which the built-in then refuses)."""
    wilds, rules = b.wilds, b.rules
    if not 0 <= card < len(wilds) or wilds[card]:
        return False
    rank_of, suit_of = deck.rank_of, deck.suit_of
    rank, suit = rank_of[card], suit_of[card]
    at = rules.position.get(rank)
    runs = rules.runs and size <= len(rules.order) and at is not None
    sets = rules.sets and rank in rules.set_ok
    if not runs and not sets:
        return True
    reach = size - 1
    same_rank = wild_cards = 0
    near: set[int] = set()
    for c in cards:
        if not 0 <= c < len(wilds):
            return False
        if c == card:
            continue
        if wilds[c]:
            wild_cards += 1
        elif rank_of[c] == rank:
            same_rank += 1
        elif runs and suit_of[c] == suit:
            p = rules.position.get(rank_of[c])
            if p is not None and abs(p - at) <= reach:
                near.add(p)
    # Each other card of the meld is a natural (of the rank, or of the suit on another
    # position) or one of the few wild cards a meld may hold.
    helpers = min(wild_cards, rules.max_wild, max(size - rules.min_naturals, 0))
    needed = size - 1
    return not ((sets and same_rank + helpers >= needed and same_rank + 1 >= rules.min_naturals)
                or (runs and len(near) + helpers >= needed and len(near) + 1 >= rules.min_naturals))


def _laid_out(b: _Binding, cards, wilds, found) -> list[list[int]]:
    """Each meld's cards in the order a player lays them out: naturals up the order, then by
    suit, wild cards last; so a meld reads (and its move is written) the same from any hand."""
    lay = b.lay
    if b.wilds is not None:
        by_place = lay.__getitem__
        return [sorted([cards[i] for i in meld], key=by_place) for meld in found]

    def key(i):
        return (wilds[i], lay[cards[i]])
    return [[cards[i] for i in sorted(meld, key=key)] for meld in found]


@builtin("meld_additions", (T.COLLECTION, T.COLLECTION, T.ORDER, T.FUNC, _RANKS, T.NUMBER), _CARDS,
         "The cards that can each be added alone to `meld` so that it is still a meld; identical copies listed once.",
         short_form=3)
def _meld_additions(st, meld, cards, order, wild=None, set_ranks=None, max_wild=0):
    b = _bind(st, order, wild, set_ranks, max_wild)
    deck = st.game.deck
    if not b.memo or len(meld) > _MEMO_CARDS:
        described = b.describe(st, meld)
        shape, fitting = _shape(*described, b.rules), None
    else:
        try:  # as in _meld_kind
            key = bytes(meld).translate(b.alias)
        except (ValueError, TypeError):
            key = b.memo_key(meld)
        entry = b.shapes.get(key)
        if entry is None:
            described = b.describe(st, meld)
            shape = _shape(*described, b.rules)
            # With copies alike, whether a card fits is a matter of its name, so the cards that
            # fit can be picked first and their copies dropped after.
            fitting = None if shape is None or not b.alike else b.fitting(deck, shape)
            # An entry keeps only what answers: the cards that fit, else the shape, else (a meld
            # of no shape) the description, to classify each card with. Melds alike (the runs
            # of one suit and stretch, the sets of one rank) share one copy of what fits.
            if fitting is not None:
                fitting = _remember(b.shapes, key, _FITTINGS.setdefault(fitting, fitting))
            else:
                _remember(b.shapes, key, (shape, described if shape is None else None))
        elif entry.__class__ is bytes:
            fitting = entry
        else:
            (shape, described), fitting = entry, None
    _only_cards(st, cards)
    names = deck.names
    seen: set[str] = set()
    out = []
    if fitting is not None:
        picked = [c for c in cards if fitting[c]]
        if len(picked) < 2:
            return picked
        for c in picked:
            name = names[c]
            if name not in seen:
                seen.add(name)
                out.append(c)
        return out
    wilds = b.wilds
    is_wild = wilds.__getitem__ if wilds is not None else (lambda c: b.wild(st, c))
    rank_of, suit_of = deck.rank_of, deck.suit_of
    for c in cards:
        name = names[c]
        if name in seen:
            continue
        seen.add(name)
        if shape is not None:
            if _fits(shape, rank_of[c], suit_of[c], is_wild, c):
                out.append(c)
        elif classify([*described[0], rank_of[c]], [*described[1], suit_of[c]],
                      [*described[2], bool(is_wild(c))], b.rules) is not None:
            out.append(c)
    return out


def _fits(shape, rank, suit, is_wild, c) -> bool:
    """Whether card c, of that rank and suit, extends a meld of that shape (see `_shape`);
    `is_wild(c)` is asked only when the answer depends on it: most cards fit neither way."""
    fit_ranks, fit_suit, wild_fits = shape
    if rank in fit_ranks and (fit_suit is None or suit == fit_suit):
        return wild_fits or not is_wild(c)
    return wild_fits and bool(is_wild(c))


def _shape(ranks: list, suits: list, wilds: list, rules: MeldRules):
    """What one more card must be to extend a meld, found by classifying the meld once:
    ``(fit_ranks, fit_suit, wild_fits)`` -- a natural card fits when its rank is in
    ``fit_ranks`` and its suit is ``fit_suit`` (any suit when that is None) -- or None when the
    meld is no meld yet or has too few naturals to fix its kind (then each candidate is
    classified whole). The fitting ranks are worked out once so that the per-card test inside
    legal-move generation is two lookups rather than a function call."""
    found = classify(ranks, suits, wilds, rules)
    naturals = [i for i, w in enumerate(wilds) if not w]
    if found is None or len(naturals) < 2:
        return None
    wild_fits = len(ranks) - len(naturals) < rules.max_wild
    if found[0] == "set":
        return {ranks[naturals[0]]}, None, wild_fits
    # Two naturals of distinct ranks make the meld a run whatever card joins it.
    if len(ranks) + 1 > len(rules.order):
        return set(), None, False
    position = rules.position
    taken = {position[ranks[i]] for i in naturals}
    low, high, holes = min(taken), max(taken), len(ranks) - len(naturals)
    # A natural at position p fits when it is new and the run then spans few enough
    # positions for the wild cards to fill the holes: max(high, p) - min(low, p) - len(taken)
    # <= holes, that is  high - reach <= p <= low + reach  with  reach = len(taken) + holes.
    reach = len(taken) + holes
    order = rules.order
    fit_ranks = {order[p] for p in range(max(high - reach, 0), min(low + reach, len(order) - 1) + 1)
                 if p not in taken}
    return fit_ranks, suits[naturals[0]], wild_fits


# --- the best split of a hand into melds ---------------------------------------------------

# The splits worked out, when `value` is a table of the rules (it reads no state, so the cards
# alone decide the split): keyed by the deck, order and table (kept alive in the entry, so no
# other object takes their ids) and the cards that may meld, in their order, a byte each. A
# hand is asked again and again: a seat's own hand in every determinisation of a search, a hand
# less each card it might discard, and most of those share the cards that may meld. Bounded: a
# full memo starts afresh.
_SPLITS: dict[tuple, tuple] = {}
_SPLITS_KEPT = 5_000


class _Meldable:
    """Which cards of a hand may be in some meld of a split, for one deck and rank order: a
    card of a rank held three times or more (a set), or one of three cards of a suit on
    consecutive places of the order (a run). Any other card is deadwood in every split, so the
    split is that of the cards that may meld, with the others left over.

    Counted in one sum of a number per card, in fields of `_FIELD` bits: a field per suit and
    place on the order (the suits three empty places apart, so that no run crosses from one
    suit to the next), and one per rank. Each card adds one to the field of its place, if its
    rank is on the order, and to that of its rank; for fewer than `_TOP` cards no field
    overflows, and a field's top bit, once `_TOP - 1` (a place held) or `_TOP - 3` (a rank held
    three times) is added to it, says which places and ranks count. A longer list is split
    whole."""

    __slots__ = ("deck", "order", "fields", "places", "threshold", "tops")

    def __init__(self, deck, order: dict[str, int]):
        self.deck, self.order = deck, order  # kept alive with the entry: no other object takes their ids
        place = {rank: i for i, rank in enumerate(sorted(order, key=order.__getitem__))}
        width = len(place) + 3
        suits = {deck.suit_of[c]: None for c in range(deck.size) if deck.rank_of[c] in place}
        suit_ids = {suit: i for i, suit in enumerate(suits)}
        ranks = {rank: len(suit_ids) * width + i for i, rank in enumerate(dict.fromkeys(deck.rank_of))}
        self.fields = [(0 if deck.rank_of[c] not in place else
                        1 << _FIELD * (suit_ids[deck.suit_of[c]] * width + place[deck.rank_of[c]]))
                       | 1 << _FIELD * ranks[deck.rank_of[c]] for c in range(deck.size)]
        self.places = sum(1 << _FIELD * i for i in range(len(suit_ids) * width))  # a 1 in each place field
        rank_ones = sum(1 << _FIELD * i for i in ranks.values())
        self.threshold = self.places * (_TOP - 1) + rank_ones * (_TOP - 3)
        self.tops = (self.places + rank_ones) << (_FIELD - 1)

    def of(self, cards: list) -> list:
        """The cards (all cards of the deck) that may meld, in their order."""
        if len(cards) >= _TOP:
            return cards  # too many to count in fields of a sum: all of them are split
        fields = self.fields
        counted = ((sum(map(fields.__getitem__, cards)) + self.threshold) & self.tops) >> (_FIELD - 1)
        held = counted & self.places
        starts = held & (held >> _FIELD) & (held >> 2 * _FIELD)
        melding = (counted & ~self.places) | starts | (starts << _FIELD) | (starts << 2 * _FIELD)
        if not melding:
            return []
        return [c for c in cards if fields[c] & melding]


_FIELD = 8  # bits of a field of the sum in _Meldable
_TOP = 1 << (_FIELD - 1)


_MELDABLE: dict[tuple, _Meldable] = {}
_MELDABLE_KEPT = 16


def _meldable(deck, order) -> _Meldable:
    last = _MELDABLE_LAST[0]
    if last is not None and last.deck is deck and last.order is order:
        return last  # most calls repeat the last call's deck and order
    key = (id(deck), id(order))
    found = _MELDABLE.get(key)
    if found is None:
        if len(_MELDABLE) >= _MELDABLE_KEPT:
            _MELDABLE.clear()
        found = _MELDABLE[key] = _Meldable(deck, order)
    _MELDABLE_LAST[0] = found
    return found


_MELDABLE_LAST: list = [None]


def _split(st, cards, order, value) -> tuple[tuple, list]:
    """The melds of the best split (tuples, to be copied before they are handed out) and the
    deadwood, a fresh list."""
    cards = list(cards)
    _only_cards(st, cards)
    meldable = _meldable(st.game.deck, order).of(cards)
    if not meldable:
        return (), cards
    melds, deadwood, melded = _split_of_meldable(st, meldable, order, value)
    if len(meldable) == len(cards):
        return melds, list(deadwood)
    if len(set(cards)) == len(cards):
        return melds, [c for c in cards if c not in melded]
    # A card listed twice: the split melds the first of the copies of a card it melds.
    times: dict[int, int] = {}
    for meld in melds:
        for c in meld:
            times[c] = times.get(c, 0) + 1
    left = []
    for c in cards:
        n = times.get(c)
        if n:
            times[c] = n - 1
        else:
            left.append(c)
    return melds, left


def _split_of_meldable(st, cards: list, order, value) -> tuple[tuple, tuple, frozenset]:
    deck = st.game.deck
    if value.__class__ is ByCard and value.values and len(cards) <= _MEMO_CARDS:
        try:
            key = (id(deck), id(order), id(value), bytes(cards))
        except (ValueError, TypeError):  # a deck of more than 256 cards
            key = None
        if key is not None:
            entry = _SPLITS.get(key)
            if entry is None:
                if len(_SPLITS) >= _SPLITS_KEPT:
                    _SPLITS.clear()
                entry = _SPLITS[key] = (deck, order, value, _split_of(st, cards, order, value))
            return entry[3]
    return _split_of(st, cards, order, value)


def _split_of(st, cards: list, order, value) -> tuple[tuple, tuple, frozenset]:
    """The melds, the deadwood and the melded cards of the best split of all the cards."""
    deck = st.game.deck
    ranks = [deck.rank_of[c] for c in cards]
    suits = [deck.suit_of[c] for c in cards]
    runs_order = sorted(order, key=order.__getitem__)
    melds, deadwood = best_split(ranks, suits, [value(st, c) for c in cards], runs_order, frozenset(deck.ranks))
    # No card is wild in a split: each card's place in a meld is the binding's of no wild cards.
    lay = _bind(st, order, _natural, deck.ranks, 0).lay
    laid = sorted((tuple(sorted([cards[i] for i in meld], key=lay.__getitem__)) for meld in melds),
                  key=lambda meld: lay[meld[0]])
    return tuple(laid), tuple(cards[i] for i in deadwood), frozenset(c for meld in laid for c in meld)


@builtin("best_melds", (T.COLLECTION, T.ORDER, T.FUNC), T.list_of(_CARDS),
         "The melds of the best split of the cards: runs of 3 or more cards of one suit on consecutive "
         "ranks of `order`, sets of 3 or more cards of one rank, no wild cards, each card in one meld at "
         "most, chosen so that the cards left over are worth the least by `value`; each meld laid out as "
         "by `melds_of`, lowest first.")
def _best_melds(st, cards, order, value):
    return [list(meld) for meld in _split(st, cards, order, value)[0]]


@builtin("deadwood", (T.COLLECTION, T.ORDER, T.FUNC), _CARDS,
         "The cards that the best split of `best_melds(cards, order, value)` leaves out of every meld, "
         "in their order among the cards.")
def _deadwood(st, cards, order, value):
    return _split(st, cards, order, value)[1]
