"""Narration in the game's own words: `says` texts on actions and statements (checked to name
values in scope, told in order with their values), the story of a step (engine/story.py), and
what a seat is told, which never names a card it may not see."""

import random
import re

import pytest

from cardrules import RulesError, load_game
from cardrules.engine.story import Passage, Said, told_apply, told_new_state
from cardrules.language.resources import bundled_games
from cardrules.play.table import PLAIN, CardTable

RULES = """
game "Told"
players 2..2
deck { suits C D H S  ranks 2 3 4 5 }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone pile: shared, public, face up
var taken: per player number = 0
action take(p: player, n: number) says "{p} takes {n}" { taken[p] += n }
setup { shuffle stock  for p in players { deal 3 from stock to hand[p] says "{p} is dealt three" }  goto play }
phase play {
  turn first(p for p in players if count(hand[p]) == max(count(hand[q]) for q in players))
  move put(c in hand[me]) {
    move c to pile says "{me} puts down {c}"
    let n = count(pile)
    take(me, n) says "{me} now counts {n}"
    if all(empty(hand[p]) for p in players) { end game }
  }
}
score p: taken[p]
"""


@pytest.fixture
def told(tmp_path):
    path = tmp_path / "told.rules"
    path.write_text(RULES)
    return load_game(str(path))


def test_a_text_names_only_values_in_scope_with_a_located_diagnostic(tmp_path):
    path = tmp_path / "bad.rules"
    path.write_text(RULES.replace('"{me} now counts {n}"', '"{me} has {taken}"'))
    with pytest.raises(RulesError) as caught:
        load_game(str(path))
    text = caught.value.render()
    assert "names `{taken}`, which is not a value in scope there" in text
    assert "bad.rules:16:22:" in text and "let taken_now = taken" in text, "where, and how to name it"


def test_the_story_of_a_step_tells_the_texts_in_order_with_their_values(told):
    state, setup = told_new_state(told, 3)
    assert [s.values for s in setup if isinstance(s, Said)] == [{"p": 0}, {"p": 1}]
    move = state.legal_moves()[0]
    card = move.args[0]
    _, story = told_apply(state, move)
    said = [(s.telling.text, s.values) for s in story if isinstance(s, Said)]
    assert said == [("{me} puts down {c}", {"me": 0, "c": card}), ("{me} now counts {n}", {"me": 0, "n": 1}),
                    ("{p} takes {n}", {"p": 0, "n": 1})]
    # The card's move is what the first text tells: no stretch left to derive.
    assert all(p.told for p in story if isinstance(p, Passage))


def test_a_seat_is_told_in_the_texts_words_and_the_cards_it_sees(told):
    state = told.new_state(3)
    before = state.clone()
    move, story = told_apply(state, state.legal_moves()[0])
    table = CardTable(told, PLAIN)
    name = told.deck.names[move.args[0]]
    lines = [line.plain for line in table.narrate(0, move, story, before, state, viewer=1)]
    assert lines == [f"seat 0: put {name}", f"  Seat 0 puts down {name}", "  Seat 0 now counts 1",
                     "  Seat 0 takes 1"]


def test_the_telling_is_compiled_into_a_twin_and_the_game_played_has_none_of_it(told):
    """The game a table, a simulation or a search plays is the plain compilation: the `says`
    texts are told only by the narrated twin, which plays a told step and hands the state back."""
    from cardrules.engine.story import narrated
    twin, _ = narrated(told)
    assert "_N.say(" in twin.source and "_N.done()" in twin.source
    assert "_N." not in told.source
    state, _ = told_new_state(told, 3)
    assert state.game is told
    told_apply(state, state.legal_moves()[0])
    assert state.game is told
    plain = told.new_state(3)
    plain.apply(plain.legal_moves()[0])
    assert state == plain, "a told step plays as an untold one"


def test_texts_do_not_change_play(told, tmp_path):
    bare = tmp_path / "bare.rules"
    bare.write_text(re.sub(r' says "[^"]*"', "", RULES))
    plain = load_game(str(bare))
    for seed in range(5):
        a, b = told.new_state(seed), plain.new_state(seed)
        chooser = random.Random(seed)
        while not a.is_over:
            i = chooser.randrange(len(a.legal_moves()))
            assert [m.text for m in a.legal_moves()] == [m.text for m in b.legal_moves()]
            told_apply(a, a.legal_moves()[i])
            b.apply(b.legal_moves()[i])
        assert a.scores() == b.scores()


GAMES = sorted(g for g in bundled_games() if "_" not in g or g in ("sete_e_meio", "go_fish", "crazy_eights"))


