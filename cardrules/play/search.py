"""Search agents for any rules file: information-set MCTS (``ismcts``) and flat Monte Carlo
over determinisations (``pimc``), and :class:`Knowledge`, what a seat has learnt from play
about the cards it cannot see. docs/agents.md explains the methods and their limits.

Both agents search *determinisations*: copies of the position where every card the seat cannot
see is dealt afresh, in agreement with what the seat has seen (:meth:`Knowledge.worlds`). They
never read a hidden card: a determinisation depends on the seat's observations, its own moves
and the agent's seed only.

Rewards are from the point of view of a team (a seat is its own team unless the rules declare
teams): 1 for a win, 1/2 for a draw, 0 for a loss, when a playout reaches the end of the game.
A playout that stops earlier (at the end of the hand, for games that count hands in a global
``var hands: number``, or after ``PLAYOUT_CAP`` moves) is judged by the rules' ``score``: the
team's gain since the decision against the best gain of another team, squashed into (0, 1).
"""

from __future__ import annotations

import functools
import math
import random
import time

import attrs

from ..engine.errors import RulesRuntimeError
from ..engine.observation import cards_named
from ..engine.per_game import per_game
from ..engine.primitives import Move
from ..engine.runtime import Game, State
from ..language.diagnostics import Diagnostic, RulesError
from .agents import place_cards, reseal
from .hands import hands_slot

DEFAULT_ITERATIONS = {"ismcts": 60, "pimc": 60}
PLAYOUT_CAP = 300  # moves; a playout that has not reached the horizon by then is judged by score
EXPLORATION = 0.7  # UCB's constant, for rewards in [0, 1]
WORLDS = 24  # determinisations per decision, sampled once and searched in turn


@attrs.frozen
class Budget:
    """How long a decision may take: a number of iterations (reproducible) or of seconds."""

    iterations: int | None = None
    seconds: float | None = None

    def text(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.iterations)


def parse_budget(option: str, spec: str, default: int) -> Budget:
    if not option:
        return Budget(iterations=default)
    try:
        if option.endswith("s"):
            seconds = float(option[:-1])
            if seconds > 0 and math.isfinite(seconds):
                return Budget(seconds=seconds)
        elif int(option) > 0:
            return Budget(iterations=int(option))
    except ValueError:
        pass
    raise RulesError([Diagnostic(f"`{spec}`: the budget `{option}` is not a number of iterations or seconds",
                                 None, "write e.g. ismcts:400 (iterations) or ismcts:0.5s (seconds)")])


def search_agent_factory(name: str, option: str, spec: str):
    budget = parse_budget(option, spec, DEFAULT_ITERATIONS[name])
    agent = ISMCTSAgent if name == "ismcts" else PIMCAgent
    return functools.partial(agent, budget=budget)


# --- what a seat knows ---------------------------------------------------------------------

def _slot_of(st: State, card: int) -> int:
    where = st.loc[card]
    return where if where >= 0 else st.groups[-1 - where]["zone"]


@per_game
def _slots_seen(game: Game) -> list[list[bool]]:
    """Per seat, per zone slot: may the seat see every card lying there (Game.slot_visible_to)?"""
    return [[game.slot_visible_to(slot, seat) for slot in range(len(game.slot_zone))]
            for seat in range(game.player_count)]


def hidden_places(st: State, seat: int) -> list[tuple[list, int, int]]:
    """Every place holding a card `seat` cannot see, as (container, index, zone slot), in a
    fixed order that depends on the position's layout only. (Game.visible_to card by card, with
    the part that depends on the slot worked out once: a card in a slot the seat does not see
    is seen when it lies face up or was shown to the seat.)"""
    size = st.game.deck_size
    seen = _slots_seen(st.game)[seat]
    face, known = st.face, st.known
    out = []
    for slot, zone in enumerate(st.zones):
        if zone and not seen[slot]:
            out += [(zone, i, slot) for i, x in enumerate(zone)
                    if x < size and not face[x] and not (known[x] >> seat) & 1]
    for g in st.groups.values():
        slot = g["zone"]
        if not seen[slot]:
            cards = g["cards"]
            out += [(cards, i, slot) for i, c in enumerate(cards) if not face[c] and not (known[c] >> seat) & 1]
    return out


