"""Variants: a rules file that extends another sets parameters and replaces, removes or adds
named rules; every mistake in it is a diagnostic located in the variant file."""

from pathlib import Path

import pytest

from cardrules import RulesError, load_game, load_model
from cardrules.language.resources import games_folder
from properties import check_game_properties

SETE = "sete-e-meio"


def write(tmp_path: Path, text: str, name: str = "house.rules") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def diagnostics(path: str) -> list:
    with pytest.raises(RulesError) as caught:
        load_model(path)
    return caught.value.diagnostics


def only_error(path: str):
    found = diagnostics(path)
    assert len(found) == 1, [d.message for d in found]
    return found[0]


# --- parameters -----------------------------------------------------------------------------

def test_setting_a_parameter_changes_its_default_and_keeps_its_values(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nparam max_bet = 20\n')
    model = load_model(path)
    assert model.values["max_bet"] == 20
    assert (model.params["max_bet"].low, model.params["max_bet"].high) == (1, 1000)
    with pytest.raises(RulesError, match="must be from 1 to 1000, not 2000"):
        load_model(path, {"max_bet": 2000})


def test_a_value_outside_the_base_values_is_reported_in_the_variant(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\n\nparam max_bet = 5000\n')
    d = only_error(path)
    assert d.message == "the default of `max_bet` must be from 1 to 1000, not 5000"
    assert (d.span.file, d.span.line, d.span.column) == (path, 3, 17)


def test_a_symbol_outside_an_enumeration_is_reported_in_the_variant(tmp_path):
    path = write(tmp_path, 'extends "cassino"\nparam last_cards = winner\n')
    d = only_error(path)
    assert d.message.startswith("the default of `last_cards` must be one of previous_player, last_capturer")
    assert (d.span.file, d.span.line) == (path, 2)


def test_setting_a_parameter_the_base_lacks_is_an_error_with_a_suggestion(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nparam rouns = 3\n')
    d = only_error(path)
    assert d.message == "the base game has no parameter `rouns` to set"
    assert d.hint == "did you mean `rounds`?"
    assert d.span.file == path


def test_a_new_parameter_with_its_values_is_added(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nparam opening: 1..5 = 2\n'
                           'setup { banker = random(players)\n  round = opening - 1\n  goto deal }\n')
    model = load_model(path, {"opening": 4})
    assert model.values["opening"] == 4


def test_a_new_parameter_that_nothing_uses_is_reported(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nparam opening: 1..5 = 2\n')
    d = only_error(path)
    assert d.message == "parameter `opening` is new in this variant, and nothing uses it"


# --- named rules ------------------------------------------------------------------------------

def test_a_def_with_the_base_name_replaces_it(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\ndef winnings(p: player) = 3 * bet[p]\n')
    model = load_model(path)
    assert model.defs["winnings"].span.file == path
    assert [getattr(d, "name", None) for d in model.rules.decls].count("winnings") == 1


def test_a_misspelt_override_is_reported_as_a_new_rule_nothing_uses(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\ndef winings(p: player) = 3 * bet[p]\n')
    d = only_error(path)
    assert d.message == "def `winings` is new in this variant, and nothing uses it"
    assert d.hint == "did you mean `winnings`? A declaration with the base's name replaces it."
    assert (d.span.file, d.span.line) == (path, 2)


def test_a_new_rule_that_a_replaced_rule_uses_is_welcome(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\ndef bonus = 2\n'
                           'def winnings(p: player) = if total(p) == seven_and_a_half then bonus * bet[p] else bet[p]\n')
    assert "bonus" in load_model(path).defs


def test_an_error_inside_a_replacement_points_into_the_variant(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\ndef winnings(p: player) = bet[p] and true\n')
    d = diagnostics(path)[0]
    assert d.span.file == path and d.span.line == 2


def test_the_game_name_and_the_players_can_be_replaced(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\ngame "Sete e Meio a dois"\nplayers 2..3 default 2\n')
    model = load_model(path)
    assert (model.title, model.player_count) == ("Sete e Meio a dois", 2)


def test_a_variant_that_changes_one_thing_twice_is_reported(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nparam rounds = 3\nparam rounds = 4\n')
    d = only_error(path)
    assert d.message == "this variant changes parameter `rounds` twice"
    assert d.span.line == 3


# --- phases and moves -------------------------------------------------------------------------

def test_a_phase_of_moves_only_replaces_those_moves_and_adds_new_ones(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\n'
                           'phase banker_turn {\n'
                           '  move hit when can_draw and total(me) < 5 { draw(me, true) }\n'
                           '  move fold { goto settle }\n'
                           '}\n')
    model = load_model(path)
    moves = {m.name: m for m in model.phases["banker_turn"].moves}
    assert list(moves) == ["stand", "hit", "fold"]
    assert moves["hit"].span.file == path and moves["stand"].span.file != path


def test_moves_for_a_phase_the_base_lacks_are_reported(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nphase banker_trun {{\n  move fold {{ goto settle }}\n}}\n')
    d = only_error(path)
    assert d.message == "the base game has no phase `banker_trun` to add moves to"
    assert d.hint == "did you mean `banker_turn`?"


def test_moves_for_an_automatic_phase_are_reported(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nphase settle {{\n  move fold {{ goto offer }}\n}}\n')
    assert only_error(path).message == "phase `settle` runs by itself (`do`), so it has no moves to add to"


def test_removing_a_move_takes_it_out_of_play(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nremove decide raise\n')
    game = load_game(path, {"rounds": 2})
    assert [m.name for m in game.model.phases["decide"].moves] == ["stand", "hit"]
    check_game_properties(game, 1, check_every=10)


def test_removing_a_move_the_phase_lacks_is_reported(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nremove decide hti\n')
    d = only_error(path)
    assert (d.message, d.hint) == ("phase `decide` has no move `hti`", "did you mean `hit`?")


def test_removing_the_last_move_of_a_phase_is_reported(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nremove bet bet\n')
    d = only_error(path)
    assert d.message == "removing `bet` leaves phase `bet` with no moves"
    assert d.span.file == path


def test_removing_a_rule_still_used_names_the_use(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nremove ask\n')
    d = only_error(path)
    # A bundled game is named by its file's name, not the folder the package is installed in.
    assert d.message.startswith("`ask` is removed, but the rules still use it at sete_e_meio.rules:")
    assert (d.span.file, d.span.line) == (path, 2)


def test_removing_a_phase_together_with_the_moves_that_go_to_it(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nremove keep_or_offer offer\nremove ask\n')
    game = load_game(path, {"rounds": 2})
    assert "ask" not in game.phase_index
    check_game_properties(game, 2, check_every=10)


def test_a_replaced_phase_is_checked_for_an_end_like_any_other(tmp_path):
    path = write(tmp_path, f'extends "{SETE}"\nphase offer {{\n  do {{ goto keep_or_offer }}\n}}\n')
    found = diagnostics(path)
    assert any(d.message == "the game can never end once it reaches phase `offer`" and d.span.file == path
               for d in found), [d.message for d in found]


# --- extends --------------------------------------------------------------------------------

def test_a_variant_may_extend_a_file_by_its_path_and_a_variant(tmp_path):
    write(tmp_path, f'extends "{SETE}"\nparam rounds = 3\n', "short.rules")
    path = write(tmp_path, 'extends "short.rules"\nparam max_bet = 4\n')
    model = load_model(path)
    assert (model.values["rounds"], model.values["max_bet"]) == (3, 4)


def test_a_missing_base_is_reported_at_the_extends_line(tmp_path):
    path = write(tmp_path, '\nextends "nowhere.rules"\n')
    d = only_error(path)
    assert d.message.startswith("no rules file at")
    assert (d.span.file, d.span.line) == (path, 2)


def test_a_cycle_of_variants_is_reported(tmp_path):
    write(tmp_path, 'extends "b.rules"\n', "a.rules")
    write(tmp_path, 'extends "a.rules"\n', "b.rules")
    d = only_error(str(tmp_path / "a.rules"))
    assert d.message == "variants extend each other in a cycle: a.rules -> b.rules -> a.rules"


def test_remove_outside_a_variant_is_an_error(tmp_path):
    base = (games_folder() / "sete_e_meio.rules").read_text()
    path = write(tmp_path, base + "\nremove ask\n")
    assert any(d.message == "`remove` is only allowed in a variant file that extends another"
               for d in diagnostics(path))


# --- the bundled house rules --------------------------------------------------------------------

def base_of(path: Path) -> str | None:
    return next((line.split('"')[1] for line in path.read_text().splitlines() if line.startswith("extends")), None)


VARIANTS = sorted(p for p in games_folder().glob("*.rules") if base_of(p))


def test_every_game_has_at_least_two_bundled_house_rules():
    bases = [base_of(p) for p in VARIANTS]
    for game in ("sete-e-meio", "cassino", "piquet", "buraco"):
        assert bases.count(game) >= 2, game


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_a_bundled_house_rule_checks_and_plays(path):
    game = load_game(path.stem.replace("_", "-"))
    assert game.title != load_game(base_of(path)).title
    check_game_properties(game, 0, check_every=25)
