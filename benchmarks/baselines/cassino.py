"""Cassino (Brazilian), hand-written Python baseline.

Cards are ints 0..51: ``card = suit * 13 + rank`` with suits C, D, H, S and
rank 0..12 = A, 2..10, J, Q, K.  Numerals (A..10) have values 1..10; the
face cards J, Q, K have no value.

The table is a list of loose cards plus a list of ``Build`` objects.
Moves are tuples (build positions are indices into ``game.builds``):
    ("capture", card, loose_cards, build_indices)  M1/M2/M3
    ("build", card, loose_cards)                   M4 simple build
    ("pair", card, loose_cards)                    M5 locked (pair) build
    ("increase", card, build_index)                M7 increase a simple build
    ("trail", card)                                M8
Merging (M6) happens inside ``apply``.

Usage:  python -m benchmarks.baselines.cassino -n 1000 --seed 0
"""

import argparse
import random
import time

SUITS = "CDHS"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE = 0
JACK = 10
DIAMONDS = 1
SPADES = 3
TEN_OF_DIAMONDS = DIAMONDS * 13 + 9
TWO_OF_SPADES = SPADES * 13 + 1
TARGET = 21


def rank(card):
    return card % 13


def suit(card):
    return card // 13


def value(card):
    """Numeral value (ace = 1, 2..10); 0 for J, Q, K."""
    r = card % 13
    return r + 1 if r < JACK else 0


def card_name(card):
    return RANK_NAMES[rank(card)] + SUITS[suit(card)]


class Build:
    __slots__ = ("cards", "value", "locked", "owner")

    def __init__(self, cards, value, locked, owner):
        self.cards = cards
        self.value = value
        self.locked = locked
        self.owner = owner

    def __repr__(self):
        kind = "locked" if self.locked else "simple"
        names = " ".join(card_name(c) for c in self.cards)
        return f"Build({kind} {self.value} [{names}] owner={self.owner})"


def subsets_with_sum(values, low, high):
    """Index tuples of the non-empty subsets of ``values`` (all positive)
    whose sum lies in low..high.  Returns a list of (indices, sum)."""
    result = []
    n = len(values)

    def extend(start, chosen, total):
        for i in range(start, n):
            t = total + values[i]
            if t > high:
                continue
            chosen.append(i)
            if t >= low:
                result.append((tuple(chosen), t))
            extend(i + 1, chosen, t)
            chosen.pop()

    extend(0, [], 0)
    return result


