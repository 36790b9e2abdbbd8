"""`cardrules play` as a person meets it: a real pseudo-terminal, a full game of each seed game
against bots, and what the screen shows at the moments that matter."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"your move \((number or text|Enter plays `[^`]*`), q to quit\): "
PASS = r"pass the terminal to seat (\d+), then press Enter "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color",
           "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, [str(ROOT / "cli.py"), "play", "--scroll", *map(str, args)], env=env,
                         encoding="utf-8", timeout=30, dimensions=(60, 100), cwd=str(ROOT))


class Screen:
    """Drives one game: `answer(screen, forced)` says what to type at each prompt; every screen
    seen between prompts is kept, without colour codes."""

    def __init__(self, child):
        self.child = child
        self.screens: list[str] = []

    def play(self, answer) -> str:
        while True:
            i = self.child.expect([PROMPT, PASS, pexpect.EOF])
            text = ANSI.sub("", self.child.before)
            self.screens.append(text)
            if i == 2:
                self.child.close()
                return text
            if i == 1:
                self.child.sendline("")
                continue
            self.child.sendline(answer(text, self.child.match.group(1) != "number or text"))

    @property
    def everything(self) -> str:
        return "\n".join(self.screens)


def first_move(screen: str, forced: bool) -> str:
    return "" if forced else "1"


def numbered(screen: str) -> list[str]:
    """The move texts listed on the screen, in their order."""
    return [m.group(1).strip() for m in re.finditer(r"^\s*\d+  (.+?)\s*$", screen.rsplit("to play", 1)[-1], re.M)]


def test_sete_e_meio_to_the_end_against_bots():
    screen = Screen(spawn("sete-e-meio", "--seed", 3, "--players", 3, "--param", "rounds=2", "--bots", "greedy"))
    typed = []

    def answer(text, forced):
        if not typed:
            typed.append("bet 99")
            return "bet 99"  # mistyped: answered with the closest legal moves
        if len(typed) == 1:
            typed.append("BET 2")
            return "BET 2"  # move text in any case
        return first_move(text, forced)
    end = screen.play(answer)
    first = screen.screens[0]
    assert "Sete e Meio, seed 3; you are seat 0" in first
    assert "▶ seat 0 (you)" in first and "seat 1 (bot greedy)" in first
    assert re.search(r"hand: [A2-7JQK][♠♥♦♣]", first), "the player's own card, with its suit symbol"
    assert "chips: seat 0 0 · seat 1 0 · seat 2 0" in first, "the display section's totals"
    assert "to_act" not in first and "asked" not in first, "bookkeeping variables stay off the screen"
    assert "  1  bet 1" in first
    assert "closest legal moves: bet 9" in screen.screens[1]
    assert "you: bet 2" in screen.screens[2]
    assert "stock → " in screen.everything, "deals are narrated"
    assert "chips: seat" in screen.everything and "→" in screen.everything, "payments are narrated"
    assert "final scores: seat 0:" in end
    assert re.search(r"winner: seat \d|a draw", end)


def test_cassino_with_card_names_typed_in_lower_case_and_plain_cards():
    screen = Screen(spawn("cassino", "--seed", 5, "--plain"))
    trails = []

    def answer(text, forced):
        moves = numbered(text)
        trail = next((m for m in moves if m.startswith("trail ")), None)
        if trail and not trails:
            trails.append(trail)
            return trail.lower()  # `trail 8c`
        return first_move(text, forced)
    end = screen.play(answer)
    first = screen.screens[0]
    assert "Cassino - play - seat" in first and "table: " in first
    assert "♠" not in screen.everything, "--plain draws no suit symbols"
    assert trails, "a trail was offered"
    card = trails[0].split()[1]
    assert any(f"you: trail {card}" in s for s in screen.screens), "the lower-case text played the move"
    assert "points: seat 0" in end and "final scores" in end
    assert re.search(r"winner: seat \d|a draw", end)


def test_piquet_hides_what_the_bot_discards():
    screen = Screen(spawn("piquet", "--seed", 2, "--param", "deals=1", "--seat", 1))
    end = screen.play(first_move)
    text = screen.everything
    # Seat 0 is elder in one deal or the other; whoever the bot is, its discards are face down.
    bot_discards = re.findall(r"seat 0 \(bot random\): discard (\S+)", text)
    assert bot_discards and set(bot_discards) == {"??"}
    assert re.search(r"you: discard [789TJQKA10]+[♠♥♦♣]", text)
    assert "total: seat 0" in end and "final scores" in end
    assert re.search(r"winner: seat \d|a draw", end)


def test_buraco_one_hand_with_a_forced_move_played_by_enter():
    screen = Screen(spawn("buraco", "--seed", 1, "--players", 2, "--param", "max_hands=1", "--bots", "greedy"))
    forced_seen = []

    def answer(text, forced):
        if forced:
            forced_seen.append(text)
        return first_move(text, forced)
    end = screen.play(answer)
    first = screen.screens[0]
    assert "Buraco · draw · seat" in first
    hand = re.search(r"hand: (.+)", first.split("(you)", 1)[1]).group(1).split()
    suits = [card[-1] for card in hand]
    assert suits == sorted(suits, key="♣♦♥♠".index), "the hand is sorted by suit (the display's order)"
    assert forced_seen, "a turn with one legal move came up"
    after_forced = screen.screens[screen.screens.index(forced_seen[0]) + 1]
    assert re.match(r"\s*you: \w+", after_forced), "Enter played the only move"
    assert "total: seat 0" in end and "final scores" in end
    assert re.search(r"winner: seat \d|a draw", end)


def test_undo_takes_back_the_last_move_against_bots():
    screen = Screen(spawn("sete-e-meio", "--seed", 3, "--players", 2, "--param", "rounds=1"))
    said = []

    def answer(text, forced):
        said.append(text)
        if len(said) == 1:
            return "bet 5"
        if len(said) == 2:
            return "undo"
        if len(said) == 3:
            return "q"
    screen.play(answer)
    assert "you: bet 5" in screen.screens[1]
    assert "took back your move; 0 moves played" in screen.screens[2]
    assert "▶ seat 0 (you)" in screen.screens[2] and "  1  bet 1" in screen.screens[2]


def test_hot_seat_hides_each_screen_and_tells_each_person_what_happened():
    child = spawn("sete-e-meio", "--seed", 3, "--players", 2, "--param", "rounds=1", "--seat", "0,1")
    child.expect(PROMPT)
    assert "people at seats 0, 1" in child.before
    child.sendline("bet 3")
    while child.expect([PROMPT, PASS]) == 0:
        child.sendline("stand" if "stand" in child.before else "1")
    assert "\x1b[2J" in child.before, "the screen is cleared before the terminal is passed"
    nxt = child.match.group(1)
    child.sendline("")
    child.expect(PROMPT)
    told = ANSI.sub("", child.before)
    assert f"▶ seat {nxt} (you)" in told
    assert "seat 0: bet 3" in told or f"seat {1 - int(nxt)}: " in told, "what the other did, from this seat's view"
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_ctrl_c_keeps_the_log_and_resume_goes_on(tmp_path):
    log = tmp_path / "game.json"
    child = spawn("sete-e-meio", "--seed", 3, "--players", 2, "--param", "rounds=1", "--save", log)
    child.expect(PROMPT)
    child.sendline("bet 2")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    assert f"go on with `cardrules play --resume {log} --save {log}`" in ANSI.sub("", child.before).replace("\r\n", "")
    saved = json.loads(log.read_text())
    assert saved["format"] == "cardrules-log/1" and saved["moves"][0] == "bet 2"
    assert saved["game"] == "sete-e-meio" and saved["params"]["rounds"] == 1 and saved["rules_sha256"]
    resumed = Screen(pexpect.spawn(sys.executable, [str(ROOT / "cli.py"), "play", "--resume", str(log)],
                                   env={**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"},
                                   encoding="utf-8", timeout=30, dimensions=(60, 100), cwd=str(tmp_path)))
    end = resumed.play(first_move)
    assert f"resumed after {len(saved['moves'])} moves" in resumed.screens[0]
    assert "final scores" in end


def test_resume_goes_on_from_the_position_the_log_reached(tmp_path):
    """`play --resume` replays the log's moves and offers the moves of the position they reach,
    not those of the fresh deal."""
    log = tmp_path / "game.json"
    command = [sys.executable, str(ROOT / "cli.py"), "play"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(command + ["sete-e-meio", "--seed", "3", "--players", "2", "--param", "rounds=1", "--save",
                              str(log), "--plain"], input="bet 2\n", text=True, env=env, cwd=tmp_path, timeout=120)
    assert json.loads(log.read_text())["moves"][0] == "bet 2"
    resumed = subprocess.run(command + ["--resume", str(log), "--plain"], input="q\n", text=True, env=env,
                             cwd=tmp_path, timeout=120, capture_output=True).stdout
    offered = resumed.split("resumed after")[1]
    assert "  1  stand" in offered and "  1  bet" not in offered
