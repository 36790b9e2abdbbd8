"""Random-play speed of cardrules beside the engines a researcher would pick instead.

    python -m benchmarks.peers                       # 5 rounds, 1 s of CPU per contender per round
    python -m benchmarks.peers --only piquet --rounds 9 --seconds 2 --json peers.json

Piquet is set against OpenSpiel's hearts and skat, Buraco (one hand per game, as in
benchmarks/bench.py) against RLCard's gin-rummy game loop and OpenSpiel's gin_rummy. Every
contender plays whole random games in one process, for --seconds of CPU time (time.process_time)
per round, in interleaved rounds (see benchmarks/interleave.py); the table gives medians over
rounds and the ratios are taken within each round, then their median.

The cardrules side is measured twice: on the path a user writes,
``legal = state.legal_moves(); state.apply(legal[i])``, and on the internal path that
`cardrules simulate` takes, ``state.play(legal[i])``, which finds the move by identity and keeps no copy.
OpenSpiel is stepped from Python through pyspiel: its deals and draws are chance nodes, sampled
here from ``chance_outcomes()``, so it reports per decision (a player's choice, the unit of the
ratios) and per step (decisions and chance steps). The peers come with ``pip install '.[peers]'``;
one that is missing is reported, not fatal.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from operator import attrgetter
from typing import Callable

from cardrules import load_game

from .interleave import Contender, Sample, median_rate, round_ratios, run_rounds

NOT_INSTALLED = "not installed (pip install '.[peers]')"


def cardrules_contender(name: str, params: dict, seconds: float, public: bool) -> Contender:
    game = load_game(name, params)

    method = "apply" if public else "play"

    def run(seed: int) -> Sample:
        rng = random.Random(seed)
        games = decisions = 0
        start = time.process_time()
        while True:
            state = game.new_state(seed + games)
            step = getattr(state, method)
            while not state.over:
                legal = state.legal_moves()
                step(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
            cpu = time.process_time() - start
            if cpu >= seconds:
                return Sample(games, decisions, decisions, cpu)

    return run


def openspiel_contender(name: str, seconds: float) -> Contender:
    import pyspiel

    game = pyspiel.load_game(name)

    def play(seed: int) -> Sample:
        rng = random.Random(seed)
        games = decisions = chance_steps = 0
        start = time.process_time()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    # Inverse-CDF sampling; the last outcome absorbs rounding of the probabilities.
                    left = rng.random()
                    for action, probability in state.chance_outcomes():
                        left -= probability
                        if left <= 0:
                            break
                    state.apply_action(action)
                    chance_steps += 1
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
            games += 1
            cpu = time.process_time() - start
            if cpu >= seconds:
                return Sample(games, decisions, decisions + chance_steps, cpu)

    return play


def rlcard_gin_rummy_contender(seconds: float) -> Contender:
    """RLCard's raw game, as its environment drives it (rlcard/envs/gin_rummy.py): the judge
    lists the legal actions, `step` plays one and builds the next player's state."""
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()

    def play(seed: int) -> Sample:
        rng = random.Random(seed)
        games = decisions = 0
        start = time.process_time()
        while True:
            game.np_random = np.random.RandomState(seed + games)  # the deal's shuffle
            game.init_game()
            while not game.is_over():
                legal = game.judge.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
            cpu = time.process_time() - start
            if cpu >= seconds:
                return Sample(games, decisions, decisions, cpu)

    return play


@dataclass(frozen=True)
class Entry:
    """One row of a match: `make(seconds)` loads the engine (untimed) and gives its contender;
    it raises ImportError when the engine is not installed."""

    key: str
    label: str
    make: Callable[[float], Contender]
    ours: bool = False


@dataclass(frozen=True)
class Match:
    entries: tuple[Entry, ...]
    targets: dict[str, float]  # peer key -> floor of cardrules decisions/s over the peer's


def cardrules_entries(name: str, params: dict) -> tuple[Entry, Entry]:
    return (Entry("public", f"cardrules {name}, state.apply (public)",
                  lambda s: cardrules_contender(name, params, s, public=True), ours=True),
            Entry("internal", f"cardrules {name}, play (fast public path)",
                  lambda s: cardrules_contender(name, params, s, public=False), ours=True))


MATCHES: dict[str, Match] = {
    "piquet": Match(
        (*cardrules_entries("piquet", {}),
         Entry("openspiel-hearts", "openspiel hearts", lambda s: openspiel_contender("hearts", s)),
         Entry("openspiel-skat", "openspiel skat", lambda s: openspiel_contender("skat", s))),
        {"openspiel-hearts": 0.5}),
    "buraco": Match(
        (*cardrules_entries("buraco", {"max_hands": 1}),
         Entry("rlcard-gin-rummy", "rlcard gin-rummy (raw game)", rlcard_gin_rummy_contender),
         Entry("openspiel-gin-rummy", "openspiel gin_rummy", lambda s: openspiel_contender("gin_rummy", s))),
        {"rlcard-gin-rummy": 1.0}),
}


