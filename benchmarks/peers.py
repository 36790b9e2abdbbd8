"""Speed of cardrules beside the engines a researcher would pick instead, on the same games.

    python -m benchmarks.peers                       # 5 rounds, 1 s of CPU per contender per round
    python -m benchmarks.peers --only hearts,ismcts-hearts --rounds 9 --seconds 2 --json peers.json

Random play: every bundled game that OpenSpiel or RLCard also implements, loaded with the
settings under which tests/test_openspiel_<game>.py finds the two engines agreeing move for
move (one hand where OpenSpiel plays one), set against that engine's game; the floors of
issue 26 are checked on the internal path and printed pass or FAIL. Piquet and Buraco, source
games with no twin among the peers, are set against OpenSpiel's hearts and skat, RLCard's
gin-rummy game loop and OpenSpiel's gin_rummy, as their own reference: reported, not floored.

Every contender plays whole random games in one process, for --seconds of CPU time
(time.process_time) per round, in interleaved rounds (see benchmarks/interleave.py); the tables
give medians over rounds and the ratios are taken within each round, then their median.

The cardrules side is measured twice: on the path a user writes,
``legal = state.legal_moves(); state.apply(legal[i])``, and on the internal path that
`cardrules simulate` takes, ``state.play(legal[i])``, which finds the move by identity and keeps no copy.
OpenSpiel is stepped from Python through pyspiel: its deals and draws are chance nodes, sampled
here from ``chance_outcomes()``, so it reports per decision (a player's choice, the unit of the
ratios) and per step (decisions and chance steps).

Search (matches ``ismcts-hearts``, ``ismcts-euchre``): cardrules's ``ismcts`` and OpenSpiel's
Python ``ISMCTSBot`` on its C++ game each play seat 0 of random games, SEARCH_ITERATIONS
iterations a decision with more than one legal move; the rate is iterations per CPU-second of
the searching seat's work (for cardrules, its decisions and its hearing of every move, which
its determinisations rest on). The peers come with ``pip install '.[peers]'``; one that is
missing is reported, not fatal.
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


SEARCH_SEAT = 0  # the seat that searches, in both engines; the others play at random
SEARCH_ITERATIONS = 100  # per decision, in both engines, unless --iterations says otherwise


@dataclass(frozen=True)
class Limits:
    """How long each contender plays a round (CPU seconds, whole games), and how hard a search
    searches (ISMCTS iterations a decision, the same in both engines)."""

    seconds: float
    iterations: int = SEARCH_ITERATIONS


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


def openspiel_contender(name: str, seconds: float, params: dict | None = None) -> Contender:
    import pyspiel

    game = pyspiel.load_game(name, params or {})

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


def rlcard_gin_rummy_contender(limits: Limits) -> Contender:
    """RLCard's raw game, as its environment drives it (rlcard/envs/gin_rummy.py): the judge
    lists the legal actions, `step` plays one and builds the next player's state."""
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    return rlcard_contender(game, game.judge.get_legal_actions, limits.seconds)


def rlcard_leduc_contender(limits: Limits) -> Contender:
    """RLCard's raw Leduc hold'em (two players), as rlcard/envs/leducholdem.py drives it."""
    from rlcard.games.leducholdem.game import LeducholdemGame

    game = LeducholdemGame()
    return rlcard_contender(game, game.get_legal_actions, limits.seconds)


def rlcard_blackjack_contender(limits: Limits) -> Contender:
    """RLCard's raw blackjack, one player against the dealer and one deck (the environment's
    defaults); its environment offers hit and stand at every decision."""
    from rlcard.games.blackjack.game import BlackjackGame

    game = BlackjackGame()
    game.configure({"game_num_players": 1, "game_num_decks": 1})
    return rlcard_contender(game, lambda: ("hit", "stand"), limits.seconds)


