"""`validate`: many random games with every property checked at every step; each finding comes
with its seed, the moves that show it shrunk as far as they go, and a position to reproduce it."""

import json
import random

import pytest
from click.testing import CliRunner

from cardrules import RulesError, RulesRuntimeError, load_game
from cardrules.engine import observation as observation_module
from cardrules.play import validate as validate_module
from cardrules.cli import cli
from cardrules.engine.position import load_data
from cardrules.engine.runtime import State
from cardrules.play.validate import PropertyFailure, check_state, validate, write_findings

# One player who may lay cards, pass, or `boom` once two cards are down; `boom` moves a card
# into a group that does not exist. Random play passes a lot before it booms: a long game to
# shrink to the two lays and the boom that show the failure.
BOOM = """
game "Boom"
players 2..2
deck {
  suits C D H S
  ranks A 2 3 4 5 6 7 8 9 10 J Q K
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone pile: shared, public, face up
zone melds: shared, public, face up, groups { owner: player }
var current: player
var meld: group
setup {
  shuffle stock
  deal 6 from stock to hand[players[0]]
  current = players[0]
  goto play
}
phase play {
  turn current
  move pass { }
  move lay(c in hand[me]) { move c to pile }
  move boom when count(pile) >= 2 { move top(pile) to meld }
  move stop when count(pile) == 6 { end game }
}
score p: count(pile)
"""


@pytest.fixture(scope="module")
def boom(tmp_path_factory):
    path = tmp_path_factory.mktemp("boom") / "boom.rules"
    path.write_text(BOOM)
    return load_game(str(path))


@pytest.fixture(scope="module")
def boom_report(boom):
    return validate(boom, games=4, seed=0)


def test_a_clean_game_has_no_findings():
    game = load_game("sete-e-meio", {"rounds": 2, "players": 3})
    report = validate(game, games=4, seed=10)
    assert report.ok and report.findings == []
    assert report.moves > 0


def test_a_failure_is_reported_once_with_the_games_that_show_it(boom_report):
    assert [f.kind for f in boom_report.findings] == ["runtime-error"]
    finding = boom_report.findings[0]
    assert finding.message == "cards moved to nowhere: the destination is none"
    assert finding.seed == 0 and finding.others == 3
    assert finding.moves[-1] == "boom"


def test_the_moves_are_shrunk_to_the_two_lays_and_the_boom(boom_report):
    finding = boom_report.findings[0]
    assert len(finding.moves) > 3
    assert len(finding.shrunk) == 3
    assert finding.shrunk[0].startswith("lay ") and finding.shrunk[1].startswith("lay ")
    assert finding.shrunk[2] == "boom"


def test_the_position_reproduces_the_failure_with_the_last_move(boom, boom_report, tmp_path):
    [finding] = write_findings(boom_report.findings, tmp_path / "findings", boom.title)
    data = json.loads(open(finding.path).read())
    st = load_data(boom, data)
    with pytest.raises(RulesRuntimeError, match="cards moved to nowhere"):
        st.apply(finding.shrunk[-1])


def test_the_report_is_the_same_with_several_workers(boom, boom_report):
    again = validate(boom, games=4, seed=0, workers=2)
    assert again.findings == boom_report.findings


def test_a_game_that_differs_from_the_same_seed_is_reported(monkeypatch):
    game = load_game("sete-e-meio", {"rounds": 1, "players": 2})
    draws = iter(range(10**6))
    monkeypatch.setattr(State, "rng", lambda self: random.Random(next(draws)))
    report = validate(game, games=1)
    assert [f.kind for f in report.findings] == ["nondeterministic"]


def test_an_observation_showing_hidden_cards_is_a_leak(monkeypatch):
    game = load_game("sete-e-meio", {"rounds": 1, "players": 2})
    st = game.new_state(3)
    honest = observation_module.observe
    monkeypatch.setattr(observation_module, "observe",
                        lambda s, p: {**honest(s, p), "stock": [game.deck.label(c) for c in s.zones[0]]})
    with pytest.raises(PropertyFailure, match="seat 0 can tell cards hidden from it apart: its observation "
                                              "`stock\\[[0-9]+\\]` changes when they are dealt afresh"):
        check_state(st, random.Random(0))


