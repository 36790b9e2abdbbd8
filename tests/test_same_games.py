"""Same seeds, same games: every bundled game and variant, played by a seeded random agent,
gives exactly the move sequences and scores recorded in ``fixtures/game_digests.json``.

The engine is optimised often (move lists, caches, tables); this test is what says an
optimisation changed nothing a player could see. Regenerate the file only when the rules
themselves change, never to make an engine change pass:
``python -m tests.test_same_games`` (from the repository root) rewrites it.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cardrules import load_game

DIGESTS = Path(__file__).resolve().parent / "fixtures" / "game_digests.json"
GAMES_PER_FILE = 6
# Rummy matches run to a target random play rarely reaches: a few hands show every rule.
PARAMS = {"buraco": {"max_hands": 2}}


def params_for(name: str) -> dict:
    return next((p for prefix, p in PARAMS.items() if name.startswith(prefix)), {})


def digest(name: str, seed: int) -> str:
    game = load_game(name, params_for(name))
    state = game.new_state(seed)
    chooser = random.Random(seed)
    h = hashlib.sha256()
    while not state.is_over:
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        h.update(f"{state.current_player}:{move.text}|{len(legal)}\n".encode())
        state.apply(move)
    h.update(repr(state.scores()).encode())
    return h.hexdigest()[:16]


RECORDED = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_a_seeded_random_game_is_the_recorded_game(name):
    assert [digest(name, seed) for seed in range(GAMES_PER_FILE)] == RECORDED[name]


def test_every_recorded_game_is_still_bundled():
    from cardrules.language.resources import bundled_games
    assert set(RECORDED) <= set(bundled_games())


if __name__ == "__main__":
    from cardrules.language.resources import bundled_games
    names = sorted(set(RECORDED) | set(bundled_games()))
    DIGESTS.write_text(json.dumps({n: [digest(n, s) for s in range(GAMES_PER_FILE)] for n in names}, indent=1) + "\n")
    print(f"recorded {len(names)} games")