class Cassino:
    """State of a Cassino match; ``legal_moves`` / ``apply`` drive it."""

    def __init__(self, rng, n_players=2, target=TARGET):
        if n_players not in (2, 3, 4):
            raise ValueError("Cassino is played by 2, 3 or 4 players")
        self.rng = rng
        self.n = n_players
        self.target = target
        self.n_sides = 2 if n_players == 4 else n_players
        self.deals_per_hand = (52 - 4) // (4 * n_players)  # 6 / 4 / 3
        self.scores = [0] * self.n_sides
        self.dealer = n_players - 1
        self.game_over = False
        self.start_hand()

    def side(self, seat):
        return seat % self.n_sides

    # ------------------------------------------------------------ hand flow

    def start_hand(self):
        self.deck = list(range(52))
        self.rng.shuffle(self.deck)
        self.hands = [[] for _ in range(self.n)]
        self.loose = []
        self.builds = []
        self.piles = [[] for _ in range(self.n_sides)]
        self.deals_done = 0
        self.last_move_was_trail = False
        self.deal(first=True)

    def deal(self, first=False):
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
        for _ in range(4):
            for seat in order:
                self.hands[seat].append(self.deck.pop())
            if first:
                self.loose.append(self.deck.pop())
        self.deals_done += 1
        self.current = (self.dealer + 1) % self.n

    def end_hand(self):
        # Remaining table cards: to the player before the dealer if the last
        # card was trailed, otherwise to the dealer (the last capturer).
        taker = self.dealer - 1 if self.last_move_was_trail else self.dealer
        pile = self.piles[self.side(taker % self.n)]
        pile.extend(self.loose)
        for build in self.builds:
            pile.extend(build.cards)
        self.loose = []
        self.builds = []

        for s, points in enumerate(self.hand_points()):
            self.scores[s] += points

        best = max(self.scores)
        if best >= self.target and self.scores.count(best) == 1:
            self.game_over = True
        else:
            self.dealer = (self.dealer + 1) % self.n
            self.start_hand()

    def hand_points(self):
        points = [0] * self.n_sides
        counts = [len(pile) for pile in self.piles]
        spades = [sum(1 for c in pile if suit(c) == SPADES) for pile in self.piles]
        for majority, bonus in ((counts, 3), (spades, 1)):
            top = max(majority)
            if majority.count(top) == 1:
                points[majority.index(top)] += bonus
        for s, pile in enumerate(self.piles):
            for c in pile:
                if c == TEN_OF_DIAMONDS:
                    points[s] += 2
                elif c == TWO_OF_SPADES:
                    points[s] += 1
                if rank(c) == ACE:
                    points[s] += 1
        return points

    # ------------------------------------------------------ move generation

    def capture_unions(self, v):
        """All distinct capturable unions for a numeral of value v (M3).

        Returns (loose_cards, build_indices) pairs."""
        # Items that may appear in a group: loose numerals and simple builds
        # by value; locked builds only whole, i.e. only when worth exactly v.
        items = []  # (value, is_build, card or build index)
        for c in self.loose:
            cv = value(c)
            if cv:
                items.append((cv, False, c))
        for i, b in enumerate(self.builds):
            if not b.locked or b.value == v:
                items.append((b.value, True, i))

        groups = [
            sum(1 << i for i in idx)
            for idx, _ in subsets_with_sum([it[0] for it in items], v, v)
        ]
        # Unions of pairwise-disjoint groups, as bit masks over ``items``.
        unions = {0}
        for g in groups:
            unions |= {u | g for u in unions if not u & g}
        unions.discard(0)

        result = []
        for mask in unions:
            loose, builds = [], []
            for i, (_, is_build, ref) in enumerate(items):
                if mask >> i & 1:
                    (builds if is_build else loose).append(ref)
            result.append((tuple(loose), tuple(builds)))
        return result

    def candidate_moves(self, p):
        """Moves before applying the ownership rules R1/R2."""
        hand = self.hands[p]
        owns_build = any(b.owner == p for b in self.builds)
        loose_numerals = [c for c in self.loose if value(c)]
        # Non-empty subsets of loose numerals worth at most 10 (M4, M5).
        loose_sets = [
            (tuple(loose_numerals[i] for i in idx), total)
            for idx, total in subsets_with_sum([value(c) for c in loose_numerals], 1, 10)
        ]
        unions_by_value = {}
        moves = []
        for card in hand:
            r = rank(card)
            v = value(card)
            # M1 / M2: face card or ace takes one loose card of its rank.
            if r == ACE or r >= JACK:
                for t in self.loose:
                    if rank(t) == r:
                        moves.append(("capture", card, (t,), ()))
            # M3: numeral 2..10 captures groups worth v.
            else:
                if v not in unions_by_value:
                    unions_by_value[v] = self.capture_unions(v)
                for loose, builds in unions_by_value[v]:
                    moves.append(("capture", card, loose, builds))
            if v:
                for s, total in loose_sets:
                    # M4: simple build worth v + sum(S) <= 10 (A..9 only).
                    if v + total <= 10:
                        moves.append(("build", card, s))
                    # M5: pair build, S worth exactly v.
                    if total == v and v >= 2:
                        moves.append(("pair", card, s))
                # M7: increase a simple build.
                for i, b in enumerate(self.builds):
                    if not b.locked and b.value + v <= 10:
                        moves.append(("increase", card, i))
            # M8: trail, only if the player owns no build.
            if not owns_build:
                moves.append(("trail", card))
        return moves

    def move_is_allowed(self, p, move, locked_owned):
        """R1 (hold a numeral for every build still owned; this also covers
        the "must still hold" conditions of M4, M5 and M7) and R2."""
        kind, card = move[0], move[1]
        builds = self.builds
        if locked_owned:
            # R2: must capture, including the locked build(s) he owns.
            if kind != "capture" or not all(i in move[3] for i in locked_owned):
                return False

        required = set()
        if kind == "capture":
            taken = move[3]
            for i, b in enumerate(builds):
                if b.owner == p and i not in taken:
                    required.add(b.value)
        else:
            for i, b in enumerate(builds):
                if b.owner == p:
                    required.add(b.value)
            if kind == "build":
                required.add(value(card) + sum(value(c) for c in move[2]))
            elif kind == "pair":
                required.add(value(card))
            elif kind == "increase":
                b = builds[move[2]]
                if b.owner == p:
                    required.discard(b.value)  # old value no longer owed
                required.add(b.value + value(card))
        if not required:
            return True

        held = [value(c) for c in self.hands[p]]
        held.remove(value(card))  # the card being played
        return all(v in held for v in required)

    def legal_moves(self):
        p = self.current
        locked_owned = [i for i, b in enumerate(self.builds) if b.owner == p and b.locked]
        return [
            m for m in self.candidate_moves(p) if self.move_is_allowed(p, m, locked_owned)
        ]

    # ----------------------------------------------------------- apply move

    def apply(self, move):
        p = self.current
        kind, card = move[0], move[1]
        self.hands[p].remove(card)
        self.last_move_was_trail = False

        if kind == "capture":
            pile = self.piles[self.side(p)]
            pile.append(card)
            for c in move[2]:
                self.loose.remove(c)
                pile.append(c)
            for i in sorted(move[3], reverse=True):
                pile.extend(self.builds.pop(i).cards)

        elif kind == "build" or kind == "pair":
            for c in move[2]:
                self.loose.remove(c)
            cards = list(move[2]) + [card]
            if kind == "build":
                new = Build(cards, sum(value(c) for c in cards), False, p)
            else:
                new = Build(cards, value(card), True, p)
            self.builds.append(new)
            self.merge_builds(new.value, p)

        elif kind == "increase":
            b = self.builds[move[2]]
            b.cards.append(card)
            b.value += value(card)
            b.owner = p
            self.merge_builds(b.value, p)

        elif kind == "trail":
            self.loose.append(card)
            self.last_move_was_trail = True

        else:
            raise ValueError(f"unknown move {move!r}")

        self.advance()

    def merge_builds(self, v, p):
        """M6: two or more builds worth v become one locked build of p."""
        same = [b for b in self.builds if b.value == v]
        if len(same) < 2:
            return
        cards = [c for b in same for c in b.cards]
        self.builds = [b for b in self.builds if b.value != v]
        self.builds.append(Build(cards, v, True, p))

    def advance(self):
        self.current = (self.current + 1) % self.n
        if self.hands[self.current]:
            return
        # Everybody has played out this deal (hands are always equal sized).
        if self.deals_done < self.deals_per_hand:
            self.deal()
        else:
            self.end_hand()

    # ------------------------------------------------------------- helpers

    def all_cards(self):
        """Every card currently in the game (for conservation checks)."""
        cards = list(self.deck) + list(self.loose)
        for hand in self.hands:
            cards.extend(hand)
        for b in self.builds:
            cards.extend(b.cards)
        for pile in self.piles:
            cards.extend(pile)
        return cards


def play_random_game(rng, n_players=2, target=TARGET):
    """Play one match with uniformly random moves.

    Returns (number of moves applied, final match scores per side; for four
    players the sides are the partnerships 0+2 and 1+3)."""
    game = Cassino(rng, n_players=n_players, target=target)
    moves = 0
    while not game.game_over:
        game.apply(rng.choice(game.legal_moves()))
        moves += 1
    return moves, list(game.scores)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Cassino random-play baseline")
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    total_moves = 0
    start = time.perf_counter()
    for _ in range(args.games):
        moves, _scores = play_random_game(rng, n_players=args.players)
        total_moves += moves
    elapsed = time.perf_counter() - start
    print(f"cassino: {args.games} games, {total_moves} moves in {elapsed:.3f} s")
    print(f"  {args.games / elapsed:.1f} games/s, {total_moves / elapsed:.0f} moves/s")


if __name__ == "__main__":
    main()
