"""Cribbage against OpenSpiel's `cribbage`, move for move, for two, three and four players: the
same deals and starters, the same legal moves at every decision, the same returns.

The rules are loaded with OpenSpiel's choices: seat 0 deals first (`first_dealer_by_lot=false`),
a crib flush of four counts (`crib_four_flush=true`), and the whole show is scored after the
last card of the play before the game ends (`count_out=false`).

Mapping: OpenSpiel's card c is rank A, 2, ..., K for c % 13 and suit C, D, H, S for c // 13.
Each deal's chance outcomes are seat 0's cards, then seat 1's ..., then (three players) the
crib's card from the stock, then the starter. In the discard, two players choose a pair,
action 52 + 52 * c1 + c2 with c1 the lower card by rank then suit (`discard C1 C2`); three or
four choose a card (`discard C`). In the play an action c is `play C` and 2756 is `go`. A
return is the score, plus OpenSpiel's winner bonus to the lowest seat at 121 or more (and its
partner) and its share of the penalty to the others."""

import pytest

from cardrules import load_game
from openspiel_diff import games_to_play
from openspiel_mirror import Mirror, play_many
from support.states import cards_in

pyspiel = pytest.importorskip("pyspiel")

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "CDHS"
PASS = 2756
CHANCE = -1
BONUS = 1000


def card_id(name):
    return 13 * SUITS.index(name[-1]) + RANKS.index(name[:-1])


def card_name(c):
    return RANKS[c % 13] + SUITS[c // 13]


class CribbageMirror(Mirror):
    """Each deal cardrules has dealt all the cards before OpenSpiel asks for them (its deal and
    its cut are automatic phases), so each chance outcome is read off cardrules' zones: the
    k-th card of a deal is card k % cards-per-player of seat k // cards-per-player."""

    def __init__(self, players):
        self.players = players
        self.per_player = 6 if players == 2 else 5
        self.to_crib = 1 if players == 3 else 0
        self.chances = 0
        self.discarding = True

    def chance_outcome(self, cr, os_state):
        dealt = self.players * self.per_player
        k = self.chances % (dealt + self.to_crib + 1)
        if k < dealt:
            return card_id(cards_in(cr, "hand", k // self.per_player)[k % self.per_player])
        if k < dealt + self.to_crib:
            return card_id(cards_in(cr, "crib")[0])
        return card_id(cards_in(cr, "starter")[0])

    def observe(self, player, action):
        if player == CHANCE:
            k = self.chances % (self.players * self.per_player + self.to_crib + 1)
            self.discarding = k < self.players * self.per_player + self.to_crib
            self.chances += 1

    def move_text(self, os_state, action):
        if action == PASS:
            return "go"
        if action >= 52:
            low, high = divmod(action - 52, 52)
            return f"discard {card_name(low)} {card_name(high)}"
        return f"{'discard' if self.discarding else 'play'} {card_name(action)}"

    def returns(self, cr):
        scores = [float(s) for s in cr.scores()]
        winner = next((p for p, s in enumerate(scores) if s >= 121), None)
        if winner is None:
            return scores
        if self.players == 4:
            return [s + (BONUS / 2 if p % 2 == winner % 2 else -BONUS / 2) for p, s in enumerate(scores)]
        return [s + (BONUS if p == winner else -BONUS / (self.players - 1)) for p, s in enumerate(scores)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cribbage_agrees_with_openspiel_move_for_move(players):
    games = games_to_play(100)
    ours = load_game("cribbage", {"players": players, "first_dealer_by_lot": False, "crib_four_flush": True,
                                  "count_out": False})
    assert play_many(ours, pyspiel.load_game("cribbage", {"players": players}), lambda: CribbageMirror(players),
                     games, first_seed=100 * players) > games
