"""Explicit chance: a game run with its randomness exposed as chance nodes, for algorithms that
enumerate chance (OpenSpiel's CFR, exact values), while the seeded mode of :mod:`runtime` stays
as it is for simulation.

The generated code draws all its randomness through ``state.rng()``: ``shuffle`` shuffles a zone
with it and ``random(xs)`` draws an index. A :class:`ChanceState` answers ``rng()`` with its
:class:`ChanceSource`, which takes its outcomes from a queue of outcomes chosen so far:

- ``random(xs)`` is one outcome among ``0 .. len(xs) - 1``, each ``1/len(xs)``.
- ``shuffle zone`` fixes nothing: the zone's cards become *unresolved*, a class of cards whose
  order is uniformly random and not yet drawn (they stay where they were, in a layout no rule
  may read). A rule that reads the card at a place of the class (a deal or a draw from the top,
  ``top``, ``bottom``) resolves that place: one outcome per card of the class, each equally
  likely, as OpenSpiel's card games deal one card at a time. A read that depends on the order of
  the whole zone (going through its cards, a slice) resolves every place of the class, from the
  bottom. Taking a known card out by name keeps the others unresolved. ``len`` and membership
  never depend on the order.

When the queue has no outcome left for a draw, :class:`NeedChance` is raised with the draw's
outcomes. A step (setup, or a move and the automatic phases after it) is run on a copy of the
state before it (:func:`run_step`), so a caller puts the state back by dropping the copy, and
runs the step again with one more outcome; the step is deterministic given its outcomes.
Between steps (:func:`settle_chance`) an unresolved card that some seat may see is resolved
(its place shows), and so is what listing the legal moves reads: these resolve in place.
"""

from __future__ import annotations

from typing import Any, Callable, SupportsIndex

from .errors import RulesRuntimeError
from .runtime import Game, State


class NeedChance(BaseException):
    """A draw with no outcome chosen yet: its outcomes, each equally likely. A BaseException so
    that no handler of the rules' errors (which catch Python's errors) takes it for one."""

    def __init__(self, outcomes: list[int], what: str, probabilities: list[float]):
        super().__init__(what)
        self.outcomes = outcomes
        self.what = what  # "card" (the outcomes are the item ids) or "lot" (indexes)
        self.probabilities = probabilities


class ChanceSource:
    """A state's random source in explicit-chance mode: the outcomes chosen so far, consumed in
    order, and the unresolved items (item id -> the class of one shuffle)."""

    __slots__ = ("queue", "cursor", "labels", "next_class", "armed", "names")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names  # the deck's card names: identical copies are one outcome
        self.queue: list[int] = []
        self.cursor = 0
        self.labels: dict[int, int] = {}
        self.next_class = 0
        self.armed = False  # reads resolve only while the rules run: observers read a layout

    def copy(self) -> ChanceSource:
        other = ChanceSource(self.names)
        other.labels = dict(self.labels)
        other.next_class = self.next_class
        return other

    def outcome(self, options: list[int], what: str, weights: list[int] | None = None) -> int:
        if self.cursor < len(self.queue):
            chosen = self.queue[self.cursor]
            self.cursor += 1
            if chosen not in options:
                raise RulesRuntimeError(f"chance outcome {chosen} is not one of this draw's: {options[:8]}")
            return chosen
        total = len(options) if weights is None else sum(weights)
        raise NeedChance(options, what, [1 / total] * len(options) if weights is None else [w / total for w in weights])

    # --- the generator's interface, as the generated code calls it
    def shuffle(self, cards: LazyZone) -> None:
        if len(cards) < 2:
            return
        labels = self.labels
        k = self.next_class
        self.next_class += 1
        for x in list.__iter__(cards):
            labels[x] = k

    def randrange(self, n: int) -> int:
        return self.outcome(list(range(n)), "lot") if n > 1 else 0

    # --- resolving places
    def resolve(self, zone: LazyZone, i: int) -> None:
        """Draw the card at place `i` of `zone` when it is unresolved."""
        labels = self.labels
        x = list.__getitem__(zone, i)
        k = labels.get(x)
        if k is None:
            return
        members = sorted(c for c in list.__iter__(zone) if labels.get(c) == k)
        # Identical copies of a card (two decks) are one outcome, as likely as they are many.
        names = self.names
        first: dict[str, int] = {}
        weight: dict[int, int] = {}
        for m in members:
            rep = first.setdefault(names[m], m) if m < len(names) else m
            weight[rep] = weight.get(rep, 0) + 1
        c = self.outcome(list(weight), "card", list(weight.values()) if len(weight) < len(members) else None)
        j = list.index(zone, c)
        n = len(zone)
        list.__setitem__(zone, j, x)
        list.__setitem__(zone, i % n, c)
        del labels[c]
        if len(members) == 2:
            # The last of its class: where it lies is where it must be.
            del labels[members[0] if members[1] == c else members[1]]

    def resolve_all(self, zone: LazyZone) -> None:
        labels = self.labels
        for i in range(len(zone)):
            if list.__getitem__(zone, i) in labels:
                self.resolve(zone, i)

    def unlabel(self, zone: LazyZone, x: int) -> bool:
        """Forget that `x`, about to leave `zone` by name, is unresolved; False when its class
        is not one block of places (taking it out would then move the cards between them by an
        amount that depends on where it was), which the caller resolves first."""
        labels = self.labels
        k = labels.get(x)
        if k is None:
            return True
        places = [i for i, c in enumerate(list.__iter__(zone)) if labels.get(c) == k]
        if places[-1] - places[0] + 1 != len(places):
            return False
        del labels[x]
        if len(places) == 2:
            other = list.__getitem__(zone, places[0] if list.__getitem__(zone, places[1]) == x else places[1])
            del labels[other]
        return True


