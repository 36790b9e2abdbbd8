"""Leduc hold'em against OpenSpiel's `leduc_poker`: the same private and public cards, the same
legal moves at every decision, the same returns (net chips, both sides; a split pot halves).

Mapping: OpenSpiel's card c is rank J, Q, K for c // 2 and suit S, H for c % 2 (its two suits);
its actions 0, 1, 2 are `fold`, `call` (a check when nothing is owed) and `raise`."""

import pytest

from cardrules import load_game
from openspiel_diff import games_to_play
from openspiel_mirror import Mirror, play_many
from support.states import cards_in

pyspiel = pytest.importorskip("pyspiel")

RANKS, SUITS = "JQK", "SH"
MOVES = {0: "fold", 1: "call", 2: "raise"}


def card_id(name):
    return 2 * RANKS.index(name[0]) + SUITS.index(name[1])


class LeducMirror(Mirror):
    def chance_outcome(self, cr, os_state):
        dealt = sum(1 for step in os_state.full_history() if step.player == pyspiel.PlayerId.CHANCE)
        if dealt < cr.game.player_count:       # the private cards, seat 0 first
            (card,) = cards_in(cr, "hand", dealt)
        else:                                  # the public card
            (card,) = cards_in(cr, "board")
        return card_id(card)

    def move_text(self, os_state, action):
        return MOVES[action]



@pytest.mark.parametrize("starting_player", [0, 1])
def test_leduc_poker_agrees_with_openspiel_move_for_move(starting_player):
    games = games_to_play(200)
    ours = load_game("leduc-poker", {"starting_player": starting_player})
    theirs = pyspiel.load_game("leduc_poker", {"starting_player": starting_player})
    assert play_many(ours, theirs, LeducMirror, games) >= 2 * games
