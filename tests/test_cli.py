"""The command line, through click's CliRunner: every command on a good input and on the
user errors it must turn into diagnostics (exit status 1, never a traceback)."""

import json
import shutil
from pathlib import Path

import pytest

from cli_runner import ok, run
from cardrules.language.resources import games_folder

ROOT = Path(__file__).resolve().parent.parent
SETE = str(games_folder() / "sete_e_meio.rules")
SETE_SHOWN = "sete_e_meio.rules"  # how messages name it: a bundled game never by its install path
POSITIONS = ROOT / "tests" / "positions" / "sete_e_meio"
OPEN_HIT = str(POSITIONS / "open_second_hit.json")


def fails(*args):
    result = run(*args)
    assert result.exit_code == 1, result.output
    return result


@pytest.fixture
def raised_position(tmp_path):
    """Seat 2 raised to 10 and must hit (written as a file, as a user would)."""
    data = json.loads(Path(OPEN_HIT).read_text())
    data["vars"].update(bet=[0, 5, 10, 0], raised=[False, False, True, False])
    path = tmp_path / "raised.json"
    path.write_text(json.dumps(data))
    return path


# --- check -------------------------------------------------------------------------------

def test_check_a_clean_file():
    result = ok("check", SETE)
    assert result.stdout == f"ok: {SETE}: Sete e Meio, 4 players, 40 cards, 9 phases\n"
    assert result.stderr == ""


def test_check_every_bundled_game():
    files = sorted(str(p) for p in games_folder().glob("*.rules"))
    result = ok("check", *files)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["ok"] * len(files)


def test_check_a_bundled_game_by_name_with_players():
    assert ok("check", "sete-e-meio", "--players", 7).stdout == \
        "ok: sete-e-meio: Sete e Meio, 7 players, 40 cards, 9 phases\n"


def test_check_a_bad_file_prints_located_diagnostics_and_exits_1(tmp_path):
    bad = tmp_path / "bad.rules"
    text = Path(SETE).read_text().replace("move returned to stock\n    shuffle", "move retuned to stock\n    shuffle")
    bad.write_text(text)
    result = fails("check", bad)
    line = text.splitlines().index("    move retuned to stock") + 1
    assert result.stderr == (f"{bad}:{line}:10: error: unknown name `retuned`\n"
                             "        move retuned to stock\n"
                             "             ^^^^^^^\n"
                             "  hint: did you mean `returned`?\n")
    assert result.stdout == ""


def test_check_reports_a_syntax_error_and_goes_on_to_the_next_file(tmp_path):
    bad = tmp_path / "broken.rules"
    bad.write_text('game "Broken"\nsetup {\n  goto deal\n')
    result = fails("check", bad, SETE)
    assert result.stderr.startswith(f"{bad}:3:8: error: unexpected end of file; expected `}}`")
    assert "hint: the file ends early" in result.stderr
    assert result.stdout == f"ok: {SETE}: Sete e Meio, 4 players, 40 cards, 9 phases\n"


def test_an_unknown_game_name_suggests_the_closest():
    result = fails("check", "sete-e-mieo")
    assert result.stderr == ("error: `sete-e-mieo` is neither a rules file nor a bundled game\n"
                             "  hint: did you mean `sete-e-meio`?\n")


def test_a_missing_rules_file():
    assert fails("check", "nowhere/game.rules").stderr == "error: no rules file at `nowhere/game.rules`\n"


def test_a_rules_file_given_by_path_outside_the_games_folder(tmp_path):
    copy = tmp_path / "my_sete.rules"
    shutil.copy(SETE, copy)
    assert ok("check", copy).stdout.startswith(f"ok: {copy}: Sete e Meio")


# --- parameters --------------------------------------------------------------------------

def test_an_unknown_parameter_is_a_diagnostic_with_a_suggestion():
    result = fails("check", "sete-e-meio", "--param", "max_bett=3")
    assert result.stderr == "error: there is no parameter `max_bett`\n  hint: did you mean `max_bet`?\n"


