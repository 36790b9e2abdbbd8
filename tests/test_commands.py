"""The commands a person uses to get and look at positions, logs and games, the display section,
and the regressions of issue 17."""

import json
import re
import shlex
from pathlib import Path

import pytest

from cardrules.play import simulate as simulate_module
from cardrules.cli import complete_game
from cli_runner import ok, run
from cardrules.language.diagnostics import RulesError
from cardrules.engine.loader import load_game
from cardrules.engine.position import load_data
from cardrules.play.replay import GameLog
from cardrules.language.resources import bundled_games
from cardrules.play.terminal import closest_moves, find_move

ROOT = Path(__file__).resolve().parent.parent
DECIDE = ROOT / "tests" / "positions" / "sete_e_meio" / "decide.json"


def fails(*args, input=None):
    result = run(*args, input=input)
    assert result.exit_code == 1, result.output
    return result


# --- command line habits -----------------------------------------------------------------

def test_version():
    assert re.fullmatch(r"cardrules \d+\.\d+\.\d+\n", ok("--version").stdout)


def test_games_lists_every_bundled_game_with_players_and_parameters_one_line_each():
    lines = ok("games").stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == list(bundled_games())
    assert "sete-e-meio: Sete e Meio; players 2-10 (default 4); min_bet=1, max_bet=10, rounds=20, bankroll=0" in lines
    assert any(line.startswith("piquet: Piquet; players 2; ") for line in lines)


def test_info_gives_parameters_with_their_values_and_defaults_phases_and_moves():
    out = ok("info", "cassino", "--param", "target=31").stdout
    assert "  target: one of 21, 31; default 21, now 31" in out
    assert "  partnerships: one of true, false; default true, now true" in out
    assert "players: 2..4, default 2; loaded for 2" in out
    assert "  play: moves take, capture, build, pair, increase, trail" in out
    assert "  deal: automatic" in out


def test_new_writes_a_commented_starter_file_that_checks_and_plays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ok("new", "high_card").stdout
    assert "wrote high_card.rules" in out
    text = (tmp_path / "high_card.rules").read_text()
    assert text.startswith("# A starter rules file") and 'game "High Card"' in text
    assert ok("check", "high_card.rules").stdout.startswith("ok: high_card.rules: High Card, 2 players")
    assert "2 players: 3 games" in ok("validate", "high_card.rules", "-n", 3, "--workers", 1).stdout
    assert "exists already" in fails("new", "high_card").stderr


@pytest.mark.parametrize("name", ["a" * 300, "\U0001d538" * 70, 'my"game', "my\ngame", "", ".", ".hidden", "_x", "x;rm -rf y",
                                  "tab\tname", "back\\slash", "sub/", "dollar$HOME"])