def rearranged(st: State, places: list, cards: list[int], seed: int,
               addresses: list[tuple[int, int | None, int]] | None = None) -> State:
    """A copy of `st` where place k of `places` (from :func:`hidden_places` of `st`) holds
    ``cards[k]``. Each place keeps its face and who else knows it; variables that name a moved
    card follow it to its new place; chance to come is reseeded with `seed`. `addresses`:
    :func:`addresses_of` the places, for a caller that rearranges one position many times."""
    out = st.clone()
    old = [where[i] for where, i, _ in places]
    # The copies' containers stand where the original's did: found by position.
    zones, groups = out.zones, out.groups
    spots = [(zones[n] if gid is None else groups[gid]["cards"], i)
             for n, gid, i in (addresses or addresses_of(st, places))]
    place_cards(out, spots, old, cards)
    out.seed = seed
    out.draws = 0
    return out


def addresses_of(st: State, places: list) -> list[tuple[int, int | None, int]]:
    """Each place as (zone slot, None, index) or (-1, group id, index): where it stands in any
    copy of `st`."""
    zone_ids = {id(z): n for n, z in enumerate(st.zones)}
    group_ids = {id(g["cards"]): gid for gid, g in st.groups.items()}
    out = []
    for where, i, _ in places:
        n = zone_ids.get(id(where))
        out.append((n, None, i) if n is not None else (-1, group_ids[id(where)], i))
    return out


@attrs.define
class _View:
    """What a seat sees of a position, card by card: the zone slot of each card it sees (-1
    for a card it does not see) and the number of unseen cards in each slot."""

    slot: list[int]
    hidden: list[int]

    @classmethod
    def of(cls, st: State, seat: int) -> _View:
        seen = _slots_seen(st.game)[seat]
        face, known = st.face, st.known
        slot = []
        for c in range(st.game.deck_size):
            s = _slot_of(st, c)
            slot.append(s if seen[s] or face[c] or (known[c] >> seat) & 1 else -1)
        hidden = [0] * len(st.zones)
        for _, _, s in hidden_places(st, seat):
            hidden[s] += 1
        return cls(slot, hidden)


@attrs.define
class _Record:
    """A move another seat made, with the position before it, kept to test samples against."""

    state: State
    move: str
    slots: frozenset  # the zone slots of the cards the mover saw and the observer did not
    unseen: frozenset  # the cards the observer did not see then
    places: list  # hidden_places of `state` for the observer
    addresses: list  # addresses_of those places, to rearrange copies of `state`
    seen: set = attrs.field(factory=set)  # of those, the ones it has seen since
    broken: set = attrs.field(factory=set)  # slots an unseen card may have left unseen since
    failed: int = 0  # samples it refuted: tested first, a sample that fails fails fast


