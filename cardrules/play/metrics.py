"""Design metrics of a game, after Browne (2008) and Ludii's metrics: from each game's score
trajectory (the teams' scores by the rules' ``score`` after every move) and its result.

Per game (:class:`Recorder`, fed after every move):

- *first team*: the team of the seat that made the first move; the run's **first-seat
  advantage** is that team's win rate minus the fair share 1/teams;
- **lead changes**: how many times the strict leader (the one team with the top score; a tie
  leads nobody) changed to another team;
- **decisiveness**: the fraction of the game's moves played before the eventual winner took
  the strict lead for good (0: it led from the first move; near 1: it took the lead at the
  very end); none for a draw;
- **drama**: the eventual winner's largest deficit (best other team's score minus its own),
  as a fraction of the largest absolute team score seen in the game; 0 when it was never
  behind; none for a draw.

Per run (:func:`figures`), with game length and draw rate beside them, and the **skill gap**:
when some teams are played by the random agent and the others by another agent, the win
rate of the others.
"""

from __future__ import annotations

from typing import Sequence

from . import stats
from ..engine.runtime import State

RANDOM = "random"


class Recorder:
    """Follows one game's team scores move by move: a few comparisons per move."""

    __slots__ = ("score", "members", "first_team", "moves", "leader", "changes", "trailing_at",
                 "deficit", "largest")

    def __init__(self, st: State | None = None, *, teams: int = 0, first_team: int | None = None):
        """From a game's first position, or (to follow a trajectory given as scores) from the
        number of teams and the first mover's team."""
        if st is not None:
            game = st.game
            self.score = game.score
            self.members = [m[0] for m in game.members]
            teams = len(self.members)
            first_team = game.team_of[st.player] if not st.over else None
        self.first_team = first_team
        self.moves = 0
        self.leader: int | None = None
        self.changes = 0
        self.trailing_at = [0] * teams  # per team: the moves played when it last did not lead
        self.deficit = [0.0] * teams
        self.largest = 0.0

    def after_move(self, st: State) -> None:
        score = self.score
        self.after_scores([float(score(st, p)) for p in self.members])

    def after_scores(self, scores: list[float]) -> None:
        """One more move, after which the teams' scores are `scores`."""
        self.moves += 1
        top = max(scores)
        leaders = [t for t, s in enumerate(scores) if s == top]
        leader = leaders[0] if len(leaders) == 1 else None
        if leader is not None:
            if self.leader is not None and leader != self.leader:
                self.changes += 1
            self.leader = leader
        for t, s in enumerate(scores):
            if t != leader:
                self.trailing_at[t] = self.moves
            behind = top - s
            if behind > self.deficit[t]:
                self.deficit[t] = behind
        extreme = max(abs(top), abs(min(scores)))
        if extreme > self.largest:
            self.largest = extreme

    def result(self, winner: int | None) -> list:
        """[first team, lead changes, decisiveness, drama] of the finished game."""
        if winner is None or not self.moves:
            return [self.first_team, self.changes, None, None]
        decided = min(self.trailing_at[winner], self.moves) / self.moves
        drama = self.deficit[winner] / self.largest if self.largest else 0.0
        return [self.first_team, self.changes, decided, drama]


def skill_teams(agents: Sequence[str], team_of: Sequence[int]) -> set[int] | None:
    """The teams played by agents other than random, when every team is played by random
    agents only or by others only, and both kinds play; otherwise None (no skill gap)."""
    kinds: dict[int, set[bool]] = {}
    for seat, agent in enumerate(agents):
        kinds.setdefault(team_of[seat], set()).add(agent != RANDOM)
    if any(len(k) > 1 for k in kinds.values()):
        return None
    skilled = {t for t, k in kinds.items() if True in k}
    return skilled if 0 < len(skilled) < len(kinds) else None


def per_game(metrics: list[list], winners: list[int | None], agents: Sequence[str],
             team_of: Sequence[int]) -> dict[str, list]:
    """Each metric as one value per game (None where a game has none), for figures and pairs."""
    skilled = skill_teams(agents, team_of)
    out = {
        "first-seat win": [float(w == m[0]) for m, w in zip(metrics, winners)],
        "lead changes": [float(m[1]) for m in metrics],
        "decisiveness": [m[2] for m in metrics],
        "drama": [m[3] for m in metrics],
    }
    if skilled is not None:
        out["skill gap"] = [float(w in skilled) for w in winners]
    return out


def figures(metrics: list[list], winners: list[int | None], agents: Sequence[str],
            team_of: Sequence[int]) -> dict:
    """The run's metrics: rates with Wilson intervals and the fair share they are measured
    against (first seat: 1/teams; skill gap: the skilled teams' share), means with t intervals."""
    values = per_game(metrics, winners, agents, team_of)
    teams = len(set(team_of))
    skilled = skill_teams(agents, team_of)
    shares = {"first-seat win": 1 / teams, "skill gap": len(skilled or ()) / teams}
    out: dict[str, dict] = {}
    n = len(metrics)
    for name in ("first-seat win", "skill gap"):
        if name in values:
            wins = int(sum(values[name]))
            low, high = stats.wilson(wins, n)
            out[name] = {"rate": wins / n if n else 0.0, "low": low, "high": high, "fair_share": shares[name]}
    for name in ("lead changes", "decisiveness", "drama"):
        out[name] = stats.describe([x for x in values[name] if x is not None])
    return out
