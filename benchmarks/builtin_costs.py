"""What each built-in costs a game in random play, measured by difference.

    python -m benchmarks.builtin_costs buraco --param max_hands=1
    python -m benchmarks.builtin_costs cassino --param players=2 --only disjoint_sums,sum_subsets

The games are played as they are, and again with built-ins that answer from a recording of
those very games: the k-th call gets back the k-th answer the real built-in gave. The same
seeds make the same calls, so the replayed games are the same games (checked: the same number
of moves and the same scores, else the row says so). The CPU time that replaying saves is
what the built-in costs, less a function call per answer. There is a row for each built-in
the game calls while it is played, and one for all of them together. "if free" is the speed-up
the game would get if those built-ins cost nothing: the most that any rewrite of them can give.

Left out: the built-ins the compiler writes inline (they are not calls), and those that draw
at random, since their draws move the game's generator on. Rounds are interleaved as in the
other benchmarks (benchmarks/interleave.py), by CPU time; figures are medians over rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from typing import Callable

import attrs

from cardrules import RulesError, load_game
from cardrules.engine.loader import parse_param
from cardrules.language.builtins import REGISTRY

from .interleave import Sample, run_rounds

AS_IT_IS = "as it is"
SECOND_COPY = "as it is, a second copy"
ALL = "all of them"


class Tape:
    """One built-in's answers in call order: recorded from the real built-in while `recording`,
    played back (the built-in not run) while `playing` is an iterator over them."""

    def __init__(self, real: Callable):
        self.real = real
        self.answers: list = []
        self.recording = False
        self.playing = None

    def stand_in(self) -> Callable:
        """The function the compiled game calls in place of the built-in."""
        real, answers, tape = self.real, self.answers, self

        def stand_in(st, *args):
            playing = tape.playing
            if playing is not None:
                return next(playing)
            result = real(st, *args)
            if tape.recording:
                answers.append(result)
            return result

        return stand_in


def measurable() -> list[str]:
    """The built-ins whose calls can be recorded and played back."""
    return sorted(name for name, b in REGISTRY.items() if b.inline is None and b.deterministic)


def load_taped(name: str, params: dict, builtins: list[str]):
    """The game compiled with each of `builtins` behind a Tape, and the tapes."""
    tapes = {b: Tape(REGISTRY[b].impl) for b in builtins}
    saved = {b: REGISTRY[b] for b in builtins}
    try:
        for b, tape in tapes.items():
            REGISTRY[b] = attrs.evolve(saved[b], impl=tape.stand_in())
        game = load_game(name, params)
    finally:
        REGISTRY.update(saved)
    return game, tapes


def play(game, seed: int, games: int) -> tuple[int, list]:
    """Random games from `seed` on: the moves made, and each game's scores."""
    rng, moves, scores = random.Random(seed), 0, []
    for i in range(games):
        st = game.new_state(seed + i)
        while not st.over:
            legal = st.legal_moves()
            st.play(legal[rng.randrange(len(legal))])
            moves += 1
        scores.append(st.scores())
    return moves, scores


@dataclass(frozen=True)
class Played:
    """What one contender's timed games of a round came to: the moves made, each game's scores
    (None when a replay did not give the recorded games), and the calls answered from tapes."""

    moves: int
    scores: list | None
    calls: int = 0


def contender_as_it_is(game, games: int, outcomes: dict[int, Played]) -> Callable[[int], Sample]:
    """Plays the games of the round once (not timed), as the replayed contender records them,
    so that both time a second playing, with the memos of the built-ins as warm."""
    def run(seed: int) -> Sample:
        play(game, seed, games)
        start = time.process_time()
        moves, scores = play(game, seed, games)
        cpu = time.process_time() - start
        outcomes[seed] = Played(moves, scores)
        return Sample(games, moves, moves, cpu)
    return run