decisions_per_s = attrgetter("decisions_per_s")


def measure_match(match: Match, rounds: int, seconds: float, seed: int) -> dict:
    contenders: dict[str, Contender] = {}
    missing: list[str] = []
    for entry in match.entries:
        try:
            contenders[entry.key] = entry.make(seconds)
        except ImportError:
            missing.append(entry.key)
    samples = run_rounds(contenders, rounds, seed)
    ratios = []
    for ours in (e for e in match.entries if e.ours):
        for peer in (e for e in match.entries if not e.ours and e.key in samples):
            per_round = round_ratios(samples[ours.key], samples[peer.key], decisions_per_s)
            ratios.append({"ours": ours.key, "peer": peer.key, "per_round": per_round,
                           "median": statistics.median(per_round), "target": match.targets.get(peer.key)})
    return {"missing": missing, "samples": samples, "ratios": ratios}


def median_figures(samples: list[Sample]) -> dict:
    decisions = median_rate(samples, decisions_per_s)
    steps = median_rate(samples, attrgetter("steps_per_s"))
    return {"games_per_s": median_rate(samples, attrgetter("games_per_s")), "decisions_per_s": decisions,
            "us_per_decision": 1e6 / decisions, "steps_per_s": steps, "us_per_step": 1e6 / steps}


def print_match(name: str, match: Match, result: dict, rounds: int) -> None:
    labels = {e.key: e.label for e in match.entries}
    width = max(len(label) for label in labels.values())
    print(f"\n{name}")
    print(f"  {'contender':<{width}} {'games/s':>9} {'µs/decision':>12} {'decisions/s':>12} "
          f"{'µs/step':>8} {'steps/s':>10}")
    for entry in match.entries:
        if entry.key in result["missing"]:
            print(f"  {entry.label:<{width}} {NOT_INSTALLED}")
            continue
        f = median_figures(result["samples"][entry.key])
        print(f"  {entry.label:<{width}} {f['games_per_s']:>9.1f} {f['us_per_decision']:>12.2f} "
              f"{f['decisions_per_s']:>12,.0f} {f['us_per_step']:>8.2f} {f['steps_per_s']:>10,.0f}")
    if not result["ratios"]:
        return
    print(f"  same-round ratios, cardrules decisions/s ÷ peer decisions/s, median [min–max] of {rounds} rounds:")
    for ratio in result["ratios"]:
        pair = f"{ratio['ours']} ÷ {labels[ratio['peer']]}"
        spread = f"[{min(ratio['per_round']):.2f}–{max(ratio['per_round']):.2f}]"
        line = f"    {pair:<38} {ratio['median']:>6.2f}x {spread:<12}"
        if ratio["target"] is not None:
            verdict = "met" if ratio["median"] >= ratio["target"] else "below"
            line += f" target ≥ {ratio['target']:.2f}x  {verdict}"
        print(line.rstrip())


def versions() -> dict:
    found = {"python": platform.python_version()}
    for package in ("open_spiel", "rlcard", "numpy", "lark"):
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = None
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds per contender per round (default 1); whole games are played")
    parser.add_argument("--only", choices=sorted(MATCHES), help="run one match only")
    parser.add_argument("--seed", type=int, default=1, help="first seed of round 1 (default 1)")
    parser.add_argument("--json", metavar="FILE", help="also write every round's figures to FILE")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    names = [args.only] if args.only else list(MATCHES)
    print(f"{args.rounds} interleaved rounds, {args.seconds:g} s of CPU time (time.process_time) per contender "
          f"per round, one process; figures are medians over rounds.")
    print("A decision is a player's choice; a step is a decision or a chance step. OpenSpiel deals and draws "
          "as chance steps\nstepped from Python; cardrules and RLCard deal and draw inside the engine, so their "
          "steps are their decisions.")
    report = {"rounds": args.rounds, "seconds": args.seconds, "seed": args.seed, "clock": "time.process_time",
              "versions": versions(), "matches": {}}
    for name in names:
        match = MATCHES[name]
        result = measure_match(match, args.rounds, args.seconds, args.seed)
        print_match(name, match, result, args.rounds)
        sys.stdout.flush()
        report["matches"][name] = {
            "contenders": {
                e.key: ({"label": e.label, "installed": False} if e.key in result["missing"] else
                        {"label": e.label, "installed": True, **median_figures(result["samples"][e.key]),
                         "rounds": [s.as_dict() for s in result["samples"][e.key]]})
                for e in match.entries},
            "ratios": result["ratios"]}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)


if __name__ == "__main__":
    main()
