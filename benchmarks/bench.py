"""Random-play speed of every bundled game, side by side with plain hand-written Python.

    python -m benchmarks.bench                 # every game, 3 repeats, medians
    python -m benchmarks.bench sete-e-meio -n 500 --repeats 5

Each game is played with the same kind of agent in both implementations: list every legal
move, choose one uniformly, apply it. Figures are medians over the repeats; the ratio is
compiled moves/s over hand-written moves/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from cardrules import load_game

from .baselines import cassino as cassino_baseline
from .baselines import sete_e_meio as sete_baseline

# name -> (bundled game, parameters, games per repeat, hand-written baseline or None)
GAMES: dict[str, tuple[str, dict, int, Callable | None]] = {
    "sete-e-meio": ("sete-e-meio", {"players": 4}, 400,
                    lambda rng: sete_baseline.play_random_game(rng, n_players=4, rounds=20)),
    "cassino": ("cassino", {"players": 2}, 40,
                lambda rng: cassino_baseline.play_random_game(rng, n_players=2, target=21)),
    "piquet": ("piquet", {}, 100, None),
    # One hand per game: random play never reaches the target of 2,000 (its totals drift
    # negative), and rummy engines are compared per hand.
    "buraco": ("buraco", {"max_hands": 1}, 50, None),
}


def time_compiled(game, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        st = game.new_state(seed + i)
        while not st.over:
            legal = st.legal_moves()
            st._apply_legal(legal[rng.randrange(len(legal))])
            moves += 1
    return time.perf_counter() - start, moves


def time_baseline(play: Callable, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        made, _scores = play(rng)
        moves += made
    return time.perf_counter() - start, moves


def measure(timer: Callable, games: int, repeats: int) -> dict:
    runs = [timer(games, 1000 * r) for r in range(repeats)]
    return {"games_per_s": statistics.median(games / s for s, _ in runs),
            "moves_per_s": statistics.median(m / s for s, m in runs)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to run (default: every bundled game)")
    parser.add_argument("-n", type=int, default=None, help="games per repeat (default: per game)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    names = args.games or list(GAMES)
    print(f"{'game':<14} {'impl':<12} {'games/s':>10} {'moves/s':>12} {'ratio':>7}")
    for name in names:
        bundled, params, default_n, baseline = GAMES[name]
        n = args.n or default_n
        try:
            game = load_game(bundled, params)
        except Exception as exc:  # a game not written yet is skipped, not fatal
            print(f"{name:<14} skipped: {str(exc).splitlines()[0]}")
            continue
        compiled = measure(lambda g, s: time_compiled(game, g, s), n, args.repeats)
        ratio = ""
        if baseline is not None:
            hand = measure(lambda g, s: time_baseline(baseline, g, s), n, args.repeats)
            print(f"{name:<14} {'hand-written':<12} {hand['games_per_s']:>10.1f} {hand['moves_per_s']:>12.0f}")
            ratio = f"{compiled['moves_per_s'] / hand['moves_per_s']:.2f}"
        print(f"{name:<14} {'compiled':<12} {compiled['games_per_s']:>10.1f} {compiled['moves_per_s']:>12.0f} "
              f"{ratio:>7}")


if __name__ == "__main__":
    main()
