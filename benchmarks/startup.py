"""Start-up time of a fresh process, and memory per simulated game.

    python -m benchmarks.startup                   # 10 runs of each command, 20 games of each game
    python -m benchmarks.startup --runs 30 --games 100 --json startup.json

Start-up: each command runs in a fresh `python` (this interpreter, importing the cardrules this
process imported), the commands taking turns run after run; wall time is measured around the child,
CPU time (user + system) from the resource usage of finished children. The bare interpreter is
measured too, as the floor under the others. `load_game` takes the checked model from the user's
cache when it can (its first run fills it: the median is of hits); `no cache` turns the cache off,
Lark's parser tables included, as in a process that may read and write no cache at all. One
extra run under `-X importtime` shares the import time out among the packages imported.

Memory: each bundled game (with the parameters of benchmarks/bench.py) is loaded and played in a
child process of its own, by random play through the public ``state.apply``. It reports the
peak of memory allocated while one game is played (tracemalloc, from the moment the game starts;
median and largest over the games), what stays allocated once the games are over, and the
child's maximum resident set size after loading and after the games (ru_maxrss, played before
tracemalloc starts, which would inflate it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import cardrules
from cardrules import load_game

from .bench import GAMES

# The children import the cardrules this process imported, and these benchmarks.
CHILD_PATH = list(dict.fromkeys(str(Path(module).resolve().parent.parent)
                                for module in (cardrules.__file__, __file__)))
COMMANDS = {
    "python -c pass": "pass",
    "import cardrules": "from cardrules import load_game",
    "load_game('buraco')": "from cardrules import load_game; load_game('buraco')",
    "load_game, no cache": "import os; os.environ['CARDRULES_NO_CACHE'] = '1'; "
                           "from cardrules import load_game; load_game('buraco')",
}


def child_environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [*CHILD_PATH, env.get("PYTHONPATH")]))
    return env


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_command(code: str) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh `python -c code`."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=child_environment(), check=True)
    return time.perf_counter() - start, children_cpu() - cpu


def measure_startup(runs: int) -> dict[str, dict]:
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, code in COMMANDS.items():
            times[name].append(time_command(code))
    return {name: {"wall_s": statistics.median(w for w, _ in pairs), "cpu_s": statistics.median(c for _, c in pairs),
                   "min_wall_s": min(w for w, _ in pairs), "runs": [{"wall_s": w, "cpu_s": c} for w, c in pairs]}
            for name, pairs in times.items()}


def import_time_by_package(count: int) -> list[tuple[str, float]]:
    """Seconds spent importing each top-level package (its modules' own times added up), the
    largest first, from one run under `-X importtime`."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", COMMANDS["import cardrules"]],
                          env=child_environment(), check=True, capture_output=True, text=True)
    totals: dict[str, float] = {}
    for line in done.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) != 3 or not fields[0].strip().isdigit():
            continue
        package = fields[2].strip().split(".")[0]
        totals[package] = totals.get(package, 0.0) + int(fields[0]) / 1e6
    return sorted(totals.items(), key=lambda pair: -pair[1])[:count]


def max_rss_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def play_random_game(game, seed: int, rng: random.Random) -> None:
    state = game.new_state(seed)
    while not state.over:
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])


def memory_of(name: str, games: int) -> dict:
    """Memory of playing `games` random games of a bundled game, in this process."""
    bundled, params = GAMES[name][0], GAMES[name][1]
    game = load_game(bundled, params)
    rss_loaded = max_rss_kib()
    rng = random.Random(1)
    for seed in range(games):
        play_random_game(game, seed, rng)
    rss_played = max_rss_kib()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    peaks = []
    for seed in range(games):
        tracemalloc.reset_peak()
        start = tracemalloc.get_traced_memory()[0]
        play_random_game(game, seed, rng)
        peaks.append((tracemalloc.get_traced_memory()[1] - start) / 1024)
    retained = (tracemalloc.get_traced_memory()[0] - before) / 1024
    tracemalloc.stop()
    return {"games": games, "peak_kib_median": statistics.median(peaks), "peak_kib_max": max(peaks),
            "retained_kib": retained, "maxrss_kib_loaded": rss_loaded, "maxrss_kib_played": rss_played}


def measure_memory(names: list[str], games: int) -> dict[str, dict]:
    out = {}
    for name in names:
        done = subprocess.run([sys.executable, "-m", "benchmarks.startup", "--memory-child", name,
                               "--games", str(games)], env=child_environment(), check=True,
                              capture_output=True, text=True)
        out[name] = json.loads(done.stdout)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="fresh processes per command (default 10)")
    parser.add_argument("--games", type=int, default=20, help="games of each game for memory (default 20)")
    parser.add_argument("--json", metavar="FILE", help="also write every run's figures to FILE")
    parser.add_argument("--memory-child", metavar="GAME", choices=sorted(GAMES), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.runs < 1 or args.games < 1:
        parser.error("--runs and --games must be at least 1")
    if args.memory_child:
        print(json.dumps(memory_of(args.memory_child, args.games)))
        return
    print(f"start-up: {args.runs} fresh processes of each command, medians ({sys.executable})")
    startup = measure_startup(args.runs)
    print(f"  {'command':<22} {'wall ms':>8} {'cpu ms':>8} {'min wall ms':>12}")
    for name, figures in startup.items():
        print(f"  {name:<22} {figures['wall_s'] * 1e3:>8.1f} {figures['cpu_s'] * 1e3:>8.1f} "
              f"{figures['min_wall_s'] * 1e3:>12.1f}")
    imports = import_time_by_package(8)
    print("  import time of `from cardrules import load_game` by package (one run, -X importtime):")
    for module, seconds in imports:
        print(f"    {module:<30} {seconds * 1e3:>7.1f} ms")
    names = list(GAMES)
    print(f"\nmemory: {args.games} random games of each game, one child process per game")
    memory = measure_memory(names, args.games)
    print(f"  {'game':<12} {'peak KiB/game':>14} {'max':>8} {'retained KiB':>13} {'maxrss MiB loaded':>18} "
          f"{'after games':>12}")
    for name, figures in memory.items():
        print(f"  {name:<12} {figures['peak_kib_median']:>14.1f} {figures['peak_kib_max']:>8.1f} "
              f"{figures['retained_kib']:>13.1f} {figures['maxrss_kib_loaded'] / 1024:>18.1f} "
              f"{figures['maxrss_kib_played'] / 1024:>12.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"startup": startup, "import_time_by_package": imports, "memory": memory}, out, indent=2)


if __name__ == "__main__":
    main()