def rlcard_contender(game, legal_actions: Callable[[], list], seconds: float) -> Contender:
    import numpy as np

    def play(seed: int) -> Sample:
        rng = random.Random(seed)
        # One generator a round for the deals' shuffles: making one costs more than a Leduc game.
        game.np_random = np.random.RandomState(seed)
        games = decisions = 0
        start = time.process_time()
        while True:
            game.init_game()
            while not game.is_over():
                legal = legal_actions()
                game.step(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
            cpu = time.process_time() - start
            if cpu >= seconds:
                return Sample(games, decisions, decisions, cpu)

    return play


# --- search: ISMCTS iterations per CPU-second ------------------------------------------------

OPENSPIEL_UCT_C = 2.0  # OpenSpiel's ISMCTSBot exploration constant, as in its examples


def cardrules_search_contender(name: str, params: dict, limits: Limits) -> Contender:
    """cardrules's `ismcts` in SEARCH_SEAT of random games, `limits.iterations` a decision. The
    agent hears every move (its determinisations respect what play revealed); the CPU time of
    its decisions and of its hearing is counted, the other seats' play is not."""
    from cardrules.play.search import Budget, ISMCTSAgent

    game = load_game(name, params)

    def run(seed: int) -> Sample:
        searches = games = 0
        cpu = 0.0
        while cpu < limits.seconds:
            state = game.new_state(seed + games)
            agent = ISMCTSAgent(seed + games, Budget(iterations=limits.iterations))
            others = random.Random(seed + games)
            while not state.over:
                legal = state.legal_moves()
                start = time.process_time()
                if state.player == SEARCH_SEAT and len(legal) > 1:
                    move = agent.choose(state)
                    searches += 1
                else:
                    move = legal[others.randrange(len(legal))]
                agent.observe(state, move)
                cpu += time.process_time() - start
                state.apply(move)
            games += 1
        return Sample(searches, searches * limits.iterations, searches * limits.iterations, cpu)

    return run


def openspiel_search_contender(name: str, limits: Limits) -> Contender:
    """OpenSpiel's Python ISMCTSBot (open_spiel.python.algorithms.ismcts) on its C++ game, with
    one random rollout a leaf and a fresh world from ``resample_from_infostate`` an iteration
    (its defaults), in SEARCH_SEAT of random games; the CPU time of its decisions is counted."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name)

    def run(seed: int) -> Sample:
        searches = games = 0
        cpu = 0.0
        while cpu < limits.seconds:
            rng = random.Random(seed + games)
            bot_rng = np.random.RandomState(seed + games)
            bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, bot_rng), OPENSPIEL_UCT_C,
                                   limits.iterations, random_state=bot_rng)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, weights)[0])
                    continue
                legal = state.legal_actions()
                if state.current_player() == SEARCH_SEAT and len(legal) > 1:
                    start = time.process_time()
                    action = bot.step(state)
                    cpu += time.process_time() - start
                    searches += 1
                else:
                    action = legal[rng.randrange(len(legal))]
                state.apply_action(action)
            games += 1
        return Sample(searches, searches * limits.iterations, searches * limits.iterations, cpu)

    return run


@dataclass(frozen=True)
class Entry:
    """One row of a match: `make(limits)` loads the engine (untimed) and gives its contender;
    it raises ImportError when the engine is not installed."""

    key: str
    label: str
    make: Callable[[Limits], Contender]
    ours: bool = False


@dataclass(frozen=True)
class Match:
    """One game in several engines. `floors`: peer key -> the least ratio of cardrules's rate
    (on the entry keyed `floored`) to the peer's that issue 26 asks for; a ratio without a
    floor is reported only (the four source games are set against games that are not theirs,
    as their own reference)."""

    title: str
    entries: tuple[Entry, ...]
    floors: dict[str, float]
    floored: str = "internal"
    search: bool = False  # rates are ISMCTS iterations (a Sample's decisions), not game decisions


def cardrules_entries(name: str, params: dict) -> tuple[Entry, Entry]:
    return (Entry("public", f"cardrules {name}, state.apply (public)",
                  lambda limits: cardrules_contender(name, params, limits.seconds, public=True), ours=True),
            Entry("internal", f"cardrules {name}, play (fast public path)",
                  lambda limits: cardrules_contender(name, params, limits.seconds, public=False), ours=True))


def openspiel_entry(name: str, params: dict | None = None, label: str = "") -> Entry:
    return Entry(f"openspiel-{name}", label or f"openspiel {name}", lambda limits: openspiel_contender(name, limits.seconds, params))


def search_match(name: str, params: dict, openspiel_name: str, floor: float) -> Match:
    return Match(f"ismcts on {name}, seat {SEARCH_SEAT} searching",
                 (Entry("ismcts", f"cardrules ismcts, {name}", lambda limits: cardrules_search_contender(name, params, limits),
                        ours=True),
                  Entry("openspiel-ismcts", f"openspiel ISMCTSBot, {openspiel_name}",
                        lambda limits: openspiel_search_contender(openspiel_name, limits))),
                 {"openspiel-ismcts": floor}, floored="ismcts", search=True)


# The settings that make the two engines play the same game are those of the differential
# tests, tests/test_openspiel_<game>.py: one hand where OpenSpiel plays one.
CRAZY_EIGHTS = {"players": 5, "max_draws": 5, "max_plays": 100, "special_cards": False, "reshuffle": False,
                "ace_points": 10, "number_points": "deck_index"}  # OpenSpiel's defaults
CRIBBAGE = {"players": 2, "first_dealer_by_lot": False, "crib_four_flush": True, "count_out": False}

MATCHES: dict[str, Match] = {
    "hearts": Match("hearts, one hand", (*cardrules_entries("hearts", {"max_hands": 1}), openspiel_entry("hearts")),
                    {"openspiel-hearts": 0.75}),
    "spades": Match("spades, one hand",
                    (*cardrules_entries("spades", {"spades_break": False, "max_hands": 1}), openspiel_entry("spades")),
                    {"openspiel-spades": 0.75}),
    "oh-hell": Match("oh hell, 3 players, 9 tricks, one hand",
                     (*cardrules_entries("oh-hell", {"players": 3, "tricks": 9, "max_hands": 1}),
                      openspiel_entry("oh_hell", {"players": 3, "num_tricks_fixed": 9})),
                     {"openspiel-oh_hell": 0.75}),
    "euchre": Match("euchre, one hand",
                    (*cardrules_entries("euchre", {"stick_the_dealer": True, "max_hands": 1}), openspiel_entry("euchre")),
                    {"openspiel-euchre": 0.60}),
    "crazy-eights": Match("crazy eights, 5 players", (*cardrules_entries("crazy-eights", CRAZY_EIGHTS),
                                                      openspiel_entry("crazy_eights")),
                          {"openspiel-crazy_eights": 1.00}),
    "blackjack": Match("blackjack, no naturals", (*cardrules_entries("blackjack", {"naturals": False}),
                                                  openspiel_entry("blackjack"),
                                                  Entry("rlcard-blackjack", "rlcard blackjack (raw game)",
                                                        rlcard_blackjack_contender)),
                       {"openspiel-blackjack": 1.00, "rlcard-blackjack": 2.50}),
    "cribbage": Match("cribbage, 2 players", (*cardrules_entries("cribbage", CRIBBAGE), openspiel_entry("cribbage")),
                      {"openspiel-cribbage": 0.35}),
    "kuhn-poker": Match("kuhn poker", (*cardrules_entries("kuhn-poker", {}), openspiel_entry("kuhn_poker")),
                        {"openspiel-kuhn_poker": 0.60}),
    "leduc-poker": Match("leduc poker", (*cardrules_entries("leduc-poker", {}), openspiel_entry("leduc_poker"),
                                         Entry("rlcard-leduc", "rlcard leduc hold'em (raw game)", rlcard_leduc_contender)),
                         {"openspiel-leduc_poker": 0.60, "rlcard-leduc": 1.50}),
    "piquet": Match("piquet (a source game, against other games: reported, not floored)",
                    (*cardrules_entries("piquet", {}), openspiel_entry("hearts"), openspiel_entry("skat")), {}),
    "buraco": Match("buraco, one hand (a source game, against other games: reported, not floored)",
                    (*cardrules_entries("buraco", {"max_hands": 1}),
                     Entry("rlcard-gin-rummy", "rlcard gin-rummy (raw game)", rlcard_gin_rummy_contender),
                     openspiel_entry("gin_rummy")), {}),
    "ismcts-hearts": search_match("hearts", {"max_hands": 1}, "hearts", 1.0),
    "ismcts-euchre": search_match("euchre", {"stick_the_dealer": True, "max_hands": 1}, "euchre", 1.0),
}


decisions_per_s = attrgetter("decisions_per_s")


def measure_match(match: Match, rounds: int, limits: Limits, seed: int) -> dict:
    contenders: dict[str, Contender] = {}
    missing: list[str] = []
    for entry in match.entries:
        try:
            contenders[entry.key] = entry.make(limits)
        except ImportError:
            missing.append(entry.key)
    samples = run_rounds(contenders, rounds, seed)
    ratios = []
    for ours in (e for e in match.entries if e.ours):
        for peer in (e for e in match.entries if not e.ours and e.key in samples):
            per_round = round_ratios(samples[ours.key], samples[peer.key], decisions_per_s)
            floor = match.floors.get(peer.key) if ours.key == match.floored else None
            ratios.append({"ours": ours.key, "peer": peer.key, "per_round": per_round,
                           "median": statistics.median(per_round), "floor": floor})
    return {"missing": missing, "samples": samples, "ratios": ratios}


def median_figures(samples: list[Sample]) -> dict:
    decisions = median_rate(samples, decisions_per_s)
    steps = median_rate(samples, attrgetter("steps_per_s"))
    return {"games_per_s": median_rate(samples, attrgetter("games_per_s")), "decisions_per_s": decisions,
            "us_per_decision": 1e6 / decisions, "steps_per_s": steps, "us_per_step": 1e6 / steps}


def verdict(ratio: dict) -> str:
    return "pass" if ratio["median"] >= ratio["floor"] else "FAIL"


def print_match(match: Match, result: dict, rounds: int) -> None:
    labels = {e.key: e.label for e in match.entries}
    width = max(len(label) for label in labels.values())
    print(f"\n{match.title}")
    if match.search:
        print(f"  {'contender':<{width}} {'searches/s':>10} {'ms/search':>10} {'iterations/s':>13} {'µs/iteration':>13}")
    else:
        print(f"  {'contender':<{width}} {'games/s':>9} {'µs/decision':>12} {'decisions/s':>12} "
              f"{'µs/step':>8} {'steps/s':>10}")
    for entry in match.entries:
        if entry.key in result["missing"]:
            print(f"  {entry.label:<{width}} {NOT_INSTALLED}")
            continue
        f = median_figures(result["samples"][entry.key])
        if match.search:
            print(f"  {entry.label:<{width}} {f['games_per_s']:>10.2f} {1e3 / f['games_per_s']:>10.1f} "
                  f"{f['decisions_per_s']:>13,.0f} {f['us_per_decision']:>13.1f}")
        else:
            print(f"  {entry.label:<{width}} {f['games_per_s']:>9.1f} {f['us_per_decision']:>12.2f} "
                  f"{f['decisions_per_s']:>12,.0f} {f['us_per_step']:>8.2f} {f['steps_per_s']:>10,.0f}")
    if not result["ratios"]:
        return
    unit = "iterations/s" if match.search else "decisions/s"
    print(f"  same-round ratios, cardrules {unit} ÷ peer {unit}, median [min–max] of {rounds} rounds:")
    for ratio in result["ratios"]:
        pair = f"{ratio['ours']} ÷ {labels[ratio['peer']]}"
        spread = f"[{min(ratio['per_round']):.2f}–{max(ratio['per_round']):.2f}]"
        line = f"    {pair:<44} {ratio['median']:>6.2f}x {spread:<12}"
        if ratio["floor"] is not None:
            line += f" floor ≥ {ratio['floor']:.2f}x  {verdict(ratio)}"
        print(line.rstrip())


def print_floors(results: dict[str, tuple[Match, dict]]) -> None:
    """Every floored ratio of the run in one table: the figures of issue 26's table."""
    rows = []
    for match, result in results.values():
        labels = {e.key: e.label for e in match.entries}
        for ratio in result["ratios"]:
            if ratio["floor"] is None:
                continue
            ours = median_figures(result["samples"][ratio["ours"]])["us_per_decision"]
            theirs = median_figures(result["samples"][ratio["peer"]])["us_per_decision"]
            rows.append((match.title.split(",")[0], ours, labels[ratio["peer"]], theirs, ratio))
    if not rows:
        return
    print("\nfloors (µs a decision, or a search iteration for ismcts; ratio = peer µs ÷ cardrules µs, same-round "
          "median)")
    print(f"  {'game':<18} {'cardrules µs':>12}  {'peer':<34} {'peer µs':>9} {'ratio':>7} {'floor':>7}  result")
    for game, ours, peer, theirs, ratio in rows:
        print(f"  {game:<18} {ours:>12.2f}  {peer:<34} {theirs:>9.2f} {ratio['median']:>6.2f}x {ratio['floor']:>6.2f}x  "
              f"{verdict(ratio)}")
    failed = sum(verdict(r) != "pass" for *_, r in rows)
    print(f"  {len(rows) - failed} of {len(rows)} floors met")


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
    parser.add_argument("--only", metavar="MATCH[,MATCH...]",
                        help=f"run these matches only, of: {', '.join(MATCHES)}")
    parser.add_argument("--iterations", type=int, default=SEARCH_ITERATIONS,
                        help=f"ISMCTS iterations a decision in the search matches (default {SEARCH_ITERATIONS})")
    parser.add_argument("--seed", type=int, default=1, help="first seed of round 1 (default 1)")
    parser.add_argument("--json", metavar="FILE", help="also write every round's figures to FILE")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0 or args.iterations < 1:
        parser.error("--rounds and --iterations must be at least 1 and --seconds above 0")
    limits = Limits(args.seconds, args.iterations)
    names = args.only.split(",") if args.only else list(MATCHES)
    unknown = [n for n in names if n not in MATCHES]
    if unknown:
        parser.error(f"no match called {', '.join(unknown)}; matches: {', '.join(MATCHES)}")
    print(f"{args.rounds} interleaved rounds, {args.seconds:g} s of CPU time (time.process_time) per contender "
          f"per round, one process; figures are medians over rounds; {args.iterations} ISMCTS iterations a "
          "search.")
    print("A decision is a player's choice; a step is a decision or a chance step. OpenSpiel deals and draws "
          "as chance steps\nstepped from Python; cardrules and RLCard deal and draw inside the engine, so their "
          "steps are their decisions.")
    report = {"rounds": args.rounds, "seconds": args.seconds, "iterations": args.iterations, "seed": args.seed, "clock": "time.process_time",
              "versions": versions(), "matches": {}}
    results = {}
    for name in names:
        match = MATCHES[name]
        result = measure_match(match, args.rounds, limits, args.seed)
        results[name] = (match, result)
        print_match(match, result, args.rounds)
        sys.stdout.flush()
        report["matches"][name] = {
            "contenders": {
                e.key: ({"label": e.label, "installed": False} if e.key in result["missing"] else
                        {"label": e.label, "installed": True, **median_figures(result["samples"][e.key]),
                         "rounds": [s.as_dict() for s in result["samples"][e.key]]})
                for e in match.entries},
            "ratios": result["ratios"]}
    print_floors(results)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)


if __name__ == "__main__":
    main()
