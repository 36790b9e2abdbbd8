"""Mutated and truncated rules files never crash the toolchain: every stage either works or
raises RulesError (a located diagnostic naming the file), and a game that compiles either
plays or stops with RulesError or IllegalMove. Any other exception is a bug in the core."""

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import IllegalMove, RulesError, load_game
from cardrules.language.resources import games_folder

GAMES = {p.name: p.read_text(encoding="utf-8") for p in sorted(games_folder().glob("*.rules"))}

TOKEN = re.compile(r'\s+|#[^\n]*|"[^"\n]*"|[A-Za-z_][A-Za-z0-9_]*|\d+\.\d+|\d+|\.\.|==|!=|<=|>=|\+=|-=|//|.', re.S)
KEYWORDS = ["game", "players", "param", "deck", "zone", "var", "def", "action", "phase", "setup", "score",
            "move", "turn", "do", "when", "says", "if", "elif", "else", "for", "in", "where", "goto",
            "end", "let", "deal", "from", "to", "shuffle", "show", "hide", "reveal", "group", "into",
            "with", "not", "and", "or", "then", "none", "true", "false", "per", "player", "team",
            "face", "up", "down", "shared", "hidden", "private", "public", "one", "of", "list", "bool",
            "extends", "remove", "teams", "pairs", "default", "suits", "ranks", "attr", "order", "copies", "jokers"]
NUMBERS = ["0", "1", "2", "7.5", "1/2", "-1", "100000", "0/0"]
GARBAGE = list("{}()[]=<>+-*/%.,:;\"'#$@!?\\\t\n") + ["..", "==", "\u00e9", "\x00"]
WORDS = {name: sorted({t for t in TOKEN.findall(text) if re.fullmatch(r"[A-Za-z_]\w*", t)})
         for name, text in GAMES.items()}


def tokens(text):
    return TOKEN.findall(text)


def mutate(data, name, text):
    """Apply one random mutation; the kind and place are drawn so Hypothesis can shrink them."""
    kind = data.draw(st.sampled_from(["truncate", "delete", "duplicate", "swap", "replace",
                                      "delete_line", "duplicate_line", "swap_lines", "garbage"]))
    if kind == "truncate":
        return text[:data.draw(st.integers(0, len(text)))]
    if kind == "garbage":
        at = data.draw(st.integers(0, len(text)))
        return text[:at] + data.draw(st.sampled_from(GARBAGE)) + text[at:]
    if kind.endswith("_line"):
        parts = text.split("\n")
    else:
        parts = tokens(text)
    if not parts:
        return text
    i = data.draw(st.integers(0, len(parts) - 1))
    if kind in ("delete", "delete_line"):
        del parts[i]
    elif kind in ("duplicate", "duplicate_line"):
        parts.insert(i, parts[i])
    elif kind in ("swap", "swap_lines"):
        j = data.draw(st.integers(0, len(parts) - 1))
        parts[i], parts[j] = parts[j], parts[i]
    else:
        pool = data.draw(st.sampled_from([WORDS[name], KEYWORDS, NUMBERS]))
        parts[i] = data.draw(st.sampled_from(pool))
    return ("\n" if kind.endswith("_line") else "").join(parts)


def exercise(path: Path, seed: int) -> str:
    """Load and play a rules file; return how far it got. Only RulesError/IllegalMove may escape."""
    try:
        game = load_game(str(path))
    except RulesError as exc:
        assert str(path) in exc.render(), exc.render()
        return "rejected"
    rng = random.Random(seed)
    try:
        state = game.new_state(seed)
        for _ in range(12):
            if state.is_over:
                state.scores()
                return "over"
            moves = state.legal_moves()
            if rng.random() < 0.3:
                # Texts near a legal one make the explanation bind the move's parameters.
                text = rng.choice(moves).text
                wrong = rng.choice([text + " 999", text.split()[0] + " none", "no such move 0", text + text])
                if wrong not in [m.text for m in moves]:
                    with pytest.raises(IllegalMove):
                        state.apply(wrong)
            state.apply(moves[rng.randrange(len(moves))])
    except RulesError:
        return "runtime error"
    return "played"


@settings(max_examples=200)
@given(data=st.data(), name=st.sampled_from(sorted(GAMES)), count=st.integers(1, 3), seed=st.integers(0, 99))
def test_mutated_rules_never_crash(module_folder, data, name, count, seed):
    text = GAMES[name]
    for _ in range(count):
        text = mutate(data, name, text)
    path = module_folder / name
    path.write_text(text, encoding="utf-8")
    exercise(path, seed)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_games_themselves_load_and_play(module_folder, name):
    path = module_folder / name
    path.write_text(GAMES[name], encoding="utf-8")
    assert exercise(path, 1) in ("played", "over")


def test_sete_e_meio_cut_after_any_line_is_rejected_with_the_file_named_or_loads(module_folder):
    lines = GAMES["sete_e_meio.rules"].split("\n")
    path = module_folder / "cut.rules"
    outcomes = []
    for k in range(len(lines) + 1):
        path.write_text("\n".join(lines[:k]), encoding="utf-8")
        outcomes.append(exercise(path, k))
    assert outcomes[-1] == "played" and outcomes.count("rejected") >= len(lines) - 5
