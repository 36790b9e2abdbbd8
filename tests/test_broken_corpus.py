"""The corpus of broken rules files in tests/broken/: each mistake is caught, by `check` when it
can be seen in the text and by `validate` when it shows only in play, with the right message
pointing at the right line."""

from pathlib import Path

import pytest

from cardrules import RulesError, load_game, load_model
from cardrules.play.validate import validate

BROKEN = Path(__file__).parent / "broken"

# file: (the message, the line it points at)
CAUGHT_BY_CHECK = {
    "deal_larger_than_deck": ("this block deals 48 cards, but the deck has only 40 (with 4 players)", 18),
    "flow_never_ends": ("the game can never end once it reaches phase `passing`", 33),
    "name_typo": ("unknown function `totl`", 30),
    "wrong_type": ("cannot store a card in a player", 18),
    "parameter_out_of_range": ("the default of `rounds` must be from 1 to 10, not 12", 5),
    "variant_parameter_out_of_range": ("the default of `max_bet` must be from 1 to 1000, not 5000", 4),
    "variant_overrides_missing_rule": ("phase `decide` has no move `hti`", 4),
}

# file: (the kind of finding, its message, the line it points at or None)
CAUGHT_BY_VALIDATE = {
    "never_ends_in_play": ("no-end", "the game did not end within 100 moves", None),
    "move_loses_card": ("runtime-error", "cards moved to nowhere: the destination is none", 28),
    "move_reveals_hidden_card": ("leak", None, 24),
    "moves_depend_on_hidden_cards": ("leak", "seat 1's legal moves depend on cards it cannot see: `knock` is "
                                             "offered or not depending on how they lie", 29),
    "no_legal_move": ("no-legal-move", "seat 0 has no legal move in phase `play`", 24),
    "deal_from_empty_stock": ("runtime-error", "cannot deal 2 cards from `stock`: it holds only 0", 24),
    "value_tells_hidden_card": ("leak", "after `draw`, seat 1 sees `vars.next_rank` tell cards hidden from it "
                                        "apart: it changes when they are dealt afresh, though the seat sees the "
                                        "same cards", 15),
    "always_broken": ("always", "`always no_pair_in_hand` does not hold here", 21),
    "same_text_twice": ("duplicate-move", "seat 0 is offered `discard` 4 times; a move's text must say which "
                                          "move it is", None),
}


def test_every_file_of_the_corpus_is_listed():
    assert {p.stem for p in BROKEN.glob("*.rules")} == set(CAUGHT_BY_CHECK) | set(CAUGHT_BY_VALIDATE)


@pytest.mark.parametrize("name", sorted(CAUGHT_BY_CHECK))
def test_check_reports_the_mistake_at_its_line(name):
    message, line = CAUGHT_BY_CHECK[name]
    path = BROKEN / f"{name}.rules"
    with pytest.raises(RulesError) as caught:
        load_model(str(path))
    first = caught.value.diagnostics[0]
    assert first.message == message
    assert (first.span.file, first.span.line) == (str(path), line)


@pytest.mark.parametrize("name", sorted(CAUGHT_BY_VALIDATE))
def test_validate_finds_what_only_play_shows(name):
    kind, message, line = CAUGHT_BY_VALIDATE[name]
    path = BROKEN / f"{name}.rules"
    game = load_game(str(path))  # it passes `check`: only playing shows the mistake
    report = validate(game, games=3, max_moves=100)
    assert [f.kind for f in report.findings] == [kind]
    finding = report.findings[0]
    if message is not None:
        assert finding.message == message
    assert (finding.span.line if finding.span else None) == line


def test_a_move_that_names_a_hidden_card_says_which_card():
    game = load_game(str(BROKEN / "move_reveals_hidden_card.rules"))
    finding = validate(game, games=1).findings[0]
    first_move = game.new_state(finding.seed).legal_moves()[0]
    assert finding.message == (f"seat 0 is offered `{first_move.text}`, which names {first_move.text.split()[1]}, "
                               "a card it cannot see")
