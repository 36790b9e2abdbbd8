"""Kuhn poker against OpenSpiel's `kuhn_poker`: the same deal, the same legal moves at every
decision, the same returns (net chips, both sides).

Mapping: OpenSpiel's cards 0, 1, 2 are J, Q, K; its actions 0 and 1 are `pass` and `bet`."""

import pytest

from cardrules import load_game
from openspiel_diff import games_to_play
from openspiel_mirror import Mirror, play_many
from support.states import cards_in

pyspiel = pytest.importorskip("pyspiel")

RANKS = "JQK"
MOVES = {0: "pass", 1: "bet"}


class KuhnMirror(Mirror):
    def chance_outcome(self, cr, os_state):
        seat = len(os_state.history())          # OpenSpiel deals seat 0, then seat 1
        (card,) = cards_in(cr, "hand", seat)
        return RANKS.index(card[0])

    def move_text(self, os_state, action):
        return MOVES[action]



def test_kuhn_poker_agrees_with_openspiel_move_for_move():
    games = games_to_play(300)
    decisions = play_many(load_game("kuhn-poker"), pyspiel.load_game("kuhn_poker"), KuhnMirror, games)
    assert decisions >= 2 * games, "every game has at least two decisions"
