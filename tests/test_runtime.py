"""The State API: clones are independent, the JSON form is exact, moves apply by text or by
Move, an illegal move changes nothing, a seat sees only what it may, one seed is one game,
and rules that never end are stopped with a located RulesRuntimeError."""

import json
import random

import pytest
from small_rules import LOOP

from cardrules import IllegalMove, Move, RulesError, RulesRuntimeError, State, load_game
from cardrules.language.checker import check
from cardrules.engine.compiler import compile_model
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse
from support.states import var

GAME = load_game("sete-e-meio", {"players": 4, "rounds": 2})


def play(state, seed, moves):
    """Play up to `moves` random legal moves; return their texts."""
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        played.append(state.apply(legal[rng.randrange(len(legal))]).text)
    return played


def test_a_clone_is_independent_of_its_original():
    st = GAME.new_state(2)
    play(st, 0, 5)
    before = st.to_json()
    copy = st.clone()
    assert copy == st and copy is not st
    play(copy, 1, 20)
    assert copy != st
    assert st.to_json() == before, "playing on the clone did not touch the original"
    copy.vars[GAME.var_index["chips"]][0] += 100
    copy.zones[0].append(copy.zones[0].pop(0))
    assert st.to_json() == before
    play(st, 3, 5)
    assert copy.to_json() != st.to_json()


def test_the_json_form_round_trips_exactly_all_through_a_game():
    st = GAME.new_state(11)
    rng = random.Random(5)
    while True:
        data = st.to_json()
        text = json.dumps(data)
        back = State.from_json(GAME, json.loads(text))
        assert back == st and back.to_json() == data
        assert [m.text for m in back.legal_moves()] == [m.text for m in st.legal_moves()]
        if st.is_over:
            break
        legal = st.legal_moves()
        st.apply(legal[rng.randrange(len(legal))])
    assert back.scores() == st.scores()


def test_a_restored_state_plays_on_exactly_like_the_original():
    st = GAME.new_state(4)
    play(st, 2, 15)
    back = State.from_json(GAME, json.loads(json.dumps(st.to_json())))
    assert play(back, 9, 60) == play(st, 9, 60)
    assert back == st, "including the random draws after the restore"


def test_apply_by_text_or_by_move_is_the_same():
    by_text, by_move = GAME.new_state(6), GAME.new_state(6)
    move = by_move.legal_moves()[2]
    assert isinstance(move, Move) and move.text == "bet 3"
    assert by_text.apply("  bet 3 ") == move
    assert by_move.apply(move).text == "bet 3"
    assert by_text == by_move
    assert var(by_text, "bet")[by_text.current_player] == 3


def test_a_variable_is_read_by_its_rules_name_and_a_per_player_one_by_seat():
    st = GAME.new_state(6)
    bettor = st.current_player
    st.apply("bet 3")
    assert st.var("bet", bettor) == 3 and st.var("bet") == [3 if seat == bettor else 0 for seat in range(4)]
    assert st.var("mode", bettor) == "unset" and st.var("raised", bettor) is False
    chips = st.var("chips")
    chips[0] += 100
    assert st.var("chips") != chips, "the value is a copy"


def test_a_per_team_variable_read_by_seat_is_its_teams_value():
    game = load_game("cassino", {"players": 4})
    st = game.new_state(1)
    st.vars[game.var_index["points"]] = [3, 5]
    assert [st.var("points", seat) for seat in range(4)] == [3, 5, 3, 5] and st.var("points") == [3, 5]


@pytest.mark.parametrize("name, seat, message, hint", [
    ("chip", None, "the rules declare no variable `chip`", "did you mean `chips`?"),
    ("wager", None, "the rules declare no variable `wager`", "variables: banker, to_act, asked, round, chips"),
    ("banker", 1, "`banker` is one variable for the whole game, not one per player", "var('banker')"),
    ("bet", 4, "4 is not a seat of this game", "seats are 0 to 3"),
    ("bet", "1", "'1' is not a seat of this game", "seats are 0 to 3"),
])
def test_a_wrong_variable_or_seat_is_a_diagnostic_not_a_key_error(name, seat, message, hint):
    with pytest.raises(RulesError) as info:
        GAME.new_state(6).var(name, seat)
    assert message in info.value.render() and hint in info.value.render()


@pytest.mark.parametrize("text", ["bet 11", "bet 0", "stand", "fold", ""])
def test_an_illegal_move_raises_with_a_reason_and_changes_nothing(text):
    st = GAME.new_state(6)
    before, copy = st.to_json(), st.clone()
    with pytest.raises(IllegalMove) as info:
        st.apply(text)
    assert info.value.move == text and f"`{text}`" in info.value.reason
    assert str(info.value).startswith(f"illegal move `{text}`: ")
    assert st == copy and st.to_json() == before
    assert st.apply("bet 1").text == "bet 1", "the state still plays"


def test_no_move_is_legal_once_the_game_is_over():
    st = GAME.new_state(8)
    play(st, 1, 10_000)
    assert st.is_over and st.current_player is None and st.legal_moves() == []
    with pytest.raises(IllegalMove) as info:
        st.apply("keep")
    assert info.value.reason == "the game is over"


