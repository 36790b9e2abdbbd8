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
from ..engine.loader import find_rules, load_game
from ..engine.runtime import Game, State
from ..language.diagnostics import Diagnostic, RulesError, Span
from ..language.resources import bundled_games

FORMAT = "cardrules-log/1"


def game_name(name: str) -> str:
    """How a log names a game: a bundled game by its name, any other rules file by its full path."""
    path = find_rules(name).resolve()
    for bundled, where in bundled_games().items():
        if where.resolve() == path:
            return bundled
    return str(path)


def rules_hash(game: Game) -> str:
    return game.sources.digest()


def log_params(game: Game) -> dict[str, Any]:
    """The parameters in force, `players` included, as JSON values a log can be loaded with."""
    from ..engine.position import dump_param
    return {k: dump_param(v) for k, v in game.params.items()}


@attrs.define
class GameLog:
    game: str
    params: dict[str, Any]
    seed: int
    moves: list[str] = attrs.field(factory=list)
    rules_sha256: str | None = None
    seats: dict[str, str] = attrs.field(factory=dict)  # seat -> "human" or an agent spec, for --resume

    @classmethod
    def of(cls, game: Game, name: str, seed: int, moves: list[str], seats: dict[int, str] | None = None) -> "GameLog":
        return cls(game_name(name), log_params(game), seed, list(moves), rules_hash(game),
                   {str(k): v for k, v in (seats or {}).items()})

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "params": self.params, "seed": self.seed,
                "rules_sha256": self.rules_sha256, "seats": self.seats, "moves": self.moves}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def read(cls, path: str | Path) -> "GameLog":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesError([Diagnostic(f"cannot read log `{path}`: {getattr(exc, 'strerror', None) or exc}")]) \
                from None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise RulesError([Diagnostic(f"not a game log: the file is not JSON ({exc.msg})",
                                         Span(str(path), exc.lineno, exc.colno))]) from None
        start = Span(str(path), 1, 1)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            what = "a simulate output" if isinstance(data, dict) and "results" in data else \
                "a position" if isinstance(data, dict) and "zones" in data else "some other JSON"
            raise RulesError([Diagnostic(f"not a game log: this is {what}", start,
                                         f'a log, written by `cardrules play --save`, has "format": "{FORMAT}"')])
        try:
            return cls(str(data["game"]), dict(data.get("params") or {}), int(data["seed"]),
                       [str(m) for m in data["moves"]], data.get("rules_sha256"),
                       {str(k): str(v) for k, v in (data.get("seats") or {}).items()})
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise RulesError([Diagnostic(f"not a game log: {exc.__class__.__name__} {exc}", start,
                                         'a log has "game", "params", "seed" and "moves"')]) from None

    def load_game(self) -> Game:
        from ..engine.loader import parse_value
        params = {k: tuple(v) if isinstance(v, list) else parse_value(v) if isinstance(v, str) else v
                  for k, v in self.params.items()}
        return load_game(self.game, params)

    def changed_rules(self, game: Game) -> bool:
        return self.rules_sha256 is not None and self.rules_sha256 != rules_hash(game)


def replay(log: GameLog, game: Game | None = None) -> Iterator[tuple[int | None, str, State]]:
    """Yield (seat, move, state after it) for every move of the log; an illegal move is a
    RulesError saying where the log stops replaying."""
    game = game or log.load_game()
    state = game.new_state(log.seed)
    for number, text in enumerate(log.moves, 1):
        seat = state.current_player
        try:
            state.apply(text)
        except IllegalMove as exc:
            hint = "the rules changed since the log was written" if log.changed_rules(game) else \
                "the log was made with other rules or parameters"
            raise RulesError([Diagnostic(f"move {number} of the log, `{text}`, is not legal: {exc.reason}",
                                         hint=hint)]) from None
        yield seat, text, state
