"""Returns from a finished game's scores, shared by the adapters: the rules' scores as payoffs,
or win/loss.

**Scores** (``returns="score"``) are each seat's score by the rules' ``score``. They are the
default where the rules declare ``payoffs ... zero_sum`` or ``constant_sum`` (the declaration
gives the bounds and the sum, and every finished game is checked against it), and for a game of
one seat, whose score is all there is to learn from.

**Win/loss** (``returns="win_loss"``, the default otherwise): the teams with the top score share
the win. With T teams and W winners, a winning team gets T/W - 1 and any other -1, so the teams'
returns sum to zero. Each seat gets its team's return; when teams differ in size, divided by its
team's size, so the seats' returns sum to zero too.
"""

from __future__ import annotations

import math

import attrs

from ..engine.errors import RulesRuntimeError
from ..engine.runtime import Game, State
from ..language.diagnostics import Diagnostic, RulesError

RETURNS = ("default", "score", "win_loss")


@attrs.frozen
class Payoffs:
    """How an adapter turns a finished game into returns, and what it declares about them."""

    by_score: bool
    kind: str  # "zero_sum", "constant_sum" or "general_sum", as OpenSpiel's utility types
    low: float
    high: float
    total: float | None  # what the returns sum to, None when anything

    def returns(self, st: State) -> list[float]:
        """Each seat's return; zeros while the game is not over."""
        if not st.is_over:
            return [0.0] * st.game.player_count
        return checked_scores(st) if self.by_score else win_loss(st)


def payoffs(game: Game, returns: str = "default") -> Payoffs:
    """The returns `returns` asks for (one of RETURNS), with their kind and bounds."""
    if returns not in RETURNS:
        raise RulesError([Diagnostic(f"returns={str(returns)[:40]}: the returns are one of {', '.join(RETURNS)}",
                                     None, "score: the rules' scores; win_loss: who won; "
                                           "default: the scores where the rules declare them payoffs")])
    declared = game.model.payoffs if game.model is not None else None
    if returns == "default":
        summed = declared is not None and declared.kind != "general_sum"
        returns = "score" if summed or game.player_count == 1 else "win_loss"
    if returns == "win_loss":
        low, high = utility_bounds(game)
        return Payoffs(False, "zero_sum", low, high, 0.0)
    if declared is None:
        # Nothing is known of the scores' range or sum: OpenSpiel's bounds say so.
        return Payoffs(True, "general_sum", -math.inf, math.inf, None)
    total = None if declared.total is None else float(declared.total)
    return Payoffs(True, declared.kind, float(declared.low), float(declared.high), total)


def checked_scores(st: State) -> list[float]:
    """The scores of a finished game as floats, checked against the rules' `payoffs`."""
    scores = st.scores()
    declared = st.game.model.payoffs if st.game.model is not None else None
    if declared is not None:
        outside = [s for s in scores if not declared.low <= s <= declared.high]
        if outside:
            raise RulesRuntimeError(f"a score of {outside[0]} is outside the payoffs {declared.low}..{declared.high}",
                                    declared.span, "widen the bounds of `payoffs`, or check the score")
        if declared.total is not None and sum(scores) != declared.total:
            raise RulesRuntimeError(f"the scores {', '.join(map(str, scores))} sum to {sum(scores)}, not to "
                                    f"{declared.total} as `payoffs {declared.kind}` says", declared.span,
                                    "declare `general_sum`, or check the score")
    return [float(s) for s in scores]


def team_divisors(game: Game) -> list[int]:
    sizes = [len(m) for m in game.members]
    return [1] * len(sizes) if len(set(sizes)) == 1 else sizes


def utility_bounds(game: Game) -> tuple[float, float]:
    divisors = team_divisors(game)
    return min(-1.0 / d for d in divisors), max((game.team_count - 1) / d for d in divisors)


def win_loss(st: State) -> list[float]:
    """Each seat's win/loss return; zeros while the game is not over."""
    game = st.game
    if not st.is_over:
        return [0.0] * game.player_count
    scores = st.scores()
    team_scores = [sum(scores[p] for p in members) for members in game.members]
    top = max(team_scores)
    winners = [t for t, s in enumerate(team_scores) if s == top]
    share = game.team_count / len(winners) - 1
    divisors = team_divisors(game)
    return [(share if game.team_of[p] in winners else -1.0) / divisors[game.team_of[p]]
            for p in range(game.player_count)]
