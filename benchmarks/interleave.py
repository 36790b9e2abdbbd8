"""Interleaved rounds of CPU-time measurements, shared by the benchmarks.

A contender is a function ``play(seed) -> Sample`` that plays some random games, starting from
`seed`, and says how much it did in how much CPU time. Running every contender once per round,
round after round, lets a slow spell of the machine (other processes on the same cores, a
frequency change) hit every contender alike, so ratios taken within a round are fairer than
ratios of figures measured minutes apart. Medians over rounds damp the remaining noise.
"""

from __future__ import annotations

import gc
import statistics
from dataclasses import dataclass
from typing import Callable

# Seeds of one round are `seed + round * ROUND_SEED_STRIDE + game index`: no two rounds share
# a game, and every round is the same in every run.
ROUND_SEED_STRIDE = 100_000


@dataclass(frozen=True)
class Sample:
    """What one contender did in one round: whole games, the choices players made, the steps
    taken (choices plus chance steps, for engines that step chance from outside) and the CPU
    seconds it took."""

    games: int
    decisions: int
    steps: int
    cpu: float

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.cpu

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.cpu

    @property
    def games_per_s(self) -> float:
        return self.games / self.cpu

    def as_dict(self) -> dict:
        return {"games": self.games, "decisions": self.decisions, "steps": self.steps, "cpu_s": self.cpu}


Contender = Callable[[int], Sample]


def round_seed(seed: int, round_index: int) -> int:
    return seed + round_index * ROUND_SEED_STRIDE


def run_rounds(contenders: dict[str, Contender], rounds: int, seed: int) -> dict[str, list[Sample]]:
    """Every contender once per round, for `rounds` rounds; each round starts at the next
    contender, so none always runs first (right after another's garbage)."""
    names = list(contenders)
    samples: dict[str, list[Sample]] = {name: [] for name in names}
    for r in range(rounds):
        for k in range(len(names)):
            name = names[(r + k) % len(names)]
            gc.collect()
            samples[name].append(contenders[name](round_seed(seed, r)))
    return samples


def median_rate(samples: list[Sample], rate: Callable[[Sample], float]) -> float:
    return statistics.median(rate(s) for s in samples)


def round_ratios(ours: list[Sample], theirs: list[Sample], rate: Callable[[Sample], float]) -> list[float]:
    """rate(ours) / rate(theirs), round by round."""
    return [rate(a) / rate(b) for a, b in zip(ours, theirs)]
