"""The documentation's examples are tests.

In every docs/*.md file:
- a ```cardrules fence is a complete rules file: it must pass the checker and play three random
  games to the end with the core properties holding;
- a ```cardrules-snippet fence is appended to tests/docs/base.rules and must check and compile;
- a ```cardrules excerpt=PATH fence must appear word for word (whitespace aside) in that file;
- a ```json file=PATH fence must be that JSON file;
- a ```text fence whose first line is `$ python3 cli.py ...` is a transcript: the command must
  print exactly the lines that follow (a last line `...` means "and more").

And docs/language.md must name every built-in function, constant and aggregate.
"""

from __future__ import annotations

import json
import re
import shlex
import textwrap
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from cardrules.language.builtins import AGGREGATES, CONSTANTS, REGISTRY
from cardrules.cli import cli
from cardrules.language.diagnostics import RulesError
from cardrules.engine.loader import load_game
from cardrules.engine.position import dump, load_data
from extras import skip_if_extra_missing
from properties import check_game_properties

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
BASE = ROOT / "tests" / "docs" / "base.rules"
LANGUAGE = ROOT / "docs" / "language.md"
FENCE = re.compile(r"^([ \t]*)```([^\n`]*)\n(.*?)^\1```[ \t]*$", re.M | re.S)
LANGUAGES = {"cardrules", "cardrules-snippet", "text", "sh", "json", "python", "lua", "elisp"}
PROMPT = "$ python3 cli.py "


@attrs.frozen
class Fence:
    doc: Path
    line: int
    info: str
    body: str

    @property
    def language(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def options(self) -> dict[str, str]:
        return dict(word.split("=", 1) for word in self.info.split()[1:] if "=" in word)

    def __str__(self) -> str:
        return f"{self.doc.name}:{self.line}"


def _fences() -> list[Fence]:
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            # A fence inside a list item is indented; its body is read without the indent.
            body = textwrap.dedent(m.group(3)) if m.group(1) else m.group(3)
            out.append(Fence(doc, text.count("\n", 0, m.start()) + 1, m.group(2).strip(), body))
    return out


FENCES = _fences()


def _select(predicate) -> list:
    chosen = [f for f in FENCES if predicate(f)]
    return [pytest.param(f, id=str(f)) for f in chosen]


def _normalised(text: str) -> str:
    return " ".join(text.split())


def _load(path: Path, fence: Fence):
    try:
        return load_game(str(path))
    except RulesError as exc:
        problem = exc.render()
    pytest.fail(f"the example at {fence} does not check:\n{problem}")


def test_the_docs_have_examples_of_every_kind():
    kinds = {(f.language, "excerpt" in f.options, f.body.startswith(PROMPT)) for f in FENCES}
    assert {("cardrules", False, False), ("cardrules", True, False), ("cardrules-snippet", False, False),
            ("text", False, True)} <= kinds


@pytest.mark.parametrize("fence", _select(lambda f: True))
def test_every_fence_names_a_known_language(fence):
    assert fence.language in LANGUAGES, f"{fence}: unknown fence language `{fence.info}`"
    allowed = {"cardrules": {"excerpt"}, "json": {"file"}}.get(fence.language, set())
    assert set(fence.options) <= allowed, f"{fence}: `{fence.info}` takes no options but {sorted(allowed)}"
    for path in fence.options.values():
        assert (ROOT / path).is_file(), f"{fence}: no file {path}"


@pytest.mark.parametrize("fence", _select(lambda f: f.language == "cardrules" and not f.options))
def test_complete_example_checks_and_plays(fence, tmp_path):
    path = tmp_path / "example.rules"
    path.write_text(fence.body, encoding="utf-8")
    game = _load(path, fence)
    for seed in range(3):
        check_game_properties(game, seed, check_every=50)


@pytest.mark.parametrize("fence", _select(lambda f: f.language == "cardrules-snippet"))
def test_snippet_checks_on_the_base_game(fence, tmp_path):
    path = tmp_path / "snippet.rules"
    path.write_text(BASE.read_text(encoding="utf-8") + "\n" + fence.body, encoding="utf-8")
    _load(path, fence)


@pytest.mark.parametrize("fence", _select(lambda f: f.language == "cardrules" and "excerpt" in f.options))
def test_excerpt_is_quoted_from_its_file(fence):
    source = (ROOT / fence.options["excerpt"]).read_text(encoding="utf-8")
    assert _normalised(fence.body) in _normalised(source), \
        f"{fence}: the excerpt is not in {fence.options['excerpt']} any more"


@pytest.mark.parametrize("fence", _select(lambda f: f.language == "json" and "file" in f.options))
def test_json_file_is_shown_as_it_is(fence):
    shown = json.loads(fence.body)
    assert shown == json.loads((ROOT / fence.options["file"]).read_text(encoding="utf-8")), \
        f"{fence}: {fence.options['file']} is not what the docs show"


@pytest.mark.parametrize("fence", _select(lambda f: f.language == "text" and f.body.startswith(PROMPT)))
def test_transcript_is_what_the_command_prints(fence, monkeypatch):
    command, *expected = fence.body.rstrip("\n").split("\n")
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command[len(PROMPT):]))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    printed = [line.rstrip() for line in result.output.rstrip("\n").split("\n")]
    expected = [line.rstrip() for line in expected]
    if expected and expected[-1] == "...":
        expected = expected[:-1]
        printed = printed[:len(expected)]
    assert printed == expected, f"{fence}: `{command}` printed:\n" + "\n".join(printed)