class Knowledge:
    """What `seat` has learnt from play about the cards it cannot see.

    It is told every position the seat is shown (:meth:`update`) and every move with the
    position before it (:meth:`observe`), and it reads them only as the seat sees them: which
    cards are where among those it sees, and how many unseen cards each zone holds. From that:

    - *pins*: a card the seat saw go into a place it cannot see stays in that zone slot while
      no unseen card may have left the slot unseen (a step where slots lost more unseen cards
      than came to light is one where some may have moved among unseen places);
    - *records*: the other seats' moves, each with the position before it; a sample of the
      present is accepted when each recorded move is legal in the past rebuilt from the sample
      (see :meth:`consistent`);
    - the rules' ``always`` lines: what holds in every position a seat chooses in (no Go Fish
      hand holds a book, laid the moment it is made), which a sample must meet too.
    """

    MAX_RECORDS = 12
    MAX_TRIES = 30
    TRIES_PER_WORLD = 4
    ALWAYS_SWAPS = 30

    def __init__(self, seat: int):
        self.seat = seat
        self.view: _View | None = None
        self.pins: dict[int, int] = {}
        self.records: list[_Record] = []
        self.pending: tuple[_Record, list[int]] | None = None  # the last move heard, until its effect is seen

    def update(self, st: State) -> None:
        if self.pending is not None:
            record, named = self.pending
            self.pending = None
            # A move this seat does not see in full (a discard face down) is not tested.
            if all(st.game.visible_to(st, c, self.seat) for c in named):
                self.records.append(record)
                del self.records[:-self.MAX_RECORDS]
        view = _View.of(st, self.seat)
        if self.view is not None and view != self.view:
            self._step(self.view, view)
        self.view = view

    def observe(self, st: State, move: Move) -> None:
        """Hear of `move`, about to be played in `st`; the next :meth:`update` shows its effect."""
        self.update(st)
        mover = st.player
        if mover == self.seat or st.over or st.game.phases[st.phase].simultaneous:
            return  # a sealed choice says nothing until its effect shows
        visible = st.game.visible_to
        before = st.clone()
        unseen = hidden_places(before, self.seat)
        theirs = frozenset(s for where, i, s in unseen if visible(before, where[i], mover))
        if not theirs:
            return  # the mover saw nothing this seat did not: its choice says nothing new
        record = _Record(before, move.text, theirs, frozenset(where[i] for where, i, _ in unseen), unseen,
                         addresses_of(before, unseen))
        self.pending = (record, cards_named(st, move))

    def _step(self, before: _View, after: _View) -> None:
        shown = [c for c, (a, b) in enumerate(zip(before.slot, after.slot)) if a < 0 <= b]
        hidden = [c for c, (a, b) in enumerate(zip(before.slot, after.slot)) if b < 0 <= a]
        falls = [s for s, (a, b) in enumerate(zip(before.hidden, after.hidden)) if b < a]
        rises = [s for s, (a, b) in enumerate(zip(before.hidden, after.hidden)) if b > a]
        fell = sum(before.hidden[s] - after.hidden[s] for s in falls)
        rose = sum(after.hidden[s] - before.hidden[s] for s in rises)
        # Clean: the counts can be explained without any unseen card moving to another unseen
        # place (the slots lost no more unseen cards than came to light, and gained no more
        # than went out of sight).
        clean = fell <= len(shown) and rose <= len(hidden)
        for c in shown:
            self.pins.pop(c, None)
        if not clean:
            self.pins = {c: s for c, s in self.pins.items() if s not in falls}
        if clean and len(rises) == 1:
            for c in hidden:
                self.pins[c] = rises[0]
        for r in self.records:
            r.seen.update(shown)
            if not clean:
                r.broken.update(falls)
        self.records = [r for r in self.records if not (r.slots & r.broken)]

    # --- sampling
    def sample(self, st: State, rng: random.Random) -> State:
        """One determinisation of `st`: the unseen cards dealt afresh, pinned ones within their
        slots, from their sorted list (so it depends on which cards are unseen, never on how
        they really lie), and the other seats' sealed choices drawn afresh (:func:`reseal`). A
        deal that breaks an `always` of the rules is mended (:meth:`_dealt`)."""
        return self._dealt(st, rng)[2]

    def _dealt(self, st: State, rng: random.Random) -> tuple[list, list[int], State]:
        """A fresh deal (:meth:`_deal`) and its world, mended where the world breaks an `always`
        of the rules: two unseen cards of different slots (neither pinned) trade places in it,
        up to ALWAYS_SWAPS times, until it does not. At a Cassino position with a build, about
        half the fresh deals leave its owner without a card of its value; a swap in a few mends
        one, where a fresh deal meets the rule no more often than the first did."""
        places, cards = self._deal(st, rng)
        world = self._world(st, places, cards, rng)
        if not st.game.always or world.unmet_always() is None:
            return places, cards, world
        spots = [(world.zones[z] if gid is None else world.groups[gid]["cards"], i)
                 for z, gid, i in addresses_of(st, places)]
        cards = list(cards)
        for _ in range(self.ALWAYS_SWAPS):
            pair = self._swap(places, cards, [], rng)
            if pair is None:
                break
            k, j = pair
            place_cards(world, [spots[k], spots[j]], [cards[k], cards[j]], [cards[j], cards[k]])
            cards[k], cards[j] = cards[j], cards[k]
            if world.unmet_always() is None:
                break
        return places, cards, world

    def _deal(self, st: State, rng: random.Random) -> tuple[list, list[int]]:
        """The places of `st` holding cards the seat cannot see, and a card for each."""
        places = hidden_places(st, self.seat)
        cards = sorted(where[i] for where, i, _ in places)
        free = set(cards)
        by_slot: dict[int, list[int]] = {}
        for k, (_, _, s) in enumerate(places):
            by_slot.setdefault(s, []).append(k)
        out: list[int | None] = [None] * len(places)
        for card, slot in sorted(self.pins.items()):
            spots = [k for k in by_slot.get(slot, ()) if out[k] is None]
            if card in free and spots:
                out[rng.choice(spots)] = card
                free.discard(card)
        rest = sorted(free)
        rng.shuffle(rest)
        it = iter(rest)
        return places, [c if c is not None else next(it) for c in out]

    def _world(self, st: State, places: list, cards: list[int], rng: random.Random) -> State:
        world = rearranged(st, places, cards, rng.getrandbits(62))
        reseal(world, self.seat, rng)
        return world

    def agreeing_sample(self, st: State, rng: random.Random, tries: int) -> State | None:
        """A sample that every record agrees with (:meth:`consistent`), found in at most `tries`
        samples, or None. The first is dealt afresh (:meth:`sample`); the next ones are in turn
        a fresh deal and the best so far with one card swapped (an unseen card of the slots of
        a move that refutes it for an unseen card of another slot, neither pinned to its slot),
        each kept when no more moves refute it. Fresh deals seldom meet tight records, which
        the swaps climb to: a Cassino seat that owns builds of 9 and of 6 and holds two cards,
        one deal in about seventy. (The agent's :meth:`worlds` keeps to fresh samples: over
        random play of Cassino, Piquet and Hearts they agreed as often, in less time.)"""
        places, cards, world = self._dealt(st, rng)
        refuting: list[_Record] = []
        bad = self.consistent(world, rng, None, refuting) if self.records or st.game.always else 0
        tried = 1
        while bad and tried < tries:
            # Fresh deals and swaps in turn: a fresh deal finds what loose records allow at
            # once, a swap climbs towards what tight ones allow.
            swapped = self._swapped(places, cards, refuting, rng) if tried % 2 else None
            if swapped is None:
                _, swapped, candidate = self._dealt(st, rng)
            else:
                candidate = self._world(st, places, swapped, rng)
            tried += 1
            found: list[_Record] = []
            count = self.consistent(candidate, rng, bad + 1, found)
            if count <= bad:
                cards, world, bad, refuting = swapped, candidate, count, found
        return world if not bad else None

    def _swapped(self, places: list, cards: list[int], refuting: list[_Record],
                 rng: random.Random) -> list[int] | None:
        """`cards` with the two places of :meth:`_swap` traded; None when no such pair is."""
        pair = self._swap(places, cards, refuting, rng)
        if pair is None:
            return None
        k, j = pair
        swapped = cards[:]
        swapped[k], swapped[j] = cards[j], cards[k]
        return swapped

    def _swap(self, places: list, cards: list[int], refuting: list[_Record],
              rng: random.Random) -> tuple[int, int] | None:
        """Two places to trade cards: one of the slots of a refuting move (of any slot, when only
        an `always` of the rules refutes them) and one of another slot, neither card pinned to
        its slot; None when no such pair is."""
        free = [k for k, (_, _, s) in enumerate(places) if self.pins.get(cards[k]) != s]
        if refuting:
            slots = refuting[rng.randrange(len(refuting))].slots
            inside = [k for k in free if places[k][2] in slots]
        else:
            inside = free
        if not inside:
            return None
        k = inside[rng.randrange(len(inside))]
        outside = [j for j in free if places[j][2] != places[k][2]]
        if not outside:
            return None
        return k, outside[rng.randrange(len(outside))]

    def consistent(self, world: State, rng: random.Random, limit: int | None = None,
                   refuting: list | None = None) -> int:
        """How many recorded moves of other seats would NOT have been legal in the past as
        `world` makes it (one more when `world` breaks an `always` of the rules, which no past
        can lead to), counted up to `limit` (a caller that keeps the sample with the fewest
        needs no more): for each record, the unseen cards of the mover's slots then are those
        of the world's same slots now that the seat has not seen since (pins aside), chosen at
        random when the slot has taken more cards since; unseen cards seen since stand where
        they stood; the other unseen cards are dealt at random. The records that refuted
        samples most often are tested first. The records that refute it are added to
        `refuting`, when given."""
        bad = 0
        if world.unmet_always() is not None:
            bad += 1  # the rules say it never happens: no past could lead here
            if bad == limit:
                return bad
        now = hidden_places(world, self.seat)
        in_slot: dict[int, list[int]] = {}
        for where, i, s in now:
            in_slot.setdefault(s, []).append(where[i])
        # Newest first among equals (sorted is stable).
        for r in sorted(self.records[::-1], key=lambda r: -r.failed):
            past = self._past(r, in_slot, rng)
            if past is None:
                continue
            try:
                legal = past.legal_moves()
            except RulesRuntimeError:
                continue
            if all(m.text != r.move for m in legal):
                r.failed += 1
                bad += 1
                if refuting is not None:
                    refuting.append(r)
                if bad == limit:
                    break
        return bad

    def _past(self, r: _Record, in_slot: dict, rng: random.Random) -> State | None:
        places = r.places
        cards: list = [None] * len(places)
        fixed = r.unseen & r.seen
        for k, (where, i, _) in enumerate(places):
            if where[i] in fixed:
                cards[k] = where[i]
        used = set(fixed)
        for slot in sorted(r.slots):
            spots = [k for k, (_, _, s) in enumerate(places) if s == slot and cards[k] is None]
            candidates = sorted(c for c in in_slot.get(slot, ()) if c in r.unseen and c not in r.seen)
            if len(candidates) < len(spots):
                return None  # the slot lost cards the seat did not see go: no test
            for k, c in zip(spots, rng.sample(candidates, len(spots))):
                cards[k] = c
                used.add(c)
        rest = sorted(r.unseen - used)
        rng.shuffle(rest)
        it = iter(rest)
        cards = [c if c is not None else next(it) for c in cards]
        return rearranged(r.state, places, cards, rng.getrandbits(62), r.addresses)

    def worlds(self, st: State, rng: random.Random, count: int) -> list[State]:
        """`count` determinisations, each the first sample that agrees with every record and
        meets the rules' `always` lines, or failing that the sample that disagrees with the fewest. Each takes up to MAX_TRIES
        samples, and all of them together TRIES_PER_WORLD * count: when agreeing samples are
        that rare the records are likely to be asking too much (see docs/agents.md)."""
        out = []
        left = self.TRIES_PER_WORLD * count
        tested = bool(self.records or st.game.always)
        for _ in range(count):
            best, best_bad = None, None
            for _ in range(self.MAX_TRIES if tested else 1):
                world = self.sample(st, rng)
                left -= 1
                if best_bad is None and left < 0:
                    # The tries are spent: this sample is the world, whatever the records say.
                    best = world
                    break
                bad = self.consistent(world, rng, best_bad) if tested else 0
                if best_bad is None or bad < best_bad:
                    best, best_bad = world, bad
                if bad == 0 or left <= 0:
                    break
            out.append(best)
        return out


