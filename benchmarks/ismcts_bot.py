"""OpenSpiel's ISMCTSBot playing complete games of bundled games through the adapter, over seeds:
which seeds complete, which fail and why, and the CPU time of each game (issue 25, item 3).

    python -m benchmarks.ismcts_bot go-fish -n 3                 # seeds 0-2
    python -m benchmarks.ismcts_bot cassino-partners -n 6 --rollout 30
    python -m benchmarks.ismcts_bot uno --params max_hands=1 --start 3

Game s seats bots of seeds ``p + 10 s`` (seat p) and samples chance with ``RandomState(3 + s)``;
seed 0 is the game `tests/test_openspiel_resample.py` plays. A failure is the error the game
stopped with: a resampled position the rules could not play on, for instance. The bots replay
exactly, so a seed fails or completes every time.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots

from cardrules.adapters import openspiel as openspiel_adapter  # registers the game with pyspiel
from cardrules.engine.errors import RulesRuntimeError
from cardrules.language.diagnostics import RulesError


def play(name: str, params: str, seed: int, simulations: int, rollout: int | None) -> tuple[str, float]:
    """What game `seed` ended with ("ok" and the returns, or the error) and its CPU seconds."""
    game = pyspiel.load_game("cardrules", {"rules": name, "params": params})
    bots = [openspiel_adapter.ISMCTSBot(game, simulations=simulations, seed=p + 10 * seed, rollout_length=rollout)
            for p in range(game.num_players())]
    started = time.process_time()
    try:
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3 + seed))
        outcome = "ok " + " ".join(f"{r:+g}" for r in returns)
    except RulesRuntimeError as exc:
        outcome = "FAIL " + str(exc).splitlines()[0]
    return outcome, time.process_time() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("-n", type=int, default=3, help="games (seeds) to play")
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--params", default="", help="the game's parameters, as the adapter takes them")
    parser.add_argument("--simulations", type=int, default=2, help="ISMCTS simulations a decision (2)")
    parser.add_argument("--rollout", type=int, help="steps a rollout may take (default: to the end)")
    args = parser.parse_args(argv)
    completed = 0
    print(f"{args.game}: OpenSpiel's ISMCTSBot, {args.simulations} simulations a decision, rollouts "
          + (f"of at most {args.rollout} steps" if args.rollout else "to the end of the game"))
    for seed in range(args.start, args.start + args.n):
        try:
            outcome, seconds = play(args.game, args.params, seed, args.simulations, args.rollout)
        except RulesError as exc:  # no such game, a parameter out of its range: said, not a traceback
            sys.exit(str(exc))
        completed += outcome.startswith("ok")
        print(f"  seed {seed:>3}  {seconds:7.1f} CPU-s  {outcome}", flush=True)
    print(f"{completed} of {args.n} games completed")


if __name__ == "__main__":
    main()
