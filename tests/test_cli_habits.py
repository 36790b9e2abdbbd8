"""The habits of a good command-line tool, and the bugs of issue 30 item 5, each with its
regression test: -o wherever a command prints, - for standard input wherever it reads a
position or a log, --json on games and info, --seed on moves and explain, explain's exit
status, output paths checked before any work, no install paths in messages, plural words,
completion of option values, validate's printed commands, and the Hearts packet."""

import io
import json
import re
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from rich.console import Console

from cardrules import load_game
from cardrules.cli import cli
from cardrules.engine.observation import move_text_for
from cardrules.language.resources import games_folder
from cardrules.play import simulate as simulate_module
from cardrules.play.terminal import play_in_terminal
from cli_runner import ok, run

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "broken" / "move_loses_card.rules"
INSTALL = str(games_folder())


def fails(*args, input=None):
    result = run(*args, input=input)
    assert result.exit_code == 1, result.output
    return result


# --- validate's printed commands -------------------------------------------------------------

@pytest.fixture
def with_param(tmp_path, monkeypatch):
    """The broken game that loses a card, with a parameter, in a folder of its own."""
    text = BROKEN.read_text().replace("players 2..4 default 2", "players 2..4 default 2\nparam hand_size: 1..13 = 5")
    (tmp_path / "lost.rules").write_text(text.replace("deal 5 from stock", "deal hand_size from stock"))
    monkeypatch.chdir(tmp_path)
    return "lost.rules"


def printed(result, label: str) -> str:
    return next(line.split(": ", 1)[1] for line in result.stdout.splitlines() if line.strip().startswith(label))


def test_validate_replay_keeps_the_parameters_and_a_rerun_keeps_the_file_see_it_names(with_param):
    first = fails("validate", with_param, "-n", 5, "--param", "hand_size=2")
    assert printed(first, "replay:") == f"cardrules validate {with_param} --param hand_size=2 --seed 0 --first 0 --games 1"
    see_it = printed(first, "see it:")
    position = re.search(r"--position (\S+)", see_it).group(1)
    kept = Path(position).read_text()
    fails("validate", with_param, "-n", 5)  # other parameters, the same seed and kind of finding
    assert Path(position).read_text() == kept, "the earlier `see it:` command still shows its finding"
    # The printed command runs as printed, and shows the failure.
    words = see_it.split(" ", 1)[1]
    move = re.search(r'"(.*)"', words).group(1)
    again = run("apply", with_param, "--position", position, move)
    assert again.exit_code == 1 and "cards moved to nowhere" in again.stderr


# --- apply ---------------------------------------------------------------------------------

def test_apply_json_is_read_back_as_a_position_and_o_writes_it(tmp_path):
    start = tmp_path / "start.json"
    ok("position", "hearts", "--seed", 1, "-o", start)
    first = ok("moves", "hearts", "--position", start, "--json").stdout
    move = json.loads(first)["moves"][0]
    after = tmp_path / "after.json"
    result = ok("apply", "hearts", "--position", start, "--json", "-o", after, move)
    assert result.stdout == ""
    applied = json.loads(after.read_text())
    assert applied["format"] == "cardrules-applied/1"
    again = json.loads(ok("moves", "hearts", "--position", after, "--json").stdout)
    assert again["moves"] == [m for m in json.loads(first)["moves"] if m != move]


# --- explain and the start of a game of --seed ------------------------------------------------

def test_explain_exits_1_for_an_illegal_move_and_0_for_a_legal_one():
    legal = json.loads(ok("moves", "hearts", "--seed", 4, "--json").stdout)["moves"][0]
    assert ok("explain", "hearts", "--seed", 4, legal).stdout == f"`{legal}` is legal here\n"
    refused = fails("explain", "hearts", "--seed", 4, "play 2C")
    assert refused.stdout.startswith("`play` cannot be played now: it is a move of phase `play`")


