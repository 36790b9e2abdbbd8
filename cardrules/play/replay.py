"""Game logs: the game, its parameters, the seed and the moves. One seed is one game, so a
log replays exactly; `cardrules play --save` writes one and `cardrules replay` reads it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import attrs

from ..language.diagnostics import Diagnostic, RulesError
from ..engine.loader import load_game
from ..engine.errors import IllegalMove
from ..engine.runtime import Game, State

FORMAT = "cardrules-log/1"


@attrs.define
class GameLog:
    game: str
    params: dict[str, Any]
    seed: int
    moves: list[str] = attrs.field(factory=list)

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "params": self.params, "seed": self.seed,
                "moves": self.moves}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def read(cls, path: str | Path) -> "GameLog":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            return cls(str(data["game"]), dict(data.get("params") or {}), int(data["seed"]),
                       [str(m) for m in data.get("moves", [])])
        except OSError as exc:
            raise RulesError([Diagnostic(f"cannot read log `{path}`: {exc.strerror}")]) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise RulesError([Diagnostic(f"{path}: not a game log ({exc})",
                                         hint='a log has "game", "seed" and "moves"')]) from None


def replay(log: GameLog, game: Game | None = None) -> Iterator[tuple[int | None, str, State]]:
    """Yield (seat, move, state after it) for every move of the log; an illegal move is a
    RulesError saying where the log stops replaying."""
    game = game or load_game(log.game, log.params)
    state = game.new_state(log.seed)
    for number, text in enumerate(log.moves, 1):
        seat = state.current_player
        try:
            state.apply(text)
        except IllegalMove as exc:
            raise RulesError([Diagnostic(f"move {number} of the log, `{text}`, is not legal: {exc.reason}",
                                         hint="the log was made with other rules or parameters")]) from None
        yield seat, text, state