def test_new_refuses_a_name_that_cannot_be_a_title_or_a_plain_file(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    result = fails("new", name)
    assert "cannot name a new game" in result.stderr or "longer than a new game's name may be" in result.stderr
    assert "hint: a game's file name is letters, digits" in result.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("force", [False, True])
def test_new_never_writes_through_a_link(tmp_path, monkeypatch, force):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dangling.rules").symlink_to(tmp_path / "target.txt")
    (tmp_path / "kept.txt").write_text("kept")
    (tmp_path / "linked.rules").symlink_to(tmp_path / "kept.txt")
    for name in ("dangling", "linked"):
        assert "is a symbolic link" in fails("new", name, *(["--force"] if force else [])).stderr
    assert not (tmp_path / "target.txt").exists() and (tmp_path / "kept.txt").read_text() == "kept"


def test_new_quotes_the_commands_it_prints_and_titles_the_game_by_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ok("new", "Sete e Meio_v2.1").stdout
    command = out.splitlines()[-1].removeprefix("next: ")
    assert shlex.split(command) == ["cardrules", "check", "Sete e Meio_v2.1.rules", "&&", "cardrules", "play",
                                    "Sete e Meio_v2.1.rules"]
    assert ok("check", "Sete e Meio_v2.1.rules").stdout.startswith("ok: Sete e Meio_v2.1.rules: Sete E Meio V2.1,")
    assert "#   cardrules check 'Sete e Meio_v2.1.rules'" in (tmp_path / "Sete e Meio_v2.1.rules").read_text()
    assert "cannot write" in fails("new", "no_such_folder/game").stderr
    assert "wrote" in ok("new", "Sete e Meio_v2.1", "--force").stdout


def test_quiet_leaves_out_notes_but_not_results(tmp_path):
    out = tmp_path / "s.json"
    result = ok("--quiet", "simulate", "sete-e-meio", "-n", 5, "--workers", 1, "--param", "rounds=1", "--json", out)
    assert "wrote" not in result.stdout and "win rate" in result.stdout and out.exists()


def test_json_dash_writes_json_to_standard_output_and_the_table_elsewhere():
    result = ok("simulate", "sete-e-meio", "-n", 5, "--workers", 1, "--param", "rounds=1", "--json", "-")
    data = json.loads(result.stdout)
    assert data["games"] == 5 and data["complete"] is True
    assert "win rate" in result.stderr, "the table goes to standard error"


def test_game_arguments_complete_with_the_bundled_names():
    names = [item.value for item in complete_game("cass")]
    assert names[:3] == ["cassino", "cassino-31-last-capturer", "cassino-partners"]
    assert complete_game("cass")[-1].type == "file", "a rules file path completes too"


def test_compare_names_what_differs_and_fits_80_columns():
    result = ok("compare", "sete-e-meio", "sete-e-meio", "--variant-param", "max_bet=40", "-n", 20, "--workers", 1,
                "--param", "rounds=2")
    lines = result.stdout.splitlines()
    assert "sete-e-meio (max_bet=40) - sete-e-meio (max_bet=10): 20 paired games, seed 0" in result.stdout
    assert all(len(line) <= 80 for line in lines)
    header = next(line for line in lines if "base" in line)
    assert header.split() == ["base", "variant", "diff", "95%", "interval", "p", "Holm", "sig."]


# --- positions ---------------------------------------------------------------------------

def test_position_after_moves_is_ready_for_moves_apply_and_explain(tmp_path):
    out = tmp_path / "p.json"
    ok("position", "sete-e-meio", "--seed", 3, "--players", 2, "BET 2", "-o", out)
    data = json.loads(out.read_text())
    assert data["players"] == 2 and data["phase"] == "decide"
    # The position's own players are applied: no --players needed.
    moves = json.loads(ok("moves", "sete-e-meio", "--position", out, "--json").stdout)
    assert moves["player"] == 0 and "stand" in moves["moves"]
    assert ok("explain", "sete-e-meio", "stand", "--position", out).stdout.startswith("`stand` is legal")
    printed = ok("position", "sete-e-meio", "--seed", 3, "--players", 2, "bet 2").stdout
    assert json.loads(printed) == data


def test_a_position_s_parameters_are_applied_and_a_contrary_option_is_refused(tmp_path):
    out = tmp_path / "p.json"
    ok("position", "sete-e-meio", "--seed", 1, "--param", "max_bet=3", "-o", out)
    listed = json.loads(ok("moves", "sete-e-meio", "--position", out, "--json").stdout)["moves"]
    assert listed == ["bet 1", "bet 2", "bet 3"]
    refused = fails("moves", "sete-e-meio", "--position", out, "--param", "max_bet=5").stderr
    assert "the position was made with max_bet=3, the game has 5" in refused


def test_position_refuses_an_illegal_move_naming_it():
    err = fails("position", "sete-e-meio", "--seed", 3, "bet 1", "fold").stderr
    assert "move 2, `fold`, is not legal" in err


def test_observe_shows_one_seat_what_it_may_see_and_nothing_more():
    text = ok("observe", "sete-e-meio", "--position", DECIDE, "--seat", 2, "--plain").stdout
    assert "  seat 2 (you)\n    hand: 2S\n" in text
    assert "hand: JD ??" in text, "seat 1's face-down five of clubs is hidden"
    assert "5C" not in text and "KC" not in text
    obs = json.loads(ok("observe", "sete-e-meio", "--position", DECIDE, "--seat", 2, "--json").stdout)
    assert obs["zones"]["hand"] == [["4H"], [None, "JD"], ["2S"], [None]]


def test_rest_goes_under_the_listed_stock_so_the_listed_top_is_dealt_next():
    game = load_game("sete-e-meio")
    st = load_data(game, {"phase": "decide", "vars": {"banker": 0, "to_act": 1, "bet": [0, 4, 0, 0]},
                          "zones": {"hand": [["4H:up"], ["5C"], ["2S"], ["KC"]], "stock": ["QS", "AH"]},
                          "rest": "stock"})
    st.apply("hit open")
    assert st.to_json()["zones"]["hand"][1] == ["5C", "AH:up"]
    assert st.to_json()["zones"]["stock"][-1] == "QS"


def test_rest_can_fill_one_seat_s_zone():
    game = load_game("piquet")
    st = load_data(game, {"phase": "play", "vars": {"dealer": 1, "leader": 0, "trick_no": 1},
                          "zones": {"hand": [["AS"], []]}, "rest": "hand[1]"})
    assert len(st.to_json()["zones"]["hand"][1]) == 31
    with pytest.raises(RulesError, match=r"a zone per player: say whose, from `hand\[0\]` to `hand\[1\]`"):
        load_data(game, {"phase": "play", "rest": "hand"})


# --- logs and replays --------------------------------------------------------------------

@pytest.fixture
def log_file(tmp_path):
    game = load_game("sete-e-meio", {"players": 2, "rounds": 1})
    st = game.new_state(3)
    moves = []
    while not st.is_over:
        moves.append(st.apply(st.legal_moves()[0]).text)
    path = tmp_path / "game.json"
    GameLog.of(game, "sete-e-meio", 3, moves, {0: "human", 1: "random"}).save(path)
    return path


def test_a_log_records_the_bundled_name_the_parameters_and_the_rules_hash(log_file):
    data = json.loads(log_file.read_text())
    assert data["game"] == "sete-e-meio" and data["params"]["players"] == 2 and data["params"]["rounds"] == 1
    assert re.fullmatch(r"[0-9a-f]{64}", data["rules_sha256"])


def test_a_log_replays_from_any_folder(log_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ok("replay", log_file.name).stdout
    assert out.splitlines()[0] == "   1. seat 0: bet 1" and "game over; scores:" in out


def test_replay_to_a_move_shows_the_table_then(log_file):
    out = ok("replay", log_file, "--to", 2, "--plain").stdout
    assert out.splitlines()[:2] == ["   1. seat 0: bet 1", "   2. seat 0: stand"]
    assert "   3." not in out and "Sete e Meio - " in out and "not over" in out


def test_replay_as_a_seat_hides_what_it_could_not_see(log_file):
    seen = ok("replay", log_file, "--seat", 0, "--to", 1, "--plain").stdout
    assert "> seat 0 (you)" in seen and re.search(r"stock: \d+ face down", seen)
    everything = ok("replay", log_file, "--to", 1, "--plain").stdout
    assert "(you)" not in everything and re.search(r"stock: (\w+ ){10}", everything)


def test_replay_steps_forward_and_back(log_file):
    out = ok("replay", log_file, "--step", "--plain", input="n\nn\np\nq\n").stdout
    shown = re.findall(r"(start, \d+ moves|after move \d+ of \d+)", out)
    total = len(json.loads(log_file.read_text())["moves"])
    assert shown == [f"start, {total} moves", f"after move 1 of {total}", f"after move 2 of {total}",
                     f"after move 1 of {total}"]


def test_replay_of_a_file_that_is_not_a_log_is_refused_with_a_located_message(tmp_path):
    results = tmp_path / "sim.json"
    ok("simulate", "sete-e-meio", "-n", 3, "--workers", 1, "--param", "rounds=1", "--json", results)
    err = fails("replay", results).stderr
    assert err.startswith(f"{results}:1:1: error: not a game log: this is a simulate output")
    assert 'has "format": "cardrules-log/1"' in err
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": ')
    assert f"{broken}:1:10: error: the game log is not valid JSON" in fails("replay", broken).stderr


def test_a_log_of_changed_rules_says_so(log_file, tmp_path):
    data = json.loads(log_file.read_text())
    data["rules_sha256"] = "0" * 64
    log_file.write_text(json.dumps(data))
    result = ok("replay", log_file)
    assert "note: the rules of sete-e-meio changed since the log was written" in result.stderr


@pytest.mark.parametrize("name, params, hides", [("piquet", {}, True), ("hearts", {}, True),
                                                 ("buraco", {"max_hands": 1}, False)])
def test_replay_as_each_seat_steps_through_moves_it_may_not_see(name, params, hides, tmp_path):
    # Issue 31: a move the seat may not see reads `??`, and the replay goes on past it.
    game = load_game(name, params)
    st, moves = game.new_state(4), []
    while not st.is_over and len(moves) < 80:
        moves.append(st.apply(st.legal_moves()[len(moves) % len(st.legal_moves())]).text)
    path = tmp_path / "game.json"
    GameLog.of(game, name, 4, moves).save(path)
    from cardrules.play.replay import replay
    masked = 0
    for seat in range(game.player_count):
        out = ok("replay", path, "--seat", seat, "--plain").stdout
        seen = [text for _, text, _ in replay(GameLog.read(path), game, seat)]
        shown = [line.split(": ", 1)[1] for line in out.splitlines() if re.match(r" *\d+\. seat \d+: ", line)]
        assert shown == seen and len(seen) == len(moves)
        masked += sum("??" in text for text in seen)
    assert bool(masked) == hides


# --- the display section -----------------------------------------------------------------

BASE = (ROOT / "tests" / "docs" / "base.rules").read_text()


def test_display_names_are_checked(tmp_path):
    path = tmp_path / "bad.rules"
    path.write_text(BASE + "\ndisplay {\n  hide curent\n  show current\n  order hands: colour\n}\n")
    err = fails("check", path).stderr
    assert "`hide curent`: there is no variable `curent`" in err and "did you mean `current`?" in err
    assert "`show current`: a total is a number per player or per team" in err
    assert "`colour` is not a way to sort cards" in err and "`order hands`: there is no zone `hands`" in err


def test_display_changes_nothing_in_play(tmp_path):
    plain, shown = tmp_path / "plain.rules", tmp_path / "shown.rules"
    plain.write_text(BASE)
    shown.write_text(BASE + "\ndisplay { hide current  order hand, discard: rank }\n")
    a, b = load_game(str(plain)), load_game(str(shown))
    for seed in range(3):
        x, y = a.new_state(seed), b.new_state(seed)
        while not x.is_over:
            move = x.legal_moves()[seed % len(x.legal_moves())].text
            x.apply(move)
            y.apply(move)
        assert x.to_json() == {**y.to_json(), "game": x.game.title} and x.scores() == y.scores()


# --- regressions -------------------------------------------------------------------------

def test_a_position_whose_automatic_phase_fails_is_a_located_error_not_a_type_error(tmp_path):
    position = tmp_path / "s.json"
    position.write_text('{"phase":"deal","rest":"stock"}')
    err = fails("moves", "sete-e-meio", "--position", position).stderr
    assert "sete_e_meio.rules:" in err and "the position cannot be played" in err
    assert "give it in `vars`" in err and "TypeError" not in err


def test_line_numbers_in_messages_stay_numbers(tmp_path):
    path = tmp_path / "long.rules"
    path.write_text("\n" * 99 + "rule 1\n")
    err = fails("check", path).stderr
    assert f"{path}:100:1: error" in err and "💯" not in err


def test_the_hint_after_an_interrupted_simulation_works_when_followed_literally(tmp_path, monkeypatch):
    results = tmp_path / "run.json"
    real_play = simulate_module.play

    def ctrl_c_after_the_first_chunk(*args, **kwargs):
        chunks = real_play(*args, **kwargs)
        yield next(chunks)
        chunks.close()
        raise KeyboardInterrupt
    monkeypatch.setattr(simulate_module, "play", ctrl_c_after_the_first_chunk)
    args = ["simulate", "sete-e-meio", "-n", 40, "--seed", 3, "--agents", "greedy,random", "--players", 2,
            "--param", "rounds=1", "--workers", 1, "--json", results]
    stopped = run(*args)
    assert stopped.exit_code == 130
    hint = re.search(r"continue with `cardrules (.*)`", stopped.stderr).group(1)
    assert hint == f"simulate sete-e-meio --resume {results} --json {results}"
    monkeypatch.setattr(simulate_module, "play", real_play)
    ok(*shlex.split(hint), "--workers", 1)
    unbroken = tmp_path / "unbroken.json"
    ok(*args[:-1], unbroken)
    resumed, whole = json.loads(results.read_text()), json.loads(unbroken.read_text())
    assert resumed["results"] == whole["results"] and resumed["seed"] == 3


def test_typed_card_names_are_not_case_sensitive():
    game = load_game("cassino")
    st = game.new_state(5)
    trail = next(m for m in st.legal_moves() if m.text.startswith("trail "))
    assert find_move(st, trail.text.lower()) == trail
    assert find_move(st, "TRAIL  " + trail.text.split()[1].lower()) == trail
    assert closest_moves(st, trail.text.lower()[:-1] + "x")[0].startswith("trail ")
    position = ROOT / "tests" / "positions" / "cassino" / "owner_of_a_build.json"
    data = json.loads(position.read_text())
    st = load_data(game, data)
    move = st.legal_moves()[0].text
    applied = json.loads(ok("apply", "cassino", move.lower(), "--position", position, "--json").stdout)
    assert applied["happened"][0]["move"] == move


def test_cards_are_drawn_plain_where_the_terminal_has_no_utf8_or_colour():
    import io
    from rich.console import Console
    from cardrules.play.table import CardTable, Style

    class Ascii(io.StringIO):
        encoding = "ascii"
    assert Style.for_console(Console(file=Ascii())) == Style(symbols=False, colour=False)
    assert Style.for_console(Console(file=io.StringIO(), force_terminal=True, color_system="standard")) == \
        Style(symbols=True, colour=True)
    assert Style.for_console(Console(file=io.StringIO(), force_terminal=True), plain=True) == Style(False, False)
    table = CardTable(load_game("piquet"), Style(symbols=True, colour=True))
    assert table.card("10H").plain == "10♥" and table.card("10H").style == "red"
    assert table.card("AS").plain == "A♠" and table.card(None).plain == "??"


@pytest.mark.parametrize("name, params", [("piquet", {"deals": 1}), ("sete-e-meio", {"rounds": 3}),
                                          ("buraco", {"players": 4, "max_hands": 1})])
def test_the_narration_never_names_a_card_the_seat_could_not_see(name, params):
    import random
    from cardrules.play.table import CardTable, PLAIN
    game = load_game(name, params)
    table = CardTable(game, PLAIN)
    state, rng = game.new_state(11), random.Random(11)
    names = set(game.deck.names)
    steps = 0
    while not state.is_over and steps < 250:
        before = state.clone()
        move = rng.choice(state.legal_moves())
        state.apply(move)
        steps += 1
        for seat in range(game.player_count):
            seen = {game.deck.names[c] for c in range(game.deck_size)
                    if game.visible_to(before, c, seat) or game.visible_to(state, c, seat)}
            said = " ".join([table.move_text(before, state, move, seat)] +
                            [line.plain for line in table.events(before, state, seat)])
            named = set(re.findall(r"[\w#]+", said)) & names
            assert named <= seen, f"seat {seat} was told {named - seen} after `{move.text}`"


def test_says_text_with_markup_is_printed_as_it_is(tmp_path):
    rules = BASE.replace("move lay(c in hand[me]) {", 'move lay(c in hand[me]) says "[/x] lay {c} [bold]" {')
    path = tmp_path / "markup.rules"
    path.write_text(rules)
    out = ok("play", path, "--seed", 1, "--bots", "random", input="1\nq\n").stdout
    assert "[/x] lay " in out and "[bold]" in out


def test_bots_are_named_one_for_all_or_one_per_bot_seat_and_an_unknown_one_is_refused():
    out = ok("play", "sete-e-meio", "--players", 3, "--seed", 3, "--bots", "greedy,random", "--plain",
             input="q\n").stdout
    assert "  seat 1 (bot greedy)" in out and "  seat 2 (bot random)" in out
    err = fails("play", "sete-e-meio", "--seed", 3, "--bots", "greedyy").stderr
    assert "no agent called `greedyy`" in err and "did you mean `greedy`?" in err
    assert "4 agents for 2 bot seats" in fails("play", "sete-e-meio", "--players", 3, "--bots", "a,b,c,d").stderr
