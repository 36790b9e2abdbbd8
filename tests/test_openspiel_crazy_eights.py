"""Crazy Eights against OpenSpiel's `crazy_eights`, with each of its options: the same dealer,
deal, turned-up card and draws, the same legal moves at every decision, the same returns.

The rules are loaded with OpenSpiel's options (`players`, `max_draw_cards` as `max_draws`,
`max_turns` as `max_plays`, `use_special_cards` as `special_cards`, `reshuffle`) and its scoring:
an ace counts 10 and a number card its OpenSpiel index plus 2 (`number_points=deck_index`).

Mapping: OpenSpiel's card c is rank 2, 3, ..., 10, J, Q, K, A for c // 4 and suit C, D, H, S
for c % 4; its actions c < 52 are `play CARD`, 52 `draw`, 53 `pass`, 54 + s `call SUIT`.
Its chance outcome 52 + p makes seat p the dealer. A return is the score (minus the cards left)."""

from collections import Counter

import pytest

from cardrules import load_game
from openspiel_diff import games_to_play
from openspiel_mirror import Mirror, play_many
from support.states import cards_in, var

pyspiel = pytest.importorskip("pyspiel")

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"
DRAW, PASS, CALL = 52, 53, 54
CHANCE = -1


def card_id(name):
    return 4 * RANKS.index(name[:-1]) + SUITS.index(name[-1])


def card_name(c):
    return RANKS[c // 4] + SUITS[c % 4]


class CrazyEightsMirror(Mirror):
    """OpenSpiel draws the dealer, deals one card at a time from the dealer's next seat, turns
    up the starter, then deals each card drawn to the player who drew. It keeps its own hands;
    the mirror follows them to feed each player the cards cardrules gave him, oldest first."""

    def __init__(self):
        self.chances = 0
        self.dealer = None
        self.last_player = None
        self.hands = None
        self.pending = None

    def chance_outcome(self, cr, os_state):
        n = cr.game.player_count
        if self.chances == 0:
            self.dealer = var(cr, "dealer")
            self.hands = [Counter() for _ in range(n)]
            return DRAW + self.dealer
        dealt = n * (7 if n == 2 else 5)
        if self.chances == dealt + 1:                   # the starter, never an eight
            self.pending = None
            return card_id(cards_in(cr, "pile")[0])
        seat = (self.dealer + self.chances) % n if self.chances <= dealt else self.last_player
        known = Counter(self.hands[seat])
        for name in cards_in(cr, "hand", seat):
            if known[name]:
                known[name] -= 1
            else:
                self.pending = (seat, name)
                return card_id(name)
        raise AssertionError(f"OpenSpiel deals seat {seat} a card cardrules did not deal")

    def observe(self, player, action):
        if player == CHANCE:
            self.chances += 1
            if self.pending:
                seat, name = self.pending
                self.hands[seat][name] += 1
                self.pending = None
        else:
            self.last_player = player
            if action < DRAW:
                self.hands[player][card_name(action)] -= 1

    def move_text(self, os_state, action):
        if action < DRAW:
            return f"play {card_name(action)}"
        if action == DRAW:
            return "draw"
        if action == PASS:
            return "pass"
        return f"call {SUITS[action - CALL]}"


OPTIONS = [
    {},                                                             # OpenSpiel's defaults: 5 players
    {"players": 2, "use_special_cards": True},
    {"players": 3, "use_special_cards": True, "reshuffle": True, "max_draw_cards": 2},
    {"players": 6, "use_special_cards": True, "max_turns": 60},    # two packs
    {"players": 4, "reshuffle": True, "max_draw_cards": 1, "max_turns": 150},
]


def cardrules_params(options):
    full = {**pyspiel.load_game("crazy_eights").get_parameters(), **options}
    return {"players": full["players"], "max_draws": full["max_draw_cards"], "max_plays": full["max_turns"],
            "special_cards": full["use_special_cards"], "reshuffle": full["reshuffle"],
            "ace_points": 10, "number_points": "deck_index"}


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_crazy_eights_agrees_with_openspiel_move_for_move(options):
    games = games_to_play(60)
    ours = load_game("crazy-eights", cardrules_params(options))
    assert play_many(ours, pyspiel.load_game("crazy_eights", options), CrazyEightsMirror, games) > games
