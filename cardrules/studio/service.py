"""What a worker process does for the studio: check a rules text, hold a table or a replay,
run a simulation, a comparison, a tournament or a validation. Every answer is plain JSON data;
every problem a user can cause is :class:`~cardrules.studio.worker.Refused` with diagnostics.

The server has already confined the paths it passes here to the studio's folder or the
bundled games (:mod:`.files`), and checked every agent spec as one read from a file (built-in
agents only, with bounded budgets), so nothing here imports code a request names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..engine.actions import ActionEncoding
from ..engine.compiler import compile_model
from ..engine.errors import IllegalMove
from ..engine.json_values import param_json
from ..engine.loader import load_game, read_rules
from ..language.checker import check
from ..language.diagnostics import RulesError, SourceMap
from ..language.limits import MAX_RULES_BYTES
from ..language.model import Model
from ..play.replay import GameLog
from ..play.simulate import compare, simulate
from ..play.tournament import tournament
from ..play.validate import validate
from .sessions import ReplaySession, TableSession
from .worker import Refused


def diagnostics_json(exc: RulesError) -> list[dict]:
    out = []
    for d in exc.diagnostics:
        span = d.span
        line_text = exc.sources.line(span) if exc.sources is not None and span is not None else None
        out.append({"message": d.message, "hint": d.hint, "severity": d.severity,
                    "file": span.file if span else None, "line": span.line if span else None,
                    "column": span.column if span else None,
                    "end_line": (span.end_line or span.line) if span else None,
                    "end_column": (span.end_column or span.column + 1) if span else None,
                    "source_line": line_text, "text": d.render(exc.sources)})
    return out


def describe(model: Model, encoding: ActionEncoding | None) -> dict:
    """What `cardrules info` says of a game, as data, with its action encoding."""
    low, high, default = model.player_range
    params = [{"name": p.name, "kind": p.kind, "choices": [param_json(c) for c in p.choices or ()],
               "low": param_json(p.low), "high": param_json(p.high), "default": param_json(p.default),
               "now": param_json(model.values[p.name])} for p in model.params.values()]
    phases = []
    for phase in model.phases.values():
        moves = [{"name": m.name, "parameters": [g.var for g in m.generators], "line": m.span.line}
                 for m in phase.moves]
        phases.append({"name": phase.name, "automatic": phase.do is not None, "moves": moves,
                       "line": phase.span.line})
    return {"title": model.title, "players": {"low": low, "high": high, "default": default,
                                              "now": model.player_count},
            "deck": model.deck.size, "params": params,
            "zones": [{"name": z.name, "owner": z.owner, "visibility": z.visibility, "face": z.face}
                      for z in model.zones.values()],
            "vars": [{"name": v.name, "owner": v.owner, "type": str(v.type)} for v in model.vars.values()],
            "phases": phases,
            "actions": None if encoding is None else {"count": len(encoding.labels), "labels": encoding.labels}}


class Service:
    def __init__(self, progress: Callable[[Any], None]):
        self.progress = progress
        self.session: TableSession | ReplaySession | None = None

    def run(self, operation: str, args: tuple) -> Any:
        try:
            return getattr(self, "op_" + operation)(*args)
        except RulesError as exc:
            raise Refused({"diagnostics": diagnostics_json(exc)}) from None
        except IllegalMove as exc:
            raise Refused({"message": f"illegal move `{exc.move}`: {exc.reason}"}) from None
        except ValueError as exc:  # a request that names what is not there (a seat, a move)
            raise Refused({"message": str(exc)}) from None

    # --- the editor
    def op_check(self, path: str, text: str | None, params: dict) -> dict:
        """The diagnostics of a rules text as if it were the file at `path` (the same checks as
        `cardrules check`: parse, variant, check, compile), and what the game is when it checks."""
        sources = SourceMap()
        try:
            model = check(read_rules(path, sources, path=Path(path), text=text), sources, params)
            game = compile_model(model)
        except RulesError as exc:
            return {"ok": False, "diagnostics": diagnostics_json(exc), "info": None}
        return {"ok": True, "diagnostics": [], "info": describe(model, ActionEncoding(game))}

    def op_format(self, path: str, text: str) -> dict:
        """`text` as `cardrules fmt` lays it out, or the diagnostic of where it does not parse
        (named as the file at `path`, as a check names it)."""
        if len(text.encode("utf-8")) > MAX_RULES_BYTES:
            raise ValueError(f"the text is larger than {MAX_RULES_BYTES:,} bytes, the most a rules file may be")
        # Imported only here, as the loader imports the parser: a table's worker needs neither.
        from ..editor.formatter import format_rules
        try:
            formatted = format_rules(text, path)
        except RulesError as exc:
            return {"ok": False, "text": None, "diagnostics": diagnostics_json(exc)}
        return {"ok": True, "text": formatted, "diagnostics": []}

    # --- a table
    def op_open_table(self, path: str, name: str, params: dict, seed: int, seats: list[str]) -> dict:
        game = load_game(path, params)
        if len(seats) != game.player_count:
            raise ValueError(f"{len(seats)} seats named for {game.player_count} players")
        if "human" not in seats:
            raise ValueError("no seat is played here: make one seat `human`")
        self.session = TableSession(game, name, seed, seats)
        return self.session.view()

    def op_view(self, seat: int | None) -> dict:
        return self.table().view(seat)

    def op_move(self, seat: int, index: int) -> dict:
        return self.table().move(seat, index)

    def op_undo(self) -> dict:
        return self.table().undo()

    def op_log(self) -> dict:
        return self.table().log().to_json()

    def op_is_over(self) -> bool:
        return self.table().state.is_over

    def table(self) -> TableSession:
        if not isinstance(self.session, TableSession):
            raise ValueError("no game is being played here")
        return self.session

    # --- a replay
    def op_open_replay(self, data: dict, folder: str, path: str) -> dict:
        log = GameLog(data["game"], data["params"], data["seed"], data["moves"], data.get("rules_sha256"),
                      data.get("seats") or {}, Path(folder))
        game = load_game(path, log.parameters())
        self.session = ReplaySession(log, game)
        out = self.session.view(0, None)
        out["changed_rules"] = log.changed_rules(game)
        return out

    def op_replay_view(self, at: int, seat: int | None) -> dict:
        if not isinstance(self.session, ReplaySession):
            raise ValueError("no log is being replayed here")
        return self.session.view(at, seat)

    # --- analyses
    def op_simulate(self, path: str, params: dict, games: int, seed: int, agents: list[str], metrics: bool) -> dict:
        summary = simulate(load_game(path, params), games, seed, agents, progress=self.progress, metrics=metrics)
        return {"json": summary.to_json(), "csv": summary.csv_rows(),
                "csv_header": ["scope", "id", "statistic", "value"]}

    def op_compare(self, base: str, base_params: dict, variant: str, variant_params: dict, games: int, seed: int,
                   agents: list[str], metrics: bool) -> dict:
        result = compare(load_game(base, base_params), load_game(variant, variant_params), games, seed, agents,
                         progress=self.progress, metrics=metrics)
        diffs = result.differences()
        return {"json": result.to_json(), "csv": [(name, *d.to_json().values()) for name, d in diffs],
                "csv_header": ["figure", "base", "variant", "difference", "low", "high", "p_value", "p_holm",
                               "significant"]}

    def op_tournament(self, path: str, params: dict, games: int, seed: int, agents: list[str]) -> dict:
        result = tournament(load_game(path, params), agents, games, seed, progress=self.progress)
        data = result.to_json()
        return {"json": data, "csv": result.csv_rows(), "csv_header": list(result.CSV_HEADER)}

    def op_validate(self, path: str, params: dict, games: int, seed: int, flow: bool) -> dict:
        game = load_game(path, params)
        report = validate(game, games, seed, progress=self.progress, check_flow=flow)
        findings = [{"kind": f.kind, "seed": f.seed, "message": f.message, "hint": f.hint,
                     "line": f.span.line if f.span else None, "moves": len(f.moves), "shrunk": list(f.shrunk),
                     "text": f.render(game.sources, "GAME"), "others": f.others} for f in report.findings]
        data = {"game": report.game, "players": report.players, "games": report.games, "seed": report.seed,
                "moves": report.moves, "seconds": report.seconds, "findings": findings,
                "log_params": {k: param_json(v) for k, v in game.params.items()}}
        return {"json": data, "csv": [(f["kind"], f["seed"], f["line"], f["message"]) for f in findings],
                "csv_header": ["kind", "seed", "line", "message"]}