def test_a_parameter_out_of_range_points_at_its_declaration():
    result = fails("simulate", "sete-e-meio", "-n", 2, "--param", "max_bet=0")
    text = Path(SETE).read_text().splitlines()
    line = next(i for i, t in enumerate(text, 1) if t.startswith("param max_bet"))
    assert result.stderr.startswith(f"{SETE_SHOWN}:{line}:1: error: parameter `max_bet`: must be from 1 to 1000, not 0\n")


def test_a_parameter_without_a_value():
    result = fails("moves", "sete-e-meio", "--position", OPEN_HIT, "--param", "rounds")
    assert result.stderr == "error: `rounds` is not NAME=VALUE\n  hint: write e.g. --param target=31\n"


def test_too_many_players():
    result = fails("check", "sete-e-meio", "--players", 11)
    assert "error: this game is for 2 to 10 players, not 11" in result.stderr


# --- simulate ----------------------------------------------------------------------------

def test_simulate_prints_a_table_per_seat_and_the_throughput(tmp_path):
    out = tmp_path / "run.json"
    result = ok("simulate", "sete-e-meio", "-n", 6, "--seed", 4, "--param", "rounds=2", "--workers", 1, "--json", out)
    lines = result.stdout.splitlines()
    for seat in range(4):
        assert any(line.split()[:2] == [str(seat), "random"] for line in lines if line.split()), seat
    assert any(line.startswith("throughput:") and "games/s" in line for line in lines)
    data = json.loads(out.read_text())
    assert data["games"] == 6 and data["seed"] == 4 and data["players"] == 4
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]


def test_simulate_twice_with_one_seed_gives_the_same_results(tmp_path):
    runs = []
    for name in ("a.json", "b.json"):
        ok("simulate", "sete-e-meio", "-n", 5, "--seed", 9, "--param", "rounds=2", "--workers", 1,
           "--json", tmp_path / name)
        data = json.loads((tmp_path / name).read_text())
        data.pop("timing")
        runs.append(data)
    assert runs[0] == runs[1]


def test_simulate_an_unknown_game():
    assert "did you mean `sete-e-meio`?" in fails("simulate", "sete_e_meo", "-n", 1).stderr


# --- moves, apply, explain ---------------------------------------------------------------

def test_moves_in_a_position():
    result = ok("moves", "sete-e-meio", "--position", OPEN_HIT)
    assert result.stdout.splitlines() == (
        ["phase decide, seat 2 to play, 10 legal moves:", "  stand"]
        + [f"  raise {k}" for k in range(1, 9)] + ["  hit open"])


def test_moves_as_json(raised_position):
    result = ok("moves", "sete-e-meio", "--position", raised_position, "--json")
    assert json.loads(result.stdout) == {"phase": "decide", "player": 2, "moves": ["hit open"]}


def test_moves_of_a_bundled_game_and_of_its_file_agree():
    assert ok("moves", "sete-e-meio", "--position", OPEN_HIT).stdout == \
        ok("moves", SETE, "--position", OPEN_HIT).stdout


def test_a_bad_position_lists_every_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"phase": "decid", "vars": {"bett": 1}, "zones": {"hand": [["ZZ"], [], [], []]},
                               "rest": "stock"}))
    result = fails("moves", "sete-e-meio", "--position", bad)
    assert result.stderr == (f"error: {bad}: phase: there is no phase `decid`\n  hint: did you mean `decide`?\n"
                             f"error: {bad}: vars.bett: unknown variable\n  hint: did you mean `bet`?\n"
                             f"error: {bad}: zones.hand[0][0]: `ZZ` is not a card of this deck\n")