def test_the_observation_hides_the_face_down_cards_of_the_other_seats():
    st = GAME.new_state(12)
    banker = var(st, "banker")
    hands = GAME.zones["hand"]
    for viewer in range(4):
        obs = st.observation(viewer)
        assert obs["player"] == viewer and obs["phase"] == "bet"
        assert obs["zones"]["stock"] == [None] * 36, "the stock is hidden from everyone, but its size is not"
        for seat in range(4):
            (card,) = st.zones[hands.base + seat]
            name = GAME.deck.names[card]
            assert obs["zones"]["hand"][seat] == [name if seat in (viewer, banker) else None]
    assert st.observation(0)["vars"] == st.observation(1)["vars"], "variables here hold no hidden card"


def test_the_observation_follows_the_cards_as_they_turn():
    st = GAME.new_state(12)
    player = st.current_player
    other = (player + 1) % 4
    st.apply("bet 1")
    if st.legal_moves()[-1].text == "hit closed":
        st.apply("hit closed")
    seen_by_owner = st.observation(player)["zones"]["hand"][player]
    seen_by_other = st.observation(other)["zones"]["hand"][player]
    assert None not in seen_by_owner
    assert seen_by_other[0] == seen_by_owner[0], "closed mode turns the first card up"
    assert all(c is None for c in seen_by_other[1:]) or var(st, "out")[player]


def test_one_seed_is_one_game():
    first, second = GAME.new_state(21), GAME.new_state(21)
    assert first == second
    assert play(first, 4, 10_000) == play(second, 4, 10_000)
    assert first == second and first.scores() == second.scores()
    assert GAME.new_state(21).to_json() != GAME.new_state(22).to_json()


def test_scores_are_exact_and_sum_to_zero():
    st = GAME.new_state(30)
    play(st, 6, 10_000)
    assert st.is_over
    scores = st.scores()
    assert len(scores) == 4 and all(isinstance(s, int) for s in scores) and sum(scores) == 0


def test_a_flow_that_never_ends_stops_at_the_step_limit_with_a_located_error():
    sources = SourceMap()
    game = compile_model(check(parse(LOOP, "loop.rules", sources), sources))
    with pytest.raises(RulesRuntimeError) as info:
        game.new_state(0)
    assert isinstance(info.value, RulesError)
    (d,) = info.value.diagnostics
    assert d.message == f"the game did not end within {game.max_steps} steps"
    assert (d.span.file, d.span.line, d.span.column) == ("loop.rules", 7, 1)
    assert d.hint == ("a loop of phases or moves may never reach `end game`; "
                      "played on for 1000 more steps, it repeats phase `spin` 1000 times")
    assert info.value.render().startswith(f"loop.rules:7:1: error: the game did not end within {game.max_steps} "
                                          "steps\n    phase spin {\n    ^")


def test_the_engines_shuffle_is_pythons_shuffle_for_the_same_generator():
    import random

    from cardrules.engine.primitives import shuffle
    sizes = [seed % 60 for seed in range(300)] + [1023, 1024, 1025, 3000]  # past its table of bit lengths
    for seed, size in enumerate(sizes):
        expected, got = list(range(size)), list(range(size))
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), got)
        assert got == expected


def test_a_games_draw_generator_is_pythons_generator_of_the_same_number():
    import random

    from cardrules.engine.primitives import SeededDraw
    for seed in (0, 1, 7, 2**31, 2**32 + 5, 4_000_000_000 * 1_000_003 + 9, 2**80 + 1):
        ours, python = SeededDraw(seed), random.Random(seed)
        assert ours.getstate() == python.getstate()
        assert [ours.randrange(10) for _ in range(20)] == [python.randrange(10) for _ in range(20)]
        assert ours.gauss(0, 1) == python.gauss(0, 1)


def test_a_new_state_is_the_blank_state_with_its_variables_started_and_set_up():
    # new_state copies the variables' starting values from the first deal's; it must deal the
    # very state that working them out afresh deals.
    for name in ("kuhn-poker", "blackjack", "hearts", "cribbage"):
        game = load_game(name)
        for seed in (0, 1, 99):
            afresh = game.blank_state(seed)
            game.start(afresh)
            made = game.new_state(seed)
            assert made == afresh and made.zones is not afresh.zones
            assert all(a is not b for a, b in zip(made.vars, game.new_state(seed).vars) if isinstance(a, list))


DRAWN_START = '''game "Drawn start"
players 2..2
deck { suits C  ranks A 2 3 }
zone stock: shared, hidden, starts with deck
var first: player = random(players)
var lot: number = random([1, 2, 3, 4, 5, 6])
setup { goto wait }
phase wait {
  turn first
  move stop { end game }
}
score p: if p == first then lot else 0
'''


def test_a_starting_value_drawn_at_random_is_drawn_again_for_each_game():
    sources = SourceMap()
    game = compile_model(check(parse(DRAWN_START, "drawn.rules", sources), sources))
    starts = {(var(game.new_state(seed), "first"), var(game.new_state(seed), "lot")) for seed in range(40)}
    assert len(starts) > 6
    assert all(game.new_state(seed).var("lot") == game.new_state(seed).var("lot") for seed in range(10))
