"""What the run-time work budget costs (issue 31, item 3: under 5% for every bundled game).

Each game is compiled twice from the same checked model: as it ships, where the loops that may
be long charge the step's budget (`rt.charged`, chosen by cardrules.engine.work), and once with
no loop charging. Both play the same random games in interleaved rounds (CPU time); the table
gives each one's moves per second and the same-round ratio, budgeted over unbudgeted (above
0.95 meets the target). A game whose compiled code charges no loop is the same code both ways:
it is listed with its count of charged loops (0) and not played. The last column, the ratio of
the shipped code to a second compilation of it, shows how noisy the ratios are.

    PYTHONPATH=$PWD python -m benchmarks.work_budget            # every bundled game
    PYTHONPATH=$PWD python -m benchmarks.work_budget cribbage scopa --rounds 7
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
from unittest import mock

from cardrules import load_model
from cardrules.engine.compiler import compile_model
from cardrules.engine.work import LoopWeights
from cardrules.language.resources import bundled_games

from .bench import compiled_contender, moves_per_s
from .interleave import round_ratios, run_rounds

TARGET = 0.95  # budgeted moves/s over unbudgeted: at most 5% slower
# Matches of many hands played as one, as the other benchmarks play them.
PARAMS = {"buraco": {"max_hands": 1}, "buraco-strict": {"max_hands": 1}, "buraco-any-sets-jokers": {"max_hands": 1},
          "cribbage": {"max_deals": 1}}


@contextlib.contextmanager
def no_loop_charges():
    """The work pass, told that no loop and no built-in's argument charges: the code it compiles
    counts no work."""
    with mock.patch.object(LoopWeights, "weight", lambda self, loop, calls=(): None), \
            mock.patch.object(LoopWeights, "charges_argument", lambda self, builtin, arg, calls=(): False):
        yield


def charged_loops(game) -> int:
    """The loops and built-in arguments of the compiled code that charge the step: by a call
    (in an expression) or written out (before a loop statement, in a `repeat`)."""
    source = game.source
    return source.count("rt.charged(") + source.count("rt.overworked()")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to run (default: every bundled game)")
    parser.add_argument("-n", type=int, default=5, help="games per round (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    args = parser.parse_args(argv)
    names = args.games or sorted(bundled_games())
    print(f"{'game':<26} {'charged loops':>13} {'budgeted mv/s':>14} {'unbudgeted':>11} {'ratio':>6}  "
          f"target ≥ {TARGET:.2f}x  same code twice")
    ratios = []
    for name in names:
        model = load_model(name, PARAMS.get(name))
        budgeted = compile_model(model)
        loops = charged_loops(budgeted)
        if not loops:
            print(f"{name:<26} {0:>13}  the same code both ways")
            continue
        with no_loop_charges():
            unbudgeted = compile_model(model)
        assert charged_loops(unbudgeted) == 0
        # The same code twice shows the noise of the ratio.
        contenders = {"budgeted": compiled_contender(budgeted, args.n, "play(move)"),
                      "unbudgeted": compiled_contender(unbudgeted, args.n, "play(move)"),
                      "again": compiled_contender(compile_model(model), args.n, "play(move)")}
        samples = run_rounds(contenders, args.rounds, seed=0)
        ratio = statistics.median(round_ratios(samples["budgeted"], samples["unbudgeted"], moves_per_s))
        noise = statistics.median(round_ratios(samples["budgeted"], samples["again"], moves_per_s))
        ratios.append(ratio)
        rates = {k: statistics.median(map(moves_per_s, v)) for k, v in samples.items()}
        print(f"{name:<26} {loops:>13} {rates['budgeted']:>14.0f} {rates['unbudgeted']:>11.0f} {ratio:>6.3f}  "
              f"{'pass' if ratio >= TARGET else 'FAIL':<6} {noise:>6.3f}")
    if ratios:
        met = sum(r >= TARGET for r in ratios)
        print(f"\n{met} of {len(ratios)} games with charged loops within 5%; "
              f"the others charge nothing (ratio 1 by construction)")


if __name__ == "__main__":
    main()
