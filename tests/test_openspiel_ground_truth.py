"""Ground truth through the OpenSpiel adapter, with OpenSpiel's own algorithms: cardrules Kuhn
and Leduc poker have native Kuhn's and Leduc's trees (explicit chance, docs/adapters.md#chance),
and CFR through the adapter gives native CFR's figures at the same iterations.

The long check (Leduc's value, -0.0856, within 0.005) runs with CARDRULES_SLOW_CHECKS=1."""

from __future__ import annotations

import os

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("cardrules.adapters.openspiel")

from open_spiel.python.algorithms import cfr, exploitability, expected_game_score, get_all_states  # noqa: E402


def cardrules_and_native(name: str, native: str):
    return pyspiel.load_game("cardrules", {"rules": name}), pyspiel.load_game(native)


def tree(game) -> tuple[int, int, int]:
    """Histories (chance and terminal ones included), and each seat's information sets."""
    states = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True, include_chance_states=True)
    infosets: list[set] = [set(), set()]
    for state in states.values():
        seat = state.current_player()
        if seat >= 0:
            infosets[seat].add(state.information_state_string(seat))
    return len(states), len(infosets[0]), len(infosets[1])


@pytest.mark.parametrize("name, native, sizes", [
    ("kuhn-poker", "kuhn_poker", (58, 6, 6)),
    ("leduc-poker", "leduc_poker", (9457, 468, 468)),
])
def test_the_tree_is_the_native_tree(name, native, sizes):
    ours, theirs = cardrules_and_native(name, native)
    assert tree(ours) == tree(theirs) == sizes


@pytest.mark.parametrize("name, native", [("kuhn-poker", "kuhn_poker"), ("leduc-poker", "leduc_poker")])
def test_the_game_declares_what_native_declares(name, native):
    ours, theirs = cardrules_and_native(name, native)
    assert ours.get_type().utility == theirs.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert ours.get_type().chance_mode == theirs.get_type().chance_mode
    assert (ours.min_utility(), ours.max_utility(), ours.utility_sum()) == \
        (theirs.min_utility(), theirs.max_utility(), theirs.utility_sum())
    assert ours.max_chance_outcomes() >= theirs.max_chance_outcomes()


def cfr_figures(game, iterations: list[int], valued: bool = False) -> list[tuple[float | None, float]]:
    """(first seat's value when `valued`, exploitability) of CFR's average policy after each
    count of iterations."""
    solver = cfr.CFRSolver(game)
    figures = []
    for i in range(1, max(iterations) + 1):
        solver.evaluate_and_update_policy()
        if i in iterations:
            policy = solver.average_policy()
            value = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)[0] if valued else None
            figures.append((value, exploitability.exploitability(game, policy)))
    return figures


def test_cfr_on_kuhn_converges_to_minus_one_eighteenth_as_native_does():
    ours, theirs = cardrules_and_native("kuhn-poker", "kuhn_poker")
    ((value, gap),) = cfr_figures(ours, [1000], valued=True)
    assert abs(value - (-1 / 18)) < 0.001 and gap < 0.001
    ((native_value, native_gap),) = cfr_figures(theirs, [1000], valued=True)
    assert value == pytest.approx(native_value, abs=1e-9) and gap == pytest.approx(native_gap, abs=1e-9)


def test_cfr_on_leduc_has_native_exploitability_at_iterations_1_5_and_10():
    ours, theirs = cardrules_and_native("leduc-poker", "leduc_poker")
    gaps = [gap for _, gap in cfr_figures(ours, [1, 5, 10])]
    native = [gap for _, gap in cfr_figures(theirs, [1, 5, 10])]
    assert gaps == pytest.approx(native, abs=1e-9)
    assert gaps[0] > gaps[1] > gaps[2]


@pytest.mark.skipif(not os.environ.get("CARDRULES_SLOW_CHECKS"), reason="long: set CARDRULES_SLOW_CHECKS=1")
def test_cfr_plus_on_leduc_reaches_its_value():
    game = pyspiel.load_game("cardrules", {"rules": "leduc-poker"})
    solver = cfr.CFRPlusSolver(game)
    for _ in range(300):
        solver.evaluate_and_update_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [solver.average_policy()] * 2)[0]
    assert abs(value - (-0.0856)) < 0.005


def test_betting_changes_the_payoff_and_win_loss_stays_a_parameter():
    game = pyspiel.load_game("cardrules", {"rules": "kuhn-poker"})
    state = game.new_initial_state()
    for action in (2, 0, 1, 1):  # deal K to seat 0, J to seat 1; seat 0 bets, seat 1 calls
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [2.0, -2.0]
    win_loss = pyspiel.load_game("cardrules", {"rules": "kuhn-poker", "returns": "win_loss"})
    state = win_loss.new_initial_state()
    for action in (2, 0, 1, 1):
        state.apply_action(action)
    assert state.returns() == [1.0, -1.0] and win_loss.max_utility() == 1.0


def test_a_one_seat_game_returns_its_score():
    game = pyspiel.load_game("cardrules", {"rules": "blackjack"})
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.5)
    rng = __import__("random").Random(0)
    seen = set()
    for _ in range(150):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        seen.add(state.returns()[0])
    assert {-1.0, 1.0} <= seen <= {-1.0, 0.0, 1.0, 1.5}


def test_a_card_drawn_from_a_shuffled_stock_is_one_outcome_per_card_that_may_be_there():
    state = pyspiel.load_game("cardrules", {"rules": "leduc-poker"}).new_initial_state()
    assert state.chance_outcomes() == [(c, 1 / 6) for c in range(6)]
    state.apply_action(4)
    assert state.chance_outcomes() == [(c, 1 / 5) for c in range(6) if c != 4]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "draw QS"
