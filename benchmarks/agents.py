"""Decision time of the search agents, and the cost of following scores for the metrics.

    python -m benchmarks.agents                      # ismcts against random, every source game
    python -m benchmarks.agents cassino --agent pimc -n 3

For each game: a few games of AGENT in seat 0 (its team, in team games) against random seats;
every decision of AGENT with more than one legal move is timed (a forced move takes no search).
Then random play with and without the design metrics' score trajectory, to show what
``simulate --metrics`` costs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardrules import load_game
from cardrules.play.agents import observers
from cardrules.play.specs import make_agent
from cardrules.play.simulate import simulate

GAMES = {
    "cassino": {}, "piquet": {}, "sete-e-meio": {"rounds": 4},
    # One hand per game, as in benchmarks.bench: a match of twenty hands takes long.
    "buraco": {"max_hands": 1},
}


def decision_times(game, spec: str, games: int) -> list[float]:
    times = []
    for g in range(games):
        state = game.new_state(g)
        players = [make_agent(spec if game.team_of[p] == game.team_of[0] else "random", game, f"{g}:{p}")
                   for p in range(game.player_count)]
        watching = observers(players)
        while not state.over:
            agent = players[state.player]
            timed = game.team_of[state.player] == game.team_of[0] and len(state.legal_moves()) > 1
            start = time.perf_counter()
            move = agent.choose(state)
            if timed:
                times.append(time.perf_counter() - start)
            for a in watching:
                a.observe(state, move)
            state.apply(move)
    return times


def metrics_cost(game, games: int) -> tuple[float, float]:
    plain = simulate(game, games, 1).seconds
    followed = simulate(game, games, 1, metrics=True).seconds
    return plain, followed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--agent", default="ismcts")
    parser.add_argument("-n", type=int, default=2, help="games per game type")
    args = parser.parse_args()
    print(f"{'game':<12} {'decisions':>9} {'mean s':>8} {'median s':>8} {'95% s':>8} {'max s':>8}"
          f" {'metrics cost':>12}")
    for name in args.games:
        game = load_game(name, GAMES.get(name, {}))
        times = sorted(decision_times(game, args.agent, args.n))
        plain, followed = metrics_cost(game, 200)
        print(f"{name:<12} {len(times):>9} {statistics.fmean(times):>8.3f} {statistics.median(times):>8.3f} "
              f"{times[int(0.95 * (len(times) - 1))]:>8.3f} {times[-1]:>8.3f} {followed / plain - 1:>+11.0%}")


if __name__ == "__main__":
    main()