def test_a_position_that_is_not_json(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{\n")
    assert fails("moves", "sete-e-meio", "--position", broken).stderr.startswith(
        f"{broken}:2:1: error: the position is not valid JSON")
    assert fails("moves", "sete-e-meio", "--position", tmp_path / "none.json").stderr == \
        f"error: cannot read position `{tmp_path / 'none.json'}`: No such file or directory\n"


def test_apply_moves_prints_what_happened_and_the_new_position():
    result = ok("apply", "sete-e-meio", "raise 8", "hit open", "--position", OPEN_HIT)
    lines = result.stdout.splitlines()
    assert lines[:7] == ["seat 2: raise 8  -> phase decide", "  bet: seat 2 2 -> 10", "  raised: seat 2 no -> yes",
                         "seat 2: hit open  -> phase bet", "  stock -> hand of seat 2: 4S",
                         "  raised: seat 2 yes -> no", "scores: [0, 0, 0, 0]"]
    position = json.loads("\n".join(lines[7:]))
    assert position["phase"] == "bet" and position["vars"]["to_act"] == 3
    assert position["zones"]["hand"][2] == ["JD", "3S:up", "4S:up"]


def test_apply_as_json_round_trips_through_a_position_file(tmp_path):
    result = ok("apply", "sete-e-meio", "raise 8", "--position", OPEN_HIT, "--json")
    data = json.loads(result.stdout)
    assert data["happened"] == [{"player": 2, "move": "raise 8", "phase_after": "decide",
                                 "events": ["bet: seat 2 2 -> 10", "raised: seat 2 no -> yes"]}]
    assert "\n" not in result.stdout.strip(), "compact: one line"
    assert data["over"] is False and data["scores"] == [0, 0, 0, 0]
    saved = tmp_path / "after.json"
    saved.write_text(json.dumps(data["position"]))
    assert json.loads(ok("moves", "sete-e-meio", "--position", saved, "--json").stdout)["moves"] == ["hit open"]


def rule_line(text):
    return Path(SETE).read_text().splitlines().index(text) + 1


def test_apply_an_illegal_move_says_why_and_exits_1(raised_position):
    result = fails("apply", "sete-e-meio", "stand", "--position", raised_position)
    line = rule_line(STAND)
    assert result.stderr.startswith("illegal move `stand`: `stand` is not allowed: you raised: you must take the card")
    assert result.stderr.endswith(f"\n  rule: {SETE_SHOWN}:{line}:{STAND[1:]}\n")
    assert result.stdout == ""


def test_explain_a_legal_move():
    assert ok("explain", "sete-e-meio", "hit open", "--position", OPEN_HIT).stdout == "`hit open` is legal here\n"


STAND = '  move stand when not raised[me] else "you raised: you must take the card" {'


def test_explain_points_at_the_condition_that_refuses_a_move(raised_position):
    lines = fails("explain", "sete-e-meio", "stand", "--position", raised_position).stdout.splitlines()
    assert lines[0] == "`stand` is not allowed: you raised: you must take the card"
    assert lines[-1] == f"  rule: {SETE_SHOWN}:{rule_line(STAND)}:{STAND[1:]}"


def test_explain_a_move_of_another_phase_and_an_unknown_move():
    other = fails("explain", "sete-e-meio", "bet 3", "--position", OPEN_HIT).stdout.splitlines()
    assert other[0].startswith("`bet`") and "phase `bet`" in other[0] and "phase `decide`" in other[0]
    assert other[-1] == f"  rule: {SETE_SHOWN}:{rule_line('  move bet(amount in min_bet..max_bet) {')}: " \
                        "move bet(amount in min_bet..max_bet) {"
    unknown = fails("explain", "sete-e-meio", "fold", "--position", OPEN_HIT).stdout
    assert unknown.startswith("there is no move `fold`") and "legal now: stand, raise 1" in unknown


# --- play --------------------------------------------------------------------------------

def test_play_takes_a_number_refuses_illegal_text_with_a_reason_and_quits():
    # Seed 3 makes seat 3 the banker, so seat 0 bets first.
    result = ok("play", "sete-e-meio", "--seed", 3, "--seat", 0, input="1\nfold\nq\n")
    out = result.stdout
    assert "Sete e Meio, seed 3; you are seat 0" in out
    assert out.count("your move (number or text, q to quit):") == 3
    assert "1  bet 1" in out and "illegal: there is no move `fold`" in out
    assert "hit closed" in out, "after the bet the decision is offered"


def test_play_an_unknown_game():
    assert "is neither a rules file nor a bundled game" in fails("play", "sete", "--seed", 1).stderr
