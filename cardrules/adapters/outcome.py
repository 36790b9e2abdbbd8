"""Win/loss returns from a finished game's scores, shared by the adapters.

The teams with the top score share the win. With T teams and W winners, a winning team gets
T/W - 1 and any other -1, so the teams' returns sum to zero. Each seat gets its team's
return; when teams differ in size, divided by its team's size, so the seats' returns sum to
zero too.
"""

from __future__ import annotations

from ..engine.runtime import Game, State


def team_divisors(game: Game) -> list[int]:
    sizes = [len(m) for m in game.members]
    return [1] * len(sizes) if len(set(sizes)) == 1 else sizes


def utility_bounds(game: Game) -> tuple[float, float]:
    divisors = team_divisors(game)
    return min(-1.0 / d for d in divisors), max((game.team_count - 1) / d for d in divisors)


def win_loss(st: State) -> list[float]:
    """Each seat's return; zeros while the game is not over."""
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
