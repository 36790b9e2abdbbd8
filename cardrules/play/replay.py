"""Game logs: the game, its parameters, the seed and the moves. One seed is one game, so a
log replays exactly; `cardrules play --save` writes one and `cardrules replay` reads it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import attrs

from ..language.diagnostics import Diagnostic, RulesError
from ..language.files import locate_rules, read_json
from ..engine.loader import load_game
from ..engine.errors import IllegalMove
from ..engine.observation import move_text_for
from ..engine.runtime import Game, State
from .output import write_text_atomically

FORMAT = "cardrules-log/1"


@attrs.define
class GameLog:
    """`game` is a bundled game's name or a `.rules` path, relative to `folder` (the log's own
    folder) when the log was read from a file: a log names its game by the same rules as the
    command line, so a log cannot make anything but a rules file be read."""

    game: str
    params: dict[str, Any]
    seed: int
    moves: list[str] = attrs.field(factory=list)
    folder: Path | None = None

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "params": self.params, "seed": self.seed,
                "moves": self.moves}

    def save(self, path: str | Path) -> None:
        write_text_atomically(path, json.dumps(self.to_json(), indent=1) + "\n")

    def load_game(self) -> Game:
        return load_game(self.game, self.params, locate_rules(self.game, self.folder))

    @classmethod
    def read(cls, path: str | Path) -> "GameLog":
        data = read_json(path, "game log")
        problem = _log_problem(data)
        if problem:
            raise RulesError([Diagnostic(f"{path}: not a game log: {problem}",
                                         hint='a log has "game", "params", "seed" and "moves"')])
        return cls(data["game"], dict(data.get("params") or {}), data["seed"], list(data.get("moves", [])),
                   Path(path).parent)


def _log_problem(data: Any) -> str | None:
    if not isinstance(data, dict):
        return "it is not a JSON object"
    if not isinstance(data.get("game"), str):
        return '"game" is not a name'
    if not isinstance(data.get("seed"), int) or isinstance(data.get("seed"), bool):
        return '"seed" is not a whole number'
    params = data.get("params") or {}
    if not isinstance(params, dict) or not all(isinstance(v, (int, str, bool, list)) for v in params.values()):
        return '"params" is not an object of parameter values'
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return '"moves" is not a list of move texts'
    return None


def replay(log: GameLog, game: Game | None = None, seat: int | None = None) -> Iterator[tuple[int | None, str, State]]:
    """Yield (seat, move, state after it) for every move of the log; an illegal move is a
    RulesError saying where the log stops replaying. With `seat`, each move reads as that seat
    saw it (see :func:`~cardrules.engine.observation.move_text_for`)."""
    game = game or log.load_game()
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < game.player_count):
        raise RulesError([Diagnostic(f"seat must be 0..{game.player_count - 1}, not {seat}")])
    state = game.new_state(log.seed)
    for number, text in enumerate(log.moves, 1):
        player = state.current_player
        before = state.clone() if seat is not None else None
        try:
            move = state.apply(text)
        except IllegalMove as exc:
            raise RulesError([Diagnostic(f"move {number} of the log, `{text}`, is not legal: {exc.reason}",
                                         hint="the log was made with other rules or parameters")]) from None
        yield player, (move.text if before is None else move_text_for(before, move, seat, state)), state
