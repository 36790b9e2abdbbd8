"""Simulation throughput of every bundled game on one worker, and the speed-up with more.

    python -m benchmarks.parallel                          # every game, 1 and 2 workers
    python -m benchmarks.parallel cassino --seconds 10 --workers 4

Each game runs through `cardrules.play.simulate.simulate`, as `cardrules simulate` does, with
random agents: first enough games to take about --seconds on one worker, then the same games
on --workers local processes (pool start-up included). The speed-up is the ratio of the two
wall-clock times; the two runs must give identical results, which is checked too. On a
machine with fewer free cores than workers the speed-up says more about the machine than the
code, so the load average is printed, and so is the CPU time the workers spent over that of
one worker (`cpu cost`): what the parallel run costs in work, whoever else uses the cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from cardrules import load_game
from cardrules.language.resources import bundled_games
from cardrules.play.simulate import simulate

from .bench import GAMES

CALIBRATION_SECONDS = 0.5


def rate_estimate(game) -> float:
    """Games per second on one worker, from a short run."""
    n = 2
    while True:
        start = time.perf_counter()
        simulate(game, n, seed=99, workers=1)
        took = time.perf_counter() - start
        if took >= CALIBRATION_SECONDS:
            return n / took
        n *= 2


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(game, games: int, workers: int) -> tuple[float, float, object]:
    cpu, start = cpu_seconds(), time.perf_counter()
    summary = simulate(game, games, seed=1, workers=workers)
    return time.perf_counter() - start, cpu_seconds() - cpu, summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="bundled games (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0, help="target time on one worker")
    parser.add_argument("--workers", type=int, default=2, help="workers to compare with one")
    args = parser.parse_args(argv)
    names = args.games or list(bundled_games())
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    width = max(len(name) for name in names)
    print(f"{'game':<{width}} {'games':>6} {'1 worker games/s':>17} {'moves/s':>9} "
          f"{f'{args.workers} workers games/s':>18} {'speed-up':>9} {'cpu cost':>9}")
    for name in names:
        params = GAMES[name][1] if name in GAMES else {}
        try:
            game = load_game(name, params)
        except Exception as exc:  # a game being written may not load yet; the others still run
            print(f"{name:<{width}} skipped: {str(exc).splitlines()[0]}")
            continue
        n = max(4 * args.workers, round(rate_estimate(game) * args.seconds))
        one, cpu_one, a = measure(game, n, 1)
        many, cpu_many, b = measure(game, n, args.workers)
        if a.results != b.results:
            raise SystemExit(f"{name}: {args.workers} workers gave other results than one")
        print(f"{name:<{width}} {n:>6} {n / one:>17.1f} {a.total_moves / one:>9.0f} {n / many:>18.1f} "
              f"{one / many:>8.2f}x {cpu_many / cpu_one:>8.2f}x")


if __name__ == "__main__":
    main()
