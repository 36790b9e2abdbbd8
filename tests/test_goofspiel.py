"""Goofspiel and the construct it is written with: `simultaneous SEATS`, whose seats choose one
after another from the same position, each choice sealed from the others until all have chosen,
then resolved together in the phase's `then` block."""

from __future__ import annotations

import random

import pytest

from cardrules import RulesError, load_game
from cardrules.engine.observation import SEALED_MOVE, move_text_for
from cardrules.engine.position import load_data
from cardrules.language.checker import check
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse
from cardrules.play.agents import sample_hidden
from cardrules.play.search import Knowledge
from cardrules.play.specs import make_agent
from properties import check_game_properties
from support.states import cards_in, legal


@pytest.fixture(scope="module")
def game():
    return load_game("goofspiel")


def prize(st) -> str:
    return cards_in(st, "shown")[-1]


def value(card: str) -> int:
    return int(card[:-1])


def test_each_seat_bids_from_a_hand_of_its_own_suit_for_a_diamond(game):
    st = game.new_state(1)
    assert sorted(legal(st)) == sorted(f"bid {r}C" for r in range(1, 14))
    assert prize(st).endswith("D") and len(cards_in(st, "shown")) == 1
    st.apply("bid 5C")
    assert st.current_player == 1
    assert sorted(legal(st)) == sorted(f"bid {r}H" for r in range(1, 14))


def test_nothing_changes_until_both_have_chosen(game):
    st = game.new_state(2)
    before = st.to_json()
    st.apply("bid 13C")
    after = st.to_json()
    assert after.pop("sealed") == [[0, 12]]
    assert {k: v for k, v in after.items() if k != "steps"} == {k: v for k, v in before.items() if k != "steps"}
    assert cards_in(st, "hand", 0)[-1] == "13C"  # still in hand: seat 1 chooses from the same table


def test_the_higher_card_takes_the_prize_worth_its_rank(game):
    st = game.new_state(3)
    worth = value(prize(st))
    st.apply("bid 2C")
    st.apply("bid 9H")
    assert st.var("points") == [0, worth]
    assert cards_in(st, "spent", 0) == ["2C"] and cards_in(st, "spent", 1) == ["9H"]
    assert st.current_player == 0 and len(cards_in(st, "shown")) == 2


def test_equal_cards_leave_the_prize_to_nobody(game):
    st = game.new_state(4)
    st.apply("bid 7C")
    st.apply("bid 7H")
    assert st.var("points") == [0, 0]
    assert cards_in(st, "spent", 0) == ["7C"] and cards_in(st, "spent", 1) == ["7H"]


def test_the_last_round_plays_itself_and_more_points_win(game):
    st = game.new_state(5)
    for r in range(1, 13):
        st.apply(f"bid {r}C")
        st.apply(f"bid {14 - r}H")
    assert st.is_over and st.steps >= 24
    assert len(cards_in(st, "shown")) == 13 and not cards_in(st, "prizes")
    points = st.var("points")
    assert sum(points) <= 91
    assert st.scores() == ([1, -1] if points[0] > points[1] else [-1, 1] if points[0] < points[1] else [0, 0])


def test_another_seats_sealed_choice_is_hidden_everywhere_it_could_show(game):
    st = game.new_state(6)
    before = st.clone()
    move = st.apply("bid 11C")
    assert st.observation(1)["sealed"] == ["??", None]
    assert st.observation(0)["sealed"] == ["bid 11C", None]
    assert "11C" not in str(st.observation(1)["sealed"])
    assert move_text_for(before, move, 1) == SEALED_MOVE
    assert move_text_for(before, move, 0) == "bid 11C"
    # The observation is the same whatever seat 0 chose.
    other = game.new_state(6)
    other.apply("bid 1C")
    assert other.observation(1) == st.observation(1)


def test_a_position_keeps_the_sealed_choice_and_undo_takes_it_back(game):
    st = game.new_state(7)
    st.apply("bid 4C")
    again = load_data(game, st.to_json())
    assert again == st and again.sealed == ((0, 3),)
    st.apply("bid 4H")
    st.undo()
    assert st.sealed == ((0, 3),) and st.current_player == 1