def test_positions_doc_shows_the_moves_of_its_example_position():
    commands = [f.body.split("\n")[0] for f in FENCES if f.doc.name == "positions.md" and f.body.startswith(PROMPT)]
    assert f"{PROMPT}moves sete-e-meio --position tests/positions/sete_e_meio/decide.json" in commands


def test_a_group_field_left_out_of_a_position_starts_at_its_default(tmp_path):
    """docs/positions.md: a field left out starts as `group ... with` starts it."""
    path = tmp_path / "groups.rules"
    path.write_text(BASE.read_text(encoding="utf-8")
                    + "zone table: shared, public, groups { value: number, locked: bool, taken: list of card, "
                      "owner: player }\n", encoding="utf-8")
    game = load_game(str(path))
    state = load_data(game, {"phase": "play", "vars": {"current": 0}, "rest": "stock",
                             "zones": {"table": [{"cards": ["3C", "4D"]}]}})
    (group,) = dump(state)["zones"]["table"]
    assert (group["value"], group["locked"], group["taken"], group["owner"]) == (0, False, [], None)


# --- claims docs/language.md makes in prose, checked on the base game


def _base_with(tmp_path, text: str, params: dict | None = None):
    path = tmp_path / "claim.rules"
    path.write_text(BASE.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")
    return load_game(str(path), params)


def test_an_action_that_calls_itself_through_another_is_refused(tmp_path):
    with pytest.raises(RulesError, match="action `a` calls itself"):
        _base_with(tmp_path, "action a() { for p in players { b() } }\naction b() { a() }\n")


def test_a_whole_fraction_is_a_whole_number(tmp_path):
    game = _base_with(tmp_path, "var seat: player\nvar total: number\n"
                                "action pick() { seat = players[1/2 * 2]  total = count(1..(1/2 * 4))\n"
                                "  for x in 1..(3/2 * 2) { total += x } }\n"
                                "phase pick_seat { turn current  move pick { pick()  end game } }\n")
    state = load_data(game, {"phase": "pick_seat", "vars": {"current": 0}, "rest": "stock"})
    state.apply("pick")
    assert (dump(state)["vars"]["seat"], dump(state)["vars"]["total"]) == (1, 2 + 6)


def test_a_subset_parameter_is_given_on_the_command_line_by_its_symbols(tmp_path):
    path = tmp_path / "subset.rules"
    path.write_text(BASE.read_text(encoding="utf-8")
                    + 'param set_ranks: subset of ["A", "4", "5", "K"] = ["4"]\n', encoding="utf-8")
    for given, value in (("4,5,K", ["4", "5", "K"]), ("K", ["K"])):
        result = CliRunner().invoke(cli, ["check", str(path), "--param", f"set_ranks={given}"])
        assert result.exit_code == 0, result.output
        assert list(load_game(str(path), {"set_ranks": given.split(",")}).params["set_ranks"]) == value


def test_moves_that_go_round_for_ever_are_stopped_by_the_step_limit(tmp_path):
    game = _base_with(tmp_path, "phase loop { turn current  move go { current = next(me) } }\n")
    game.max_steps = 500
    state = load_data(game, {"phase": "loop", "vars": {"current": 0}, "rest": "stock"})
    with pytest.raises(RulesError, match="did not end within 500 steps"):
        for _ in range(1000):
            state.apply("go")


def _builtins_section() -> str:
    text = LANGUAGE.read_text(encoding="utf-8")
    start = text.index("## Built-in functions and constants")
    end = text.index("\n## ", start + 1)
    return text[start:end]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_builtin_function_is_in_the_table(name):
    rows = [line for line in _builtins_section().split("\n") if line.startswith(f"| `{name}(")]
    assert rows, f"docs/language.md: the built-ins table has no row for `{name}(...)`"


@pytest.mark.parametrize("name", sorted(CONSTANTS))
def test_every_builtin_constant_is_in_the_table(name):
    assert f"| `{name}` |" in _builtins_section(), f"docs/language.md: the built-ins table has no row for `{name}`"


@pytest.mark.parametrize("name", sorted(AGGREGATES))
def test_every_aggregate_is_in_the_table(name):
    # `min(v for x in xs)`, not the built-in `min(a, b)`.
    assert f"| `{name}(v for x in xs" in LANGUAGE.read_text(encoding="utf-8"), \
        f"docs/language.md: the aggregates table has no row for `{name}(v for x in xs)`"


PYTHON_DOCS = sorted({f.doc for f in FENCES if f.language == "python"})


@pytest.mark.parametrize("doc", PYTHON_DOCS, ids=[d.name for d in PYTHON_DOCS])
def test_python_examples_run_in_order(doc, tmp_path, monkeypatch):
    """The ```python fences of a page run one after another in one namespace, in a fresh folder
    that sees the docs (the tutorial loads its game from docs/tutorial/)."""
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"docs_{doc.stem}"}
    for fence in (f for f in FENCES if f.doc == doc and f.language == "python"):
        try:
            exec(compile(fence.body, str(fence), "exec"), namespace)
        except ModuleNotFoundError as exc:
            skip_if_extra_missing(exc, f"the example at {fence}")
            pytest.fail(f"the example at {fence} fails: {exc.__class__.__name__}: {exc}")
        except Exception as exc:
            pytest.fail(f"the example at {fence} fails: {exc.__class__.__name__}: {exc}")


def test_the_api_and_tutorial_pages_have_examples_that_run():
    assert {"api.md", "tutorial.md"} <= {d.name for d in PYTHON_DOCS}