# --- evaluation ------------------------------------------------------------------------------

class _Judge:
    """Rewards per team at the end of a playout, from the position searched from."""

    def __init__(self, root: State):
        game = root.game
        self.game = game
        self.team_of = game.team_of
        self.teams = game.team_count
        self.hands = hands_slot(game)
        self.hands_at = root.vars[self.hands] if self.hands is not None else None
        self.scale = 1.0
        self.judged = 0

    def team_scores(self, st: State) -> list[float]:
        score = self.game.score
        return [float(score(st, members[0])) for members in self.game.members]

    def horizon(self, st: State) -> bool:
        return st.over or (self.hands is not None and st.vars[self.hands] != self.hands_at)

    def rewards(self, st: State, start: list[float]) -> list[float]:
        """`start`: the teams' scores in the determinisation the playout came from (a score
        may count cards the seat cannot see, so it is never read from the real position)."""
        scores = self.team_scores(st)
        if st.over:
            top = max(scores)
            winners = [t for t, s in enumerate(scores) if s == top]
            if len(winners) > 1:
                return [0.5] * self.teams
            return [1.0 if t == winners[0] else 0.0 for t in range(self.teams)]
        gains = [s - s0 for s, s0 in zip(scores, start)]
        out = []
        for t, g in enumerate(gains):
            lead = g - max((x for u, x in enumerate(gains) if u != t), default=0.0)
            # The scale is the mean lead seen so far in this decision: a lead of a typical
            # size is worth 3/4.
            self.judged += 1
            self.scale += (abs(lead) - self.scale) / self.judged
            out.append(0.5 + 0.5 * lead / (abs(lead) + self.scale) if self.scale > 0 else 0.5)
        return out