class LazyZone(list):
    """A zone's items, whose unresolved places are drawn when the rules read them."""

    __slots__ = ("source",)

    def __init__(self, items=(), source: ChanceSource | None = None):
        list.__init__(self, items)
        self.source = source

    def _unresolved(self) -> bool:
        source = self.source
        if not source.armed or not source.labels:
            return False
        labels = source.labels
        return any(x in labels for x in list.__iter__(self))

    def __getitem__(self, i):
        source = self.source
        if source.armed and source.labels:
            if i.__class__ is int:
                if -len(self) <= i < len(self):
                    source.resolve(self, i)
            elif self._unresolved():
                source.resolve_all(self)
        return list.__getitem__(self, i)

    def pop(self, i: SupportsIndex = -1):
        source = self.source
        if source.armed and source.labels and self:
            source.resolve(self, int(i))
        return list.pop(self, i)

    def __iter__(self):
        if self._unresolved():
            self.source.resolve_all(self)
        return list.__iter__(self)

    def __reversed__(self):
        if self._unresolved():
            self.source.resolve_all(self)
        return list.__reversed__(self)

    def index(self, x, *args):
        if self._unresolved():
            self.source.resolve_all(self)
        return list.index(self, x, *args)

    def remove(self, x) -> None:
        source = self.source
        if source.labels and not source.unlabel(self, x):
            source.resolve_all(self)
        list.remove(self, x)

    def clear(self) -> None:
        labels = self.source.labels
        if labels:
            for x in list.__iter__(self):
                labels.pop(x, None)
        list.clear(self)

    def sort(self, *args, **kwargs) -> None:
        self.clear_labels()
        list.sort(self, *args, **kwargs)

    def clear_labels(self) -> None:
        labels = self.source.labels
        for x in list.__iter__(self):
            labels.pop(x, None)

    def copy(self) -> list:
        return self[:]


class ChanceState(State):
    """A State whose randomness is explicit: see the module's docstring. Its zones are
    :class:`LazyZone` lists sharing one :class:`ChanceSource`."""

    __slots__ = ()
    zones: list[LazyZone]  # type: ignore[assignment]

    @property
    def source(self) -> ChanceSource:
        return self.zones[self.game.deck_slot].source

    def rng(self) -> Any:
        return self.source

    def clone(self) -> ChanceState:
        mine = self.source
        armed, mine.armed = mine.armed, False  # a copy reads no place (`apply` takes one mid-step)
        try:
            st: Any = State.clone(self)
        finally:
            mine.armed = armed
        st.__class__ = ChanceState
        source = mine.copy()
        st.zones = [LazyZone(z, source) for z in st.zones]
        return st

    @property
    def unresolved(self) -> int:
        """How many items lie in places not yet drawn."""
        return len(self.source.labels)

    def resolve_everything(self) -> None:
        """Take the present layout as drawn: for a state whose hidden cards were just dealt
        afresh at random (a sample for search), where the layout is a uniform draw already."""
        self.source.labels.clear()


def chance_state(game: Game) -> ChanceState:
    """A blank ChanceState of `game`: before its variables and setup (see :func:`run_step`)."""
    st: Any = game.blank_state(0)
    st.__class__ = ChanceState
    source = ChanceSource(game.deck.names)
    st.zones = [LazyZone(z, source) for z in st.zones]
    return st


def start(st: ChanceState) -> None:
    """The setup step: variables, setup and the automatic phases after it."""
    st.game.start(st)


def run_step(before: ChanceState, step: Callable[[ChanceState], Any], outcomes: list[int]) -> tuple[ChanceState, Any]:
    """`step` played on a copy of `before` with `outcomes` for its draws: the copy and what
    `step` returned, or NeedChance (and `before` is untouched)."""
    st = before.clone()
    source = st.source
    source.queue, source.cursor, source.armed = outcomes, 0, True
    try:
        result = step(st)
    finally:
        source.armed = False
        source.queue, source.cursor = [], 0
    return st, result


def settle_chance(st: ChanceState, outcomes: list[int]) -> None:
    """Between steps, in place: resolve the unresolved items some seat may see, then list the
    legal moves (which may read places); `outcomes` are consumed and kept. NeedChance when a
    draw has no outcome left; the draws made before it stay made."""
    source = st.source
    source.queue, source.cursor, source.armed = outcomes, 0, True
    try:
        if source.labels:
            game = st.game
            for zone in st.zones:
                for i in range(len(zone)):
                    x = list.__getitem__(zone, i)
                    if x in source.labels and x < game.deck_size and any(
                            game.visible_to(st, x, p) for p in range(game.player_count)):
                        source.resolve(zone, i)
        if not st.is_over:
            st.legal_moves()
    finally:
        source.armed = False
        source.queue, source.cursor = [], 0
