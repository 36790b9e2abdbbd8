"""`always NAME: CONDITION`: what holds wherever a seat is to choose. The checker types it, a
variant replaces or removes it by name, `validate` reports a position that breaks it (the broken
corpus: tests/broken/always_broken.rules), and the samplers of hidden cards keep to it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardrules import RulesError, load_game, load_model
from cardrules.play.agents import RandomAgent, sample_hidden
from cardrules.play.search import WORLDS, Knowledge

PAIRS = Path(__file__).parent / "broken" / "always_broken.rules"

BASE = """game "Draw"
players 2..2
deck { suits C D  ranks A 2 3 }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var current: player
always short_hands: all(count(hand[p]) <= 3 for p in players)
setup { shuffle stock  for p in players { deal 1 from stock to hand[p] }  current = players[0]  goto play }
phase play {
  turn current
  move draw when not empty(stock) { deal 1 from stock to hand[me]  current = next(me) }
  move stop when empty(stock) { end game }
}
score p: count(hand[p])
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def first_error(path: Path):
    with pytest.raises(RulesError) as caught:
        load_model(str(path))
    return caught.value.diagnostics[0]


def test_a_condition_that_holds_is_met_and_one_that_fails_is_named():
    game = load_game(str(PAIRS))
    state = game.new_state(0)
    assert [d.name for d, _ in game.always] == ["no_pair_in_hand"]
    assert state.unmet_always() is None  # the deal lays every pair
    while state.unmet_always() is None:
        state.play(state.legal_moves()[0])  # draws, none of which is looked at
    assert state.unmet_always().name == "no_pair_in_hand"
    assert state.unmet_always().span.line == 21


def test_the_bundled_go_fish_says_no_hand_holds_a_book_and_play_keeps_it():
    game = load_game("go-fish")
    for seed in range(3):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.over:
            assert state.unmet_always() is None
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("line, message", [
    ("always short_hands: count(hand[players[0]])", "an `always` condition must be true or false, not a number"),
    ("always short_hands: count(hand[me]) < 4", "`me` means the player making a move; it exists only inside a move"),
    ("always short_hands: empty(stock)\nalways short_hands: empty(hand[players[0]])",
     "`always short_hands` is declared twice"),
])
def test_the_checker_refuses_a_condition_that_is_not_one_of_the_position(tmp_path, line, message):
    path = write(tmp_path, "bad.rules", BASE.replace("always short_hands: all(count(hand[p]) <= 3 for p in players)", line))
    error = first_error(path)
    assert error.message == message
    assert error.span.line >= 7


def test_a_variant_replaces_an_always_by_its_name_adds_new_ones_and_removes_them(tmp_path):
    write(tmp_path, "base.rules", BASE)
    replaced = write(tmp_path, "replaced.rules", 'extends "base.rules"\nalways short_hands: true\n'
                                                  'always stock_left: count(stock) >= 0\n')
    game = load_game(str(replaced))
    assert [d.name for d, _ in game.always] == ["short_hands", "stock_left"]
    removed = write(tmp_path, "removed.rules", 'extends "base.rules"\nremove short_hands\n')
    assert load_game(str(removed)).always == ()
    twice = write(tmp_path, "twice.rules", 'extends "base.rules"\nalways short_hands: true\nalways short_hands: false\n')
    assert first_error(twice).message == "this variant changes `always short_hands` twice"


def test_a_replaced_always_is_the_variant_s_condition(tmp_path):
    write(tmp_path, "base.rules", BASE)
    strict = write(tmp_path, "strict.rules", 'extends "base.rules"\nalways short_hands: all(count(hand[p]) <= 1 for p in players)\n')
    state = load_game(str(strict)).new_state(0)
    assert state.unmet_always() is None
    state.play(state.legal_moves()[0])  # the first player draws a second card
    assert state.unmet_always().name == "short_hands"


def _watched(game, seed: int, moves: int):
    """Go Fish after `moves` random moves, and what seat 0 learnt from them."""
    state = game.new_state(seed)
    players = [RandomAgent(f"{seed}:{p}") for p in range(game.player_count)]
    knowledge = Knowledge(0)
    for _ in range(moves):
        move = players[state.player].choose(state)
        knowledge.observe(state, move)
        state.apply(move)
    knowledge.update(state)
    return state, knowledge


def test_search_samples_never_give_a_go_fish_hand_a_book_though_plain_deals_often_do():
    """Seed 4, 75 moves in: half the plain deals of what seat 0 cannot see (sample_hidden) put
    four of a rank in one hand, which the rules would have laid at once; the samples of what
    the seat learnt (Knowledge: a deal mended by swaps, the worlds search plays, the walk) never
    do, and each looks to seat 0 as the real position does."""
    game = load_game("go-fish")
    state, knowledge = _watched(game, 4, 75)
    plain = [sample_hidden(state, 0, random.Random(i)) for i in range(40)]
    assert sum(w.unmet_always() is not None for w in plain) >= 10
    for i in range(5):
        samples = [knowledge.sample(state, random.Random(i)), knowledge.agreeing_sample(state, random.Random(i), 25),
                   *knowledge.worlds(state, random.Random(i), 8)]
        for world in samples:
            assert world is not None and world.unmet_always() is None
            assert world.observation(0) == state.observation(0)


def test_resample_from_infostate_never_gives_a_go_fish_hand_a_book():
    pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the `rl` extra")
    import cardrules.adapters.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("cardrules", {"rules": "go-fish"})
    rng = random.Random(4)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if rng.random() < 0.2:
                player = state.current_player()
                sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
                assert sample.state.unmet_always() is None
                assert sample.information_state_string(player) == state.information_state_string(player)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 20


def test_cassino_worlds_leave_every_build_owner_a_card_of_its_value():
    """Cassino, seed 5, 12 moves in: seat 1 owns a build. Most plain deals of what seat 0 cannot
    see leave seat 1 without a card of its value, which the hold rule (R1) never allows; the
    worlds search plays keep to the rules' `always owners_hold_their_builds` (the 24 of a
    decision, WORLDS, from their budget of tries)."""
    game = load_game("cassino")
    state, knowledge = _watched(game, 5, 12)
    assert any(g["owner"] == 1 for g in state.groups.values())
    plain = [sample_hidden(state, 0, random.Random(i)) for i in range(40)]
    assert sum(w.unmet_always() is not None for w in plain) >= 20
    for i in range(5):
        for world in knowledge.worlds(state, random.Random(i), WORLDS):
            assert world.unmet_always() is None
            assert world.observation(0) == state.observation(0)
