"""Per-step cost of the adapters against the engine's own API, in one run.

    python -m benchmarks.adapters              # every bundled source game
    python -m benchmarks.adapters cassino -n 20

For each game the same number of random games (the same deals) is played four ways; the
choices differ (over moves or over ids), so compare the costs per move:
- engine: ``legal_moves()`` and ``apply()``, one step per move;
- actions: ``legal_actions()`` and ``apply_action()``, one step per action id;
- openspiel: the registered game, ``legal_actions()``, ``apply_action()`` and, at every step,
  the acting seat's information-state string and tensor, as a learning loop reads them;
- pettingzoo: ``env()``'s ``last()`` (observation and mask) and ``step()``.
A step is one call that advances the game (a move of several action ids is several steps),
so the table gives the cost per step and per *move*, and the ratio of the cost per move to
the engine's.
"""

from __future__ import annotations

import argparse
import random
import time

from cardrules import load_game

GAMES = {"sete-e-meio": {}, "cassino": {}, "piquet": {}, "buraco": {"max_hands": 1}}


def engine(name: str, params: dict, games: int) -> tuple[float, int, int]:
    game = load_game(name, params)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        st = game.new_state(seed)
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
            steps += 1
    return time.perf_counter() - start, steps, steps


def actions(name: str, params: dict, games: int) -> tuple[float, int, int]:
    game = load_game(name, params)
    steps = moves = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        st = game.new_state(seed)
        while not st.is_over:
            moves += st.apply_action(rng.choice(st.legal_actions())) is not None
            steps += 1
    return time.perf_counter() - start, steps, moves


def openspiel(name: str, params: dict, games: int) -> tuple[float, int, int]:
    import pyspiel

    import cardrules.adapters.openspiel  # noqa: F401  (registers the game)
    spec = " ".join(f"{k}={v}" for k, v in params.items())
    game = pyspiel.load_game("cardrules", {"rules": name, "params": spec})
    steps = moves = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.apply_action(seed)
        while not state.is_terminal():
            player = state.current_player()
            state.information_state_string(player)
            state.information_state_tensor(player)
            state.apply_action(rng.choice(state.legal_actions()))
            moves += not state.state.pending
            steps += 1
    return time.perf_counter() - start, steps, moves


def pettingzoo(name: str, params: dict, games: int) -> tuple[float, int, int]:
    import numpy as np

    from cardrules.adapters.pettingzoo import env
    e = env(name, **params)
    steps = moves = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        e.reset(seed=seed)
        while not e.unwrapped.state.is_over:
            observation, _, _, _, _ = e.last()
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            moves += not e.unwrapped.state.pending
            steps += 1
    return time.perf_counter() - start, steps, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("-n", type=int, default=10, help="random games per way of playing")
    args = parser.parse_args()
    print(f"{'game':<12} {'way':<11} {'steps':>7} {'moves':>7} {'us/step':>9} {'us/move':>9} {'x engine':>9}")
    for name in args.games:
        params = GAMES.get(name, {})
        base = None
        for way in (engine, actions, openspiel, pettingzoo):
            seconds, steps, moves = way(name, params, args.n)
            per_move = seconds / max(moves, 1) * 1e6
            base = base or per_move
            print(f"{name:<12} {way.__name__:<11} {steps:>7} {moves:>7} {seconds / max(steps, 1) * 1e6:>9.1f} "
                  f"{per_move:>9.1f} {per_move / base:>9.2f}")


if __name__ == "__main__":
    main()
