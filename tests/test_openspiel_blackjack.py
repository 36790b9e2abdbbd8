"""Blackjack against OpenSpiel's `blackjack`: the same cards in the same order, the same legal
moves at every decision, the same returns. OpenSpiel knows no naturals, so the rules are loaded
with `naturals=false`; it stands on soft 17, the rules' default.

Mapping: OpenSpiel's card c is suit C, D, H, S for c // 13 and rank A, 2, ..., 10, J, Q, K for
c % 13; its actions 0 and 1 are `hit` and `stand`. Its return (+1, 0, -1 bets) is the score."""

import pytest

from cardrules import load_game
from openspiel_diff import games_to_play
from openspiel_mirror import Mirror, play_many
from support.states import cards_in

pyspiel = pytest.importorskip("pyspiel")

SUITS = "CDHS"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
MOVES = {0: "hit", 1: "stand"}
HIT = 0


def card_id(name):
    return 13 * SUITS.index(name[-1]) + RANKS.index(name[:-1])


class BlackjackMirror(Mirror):
    """OpenSpiel deals the player's two cards, the dealer's hole card and up card, then one card
    per hit, then the dealer's draws."""

    def chance_outcome(self, cr, os_state):
        history = os_state.full_history()
        dealt = sum(1 for step in history if step.player == pyspiel.PlayerId.CHANCE)
        hits = sum(1 for step in history if step.player == 0 and step.action == HIT)
        player, dealer = cards_in(cr, "hand", 0), cards_in(cr, "dealer")
        if dealt < 2:
            return card_id(player[dealt])
        if dealt < 4:
            return card_id(dealer[dealt - 2])
        if dealt < 4 + hits:
            return card_id(player[dealt - 2])
        return card_id(dealer[dealt - 2 - hits])

    def move_text(self, os_state, action):
        return MOVES[action]



def test_blackjack_agrees_with_openspiel_move_for_move():
    games = games_to_play(400)
    ours = load_game("blackjack", {"naturals": False})
    assert play_many(ours, pyspiel.load_game("blackjack"), BlackjackMirror, games) >= games
