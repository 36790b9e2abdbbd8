"""Tournaments: every pair of agents plays on the same deals with the seats swapped.

For a pairing A-B the seats are split into two sides by team (a seat is its own team unless
the rules declare teams): the even teams form one side, the odd ones the other. Each deal
(game seed i, as in ``simulate``) is played twice: A on the even side, then B; so every
pairing meets the same deals from both sides, and every pairing of the tournament the same
deals. A game is won by the side of the winning team, or drawn.

A's *score* against B is (wins + draws/2) / games, with its Wilson interval. The rating of each
agent is a Bradley-Terry strength fitted to every pairing's score (minorisation-maximisation,
Hunter 2004), on the Elo scale (400 * log10 of the strength: 200 points apart means a score of
about 0.76), with mean 0; every pair is given one extra drawn game so that an agent that wins
everything gets a finite rating.
"""

from __future__ import annotations

import math
import time
from itertools import combinations
from typing import Callable, Sequence

import attrs

from . import stats
from ..engine.runtime import Game
from ..language.diagnostics import Diagnostic, RulesError
from .chunks import winning_teams
from .parallel import play
from .specs import check_agent_spec

BT_ITERATIONS = 1000
FORMAT = 1


def sides(game: Game) -> list[int]:
    """Per seat, its side when the first agent of a pairing plays side 0."""
    return [game.team_of[seat] % 2 for seat in range(game.player_count)]


@attrs.define
class Pairing:
    first: str
    second: str
    first_wins: int = 0
    draws: int = 0
    second_wins: int = 0

    @property
    def games(self) -> int:
        return self.first_wins + self.draws + self.second_wins

    def score(self) -> float:
        """The first agent's score: wins and half the draws, per game."""
        return (self.first_wins + self.draws / 2) / self.games if self.games else 0.0

    def to_json(self) -> dict:
        low, high = stats.wilson(self.first_wins + self.draws / 2, self.games)
        return {"first": self.first, "second": self.second, "games": self.games, "first_wins": self.first_wins,
                "draws": self.draws, "second_wins": self.second_wins, "first_score": self.score(),
                "low": low, "high": high}


@attrs.define
class Tournament:
    game: str
    agents: list[str]
    seed: int
    deals: int  # per pairing; each is played from both sides
    pairings: list[Pairing]
    seconds: float = 0.0
    workers: int | str = 1

    def ratings(self) -> dict[str, float]:
        return bradley_terry(self.agents, self.pairings)

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "agents": self.agents, "seed": self.seed,
                "games_per_pairing": 2 * self.deals, "confidence": stats.CONFIDENCE,
                "pairings": [p.to_json() for p in self.pairings], "ratings": self.ratings(),
                "timing": {"seconds": self.seconds, "workers": self.workers}}

    def csv_rows(self) -> list[tuple]:
        rows = []
        for p in self.pairings:
            d = p.to_json()
            rows.append((d["first"], d["second"], d["games"], d["first_wins"], d["draws"], d["second_wins"],
                         d["first_score"], d["low"], d["high"]))
        return rows

    CSV_HEADER = ("first", "second", "games", "first_wins", "draws", "second_wins", "first_score", "low", "high")


def bradley_terry(agents: Sequence[str], pairings: Sequence[Pairing]) -> dict[str, float]:
    index = {a: i for i, a in enumerate(agents)}
    k = len(agents)
    won = [[0.0] * k for _ in range(k)]  # won[i][j]: i's wins and half draws against j, plus a draw
    for p in pairings:
        i, j = index[p.first], index[p.second]
        won[i][j] += p.first_wins + p.draws / 2 + 0.5
        won[j][i] += p.second_wins + p.draws / 2 + 0.5
    strength = [1.0] * k
    for _ in range(BT_ITERATIONS):
        new = []
        for i in range(k):
            wins = sum(won[i])
            denominator = sum((won[i][j] + won[j][i]) / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(wins / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / scale for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength)) < 1e-12
        strength = new
        if done:
            break
    return {a: 400 * math.log10(strength[index[a]]) for a in agents}


def tournament(game: Game, agents: Sequence[str] | str, games: int, seed: int = 0, *, workers: int = 1,
               scheduler=None, progress: Callable[[int], None] | None = None) -> Tournament:
    """Play every pairing of `agents` on `games` games (rounded up to an even number: each
    deal from both sides). `progress(done)` counts the games of all pairings."""
    given = agents.split(",") if isinstance(agents, str) else agents
    names = list(dict.fromkeys(check_agent_spec(name.strip()) for name in given))
    if len(names) < 2:
        raise RulesError([Diagnostic("a tournament needs two agents or more", None,
                                     "name them with --agents, e.g. --agents random,greedy,ismcts")])
    deals = (games + 1) // 2
    side = sides(game)
    if len(set(side)) < 2:
        raise RulesError([Diagnostic(f"`{game.title}` has one team only: no sides to play against each other")])
    result = Tournament(game.title, names, seed, deals, [], workers=workers if scheduler is None else "dask")
    started = time.perf_counter()
    done = 0
    for first, second in combinations(names, 2):
        pairing = Pairing(first, second)
        for swap in (False, True):
            seats = [(second if (s == 0) == swap else first) for s in side]
            ours = 1 if swap else 0  # the side the first agent plays
            for chunk in play(game, seed, seats, 0, deals, workers, scheduler):
                for winner in winning_teams(chunk.scores, game.team_of):
                    if winner is None:
                        pairing.draws += 1
                    elif winner % 2 == ours:
                        pairing.first_wins += 1
                    else:
                        pairing.second_wins += 1
                done += chunk.stop - chunk.start
                if progress is not None:
                    progress(done)
        result.pairings.append(pairing)
    result.seconds = time.perf_counter() - started
    return result