def test_a_position_notation_that_loses_a_field_is_reported(monkeypatch):
    game = load_game("sete-e-meio", {"rounds": 1, "players": 2})
    st = game.new_state(3)
    real = validate_module.load_data

    def forgetful(g, data):
        back = real(g, data)
        back.draws += 1
        return back
    monkeypatch.setattr(validate_module, "load_data", forgetful)
    with pytest.raises(PropertyFailure, match="the JSON round trip is not exact: `random.draws` comes back changed"):
        check_state(st, random.Random(0))


WORDS = """
game "Words"
players 2..2
deck {{ suits C D H ranks 3 4 5 order seq: 3 4 5 }}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up
var word: symbol
var words: list of symbol
setup {{
  for p in players {{ deal 3 from stock to hand[p] }}
  move stock to table
  {set}
  goto play
}}
phase play {{ turn players[0]
  move go {{ end game }} }}
score p: 0
"""


@pytest.mark.parametrize("value", ["name(top(table))", 'meld_kind(cards(table), seq)', '"4H"'])
def test_a_symbol_variable_holding_any_word_the_rules_make_loads_from_a_position(tmp_path, value):
    # Issue 31: a card's name in a `symbol` variable was refused by positions, and validate
    # reported the round trip as an engine crash.
    path = tmp_path / "words.rules"
    path.write_text(WORDS.format(set=f"word = {value}\n  words = [word, word]"))
    game = load_game(str(path))
    assert validate(game, games=3, seed=0).ok
    st = game.new_state(1)
    assert load_data(game, st.to_json()) == st
    for word in ("run", "set", "5D", "C", "4"):
        assert load_data(game, {**st.to_json(), "vars": {"word": word, "words": [word]}}).to_json()["vars"]["word"] == word


def test_a_symbol_that_is_no_word_of_the_game_is_refused(tmp_path):
    path = tmp_path / "words.rules"
    path.write_text(WORDS.format(set="word = name(top(table))"))
    game = load_game(str(path))
    data = game.new_state(1).to_json()
    data["vars"]["word"] = "9Z"
    with pytest.raises(Exception, match=r"vars.word: expected one of .*, not `9Z`"):
        load_data(game, data)


def test_a_position_the_notation_refuses_is_a_round_trip_finding_not_a_crash(tmp_path):
    path = tmp_path / "doubling.rules"
    path.write_text(WORDS.format(set="").replace("var word: symbol", "var x: number = 1").replace(
        "move go { end game }", "move go { x += x }\n  move stop { end game }"))
    game = load_game(str(path))
    st = game.new_state(0)
    for _ in range(340):  # 2**340 has 103 digits: more than a position may write
        st.apply("go")
    with pytest.raises(PropertyFailure, match="the position notation refuses this position: .*vars.x: a number "
                                              "has at most 100 digits") as caught:
        check_state(st, random.Random(0))
    assert caught.value.kind == "round-trip"


def test_properties_module_keeps_its_names():
    import properties
    for name in ("check_game_properties", "check_state", "play_random", "permute_hidden", "conserved"):
        assert getattr(properties, name) is getattr(validate_module, name)


