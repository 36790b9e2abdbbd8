"""Gin Rummy against OpenSpiel's `gin_rummy` with its default parameters: the same deal, upcard
and draws, the same legal moves at every decision (the first upcard, draws, discards, knocks,
the knocker's melds, lay-offs, the other's melds, the wall), the same returns.

Mapping: OpenSpiel's card c is rank A, 2, ..., 10, J, Q, K for c % 13 and suit S, C, D, H for
c // 13; its actions c < 52 are `discard CARD` (`layoff CARD` in its lay-off phase), 52 `take`
(the upcard), 53 `draw` (the stock), 54 `pass`, 55 `knock`, and 56 + i its meld i, `meld` and
the meld's cards. OpenSpiel deals seat 0's ten cards, seat 1's, then the upcard, then each card
drawn from the stock. A return is the score.

Random play seldom knocks (a knock is one move among a dozen, in a hand that rarely gets down
to ten points), so the games are played by a random player that discards to keep its deadwood
low most of the time knocks at once with gin and otherwise a quarter of the times it may, and lays melds and lays off more often than it passes;
which discard, which meld, which lay-off stays random.
"""

import json
from collections import Counter

import pytest

from cardrules import load_game
from cardrules.algorithms.meld_split import best_split
from openspiel_diff import games_to_play
from openspiel_mirror import Mirror, play_many
from support.states import cards_in

pyspiel = pytest.importorskip("pyspiel")

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SCDH"
TAKE, DRAW, PASS, KNOCK, MELD = 52, 53, 54, 55, 56
CHANCE = -1
CARDRULES_SUITS = "CDHS"


def card_id(name):
    return 13 * SUITS.index(name[-1]) + RANKS.index(name[:-1])


def card_name(c):
    return RANKS[c % 13] + SUITS[c // 13]


def points(c):
    return min(10, c % 13 + 1)


def deadwood_value(cards):
    """The least deadwood of the cards, by the same built-in algorithm the rules use: the
    player's own way of judging a discard, not the rule under test."""
    _, dead = best_split([c % 13 for c in cards], [c // 13 for c in cards], [points(c) for c in cards],
                         list(range(13)), frozenset(range(13)))
    return sum(points(cards[i]) for i in dead)


def meld_texts():
    """OpenSpiel's meld actions as cardrules move texts: cards up the ranks, then by suit."""
    game = pyspiel.load_game("gin_rummy")
    state = game.new_initial_state()
    texts = {}
    for i in range(185):
        cards = state.action_to_string(0, MELD + i).split("Action: ")[1]
        names = [card_name(card_id_os(cards[j:j + 2])) for j in range(0, len(cards), 2)]
        names.sort(key=lambda n: (RANKS.index(n[:-1]), CARDRULES_SUITS.index(n[-1])))
        texts[MELD + i] = "meld " + " ".join(names)
    return texts


def card_id_os(text):
    """OpenSpiel's card from its own text: rank `A23456789TJQK`, suit `scdh`."""
    return 13 * "scdh".index(text[1]) + "A23456789TJQK".index(text[0])


MELDS = meld_texts()
OPENSPIELS = load_game("gin-rummy", {"knock_count": "best_split"})   # OpenSpiel's MinDeadwood
outcomes: Counter = Counter()


class GinRummyMirror(Mirror):
    def __init__(self):
        self.chances = 0

    def chance_outcome(self, cr, os_state):
        deck = set(os_state.legal_actions())
        if self.chances < 20:
            sources = cards_in(cr, "hand", self.chances // 10)
        elif self.chances == 20:
            sources = cards_in(cr, "upcard")
        else:                                             # the card drawn from the stock
            sources = cards_in(cr, "hand", 0) + cards_in(cr, "hand", 1)
        return next(card_id(n) for n in sources if card_id(n) in deck)

    def observe(self, player, action):
        if player == CHANCE:
            self.chances += 1

    def move_text(self, os_state, action):
        if action < TAKE:
            verb = "layoff" if "Phase: Layoff" in str(os_state) else "discard"
            return f"{verb} {card_name(action)}"
        if action >= MELD:
            return MELDS[action]
        return {TAKE: "take", DRAW: "draw", PASS: "pass", KNOCK: "knock"}[action]

    def returns(self, cr):
        scores = list(cr.scores())
        knocker = cr.var("knocker")
        outcomes["no knock" if knocker is None else "undercut" if scores[knocker] < 0
                 else "gin" if not cards_in(cr, "hand", knocker) else "knock"] += 1
        return scores


def least_after_discard(cards):
    return min(deadwood_value([d for d in cards if d != c]) for c in cards)


def knocking_player(chooser, actions, os_state):
    if actions == [TAKE, DRAW]:               # the upcard when it helps, mostly
        seen = json.loads(os_state.to_json())
        hand = [card_id_os(c) for c in seen["hands"][os_state.current_player()]]
        upcard = card_id_os(seen["upcard"])
        if least_after_discard(hand + [upcard]) < deadwood_value(hand) and chooser.random() < 0.9:
            return TAKE
        return DRAW if chooser.random() < 0.9 else TAKE
    hand = [a for a in actions if a < TAKE]
    if KNOCK in actions:        # at once with gin; else now or later (for gin, or the wall)
        if (hand and least_after_discard(hand) == 0) or chooser.random() < 0.25:   # no hand: the wall
            return KNOCK
    if hand == actions and len(hand) > 1 and chooser.random() < 0.9:   # a discard, the knocker's too
        return min(hand, key=lambda c: (deadwood_value([d for d in hand if d != c]), chooser.random()))
    laying = [a for a in actions if a >= MELD or (a < TAKE and PASS in actions)]  # melds, lay-offs
    if laying and chooser.random() < 0.9:
        return chooser.choice(laying)
    return chooser.choice(actions)


def test_gin_rummy_agrees_with_openspiel_move_for_move():
    games = games_to_play(150)
    outcomes.clear()
    assert play_many(OPENSPIELS, pyspiel.load_game("gin_rummy"), GinRummyMirror, games, choose=knocking_player) > games
    print(dict(outcomes))
    assert outcomes["knock"] + outcomes["gin"] + outcomes["undercut"] > games // 4


def test_a_random_player_rarely_knocks_yet_agrees_too():
    assert play_many(OPENSPIELS, pyspiel.load_game("gin_rummy"), GinRummyMirror,
                     games_to_play(50), first_seed=10_000) > 0