def contender_replayed(game, tapes: dict[str, Tape], games: int, outcomes: dict[int, Played]) -> Callable[[int], Sample]:
    """Records the games of the round (not timed), then plays them again, timed, answered from
    the recording."""
    def run(seed: int) -> Sample:
        for tape in tapes.values():
            tape.answers.clear()
            tape.recording = True
        recorded = play(game, seed, games)
        for tape in tapes.values():
            tape.recording = False
            tape.playing = iter(tape.answers)
        try:
            start = time.process_time()
            moves, scores = play(game, seed, games)
            cpu = time.process_time() - start
        except Exception:  # the answers ran out, or a game went another way: not the same games
            moves, scores, cpu = -1, None, float("nan")
        finally:
            for tape in tapes.values():
                tape.playing = None
        outcomes[seed] = Played(moves, scores if (moves, scores) == recorded else None,
                                sum(len(tape.answers) for tape in tapes.values()))
        return Sample(games, max(moves, 0), max(moves, 0), cpu)
    return run


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", help="a bundled game or a rules file")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a parameter of the game (repeatable)")
    parser.add_argument("--only", default=None, help="built-ins to measure, with commas (default: every one it calls)")
    parser.add_argument("-n", type=positive, default=20, help="games per round (default 20)")
    parser.add_argument("--rounds", type=positive, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        measure(parser, args)
    except RulesError as exc:  # a game or a parameter that is not right: its diagnostic
        parser.exit(2, f"{exc}\n")


def measure(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    params = dict(parse_param(p) for p in args.param)
    allowed = measurable()
    candidates = args.only.split(",") if args.only else allowed
    unknown = [b for b in candidates if b not in REGISTRY]
    if unknown:
        parser.error(f"not a built-in: {', '.join(unknown)}")
    refused = [b for b in candidates if b not in allowed]
    if refused:
        parser.error(f"written inline or drawing at random, so not measured: {', '.join(refused)}")
    # The built-ins the game calls while it is played: those a recorded round heard from.
    probe, tapes = load_taped(args.game, params, candidates)
    for tape in tapes.values():
        tape.recording = True
    play(probe, args.seed, 1)
    called = [b for b, tape in tapes.items() if tape.answers]
    if not called:
        print(f"{args.game}: no built-in among those asked for is called while it is played")
        return

    variants = {b: [b] for b in called}
    if len(called) > 1:
        variants[ALL] = called
    # Two copies of the game as it is: their mean is each round's baseline, and how far each
    # lies from it is the noise of the measurement.
    outcomes: dict[str, dict[int, Played]] = {AS_IT_IS: {}, SECOND_COPY: {}}
    contenders = {label: contender_as_it_is(load_game(args.game, params), args.n, outcomes[label])
                  for label in (AS_IT_IS, SECOND_COPY)}
    for label, builtins in variants.items():
        game, tapes = load_taped(args.game, params, builtins)
        outcomes[label] = {}
        contenders[label] = contender_replayed(game, tapes, args.n, outcomes[label])
    samples = run_rounds(contenders, args.rounds, args.seed)

    def per_move(s: Sample) -> float:
        return s.cpu / s.decisions * 1e6

    base = [(per_move(a) + per_move(b)) / 2 for a, b in zip(samples[AS_IT_IS], samples[SECOND_COPY])]
    noise = [abs(per_move(a) - per_move(b)) / 2 / m for a, b, m in zip(samples[AS_IT_IS], samples[SECOND_COPY], base)]
    print(f"{args.game}{' ' + str(params) if params else ''}: {statistics.median(base):.2f} µs a move as it is, "
          f"median of {args.rounds} rounds of {args.n} games (CPU time). Two copies of it lie "
          f"{statistics.median(noise):.0%} (at most {max(noise):.0%}) from their mean: a share below that says nothing.")
    print(f"{'built-in':<22} {'calls/move':>10} {'µs/move':>9} {'share, median [range] of the rounds':>36} {'if free':>8}")
    rows = []
    for label in variants:
        played = outcomes[label]
        if any(p.scores is None or (p.moves, p.scores) != (outcomes[AS_IT_IS][seed].moves, outcomes[AS_IT_IS][seed].scores)
               for seed, p in played.items()):
            rows.append((0.0, f"{label:<22} not replayable: the replayed games went another way"))
            continue
        replayed = [per_move(s) for s in samples[label]]
        saved = [b - r for b, r in zip(base, replayed)]
        shares = [s / b for s, b in zip(saved, base)]
        calls = statistics.median(p.calls / p.moves for p in played.values())
        share = statistics.median(shares)
        free = statistics.median(b / r for b, r in zip(base, replayed))
        rows.append((float("inf") if label == ALL else share,
                     f"{label:<22} {calls:>10.2f} {statistics.median(saved):>9.2f} "
                     f"{f'{share:.0%} [{min(shares):.0%} to {max(shares):.0%}]':>36} {free:>7.2f}x"))
    for _, line in sorted(rows, key=lambda row: -row[0]):
        print(line)

if __name__ == "__main__":
    main()
