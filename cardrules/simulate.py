"""Many games with agents, and what they say: per-seat results, game length, throughput."""

from __future__ import annotations

import time
from typing import Callable, Sequence

import attrs

from .agents import AGENTS
from .runtime import Game, State


@attrs.define
class GameRecord:
    seed: int
    scores: list
    moves: int
    winners: list[int]


@attrs.define
class Summary:
    game: str
    games: int
    seed: int
    players: int
    params: dict
    agents: list[str]
    records: list[GameRecord]
    seconds: float

    @property
    def total_moves(self) -> int:
        return sum(r.moves for r in self.records)

    def seat_stats(self) -> list[dict]:
        n = len(self.records) or 1
        out = []
        for seat in range(self.players):
            wins = sum(1 for r in self.records if r.winners == [seat])
            shared = sum(1 for r in self.records if seat in r.winners and len(r.winners) > 1)
            mean = sum(float(r.scores[seat]) for r in self.records) / n
            out.append({"seat": seat, "agent": self.agents[seat], "wins": wins, "win_rate": wins / n,
                        "shared_wins": shared, "mean_score": mean})
        return out

    def to_json(self) -> dict:
        n = len(self.records) or 1
        return {
            "game": self.game,
            "games": len(self.records),
            "seed": self.seed,
            "players": self.players,
            "params": {k: (list(v) if isinstance(v, tuple) else v if isinstance(v, (int, bool, str)) else str(v))
                       for k, v in self.params.items()},
            "agents": self.agents,
            "seats": self.seat_stats(),
            "draws": sum(1 for r in self.records if len(r.winners) != 1),
            "mean_moves": self.total_moves / n,
            "results": [{"seed": r.seed, "scores": [_plain(s) for s in r.scores], "moves": r.moves}
                        for r in self.records],
            "timing": {"seconds": self.seconds, "games_per_second": len(self.records) / max(self.seconds, 1e-9),
                       "moves_per_second": self.total_moves / max(self.seconds, 1e-9)},
        }


def _plain(x):
    return x if isinstance(x, (int, float)) else str(x)


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_one(game: Game, seed: int, agent_names: Sequence[str]) -> GameRecord:
    st = game.new_state(seed)
    agents = [AGENTS[name](f"{seed}:{seat}") for seat, name in enumerate(agent_names)]
    moves = 0
    while not st.over:
        st._apply_legal(agents[st.player].choose(st))
        moves += 1
    scores = st.scores()
    best = max(scores)
    return GameRecord(seed, scores, moves, [p for p, s in enumerate(scores) if s == best])


def simulate(game: Game, games: int, seed: int = 0, agents: Sequence[str] | None = None,
             progress: Callable[[int], None] | None = None) -> Summary:
    names = list(agents or ["random"] * game.player_count)
    records = []
    start = time.perf_counter()
    for i in range(games):
        records.append(play_one(game, game_seed(seed, i), names))
        if progress is not None:
            progress(i + 1)
    seconds = time.perf_counter() - start
    return Summary(game.title, games, seed, game.player_count, dict(game.params), names, records, seconds)