def test_the_command_exits_with_1_on_findings_and_writes_positions(boom, tmp_path):
    result = CliRunner().invoke(cli, ["validate", boom.path, "-n", "2", "--workers", "1",
                                      "--findings", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "finding 1: the rules fail while running (seed 0, and 1 other game)" in result.output
    assert "shrunk to 3: `lay " in result.output
    assert list((tmp_path / "out").glob("*.json"))


def test_the_command_exits_with_0_when_every_property_holds(tmp_path):
    result = CliRunner().invoke(cli, ["validate", "sete-e-meio", "-n", "2", "--workers", "1", "--param", "rounds=1",
                                      "--findings", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "no findings: every property held" in result.output
    assert not (tmp_path / "out").exists()


# One seat draws, lays or passes; `boom` fails once four cards are down. A move that drew a card
# cannot simply be deleted (the cards drawn after it change, and with them the lays), so a
# shrunk game replays each move by its name when its text is no longer legal.
LATE_BOOM = BOOM.replace("  deal 6 from stock to hand[players[0]]\n", "").replace(
    "  move lay(c in hand[me]) { move c to pile }\n",
    "  move draw when not empty(stock) { deal 1 from stock to hand[me] }\n"
    "  move lay(c in hand[me]) { move c to pile }\n").replace(
    "move boom when count(pile) >= 2", "move boom when count(pile) >= 4").replace(
    "move stop when count(pile) == 6", "move stop when empty(stock)")


@pytest.mark.parametrize("seed", range(4))
def test_a_long_game_shrinks_to_the_fewest_moves_that_show_the_failure(tmp_path, seed):
    path = tmp_path / "late.rules"
    path.write_text(LATE_BOOM)
    game = load_game(str(path))
    (finding,) = validate(game, games=1, seed=seed).findings
    assert finding.kind == "runtime-error" and len(finding.moves) > 9
    names = [m.split()[0] for m in finding.shrunk]
    assert len(names) == 9 and names[-1] == "boom"
    assert sorted(names[:-1]) == ["draw"] * 4 + ["lay"] * 4
    assert finding.shrink_note is None
    assert f"{len(finding.moves)} moves played; shrunk to 9: " in finding.render()


def test_moves_that_cannot_be_shrunk_say_why():
    game = load_game("tests/broken/no_legal_move.rules")
    (finding,) = validate(game, games=1, seed=0).findings
    assert finding.shrunk == finding.moves
    assert finding.shrink_note == "no shorter game from seed 0 shows it: each move is needed"
    assert "6 moves played; not shrunk (no shorter game from seed 0 shows it: each move is needed): " \
        in finding.render()


# --- values every seat sees (issue 31) ------------------------------------------------------

PEEK = """game "Peek"
players 2..2
deck {{ suits C D H S ranks A 2 3 4 5 6 7 8 9 10 J Q K }}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone shown: shared, public, face up
zone piles: shared, hidden, groups {{ top: rank }}
var current: player
{decl}
setup {{ shuffle stock
  current = players[0]
  goto play }}
phase play {{ turn current
  move draw {{
    deal 1 from stock to hand[me]
    {body}
    current = next(me)
    if count(hand[me]) == 4 {{ end game }} }} }}
score p: 0
"""


def peek(tmp_path, decl: str = "", body: str = ""):
    path = tmp_path / "peek.rules"
    path.write_text(PEEK.format(decl=decl, body=body))
    return load_game(str(path))


@pytest.mark.parametrize("decl, body, path", [
    ("var seen: symbol", "seen = name(top(stock))", "vars.seen"),
    ("var next_suit: suit", "next_suit = suit(top(stock))", "vars.next_suit"),
    ("var total: per player number = 0", "total[me] = sum(pos(c, rank) for c in hand[me])", "vars.total[0]"),
    ("var court: bool", "court = rank(top(stock)) in [\"J\", \"Q\", \"K\"]", "vars.court"),
])
def test_a_variable_every_seat_sees_set_from_a_hidden_card_is_a_leak_at_its_declaration(tmp_path, decl, body, path):
    game = peek(tmp_path, decl, body)
    [finding] = validate(game, games=4, seed=0).findings
    assert finding.kind == "leak" and f"sees `{path}` tell cards hidden from it apart" in finding.message
    assert finding.span.line == 9 and set(finding.shrunk) == {"draw"}
    assert "public" in finding.hint


def test_a_group_field_set_from_a_hidden_card_is_a_leak_at_the_field(tmp_path):
    game = peek(tmp_path, body="group [top(stock)] into piles with top: rank(top(stock))")
    [finding] = validate(game, games=2, seed=0).findings
    assert "sees `zones.piles[0].top` tell cards hidden from it apart" in finding.message
    assert (finding.span.line, finding.span.column) == (7, 38)


def test_a_value_declared_public_with_its_reason_is_what_the_table_is_told(tmp_path):
    game = peek(tmp_path, 'var seen: symbol public "the dealer calls the next card"', "seen = name(top(stock))")
    assert validate(game, games=4, seed=0).ok
    assert game.model.vars["seen"].public == "the dealer calls the next card"


def test_a_value_of_a_card_the_move_shows_tells_nothing_more(tmp_path):
    game = peek(tmp_path, "var seen: rank", "move top(stock) to shown\n    seen = rank(top(shown))")
    assert validate(game, games=4, seed=0).ok


@pytest.mark.parametrize("decl, message, column", [
    ('var seen: symbol public ""', "`public` needs its reason: why may every seat see `seen`?", 25),
    ('var seen: symbol public "  "', "`public` needs its reason", 25),
    ('var seen: card public "shown"', "`seen` names cards: who sees a card follows from where it lies", 23),
    ('var seen: per player list of group public "shown"', "`seen` names cards", 43),
])
def test_public_needs_a_reason_and_a_value(tmp_path, decl, message, column):
    with pytest.raises(RulesError) as caught:
        peek(tmp_path, decl)
    first = caught.value.diagnostics[0]
    assert first.message.startswith(message) and (first.span.line, first.span.column) == (9, column)
