"""Racing windows (`race SEATS` ... `all pass { ... }`): the seats of a list asked one at a time,
each moving or passing, the first in the list to act taking the claim; what the checker refuses,
and how agents and the adapters see the window (one seat asked at a time)."""

from __future__ import annotations

import random

import pytest

from cardrules import RulesError
from cardrules.engine.loader import load_game
from cardrules.play.specs import make_agent
from support.states import legal, var

CALLS = '''game "Calls"
players 3..3

deck {
  suits C D
  ranks 1 2 3 4
}

zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up

var leader: player
var claims: per player number = 0
var windows: number = 0

def callers = [p for p in players_from(leader) if p != leader]

setup {
  shuffle stock
  for p in players { deal 2 from stock to hand[p] }
  leader = players[0]
  goto call
}

phase call {
  race callers
  move claim {
    claims[me] += 1
    goto settle
  }
  move show(c in hand[me]) {
    move c to table
  }
  all pass {
    goto settle
  }
}

phase settle {
  do {
    windows += 1
    if windows == 4 { end game }
    leader = next(leader)
    goto call
  }
}

score p: claims[p]
'''


def game_of(tmp_path, text: str = CALLS, **params):
    path = tmp_path / "calls.rules"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path), params or None)


def problems(tmp_path, text: str) -> list[str]:
    with pytest.raises(RulesError) as info:
        game_of(tmp_path, text)
    return [str(d) for d in info.value.diagnostics]


# --- the resolution ---------------------------------------------------------------------------

def test_the_seats_are_asked_in_the_order_of_the_list_each_with_a_pass(tmp_path):
    st = game_of(tmp_path).new_state(1)
    assert st.phase_name == "call" and st.current_player == 1
    assert "pass" in legal(st) and "claim" in legal(st)
    st.apply("pass")
    assert st.current_player == 2


def test_the_first_seat_in_the_list_to_act_takes_the_claim(tmp_path):
    st = game_of(tmp_path).new_state(1)
    st.apply("claim")
    assert var(st, "claims") == [0, 1, 0], "seat 2 was never asked"
    assert st.current_player == 2, "the next window, led by seat 1, asks seat 2 first"


def test_when_every_seat_passes_the_all_pass_block_runs(tmp_path):
    st = game_of(tmp_path).new_state(1)
    st.apply("pass")
    st.apply("pass")
    assert var(st, "windows") == 1 and var(st, "claims") == [0, 0, 0]


def test_a_move_that_stays_in_the_phase_opens_the_window_again_from_its_first_seat(tmp_path):
    st = game_of(tmp_path).new_state(1)
    st.apply("pass")
    assert st.current_player == 2
    st.apply(next(m for m in st.legal_moves() if m.name == "show"))
    assert st.current_player == 1, "asked again from the first seat of the list"


def test_an_empty_list_runs_all_pass_at_once(tmp_path):
    st = game_of(tmp_path, CALLS.replace("if p != leader]", "if false]")).new_state(1)
    assert st.is_over and var(st, "windows") == 4


def test_race_stays_a_name_a_file_may_use(tmp_path):
    game = game_of(tmp_path, CALLS.replace("var windows", "var race: number = 0\nvar windows"))
    assert game.new_state(0).var("race") == 0


def test_a_variant_adds_a_move_to_a_racing_window_and_keeps_its_list(tmp_path):
    (tmp_path / "calls.rules").write_text(CALLS, encoding="utf-8")
    variant = tmp_path / "loud.rules"
    variant.write_text('extends "calls.rules"\n\nphase call {\n  move shout {\n    goto settle\n  }\n}\n',
                       encoding="utf-8")
    st = load_game(str(variant)).new_state(1)
    assert st.current_player == 1 and "shout" in legal(st) and "pass" in legal(st)
    st.apply("pass")
    assert st.current_player == 2


# --- what the checker refuses -----------------------------------------------------------------

def test_a_window_must_say_what_happens_when_all_pass(tmp_path):
    text = CALLS.replace("  all pass {\n    goto settle\n  }\n", "")
    assert any("does not say what happens when all pass" in p for p in problems(tmp_path, text))


def test_all_pass_must_leave_the_phase(tmp_path):
    text = CALLS.replace("  all pass {\n    goto settle\n  }", "  all pass {\n    windows += 1\n  }")
    assert any("can finish its `all pass` block without a `goto`" in p for p in problems(tmp_path, text))


def test_a_window_has_no_turn_of_its_own(tmp_path):
    text = CALLS.replace("  race callers\n", "  race callers\n  turn leader\n")
    assert any("is a racing window (`race`), so it has no `turn`" in p for p in problems(tmp_path, text))


def test_the_pass_is_the_windows_own(tmp_path):
    text = CALLS.replace("  move claim {", "  move pass {\n    goto settle\n  }\n  move claim {")
    assert any("gives every seat asked its `pass`" in p for p in problems(tmp_path, text))


def test_race_takes_a_list_of_players(tmp_path):
    text = CALLS.replace("  race callers\n", "  race leader\n")
    assert any("`race`" in p and "list of players" in p for p in problems(tmp_path, text))


def test_all_pass_without_race_is_refused(tmp_path):
    text = CALLS.replace("  race callers\n", "  turn leader\n")
    assert any("asks no seats in turn" in p for p in problems(tmp_path, text))


def test_a_misspelt_race_is_a_located_diagnostic_with_a_suggestion(tmp_path):
    text = CALLS.replace("  race callers\n", "  racee callers\n")
    found = problems(tmp_path, text)
    assert any("unexpected `racee` in a phase" in p and "race" in p for p in found)


# --- agents and adapters ----------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:30"])
def test_agents_play_a_racing_window_through(tmp_path, spec):
    game = game_of(tmp_path)
    st = game.new_state(3)
    agents = [make_agent(spec, seed=s) for s in range(3)]
    while not st.is_over:
        st.apply(agents[st.current_player].choose(st))
    assert sum(st.scores()) <= 4


def test_the_openspiel_current_player_is_the_seat_asked(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("cardrules.adapters.openspiel")
    path = tmp_path / "calls.rules"
    path.write_text(CALLS, encoding="utf-8")
    game = pyspiel.load_game("cardrules", {"rules": str(path)})
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice(outcomes)[0])
    assert state.current_player() == 1
    pass_action = next(a for a in state.legal_actions() if state.action_to_string(a).endswith("pass"))
    state.apply_action(pass_action)
    assert state.current_player() == 2
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
