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

A rating's interval is a bootstrap over the deals (:func:`cardrules.play.stats.bootstrap_intervals`):
the deals are drawn with replacement, each drawn deal bringing its games in every pairing (both
sides of each), the ratings are fitted again, and the 2.5% and 97.5% quantiles of 200 such fits
are the 95% interval. The draws are seeded by the tournament's seed, so a run and its repetition
give the same intervals. Drawing deals, not games, keeps what a deal does to every pairing at
once: a deal that favours the side holding the better cards is in or out of a resample whole.
"""

from __future__ import annotations

import math
import time
from itertools import combinations
from operator import add, mul
from typing import Callable, Sequence

import attrs

from . import stats
from ..engine.runtime import Game
from ..language.diagnostics import Diagnostic, RulesError
from .chunks import winning_teams
from .parallel import play
from .specs import check_agent_spec

BT_ITERATIONS = 1000
FORMAT = 2  # 2: each rating with its interval


def sides(game: Game) -> list[int]:
    """Per seat, its side when the first agent of a pairing plays side 0."""
    return [game.team_of[seat] % 2 for seat in range(game.player_count)]


@attrs.define
class Pairing:
    """Two agents on the same deals. ``points[side][deal]``: the first agent's points in that
    deal when it played that side, 1 for a win, 1/2 for a draw and 0 for a loss."""

    first: str
    second: str
    points: tuple[list[float], list[float]] = attrs.field(factory=lambda: ([], []))

    @property
    def games(self) -> int:
        return len(self.points[0]) + len(self.points[1])

    @property
    def first_wins(self) -> int:
        return self.points[0].count(1) + self.points[1].count(1)

    @property
    def draws(self) -> int:
        return self.points[0].count(0.5) + self.points[1].count(0.5)

    @property
    def second_wins(self) -> int:
        return self.points[0].count(0) + self.points[1].count(0)

    def first_points(self) -> float:
        return sum(self.points[0]) + sum(self.points[1])

    def deal_points(self) -> list[float]:
        """Per deal, the first agent's points in its two games."""
        return list(map(add, *self.points))

    def score(self) -> float:
        """The first agent's score: wins and half the draws, per game."""
        return self.first_points() / self.games if self.games else 0.0

    def to_json(self) -> dict:
        low, high = stats.wilson(self.first_points(), self.games)
        return {"first": self.first, "second": self.second, "games": self.games, "first_wins": self.first_wins,
                "draws": self.draws, "second_wins": self.second_wins, "first_score": self.score(),
                "low": low, "high": high}


@attrs.frozen
class Rating:
    """A Bradley-Terry rating on the Elo scale with its bootstrap interval."""

    rating: float
    low: float
    high: float


@attrs.define
class Tournament:
    game: str
    agents: list[str]
    seed: int
    deals: int  # per pairing; each is played from both sides
    pairings: list[Pairing]
    seconds: float = 0.0
    workers: int | str = 1
    # A bootstrap refits the ratings 200 times: the table, the JSON and the plot share one.
    _ratings: tuple = attrs.field(default=((), None), init=False, repr=False, eq=False)

    def ratings(self) -> dict[str, Rating]:
        """Each agent's rating, with its interval from a bootstrap over the deals."""
        played = (self.seed, *(p.games for p in self.pairings))
        if self._ratings[0] != played:
            self._ratings = (played, self._compute_ratings())
        return self._ratings[1]

    def _compute_ratings(self) -> dict[str, Rating]:
        estimate = bradley_terry(self.agents, {(p.first, p.second): (p.first_points(), p.games - p.first_points())
                                               for p in self.pairings})
        per_deal = [(p.first, p.second, p.deal_points()) for p in self.pairings]

        def refit(times: list[int]) -> dict[str, float]:
            points = {}
            for first, second, deal_points in per_deal:
                won = sum(map(mul, deal_points, times))
                points[first, second] = (won, 2 * self.deals - won)
            return bradley_terry(self.agents, points)

        intervals = stats.bootstrap_intervals(self.deals, refit, self.seed)
        return {a: Rating(r, *intervals[a]) for a, r in estimate.items()}

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "agents": self.agents, "seed": self.seed,
                "games_per_pairing": 2 * self.deals, "confidence": stats.CONFIDENCE,
                "pairings": [p.to_json() for p in self.pairings],
                "ratings": {a: attrs.asdict(r) for a, r in self.ratings().items()},
                "rating_intervals": {"method": "percentile bootstrap over the deals", "resamples": stats.RESAMPLES,
                                     "seed": self.seed},
                "timing": {"seconds": self.seconds, "workers": self.workers}}

    def csv_rows(self) -> list[tuple]:
        rows = []
        for p in self.pairings:
            d = p.to_json()
            rows.append((d["first"], d["second"], d["games"], d["first_wins"], d["draws"], d["second_wins"],
                         d["first_score"], d["low"], d["high"]))
        return rows

    CSV_HEADER = ("first", "second", "games", "first_wins", "draws", "second_wins", "first_score", "low", "high")


def bradley_terry(agents: Sequence[str], points: dict[tuple[str, str], tuple[float, float]]) -> dict[str, float]:
    """Each agent's rating on the Elo scale, mean 0; ``points[first, second]`` holds what each of
    the two scored against the other (wins and half the draws)."""
    index = {a: i for i, a in enumerate(agents)}
    k = len(agents)
    won = [[0.0] * k for _ in range(k)]  # won[i][j]: i's wins and half draws against j, plus a draw
    for (first, second), (first_points, second_points) in points.items():
        i, j = index[first], index[second]
        won[i][j] += first_points + 0.5
        won[j][i] += second_points + 0.5
    wins = [sum(row) for row in won]
    games = [[(j, won[i][j] + won[j][i]) for j in range(k) if j != i and won[i][j] + won[j][i]] for i in range(k)]
    strength = [1.0] * k
    for _ in range(BT_ITERATIONS):
        new = []
        for i, s in enumerate(strength):
            denominator = sum(n / (s + strength[j]) for j, n in games[i])
            new.append(wins[i] / denominator if denominator else s)
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
        for ours in (0, 1):  # the side the first agent plays
            seats = [first if s == ours else second for s in side]
            for chunk in play(game, seed, seats, 0, deals, workers, scheduler):
                pairing.points[ours].extend(0.5 if winner is None else float(winner % 2 == ours)
                                            for winner in winning_teams(chunk.scores, game.team_of))
                done += chunk.stop - chunk.start
                if progress is not None:
                    progress(done)
        result.pairings.append(pairing)
    result.seconds = time.perf_counter() - started
    return result
