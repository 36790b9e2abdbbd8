"""`cardrules profile`: random games under a trace hook, their time summed by rules line, so a
designer sees which line of a slow file to change. Timings vary; what is asserted is where
the time is put and that the counts are exact."""

import pytest
from click.testing import CliRunner

from cardrules import load_game
from cardrules.cli import cli
from cardrules.play.profile import profile, render


@pytest.fixture(scope="module")
def cassino():
    return load_game("cassino")


@pytest.fixture(scope="module")
def cassino_profile(cassino):
    return profile(cassino, games=2, seed=0)


def test_each_entry_is_a_rules_line_with_its_text(cassino, cassino_profile):
    for cost in cassino_profile.lines:
        assert cost.span.file == cassino.path
        assert cost.text == cassino.sources.line(cost.span).strip()
        assert cost.seconds >= 0 and cost.runs >= 0


def test_all_the_traced_time_is_on_some_line_or_outside(cassino_profile):
    placed = sum(c.total for c in cassino_profile.lines) + cassino_profile.outside
    assert placed == pytest.approx(cassino_profile.seconds, rel=1e-2)


def test_the_capture_generator_is_among_the_costliest_lines_with_its_builtin(cassino_profile):
    top = cassino_profile.lines[:8]
    capture = [c for c in top if c.text.startswith("taken in disjoint_sums(")]
    assert capture, [c.text for c in top]
    names = {name: calls for name, _, calls in capture[0].builtins}
    assert names["built-in `disjoint_sums`"] > 0


def test_the_counts_are_the_same_for_the_same_seed(cassino_profile):
    # A freshly loaded game: a Game keeps the moves it has made once, so a second run on the
    # same Game makes fewer calls.
    again = profile(load_game("cassino"), games=2, seed=0)
    def counts(result):
        return {(c.span.line, c.runs, frozenset((name, k) for name, _, k in c.builtins)) for c in result.lines}
    assert counts(again) == counts(cassino_profile)
    assert again.moves == cassino_profile.moves > 0


def test_the_report_shows_the_top_lines_with_their_share_and_text(cassino_profile):
    text = render(cassino_profile, top=5)
    lines = text.split("\n")
    assert lines[0] == f"Cassino: 2 random games, {cassino_profile.moves:,} moves; where the time goes, " \
                       "by rules line (shares of the traced time)"
    first = cassino_profile.lines[0]
    assert f"cassino.rules:{first.span.line}" in lines[2] and lines[2].endswith(first.text)
    assert lines[-1].endswith("on no rules line: the engine stepping and the agents choosing")
    assert f"... {len(cassino_profile.lines) - 5} more lines" in lines


def test_the_command_prints_the_profile():
    result = CliRunner().invoke(cli, ["profile", "cassino", "-n", "1", "--top", "40"])
    assert result.exit_code == 0, result.output
    assert "in built-in `disjoint_sums`" in result.output
    assert "taken in disjoint_sums(table, value(c), worth, locked_build)" in result.output


def test_an_unknown_game_is_a_diagnostic():
    result = CliRunner().invoke(cli, ["profile", "no-such-game"])
    assert result.exit_code == 1
