"""Per-move cost of the adapters against the engine's own API, in one run.

    python -m benchmarks.adapters              # the four source games
    python -m benchmarks.adapters all          # every bundled game
    python -m benchmarks.adapters cassino -n 20 --rounds 5
    python -m benchmarks.adapters --only-cfr --cfr 3   # OpenSpiel's CFR on Leduc, 3 iterations a round

Section "moves" (issue 25, item 5: actions within 1.3x of the engine): the same random games
(the same deals and the same moves) are played two ways, in interleaved rounds
(:mod:`benchmarks.interleave`), and the ratio is the median over rounds of the ratio taken
within each round, and the game passes when that ratio is at most the floor, 1.3 (FLOOR):
- engine: ``legal_moves()`` and ``play()``, one call of each per move;
- actions: ``legal_actions()`` and ``apply_action()`` per action id, the ids of those very
  moves (a move of several ids is several calls of each).
Then, on random games of their own (the choices are over ids, so other games), the cost per
move of:
- openspiel: the registered game with explicit chance (chance nodes sampled from
  ``chance_outcomes()``), ``legal_actions()``, ``apply_action()`` and, at every decision,
  the acting seat's information-state string and tensor, as a learning loop reads them;
- pettingzoo: ``env()``'s ``last()`` (observation and mask) and ``step()``.

Section "cfr" (item 5: within 3x of native): CPU seconds per iteration of OpenSpiel's Python
``CFRSolver`` on Leduc poker, cardrules's through the adapter against OpenSpiel's native
``leduc_poker``, the two solvers' iterations interleaved; the median of the per-round ratios,
which passes at most 3 (CFR_FLOOR).
The first iteration walks the tree for the first time (the adapter keeps the positions it
made, see docs/adapters.md), so it is reported apart from the later ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from cardrules import load_game
from cardrules.engine.actions import encoding

from .interleave import Sample, run_rounds

# Issue 25, item 5: the action API within 1.3x of the engine's per move, CFR within 3x of native.
FLOOR = 1.3
CFR_FLOOR = 3.0
GAMES = {"sete-e-meio": {}, "cassino": {}, "piquet": {}, "buraco": {"max_hands": 1}}
# Bundled games whose full games are long: one hand is what is measured.
ONE_HAND = {"buraco": {"max_hands": 1}, "buraco-strict": {"max_hands": 1}, "buraco-any-sets-jokers": {"max_hands": 1}}


def bundled() -> list[str]:
    folder = Path(__file__).resolve().parent.parent / "games"
    return sorted(p.stem.replace("_", "-") for p in folder.glob("*.rules"))


def trajectories(name: str, params: dict, games: int, seed: int) -> list[tuple[int, list[int], list[int]]]:
    """Random games, each as its seed, its moves as places in the legal lists, and the action
    ids that choose the same moves (the ones taken at once left out)."""
    game = load_game(name, params)
    enc = encoding(game)
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        st = game.new_state(seed + g)
        twin = game.new_state(seed + g)
        places, ids = [], []
        while not st.is_over:
            legal = st.legal_moves()
            i = rng.randrange(len(legal))
            tokens = enc.encode(st, legal[i])
            places.append(i)
            st.play(legal[i])
            while True:
                action = tokens[len(twin.pending)]
                ids.append(action)
                if twin.apply_action(action) is not None:
                    break
        out.append((seed + g, places, ids))
    return out


def engine_way(name: str, params: dict, games: int):
    game = load_game(name, params)

    def play(seed: int) -> Sample:
        runs = trajectories(name, params, games, seed)
        moves = 0
        start = time.process_time()
        for deal, places, _ in runs:
            st = game.new_state(deal)
            for i in places:
                st.play(st.legal_moves()[i])
            moves += len(places)
        return Sample(games, moves, moves, time.process_time() - start)
    return play


def actions_way(name: str, params: dict, games: int):
    game = load_game(name, params)

    def play(seed: int) -> Sample:
        runs = trajectories(name, params, games, seed)
        moves = steps = 0
        start = time.process_time()
        for deal, places, ids in runs:
            st = game.new_state(deal)
            for action in ids:
                st.legal_actions()
                st.apply_action(action)
            moves += len(places)
            steps += len(ids)
        return Sample(games, moves, steps, time.process_time() - start)
    return play


def openspiel(name: str, params: dict, games: int) -> Sample:
    import pyspiel

    import cardrules.adapters.openspiel  # noqa: F401  (registers the game)
    spec = " ".join(f"{k}={v}" for k, v in params.items())
    game = pyspiel.load_game("cardrules", {"rules": name, "params": spec})
    steps = moves = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            player = state.current_player()
            state.information_state_string(player)
            state.information_state_tensor(player)
            state.apply_action(rng.choice(state.legal_actions()))
            moves += not state.state.pending
            steps += 1
    return Sample(games, moves, steps, time.process_time() - start)


def pettingzoo(name: str, params: dict, games: int) -> Sample:
    import numpy as np

    from cardrules.adapters.pettingzoo import env
    e = env(name, **params)
    steps = moves = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        e.reset(seed=seed)
        while not e.unwrapped.state.is_over:
            observation, _, _, _, _ = e.last()
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            moves += not e.unwrapped.state.pending
            steps += 1
    return Sample(games, moves, steps, time.process_time() - start)


def moves_section(names: list[str], games: int, rounds: int, peers: bool) -> None:
    print(f"{'game':<26} {'way':<10} {'moves':>7} {'ids':>7} {'us/move':>9} {'x engine':>9} {'floor':>6}"
          "  (median of rounds)")
    passed = 0
    for name in names:
        params = ONE_HAND.get(name, GAMES.get(name, {}))
        samples = run_rounds({"engine": engine_way(name, params, games),
                              "actions": actions_way(name, params, games)}, rounds, 0)
        ratios = [a.cpu / a.decisions / (e.cpu / e.decisions) for e, a in zip(samples["engine"], samples["actions"])]
        base = statistics.median(s.cpu / s.decisions for s in samples["engine"]) * 1e6
        ratio = statistics.median(ratios)
        passed += ratio <= FLOOR
        for way, runs in samples.items():
            per_move = statistics.median(s.cpu / s.decisions for s in runs) * 1e6
            mark = ("pass" if ratio <= FLOOR else "FAIL") if way == "actions" else ""
            print(f"{name:<26} {way:<10} {runs[0].decisions:>7} {runs[0].steps:>7} {per_move:>9.1f} "
                  f"{ratio if way == 'actions' else 1.0:>9.2f} {mark:>6}"
                  + (f"  (range {min(ratios):.2f}-{max(ratios):.2f})" if way == "actions" else ""))
        if peers:
            for way in (openspiel, pettingzoo):
                sample = way(name, params, games)
                per_move = sample.cpu / max(sample.decisions, 1) * 1e6
                print(f"{name:<26} {way.__name__:<10} {sample.decisions:>7} {sample.steps:>7} {per_move:>9.1f} "
                      f"{per_move / base:>9.2f} {'':>6}  (games of its own)")
    print(f"actions within {FLOOR}x of the engine per move: {passed}/{len(names)} games")


def cfr_section(iterations: int, rounds: int) -> None:
    import pyspiel
    from open_spiel.python.algorithms import cfr

    import cardrules.adapters.openspiel  # noqa: F401  (registers the game)
    solvers = {"cardrules": cfr.CFRSolver(pyspiel.load_game("cardrules", {"rules": "leduc-poker"})),
               "native": cfr.CFRSolver(pyspiel.load_game("leduc_poker"))}
    first = {}
    for name, solver in solvers.items():
        start = time.process_time()
        solver.evaluate_and_update_policy()
        first[name] = time.process_time() - start

    def contender(solver):
        def play(seed: int) -> Sample:
            start = time.process_time()
            for _ in range(iterations):
                solver.evaluate_and_update_policy()
            return Sample(0, iterations, iterations, time.process_time() - start)
        return play
    samples = run_rounds({name: contender(s) for name, s in solvers.items()}, rounds, 0)
    ratios = [c.cpu / n.cpu for c, n in zip(samples["cardrules"], samples["native"])]
    print(f"CFR on Leduc poker, {iterations} iterations a round, {rounds} rounds (CPU s per iteration)")
    for name, runs in samples.items():
        print(f"  {name:<10} first {first[name]:.3f}  later {statistics.median(s.cpu / s.decisions for s in runs):.3f}")
    ratio = statistics.median(ratios)
    print(f"  cardrules / native per later iteration: {ratio:.2f} (range {min(ratios):.2f}-{max(ratios):.2f}); "
          f"first iteration {first['cardrules'] / first['native']:.2f}; "
          f"floor {CFR_FLOOR}x: {'pass' if ratio <= CFR_FLOOR else 'FAIL'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(GAMES), help="bundled names, or `all`")
    parser.add_argument("-n", type=int, default=10, help="random games per way of playing and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-peers", action="store_true", help="leave out the OpenSpiel and PettingZoo loops")
    parser.add_argument("--cfr", type=int, default=3, metavar="N", help="CFR iterations a round (0: no CFR)")
    parser.add_argument("--only-cfr", action="store_true")
    args = parser.parse_args()
    names = bundled() if args.games == ["all"] else args.games
    if not args.only_cfr:
        moves_section(names, args.n, args.rounds, not args.no_peers)
    if args.cfr:
        cfr_section(args.cfr, args.rounds)


if __name__ == "__main__":
    main()