def test_seed_on_moves_and_explain_is_the_deal_of_position_seed():
    from_file = run("moves", "sete-e-meio", "--position", "-",
                    input=ok("position", "sete-e-meio", "--seed", 7).stdout).stdout
    assert ok("moves", "sete-e-meio", "--seed", 7).stdout == from_file
    assert ok("moves", "sete-e-meio").stdout == ok("moves", "sete-e-meio", "--seed", 0).stdout
    both = fails("moves", "sete-e-meio", "--seed", 7, "--position", "x.json")
    assert "--seed and --position" in both.stderr


def test_standard_input_for_positions_and_logs(tmp_path):
    position = ok("position", "war", "--seed", 2).stdout
    assert ok("moves", "war", "--position", "-", input=position).stdout.startswith("phase battle, seat 0 to play")
    assert ok("observe", "war", "--position", "-", "--json", input=position).stdout.startswith("{")
    log = tmp_path / "war.json"
    ok("play", "war", "--seed", 2, "--save", log, input="\n\nq\n")
    assert ok("replay", "-", input=log.read_text()).stdout.startswith("   1. seat 0: flip")


# --- output paths, before any work ---------------------------------------------------------

@pytest.fixture
def no_play(monkeypatch):
    """Playing any game is a failure: the command was to stop before."""
    def refuse(*args, **kwargs):
        raise AssertionError("games were played before the output path was checked")
    monkeypatch.setattr(simulate_module, "simulate", refuse)
    monkeypatch.setattr(simulate_module, "compare", refuse)
    return refuse