@pytest.mark.parametrize("name", GAMES)
def test_no_seat_is_told_a_card_it_may_not_see_nor_a_variable_by_its_name(name):
    """Every card named in what a seat is told is one it saw somewhere in the step; the derived
    narration names no variable of the rules but the display's totals, in words."""
    game = load_game(name, {"max_hands": 1} if name == "buraco" else {})
    table = CardTable(game, PLAIN)
    shown = set(table.display.totals)
    secret = [v.name for v in game.vars if v.name not in shown and v.name not in game.zones]
    for seed in range(2):
        state = game.new_state(seed)
        chooser = random.Random(seed)
        for _ in range(80):
            if state.is_over:
                break
            seat, before = state.current_player, state.clone()
            legal = state.legal_moves()
            move, story = told_apply(state, legal[chooser.randrange(len(legal))])
            states = [before, state] + [s for b in story for s in ((b.before, b.after) if isinstance(b, Passage) else (b.at,))]
            for viewer in range(game.player_count):
                seen = {game.deck.names[c] for st in states for c in range(game.deck_size) if game.visible_to(st, c, viewer)}
                for line in table.narrate(seat, move, story, before, state, viewer):
                    named = set(table.card_pattern.findall(line.plain))
                    assert named <= seen, f"{name}, seed {seed}: seat {viewer} is told {named - seen}: {line.plain}"
                    for var in secret:
                        assert not re.search(rf"(?<![\w]){re.escape(var)}:", line.plain), (name, line.plain)


def test_play_tells_the_opening_deal_in_the_games_words():
    """`cardrules play` deals with `told_new_state`: the setup's texts (Whist's turn-up) and the
    cards dealt to the person are told first, before any move and the first prompt."""
    from click.testing import CliRunner

    from cardrules.cli import cli
    game = load_game("whist")
    state, setup = told_new_state(game, 1)
    deal = [line.plain for line in CardTable(game, PLAIN).tell(setup, state, 0)]
    assert any(re.fullmatch(r"  \w+ is turned up: trumps", line) for line in deal), deal
    result = CliRunner().invoke(cli, ["play", "whist", "--seed", "1", "--plain", "--bots", "random"], input="q\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:1 + len(deal)] == deal, result.output
    assert any(line.startswith("  stock -> your hand: ") for line in deal), deal


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_a_random_game_as_seat_0_reads_it_names_no_hidden_variable_nor_unseen_card(name):
    """Every bundled game and variant, its deal and a random game's moves as seat 0 is told them:
    a card named is one seat 0 saw in the step, and no variable the display hides is named (a
    name like `to_play` never, a one-word name never as `name:` nor `name ->`)."""
    game = load_game(name, {"max_hands": 1} if name.startswith("buraco") else {})
    table = CardTable(game, PLAIN)
    shown = set(table.display.totals)
    hidden = [v.name for v in game.vars if v.name not in shown and v.name not in game.zones]
    named = [re.compile(rf"(?<!\w){re.escape(v)}(?!\w)" if "_" in v else rf"(?<!\w){re.escape(v)}(:| ->)")
             for v in hidden]
    state, setup = told_new_state(game, 7)
    dealt = state.clone()
    chooser = random.Random(7)
    for _ in range(300):
        if state.is_over:
            break
        seat, before = state.current_player, state.clone()
        legal = state.legal_moves()
        move, story = told_apply(state, legal[chooser.randrange(len(legal))])
        states = [before, state.clone()] + [s for b in story for s in ((b.before, b.after) if isinstance(b, Passage) else (b.at,))]
        lines = table.narrate(seat, move, story, before, state, 0)
        for line in lines:
            seen = {game.deck.names[c] for st in states for c in range(game.deck_size) if game.visible_to(st, c, 0)}
            cards = set(table.card_pattern.findall(line.plain))
            assert cards <= seen, f"{name}: seat 0 is told {cards - seen}: {line.plain}"
            for pattern in named:
                assert not pattern.search(line.plain), f"{name}: a hidden variable named: {line.plain}"
    at_deal = [dealt] + [s for b in setup for s in ((b.before, b.after) if isinstance(b, Passage) else (b.at,))]
    seen = {game.deck.names[c] for st in at_deal for c in range(game.deck_size) if game.visible_to(st, c, 0)}
    for line in table.tell(setup, dealt, 0):
        assert set(table.card_pattern.findall(line.plain)) <= seen, f"{name}: the deal tells {line.plain}"
        assert not any(p.search(line.plain) for p in named), f"{name}: {line.plain}"


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_every_bundled_game_says_what_happens_in_its_own_words(name):
    """Every bundled game and variant gives some action or statement a `says` text (its moves'
    texts aside): what the rules do after a move is told in the game's terms, not only derived."""
    from cardrules import load_model
    assert load_model(name).tellings, f"{name}: no action or statement says what it does"
