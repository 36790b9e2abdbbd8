"""Random-play speed of every bundled game, side by side with plain hand-written Python.

    python -m benchmarks.bench                 # every game, 5 repeats, medians
    python -m benchmarks.bench sete-e-meio -n 500 --repeats 9

Each game is played with the same kind of agent in both implementations: list every legal
move, choose one uniformly, apply it. The implementations take turns, one repeat of each per
round (benchmarks/interleave.py), timed by CPU time (time.process_time). Figures are medians
over the repeats; a ratio is taken within each round (compiled moves/s over hand-written
moves/s), and its median is printed beside the issue's target for it.

"compiled" plays through ``state.play(move)``, the path `cardrules simulate` and the search
agents take. The section "apply paths" plays the same games through ``play(move)``,
``apply(move)`` (which also notes where the move stood in its legal list, so that a move the
rules make fail half-way can be undone by replaying from a checkpoint) and ``apply(move.text)`` (rendering the chosen move's text, as a caller that speaks in
texts must), and gives their same-round ratios to the internal ``_play(move)``, which plays a
move without looking it up.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from operator import attrgetter
from typing import Callable

from cardrules import load_game

from .baselines import cassino as cassino_baseline
from .baselines import sete_e_meio as sete_baseline
from .interleave import Contender, Sample, median_rate, round_ratios, run_rounds

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

# Floors of compiled moves/s over hand-written moves/s (issue 11).
HAND_WRITTEN_TARGETS = {"sete-e-meio": 0.75, "cassino": 1.7}
# The public apply paths are to stay within 10% of the internal one.
APPLY_PATH_TARGET = 0.9
APPLY_PATHS = ("internal", "play(move)", "apply(move)", "apply(text)")


# Each apply path: the State method that plays the chosen move, and whether it is given the
# move's text rather than the Move.
STEPS = {"internal": ("_play", False), "play(move)": ("play", False), "apply(move)": ("apply", False),
         "apply(text)": ("apply", True)}


def compiled_contender(game, games: int, path: str) -> Contender:
    """`games` random games from the seed on, through one of APPLY_PATHS."""
    method, as_text = STEPS[path]

    def run(seed: int) -> Sample:
        rng, moves, start = random.Random(seed), 0, time.process_time()
        for i in range(games):
            st = game.new_state(seed + i)
            step = getattr(st, method)
            while not st.over:
                legal = st.legal_moves()
                move = legal[rng.randrange(len(legal))]
                step(move.text if as_text else move)
                moves += 1
        return Sample(games, moves, moves, time.process_time() - start)

    return run


def baseline_contender(play: Callable, games: int) -> Contender:
    def run(seed: int) -> Sample:
        rng, moves, start = random.Random(seed), 0, time.process_time()
        for _ in range(games):
            made, _scores = play(rng)
            moves += made
        return Sample(games, moves, moves, time.process_time() - start)

    return run


moves_per_s = attrgetter("decisions_per_s")


def median_ratio(ours: list[Sample], theirs: list[Sample]) -> float:
    return statistics.median(round_ratios(ours, theirs, moves_per_s))


def verdict(ratio: float, target: float) -> str:
    return f"≥ {target:.2f}x {'met' if ratio >= target else 'below'}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to run (default: every bundled game)")
    parser.add_argument("-n", type=int, default=None, help="games per repeat (default: per game)")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved rounds (default 5)")
    args = parser.parse_args(argv)
    names = args.games or list(GAMES)
    print(f"{'game':<14} {'impl':<12} {'games/s':>10} {'moves/s':>12} {'ratio':>7}  target")
    measured: dict[str, dict[str, list[Sample]]] = {}
    for name in names:
        bundled, params, default_n, baseline = GAMES[name]
        n = args.n or default_n
        try:
            game = load_game(bundled, params)
        except Exception as exc:  # a game not written yet is skipped, not fatal
            print(f"{name:<14} skipped: {str(exc).splitlines()[0]}")
            continue
        contenders = {path: compiled_contender(game, n, path) for path in APPLY_PATHS}
        if baseline is not None:
            contenders["hand-written"] = baseline_contender(baseline, n)
        samples = measured[name] = run_rounds(contenders, args.repeats, seed=0)
        compiled = samples["play(move)"]
        ratio = target = ""
        if baseline is not None:
            hand = samples["hand-written"]
            print(f"{name:<14} {'hand-written':<12} {median_rate(hand, attrgetter('games_per_s')):>10.1f} "
                  f"{median_rate(hand, moves_per_s):>12.0f}")
            ratio_value = median_ratio(compiled, hand)
            ratio = f"{ratio_value:.2f}"
            if name in HAND_WRITTEN_TARGETS:
                target = verdict(ratio_value, HAND_WRITTEN_TARGETS[name])
        print(f"{name:<14} {'compiled':<12} {median_rate(compiled, attrgetter('games_per_s')):>10.1f} "
              f"{median_rate(compiled, moves_per_s):>12.0f} {ratio:>7}  {target}".rstrip())
    if not measured:
        return
    print(f"\napply paths: moves/s, and the same-round ratio to the internal path "
          f"(target ≥ {APPLY_PATH_TARGET:.2f}x: within 10%)")
    print(f"{'game':<14} {'internal':>10}" + "".join(f" {path:>12} {'ratio':>6} {'target':<11}"
                                                   for path in APPLY_PATHS[1:]))
    for name, samples in measured.items():
        line = f"{name:<14} {median_rate(samples['internal'], moves_per_s):>10.0f}"
        for path in APPLY_PATHS[1:]:
            ratio_value = median_ratio(samples[path], samples["internal"])
            line += (f" {median_rate(samples[path], moves_per_s):>12.0f} {ratio_value:>6.2f} "
                     f"{verdict(ratio_value, APPLY_PATH_TARGET):<11}")
        print(line.rstrip())


if __name__ == "__main__":
    main()
