"""Game logs: the game, its parameters, the seed and the moves. One seed is one game, so a
log replays exactly; `cardrules play --save` writes one and `cardrules replay` reads it.

A log names a bundled game by its name, so it replays from any folder, and records a hash
of the rules it was played with (the file and any game it extends): replaying it under other
rules is announced, and a move those rules refuse stops the replay where it happens.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import attrs

from ..engine.errors import IllegalMove
from ..engine.json_values import param_json
from ..engine.loader import find_rules, load_game
from ..engine.observation import move_text_for
from ..engine.primitives import Move
from ..engine.runtime import Game, State
from ..language.diagnostics import Diagnostic, RulesError, Span
from ..language.files import locate_rules, read_json
from ..language.limits import MAX_LOG_BYTES
from ..language.resources import bundled_name
from .output import write_text_atomically

FORMAT = "cardrules-log/1"


def game_name(name: str) -> str:
    """How a log names a game: a bundled game by its name, any other rules file by its full path."""
    path = find_rules(name).resolve()
    return bundled_name(path) or str(path)


def rules_hash(game: Game) -> str:
    return game.sources.digest()


def log_params(game: Game) -> dict[str, Any]:
    """The parameters in force, `players` included, as JSON values a log can be loaded with."""
    return {k: param_json(v) for k, v in game.params.items()}


@attrs.define
class GameLog:
    """`game` is a bundled game's name or a `.rules` path, relative to `folder` (the log's own
    folder) when the log was read from a file: a log names its game by the same rules as the
    command line, so a log cannot make anything but a rules file be read."""

    game: str
    params: dict[str, Any]
    seed: int
    moves: list[str] = attrs.field(factory=list)
    rules_sha256: str | None = None
    seats: dict[str, str] = attrs.field(factory=dict)  # seat -> "human" or an agent spec, for --resume
    folder: Path | None = None

    @classmethod
    def of(cls, game: Game, name: str, seed: int, moves: list[str], seats: dict[int, str] | None = None) -> GameLog:
        return cls(game_name(name), log_params(game), seed, list(moves), rules_hash(game),
                   {str(k): v for k, v in (seats or {}).items()})

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "params": self.params, "seed": self.seed,
                "rules_sha256": self.rules_sha256, "seats": self.seats, "moves": self.moves}

    def save(self, path: str | Path) -> None:
        write_text_atomically(path, json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def read(cls, path: str | Path) -> GameLog:
        data = read_json(path, "game log", MAX_LOG_BYTES)
        start = Span(str(path), 1, 1)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            what = "a simulate output" if isinstance(data, dict) and "results" in data else \
                "a position" if isinstance(data, dict) and "zones" in data else "some other JSON"
            raise RulesError([Diagnostic(f"not a game log: this is {what}", start,
                                         f'a log, written by `cardrules play --save`, has "format": "{FORMAT}"')])
        problem = _log_problem(data)
        if problem:
            raise RulesError([Diagnostic(f"not a game log: {problem}", start,
                                         'a log has "game", "params", "seed" and "moves"')])
        return cls(data["game"], dict(data.get("params") or {}), data["seed"], list(data.get("moves", [])),
                   data.get("rules_sha256") if isinstance(data.get("rules_sha256"), str) else None,
                   dict(data.get("seats") or {}),
                   Path(path).parent)

    def parameters(self) -> dict[str, Any]:
        """The log's parameters as `load_game` takes them."""
        from ..engine.loader import parse_value
        return {k: tuple(v) if isinstance(v, list) else parse_value(v) if isinstance(v, str) else v
                for k, v in self.params.items()}

    def load_game(self) -> Game:
        return load_game(self.game, self.parameters(), locate_rules(self.game, self.folder))

    def changed_rules(self, game: Game) -> bool:
        return self.rules_sha256 is not None and self.rules_sha256 != rules_hash(game)


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
    seats = data.get("seats") or {}
    if not isinstance(seats, dict) or not all(isinstance(k, str) and k.isdigit() and k.isascii() and len(k) < 6
                                              and isinstance(v, str) for k, v in seats.items()):
        return '"seats" is not an object from seat numbers to "human" or an agent name'
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
    for player, before, move, state in played(log, game, keep_before=seat is not None):
        yield player, (move.text if before is None else move_text_for(before, move, seat, state)), state


def played(log: GameLog, game: Game, keep_before: bool = False) -> Iterator[tuple[int | None, State | None, Move, State]]:
    """Yield (seat, state before the move, the move, state after it) for every move of the log,
    in the log's order; the state before is None unless `keep_before`. The state after is the
    replay's own, changed by the next move."""
    state = game.new_state(log.seed)
    for number, text in enumerate(log.moves, 1):
        player = state.current_player
        before = state.clone() if keep_before else None
        try:
            move = state.apply(text)
        except IllegalMove as exc:
            hint = "the rules changed since the log was written" if log.changed_rules(game) else \
                "the log was made with other rules or parameters"
            raise RulesError([Diagnostic(f"move {number} of the log, `{text}`, is not legal: {exc.reason}",
                                         hint=hint)]) from None
        yield player, before, move, state
