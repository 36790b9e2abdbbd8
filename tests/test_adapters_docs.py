"""docs/adapters.md runs as written: every ```python fence, and its table of the bundled games'
action encodings is the engine's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules.engine.actions import encoding
from cardrules.engine.loader import load_game
from extras import skip_if_extra_missing

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "adapters.md").read_text()
PYTHON = re.findall(r"^```python\n(.*?)^```", DOC, re.M | re.S)


@pytest.mark.parametrize("code", PYTHON, ids=[f"example{i}" for i in range(len(PYTHON))])
def test_the_example_runs(code, capsys):
    try:
        exec(compile(code, "docs/adapters.md", "exec"), {"__name__": "docs_example"})
    except ModuleNotFoundError as exc:
        skip_if_extra_missing(exc, "the example")
        raise
    assert capsys.readouterr().out


def encoding_row(path: Path) -> str:
    game = load_game(str(path))
    enc = encoding(game)

    def ids(kind):
        found = [i for i, label in enumerate(enc.labels) if label.split(":")[0] == kind]
        return f"{found[0]}-{found[-1]}" if found else "-"
    moves = len(enc.move_token)
    cards = len(enc.card_token)
    heads = sum(len(first) for first in enc.head.values())
    return (f"| {path.stem.replace('_', '-')} | {game.player_count} | {enc.size} | {ids('move')} ({moves}) | "
            f"{ids('card')} ({cards}) | {ids('word')} | {enc.window_low}..{enc.window_high} | {ids('head')} ({heads}) |")


def test_the_table_of_encodings_is_the_engine_s():
    rows = [line for line in DOC.splitlines() if line.startswith("| ") and not line.startswith("| game")]
    assert rows == [encoding_row(p) for p in sorted((ROOT / "games").glob("*.rules"))]