def playout(st: State, judge: _Judge, start: list[float], rng: random.Random) -> list[float] | None:
    """Random moves to the horizon; the rewards there, or None when the determinisation
    made the rules fail (a move whose effect needs a card the sample put elsewhere)."""
    moves_left = PLAYOUT_CAP
    # judge.horizon, and rng.randrange, inlined: this loop is most of a search's time.
    hands, hands_at = judge.hands, judge.hands_at
    random = rng.random
    try:
        while not st.over and (hands is None or st.vars[hands] == hands_at) and moves_left:
            st.play_random(random)
            moves_left -= 1
    except RulesRuntimeError:
        return None
    return judge.rewards(st, start)


class _Node:
    __slots__ = ("team", "visits", "total", "avail", "children")

    def __init__(self, team: int):
        self.team = team  # the team of the seat whose move led here
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}


class _SearchAgent:
    name: str  # the spec word of the kind of search, `ismcts` or `pimc`
    def __init__(self, seed: int | str = 0, budget: Budget | None = None):
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=DEFAULT_ITERATIONS[self.name])
        self.knowledge: Knowledge | None = None
        self._heard: list[tuple[State, Move]] = []  # moves heard before this agent knew its seat

    def observe(self, state: State, move: Move) -> None:
        if self.knowledge is None:
            self._heard.append((state.clone(), move))
            return
        self.knowledge.observe(state, move)

    def _knowledge(self, state: State) -> Knowledge:
        if self.knowledge is None:
            self.knowledge = Knowledge(state.player)
            for st, move in self._heard:
                self.knowledge.observe(st, move)
            self._heard = []
        self.knowledge.update(state)
        return self.knowledge

    def _time_left(self, started: float, done: int) -> bool:
        if self.budget.seconds is not None:
            return time.perf_counter() - started < self.budget.seconds
        return done < self.budget.iterations

    def choose(self, state: State) -> Move:
        started = time.perf_counter()  # a budget in seconds counts the sampling too
        knowledge = self._knowledge(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        count = WORLDS if self.budget.iterations is None else min(WORLDS, self.budget.iterations)
        worlds = knowledge.worlds(state, self.rng, count)
        text = self._search(state, worlds, started)
        return next(m for m in moves if m.text == text)

    def _search(self, state: State, worlds: list[State], started: float) -> str:
        """The text of the move the search chooses in `state`, over the sampled `worlds`."""
        raise NotImplementedError


class ISMCTSAgent(_SearchAgent):
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

    One tree over the seat's information set: each iteration takes a determinisation, walks
    the tree with UCB among the moves legal in it (a child's exploration term counts the
    iterations in which it was available, not its parent's visits), adds one node, plays at
    random to the horizon and backs the rewards up, each node taking the reward of the team
    that made its move. It plays the root's most visited move.
    """

    name = "ismcts"

    def _search(self, state: State, worlds: list[State], started: float) -> str:
        team_of = state.game.team_of
        judge = _Judge(state)
        root = _Node(team_of[state.player])
        starts = [judge.team_scores(w) for w in worlds]
        rng = self.rng
        done = 0
        while self._time_left(started, done):
            k = done % len(worlds)
            st = worlds[k].clone()
            done += 1
            node, path = root, [root]
            try:
                while not judge.horizon(st):
                    moves = st.legal_moves()
                    children = node.children
                    # A child whose iterations all failed (see playout) counts as untried.
                    untried = [m for m in moves if m.text not in children or not children[m.text].visits]
                    if untried:
                        for m in moves:
                            if m.text in children:
                                children[m.text].avail += 1
                        move = untried[rng.randrange(len(untried))]
                        child = children.get(move.text)
                        if child is None:
                            child = children[move.text] = _Node(team_of[st.player])
                            child.avail += 1
                        st.play(move)
                        path.append(child)
                        break
                    best, best_value = None, -1.0
                    for m in moves:
                        child = children[m.text]
                        child.avail += 1
                        value = child.total / child.visits + EXPLORATION * math.sqrt(
                            math.log(child.avail) / child.visits)
                        if value > best_value:
                            best, best_value = m, value
                    node = children[best.text]
                    st.play(best)
                    path.append(node)
            except RulesRuntimeError:
                continue
            rewards = playout(st, judge, starts[k], rng)
            if rewards is None:
                continue
            for n in path[1:]:
                n.visits += 1
                n.total += rewards[n.team]
        legal = {m.text for m in state.legal_moves()}
        tried = [(c.visits, t) for t, c in root.children.items() if t in legal]
        if not tried:
            return state.legal_moves()[rng.randrange(len(legal))].text
        top = max(v for v, _ in tried)
        return min(t for v, t in tried if v == top)


class PIMCAgent(_SearchAgent):
    """Flat Monte Carlo over determinisations ("perfect information Monte Carlo"): the budget's
    playouts are shared out among the legal moves in turn, each from a determinisation; it
    plays the move with the best mean reward for its team."""

    name = "pimc"

    def _search(self, state: State, worlds: list[State], started: float) -> str:
        team = state.game.team_of[state.player]
        judge = _Judge(state)
        texts = [m.text for m in state.legal_moves()]
        starts = [judge.team_scores(w) for w in worlds]
        totals = dict.fromkeys(texts, 0.0)
        counts = dict.fromkeys(texts, 0)
        rng = self.rng
        done = 0
        while self._time_left(started, done):
            text = texts[done % len(texts)]
            k = (done // len(texts)) % len(worlds)
            world = worlds[k].clone()
            done += 1
            move = next((m for m in world.legal_moves() if m.text == text), None)
            if move is None:
                continue
            try:
                world.play(move)
            except RulesRuntimeError:
                continue
            rewards = playout(world, judge, starts[k], rng)
            if rewards is not None:
                totals[text] += rewards[team]
                counts[text] += 1
        means = {t: totals[t] / counts[t] for t in texts if counts[t]}
        if not means:
            return texts[rng.randrange(len(texts))]
        top = max(means.values())
        return min(t for t, v in means.items() if v == top)
