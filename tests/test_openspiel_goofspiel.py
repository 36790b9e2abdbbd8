"""Goofspiel against OpenSpiel's `goofspiel` with its default settings (13 cards, two players,
random prize order, win/loss returns): the same prizes, the same legal moves for each seat at
every round, the same returns.

OpenSpiel's game is simultaneous: each round, a chance node turns up the prize and both seats
choose at once (`apply_actions`); cardrules asks seat 0, then seat 1, both from the same
position, and resolves when both have chosen. Mapping: OpenSpiel's prize outcome k is the
diamond of rank k + 1; its bid action k of seat p is `bid {k + 1}` of p's suit (clubs for seat
0, hearts for seat 1). OpenSpiel plays the last round by itself, as the rules file does.
"""

from __future__ import annotations

import random

import pytest

from cardrules import load_game
from openspiel_diff import Disagreement, games_to_play
from support.states import cards_in

pyspiel = pytest.importorskip("pyspiel")

SUITS = "CH"


def play_both(game, os_game, seed: int) -> int:
    """One game with the same random bids in both; the number of rounds chosen."""
    chooser = random.Random(seed)
    cr = game.new_state(seed)
    os_state = os_game.new_initial_state()
    rounds = prizes = 0

    def fail(what: str):
        raise Disagreement(f"seed {seed}, round {rounds}: {what}\nOpenSpiel history {os_state.history()}\n{os_state}")

    while True:
        while os_state.is_chance_node():
            shown = cards_in(cr, "shown")
            if prizes >= len(shown):
                fail(f"OpenSpiel turns up prize {prizes + 1}, cardrules has shown {len(shown)}")
            outcome = int(shown[prizes][:-1]) - 1
            if outcome not in os_state.legal_actions():
                fail(f"cardrules turned up {shown[prizes]}, which OpenSpiel does not allow here")
            os_state.apply_action(outcome)
            prizes += 1
        if os_state.is_terminal() or cr.is_over:
            if not (os_state.is_terminal() and cr.is_over):
                fail(f"OpenSpiel over: {os_state.is_terminal()}, cardrules over: {cr.is_over}")
            break
        if os_state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
            fail(f"OpenSpiel has player {os_state.current_player()} to play, not both at once")
        bids = []
        for seat in range(2):
            if cr.current_player != seat:
                fail(f"cardrules asks seat {cr.current_player}, seat {seat} expected")
            expected = {f"bid {a + 1}{SUITS[seat]}": a for a in os_state.legal_actions(seat)}
            legal = {m.text for m in cr.legal_moves()}
            if legal != set(expected):
                fail(f"seat {seat}: only cardrules {sorted(legal - set(expected))}, "
                     f"only OpenSpiel {sorted(set(expected) - legal)}")
            action = chooser.choice(os_state.legal_actions(seat))
            cr.apply(f"bid {action + 1}{SUITS[seat]}")
            bids.append(action)
        os_state.apply_actions(bids)
        rounds += 1
    if list(cr.scores()) != [int(x) for x in os_state.returns()]:
        fail(f"returns differ: cardrules {cr.scores()}, OpenSpiel {os_state.returns()}")
    return rounds


def test_goofspiel_agrees_with_openspiel_round_for_round():
    game, os_game = load_game("goofspiel"), pyspiel.load_game("goofspiel")
    assert os_game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    games = games_to_play(300)
    rounds = sum(play_both(game, os_game, seed) for seed in range(games))
    assert rounds == 12 * games, "twelve rounds chosen, the thirteenth plays itself"