def test_samples_for_a_seat_never_hold_another_seats_real_choice(game):
    st = game.new_state(8)
    st.apply("bid 6C")
    rng = random.Random(0)
    drawn = {sample_hidden(st, 1, rng).sealed for _ in range(60)}
    worlds = {w.sealed for w in Knowledge(1).worlds(st, rng, 60)}
    for choices in (drawn, worlds):
        assert all(seat == 0 for (seat, _), in choices)
        assert len(choices) > 5  # drawn among seat 0's thirteen cards, not the one it chose
    assert sample_hidden(st, 0, rng).sealed == ((0, 5),)  # its own choice a seat knows


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:20"])
def test_agents_play_it_to_the_end(game, spec):
    st = game.new_state(9)
    agents = [make_agent(spec, game, seed) for seed in range(2)]
    while not st.is_over:
        st.play(agents[st.current_player].choose(st))
    assert st.steps >= 24


def test_random_games_keep_every_property(game):
    for seed in range(20):
        check_game_properties(game, seed, check_every=4)


SMALL = """game "Sealed"
players 2..3
deck {
  suits S
  ranks 1 2 3
}
zone stock: shared, hidden, starts with deck
zone hand: per player, public
var bids: per player number = 0
setup { goto bidding }
phase bidding {
%s
}
score p: bids[p]
"""


def problems(body: str):
    sources = SourceMap()
    with pytest.raises(RulesError) as info:
        check(parse(SMALL % body, "t.rules", sources), sources)
    return info.value.diagnostics


def test_a_sealed_move_cannot_leave_the_phase_itself():
    (d,) = problems("  simultaneous players\n  move bid(n in 1..3) { bids[me] = n\n goto bidding }")
    assert "leaves the phase itself" in d.message and "`then` block" in d.hint
    assert d.span.line == 13


def test_then_belongs_to_a_simultaneous_phase():
    (d,) = problems("  turn players[0]\n  move bid(n in 1..3) { bids[me] = n }\n  then { end game }")
    assert "`then` block but its seats do not choose at once" in d.message


def test_simultaneous_takes_a_list_of_seats():
    (d,) = problems("  simultaneous players[0]\n  move bid(n in 1..3) { bids[me] = n }\n  then { end game }")
    assert d.message == "`simultaneous` must be a list of players, not a player"


def test_a_misspelt_phase_word_is_named():
    (d,) = problems("  simultanous players\n  move bid(n in 1..3) { bids[me] = n }\n  then { end game }")
    assert "unexpected `simultanous` in a phase" in d.message
    assert "simultaneous" in (d.hint or "")


def test_the_seats_list_may_be_any_seats_in_its_order(tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(SMALL % "  simultaneous [players[2], players[0]]\n"
                    "  move bid(n in 1..3) says \"bid {n}\" { bids[me] = n }\n  then { end game }", encoding="utf-8")
    st = load_game(str(path), {"players": 3}).new_state(0)
    assert st.current_player == 2
    st.apply("bid 3")
    assert st.current_player == 0 and st.var("bids") == [0, 0, 0]
    st.apply("bid 1")
    assert st.is_over and st.var("bids") == [1, 0, 3]


def test_a_simultaneous_round_that_never_ends_is_named_by_its_moves(tmp_path):
    from cardrules.engine.errors import RulesRuntimeError
    path = tmp_path / "t.rules"
    path.write_text(SMALL % "  simultaneous players\n  move bid(n in 1..3) { bids[me] = n }\n"
                    "  then { if bids[players[0]] > 3 { end game } }", encoding="utf-8")
    game = load_game(str(path))
    game.max_steps = 300
    st = game.new_state(0)
    with pytest.raises(RulesRuntimeError) as info:
        while not st.is_over:
            st.play(st.legal_moves()[0])
    assert "repeats move `bid` (phase `bidding`)" in str(info.value)


def test_a_position_refuses_sealed_choices_outside_a_simultaneous_phase():
    data = load_game("war").new_state(0).to_json()
    data["sealed"] = [[0, 0]]
    with pytest.raises(RulesError) as info:
        load_data(load_game("war"), data)
    assert "is not simultaneous" in str(info.value)
