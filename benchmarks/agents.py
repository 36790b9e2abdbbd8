"""Decision time of the search agents, and the cost of following scores for the metrics.

    python -m benchmarks.agents                      # ismcts against random, every source game
    python -m benchmarks.agents cassino --agent pimc -n 3
    python -m benchmarks.agents --bundled --decisions 40 --no-metrics   # every bundled game, floor column

For each game: a few games of AGENT in seat 0 (its team, in team games) against random seats;
every decision of AGENT with more than one legal move is timed in CPU time (time.process_time;
a forced move takes no search), up to --decisions of them. The median is set against issue
26's floor, a default decision under 100 ms of CPU. Then random play with and without the design
metrics' score trajectory, to show what ``simulate --metrics`` costs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from cardrules import load_game
from cardrules.play.agents import observers
from cardrules.play.simulate import simulate
from cardrules.play.specs import make_agent

GAMES = {
    "cassino": {}, "piquet": {}, "sete-e-meio": {"rounds": 4},
    # One hand per game, as in benchmarks.bench: a match of twenty hands takes long.
    "buraco": {"max_hands": 1},
}


FLOOR_MS = 100.0  # issue 26: the default decision under 100 ms of CPU in every bundled game
BUNDLED = sorted(p.stem.replace("_", "-") for p in (Path(__file__).resolve().parent.parent / "games").glob("*.rules"))


def decision_times(game, spec: str, games: int, limit: int | None = None) -> list[float]:
    times = []
    for g in range(games):
        if limit is not None and len(times) >= limit:
            break
        state = game.new_state(g)
        players = [make_agent(spec if game.team_of[p] == game.team_of[0] else "random", game, f"{g}:{p}")
                   for p in range(game.player_count)]
        watching = observers(players)
        while not state.over and (limit is None or len(times) < limit):
            agent = players[state.player]
            timed = game.team_of[state.player] == game.team_of[0] and len(state.legal_moves()) > 1
            start = time.process_time()
            move = agent.choose(state)
            if timed:
                times.append(time.process_time() - start)
            for a in watching:
                a.observe(state, move)
            state.apply(move)
    return times


def metrics_cost(game, games: int) -> tuple[float, float]:
    plain = simulate(game, games, 1).seconds
    followed = simulate(game, games, 1, metrics=True).seconds
    return plain, followed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--bundled", action="store_true", help="every bundled game (its defaults; the source games as in GAMES)")
    parser.add_argument("--agent", default="ismcts")
    parser.add_argument("-n", type=int, default=2, help="games per game type")
    parser.add_argument("--decisions", type=int, help="stop a game type after this many timed decisions")
    parser.add_argument("--no-metrics", action="store_true", help="skip the cost of --metrics")
    args = parser.parse_args(argv)
    names = args.games or (BUNDLED if args.bundled else list(GAMES))
    print(f"{args.agent} in seat 0 against random seats; CPU ms a decision with more than one legal move")
    print(f"{'game':<26} {'decisions':>9} {'mean ms':>8} {'median ms':>9} {'95% ms':>8} {'max ms':>8}"
          f" {'floor':>7} {'':>4}" + ("" if args.no_metrics else f" {'metrics cost':>12}"))
    for name in names:
        game = load_game(name, GAMES.get(name, {}))
        times = sorted(decision_times(game, args.agent, args.n, args.decisions))
        if not times:
            print(f"{name:<26} {0:>9}   (no decision with a choice)")
            continue
        median = 1e3 * statistics.median(times)
        line = (f"{name:<26} {len(times):>9} {1e3 * statistics.fmean(times):>8.1f} {median:>9.1f} "
                f"{1e3 * times[int(0.95 * (len(times) - 1))]:>8.1f} {1e3 * times[-1]:>8.1f} "
                f"{FLOOR_MS:>5.0f}ms {'pass' if median < FLOOR_MS else 'FAIL':>4}")
        if not args.no_metrics:
            plain, followed = metrics_cost(game, 200)
            line += f" {followed / plain - 1:>+11.0%}"
        print(line)


if __name__ == "__main__":
    main()
