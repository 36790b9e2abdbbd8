"""The fixed-layout table of `cardrules play` as an 80x24 terminal shows it: a real
pseudo-terminal, its output fed to a terminal emulator (pyte), and at a prompt the last trick,
what the game announced and the prompt itself all on the screen at once."""

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect", reason="the `test` extra drives `play` through a pseudo-terminal")
pyte = pytest.importorskip("pyte", reason="the `test` extra's terminal emulator: pip install \".[test]\"")

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"q to quit\): "


class Terminal:
    """`cardrules play ARGS` on an 80x24 screen."""

    def __init__(self, *args):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "TERM": "xterm-256color"}
        for name in ("COLUMNS", "LINES", "NO_COLOR"):
            env.pop(name, None)
        self.child = pexpect.spawn(sys.executable, [str(ROOT / "cli.py"), "play", *map(str, args)], env=env,
                                   encoding="utf-8", timeout=30, dimensions=(24, 80), cwd=str(ROOT))
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)

    def prompt(self) -> list[str]:
        """The screen at the next prompt, row by row."""
        self.child.expect(PROMPT)
        self.stream.feed(self.child.before + self.child.after)
        return list(self.screen.display)

    def until(self, done, most: int = 200) -> list[str]:
        """Answer each prompt with the first move until `done(rows)`; the rows then."""
        for _ in range(most):
            rows = self.prompt()
            if done(rows):
                return rows
            self.child.sendline("1" if "number or text" in rows[-1] else "")
        pytest.fail("the screen never showed what was expected:\n" + "\n".join(rows))

    def quit(self) -> None:
        self.child.sendline("q")
        self.child.expect(pexpect.EOF)


def shown(rows: list[str], pattern: str) -> bool:
    return any(re.search(pattern, row) for row in rows)


def test_a_piquet_deal_shows_the_last_trick_the_declarations_and_the_prompt_at_once():
    term = Terminal("piquet", "--seed", 5)
    rows = term.until(lambda rows: shown(rows, r"last trick: "))
    term.quit()
    assert len(rows) == 24 and all(len(row) == 80 for row in rows)
    assert shown(rows, r"^Piquet · play · seat \d to play")
    assert shown(rows, r"last trick: \S+ \((you|seat 1)\) \S+ \((you|seat 1)\)"), "the trick, who played what"
    assert shown(rows, r"Seat 1 scores point 4 for 4"), "the point as it was announced"
    assert shown(rows, r"scores 3 for sets \[10♠"), "the set, with its cards"
    assert rows[-1].startswith("your move (number or text, q to quit): ")
    assert shown(rows, r"^ 1 play "), "the moves, numbered"


def test_a_hearts_hand_shows_the_last_trick_and_who_took_it_with_the_prompt():
    term = Terminal("hearts", "--seed", 2)
    rows = term.until(lambda rows: shown(rows, r"last trick: ") and "play" in rows[0] and "(you)" in rows[0])
    term.quit()
    trick = " ".join(row.split("│")[0].strip() for row in rows if "│" in row)
    assert re.search(r"last trick: \S+ \((you|seat \d)\)( \S+ \((you|seat \d)\)){3}", trick), "four cards, who played each"
    assert shown(rows, r"Seat \d( \(you\))? takes the trick")
    assert rows[-1].startswith("your move")
    told = [row.split("│")[1] for row in rows if "│" in row]
    assert told and not shown(told, r"to_play|trick_no|pass_offset|led"), "the narration names no variable of the rules"


def test_the_transcript_scrolls_for_plain_and_the_table_is_drawn_once_a_turn():
    term = Terminal("war", "--seed", 1, "--plain")
    term.child.expect(PROMPT)
    assert "\x1b[?1049h" not in term.child.before, "--plain never takes the alternate screen"
    term.quit()