@pytest.mark.parametrize("args", [
    ("simulate", "war", "--json", "nodir/x.json"),
    ("simulate", "war", "--csv", "nodir/x.csv"),
    ("simulate", "war", "-o", "nodir/x.txt"),
    ("compare", "war", "war", "--json", "nodir/x.json"),
    ("position", "war", "-o", "nodir/x.json"),
    ("moves", "war", "-o", "nodir/x.txt"),
    ("play", "war", "--save", "nodir/log.json"),
])
def test_an_output_path_that_cannot_be_written_is_refused_before_any_work(args, no_play, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = fails(*args)
    assert "cannot write `nodir/" in result.stderr and "there is no folder `nodir`" in result.stderr


def test_validate_refuses_a_findings_folder_that_is_a_file(tmp_path):
    (tmp_path / "taken").write_text("")
    result = fails("validate", "war", "-n", 1, "--findings", tmp_path / "taken" / "war")
    assert f"`{tmp_path / 'taken'}` is a file, not a folder" in result.stderr


@pytest.mark.parametrize("args", [
    ("simulate", "war", "-n", 3), ("games",), ("info", "cassino"), ("check", "war"), ("source", "war"),
    ("moves", "war", "--seed", 1), ("explain", "war", "--seed", 1, "flip"),
])
def test_o_writes_what_the_command_prints(args, tmp_path):
    out = tmp_path / "out.txt"
    printed_here = ok(*args).stdout
    result = ok(*args, "-o", out)
    assert result.stdout == ""
    text = out.read_text()
    if args[0] == "simulate":  # the throughput line differs from run to run
        text, printed_here = (re.sub(r"throughput: .*", "", t) for t in (text, printed_here))
    assert text == printed_here


# --- JSON listings ---------------------------------------------------------------------------

def test_games_and_info_print_json():
    games = json.loads(ok("games", "--json").stdout)
    sete = next(g for g in games if g["name"] == "sete-e-meio")
    assert sete["players"] == {"min": 2, "max": 10, "default": 4} and sete["params"]["max_bet"] == 10
    info = json.loads(ok("info", "hearts", "--json").stdout)
    assert info["params"]["pass_cards"] == {"kind": "bool", "choices": [True, False], "default": True, "value": True}
    assert {"name": "play", "automatic": False, "moves": ["play"]} in info["phases"]
    assert info["zones"][0] == {"name": "stock", "owner": None, "visibility": "hidden"}


# --- messages ------------------------------------------------------------------------------

def test_no_install_path_in_messages_or_results(tmp_path):
    bad = fails("play", "hearts", "--param", "pass_cards=3")
    assert bad.stderr.startswith("hearts.rules:") and INSTALL not in bad.stderr
    refused = fails("explain", "whist", "--position", ROOT / "tests/positions/whist/follow_suit.json", "play KD")
    assert "  rule: whist.rules:" in refused.stdout and INSTALL not in refused.stdout
    out = tmp_path / "war.json"
    ok("simulate", "war", "-n", 2, "--json", out)
    assert json.loads(out.read_text())["rules"] == "war"


def test_plural_words():
    assert ok("check", "docs/tutorial/match.rules").stdout.endswith(", 1 phase\n")
    assert ok("moves", "war").stdout.startswith("phase battle, seat 0 to play, 1 legal move:")
    assert "this game is for 4 players, not 3" in fails("check", "hearts", "--players", 3).stderr


def test_the_docs_name_source_files_that_exist():
    for doc in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        for path in re.findall(r"`(cardrules/[\w/]+\.py)`", doc.read_text()):
            assert (ROOT / path).is_file(), f"{doc.name} names {path}"


# --- completion of option values --------------------------------------------------------------

def completions(*words: str) -> list[str]:
    *args, incomplete = words
    return [c.value for c in ShellComplete(cli, {}, "cardrules", "_CARDRULES_COMPLETE").get_completions(args, incomplete)]


def test_completion_covers_option_values():
    assert completions("simulate", "hearts", "--param", "pass") == ["pass_cards="]
    assert completions("simulate", "hearts", "--param", "pass_cards=") == ["pass_cards=true", "pass_cards=false"]
    assert completions("info", "war", "--param", "war_cards=") == [f"war_cards={n}" for n in range(4)]
    assert completions("play", "sete-e-meio", "--players", "") == [str(n) for n in range(2, 11)]
    assert completions("simulate", "war", "--agents", "random,gr") == ["random,greedy"]
    assert "pimc:" in completions("play", "war", "--bots", "p")
    assert "cassino-partners" in completions("compare", "cass")


# --- Hearts: the packet passed to you --------------------------------------------------------

def test_the_receiver_reads_the_whole_packet_in_the_exchange_and_no_card_in_the_passes():
    game = load_game("hearts")
    out = io.StringIO()
    answers = iter(["1", "1", "1", "q"])
    from cardrules.play.agents import RandomAgent
    bots = {seat: RandomAgent(seed=seat) for seat in (1, 2, 3)}
    play_in_terminal(game.new_state(5), 0, bots, Console(file=out, width=200, color_system=None),
                     read=lambda prompt: next(answers))
    lines = out.getvalue().splitlines()
    # Seat 3 passes to seat 0 in the first hand: which card it passed when is its own to know.
    passes = [line for line in lines if line.startswith("seat 3") and ": pass " in line]
    assert len(passes) == 3 and all(line.endswith("pass ??") for line in passes), passes
    arrived = next(line for line in lines if "into your hand:" in line)
    assert len(arrived.split(":", 1)[1].split()) == 3 and "??" not in arrived


def test_a_move_text_names_a_card_by_where_the_move_puts_it_not_where_the_phases_after_take_it():
    state = load_game("hearts").new_state(5)
    while state.phase_name == "passing":
        before, move = state.clone(), state.legal_moves()[0]
        state.apply(move)
    # The last pass of seat 3, after which the exchange gives the packet to seat 0.
    card = move.text.split()[1]
    assert move_text_for(before, move, 3, state) == move.text  # the passer knows
    assert move_text_for(before, move, 0, state) == "pass ??"  # in seat 0's hand only after the exchange
    assert card in [c.split(":")[0] for c in state.to_json()["zones"]["hand"][0]]
