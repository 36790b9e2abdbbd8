"""Many games with agents, and what they say: per-seat and per-team win rates with intervals,
score distributions, draws, game length in moves and in hands, throughput; and the paired
comparison of two games (a base and a variant) played on the same seeds.

Game i of a run with seed s is played from ``game_seed(s, i)``; its agents are seeded from
(s, i, seat). Results are kept in game order, so a run's figures depend on its seed and game
count only: not on the number of workers (see :mod:`cardrules.play.parallel`), not on whether it
was interrupted and resumed.

Who wins: the seats with the top score; their team wins when they all belong to one team
(every seat is its own team unless the rules declare teams). Top scores held by two teams or
more make a draw.

Game length in hands is read from a ``var hands: number`` (see :mod:`cardrules.play.chunks`).
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs

from . import stats
from .output import write_text_atomically
from ..engine.json_values import json_number, param_json
from ..engine.runtime import Game
from ..language.diagnostics import Diagnostic, RulesError
from ..language.files import Stream, read_json
from ..language.limits import MAX_SAVED_RUN_BYTES
from ..language.resources import bundled_name
from .chunks import MAX_SCORE, Chunk, game_seed, play_games, winning_teams  # noqa: F401  (public here too)
from .hands import hands_slot
from .metrics import figures as design_metrics, per_game as per_game_metrics
from .parallel import play
from .specs import check_agent_spec

FORMAT = 1  # version of the JSON layout, checked on --resume


def agent_names(spec: str | Sequence[str] | None, players: int) -> list[str]:
    """``random`` for every seat, or one name per seat (``random,greedy``)."""
    names = [check_agent_spec(s.strip()) for s in (spec.split(",") if isinstance(spec, str) else spec or ["random"])]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise RulesError([Diagnostic(f"{len(names)} agents for {players} seats",
                                     None, "name one agent for every seat, or one for all")])
    return names


@attrs.define
class Results:
    """Every game's result, in game order, as columns."""

    moves: list[int] = attrs.field(factory=list)
    hands: list = attrs.field(factory=list)
    scores: list[list] = attrs.field(factory=list)  # per game, the seats' exact scores
    metrics: list[list] = attrs.field(factory=list)  # per game, when asked for (cardrules.play.metrics)

    def __len__(self) -> int:
        return len(self.moves)

    def extend(self, chunk: Chunk) -> None:
        if chunk.start != len(self):
            raise RuntimeError(f"results out of order: chunk {chunk.start} after {len(self)} games")
        self.moves.extend(chunk.moves)
        self.hands.extend(chunk.hands)
        self.scores.extend(chunk.scores)
        self.metrics.extend(chunk.metrics)

    def seat_scores(self, seat: int) -> list[float]:
        return [float(s[seat]) for s in self.scores]

    def to_json(self) -> dict:
        """Each game as [moves, hands, scores] or, when the game counts no hands, [moves, scores];
        with the design metrics' values last when they were recorded."""
        out: dict[str, list]
        if any(h is not None for h in self.hands):
            out = {"fields": ["moves", "hands", "scores"],
                   "games": [[m, None if h is None else json_number(h), [json_number(s) for s in sc]]
                             for m, h, sc in zip(self.moves, self.hands, self.scores)]}
        else:
            out = {"fields": ["moves", "scores"],
                   "games": [[m, [json_number(s) for s in sc]] for m, sc in zip(self.moves, self.scores)]}
        if self.metrics:
            out["fields"].append("metrics")
            for game, values in zip(out["games"], self.metrics):
                game.append(values)
        return out

    @classmethod
    def from_json(cls, data: dict) -> Results:
        out = cls()
        for row in data["games"]:
            out.add(data["fields"], row)
        return out

    def add(self, fields: list, row: list) -> None:
        """One more game, as :meth:`to_json` writes it under `fields`; ValueError, TypeError or
        KeyError for anything else."""
        if fields not in _FIELDS or not isinstance(row, list):
            raise ValueError("not a game's row")
        game = dict(zip(fields, row, strict=True))
        moves, scores, metrics = game["moves"], game["scores"], game.get("metrics", [])
        if not (_whole(moves) and moves >= 0) or not isinstance(scores, list) or not isinstance(metrics, list):
            raise ValueError("not a game's row")
        if "metrics" in game and not (len(metrics) == 4 and (metrics[0] is None or _whole(metrics[0]))
                                      and _whole(metrics[1]) and metrics[1] >= 0
                                      and _measure(metrics[2], 1) and _measure(metrics[3], 2)):
            raise ValueError("not a game's metrics")
        hands = _exact(game.get("hands"))
        if "hands" in game and hands is None:
            raise ValueError("not a count of hands")
        exact = [_exact(x) for x in scores]
        self.moves.append(moves)
        self.hands.append(hands)
        self.scores.append(exact)
        if "metrics" in game:
            self.metrics.append(metrics)


_FIELDS = [[*f, *m] for f in (["moves", "scores"], ["moves", "hands", "scores"]) for m in ([], ["metrics"])]


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _measure(x, most: float) -> bool:
    """Decisiveness (a share of the moves, at most 1) and drama (a deficit over the largest score, at
    most 2): none, or a number from 0 to `most`."""
    return x is None or (isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= most)


def _exact(x):
    """A number as written by :func:`json_number`; ValueError for anything else, or too large to summarise."""
    if x.__class__ is int and -MAX_SCORE <= x <= MAX_SCORE:  # most scores, at once
        return x
    if isinstance(x, str) and re.fullmatch(r"-?[0-9]{1,20}/0*[1-9][0-9]{0,19}", x):
        x = Fraction(x)
    if x is None or (isinstance(x, (int, Fraction)) and not isinstance(x, bool) and -MAX_SCORE <= x <= MAX_SCORE):
        return x
    raise ValueError(f"not a score: {str(x)[:40]}")


@attrs.define
class Summary:
    game: str  # the title
    rules: str  # the rules file
    params: dict
    players: int
    team_of: tuple[int, ...]
    agents: list[str]
    seed: int
    requested: int
    results: Results
    seconds: float = 0.0
    workers: int | str = 1
    counts_hands: bool = False
    metrics: bool = False  # with the design metrics (cardrules.play.metrics)
    # The figures of a million games take seconds: the table, JSON and CSV share them.
    _figures: tuple = attrs.field(default=(-1, None), init=False, repr=False, eq=False)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def complete(self) -> bool:
        return self.games >= self.requested

    @property
    def has_teams(self) -> bool:
        return len(set(self.team_of)) < self.players

    @property
    def total_moves(self) -> int:
        return sum(self.results.moves)

    def figures(self) -> dict:
        """Every statistic of the run (the table, the JSON and the CSV show these)."""
        n = self.games
        if self._figures[0] != n:
            self._figures = (n, self._compute_figures(n))
        return self._figures[1]

    def _compute_figures(self, n: int) -> dict:
        winners = winning_teams(self.results.scores, self.team_of)
        seats = []
        for seat in range(self.players):
            wins = sum(1 for w in winners if w == self.team_of[seat])
            low, high = stats.wilson(wins, n)
            seats.append({"seat": seat, "agent": self.agents[seat], "team": self.team_of[seat],
                          "wins": wins, "win_rate": wins / n if n else 0.0, "win_low": low, "win_high": high,
                          "score": stats.describe(self.results.seat_scores(seat))})
        out: dict[str, Any] = {"seats": seats}
        if self.has_teams:
            teams = []
            for team in sorted(set(self.team_of)):
                wins = sum(1 for w in winners if w == team)
                low, high = stats.wilson(wins, n)
                teams.append({"team": team, "seats": [p for p, t in enumerate(self.team_of) if t == team],
                              "wins": wins, "win_rate": wins / n if n else 0.0, "win_low": low, "win_high": high})
            out["teams"] = teams
        draws = sum(1 for w in winners if w is None)
        low, high = stats.wilson(draws, n)
        out["draws"] = {"count": draws, "rate": draws / n if n else 0.0, "low": low, "high": high}
        out["length"] = {"moves": stats.describe(self.results.moves)}
        if self.counts_hands:
            out["length"]["hands"] = stats.describe([float(h) for h in self.results.hands])
        if self.metrics:
            out["metrics"] = design_metrics(self.results.metrics[:n], winners, self.agents, self.team_of)
        return out

    def timing(self) -> dict:
        s = max(self.seconds, 1e-9)
        return {"seconds": self.seconds, "games_per_second": self.games / s,
                "moves_per_second": self.total_moves / s, "workers": self.workers}

    def to_json(self) -> dict:
        """Everything but the `timing` section is the same for any number of workers."""
        return {"format": FORMAT, "game": self.game, "rules": self.rules, "params": _params_json(self.params),
                "players": self.players, "agents": self.agents, "seed": self.seed,
                "requested": self.requested, "games": self.games, "complete": self.complete,
                "confidence": stats.CONFIDENCE, "game_seeds": "seed * 2**32 + index",
                **self.figures(), "results": self.results.to_json(), "timing": self.timing()}

    @classmethod
    def from_json(cls, data: dict, results: Results | None = None) -> Summary:
        """A previous run, written by :meth:`to_json`, to resume; `results`, its games when they
        were read apart (see :meth:`read`)."""
        problem = _run_problem(data)
        if problem:
            raise _not_a_saved_run(problem)
        try:
            results = results if results is not None else Results.from_json(data["results"])
        except (KeyError, TypeError, ValueError):
            raise _not_a_saved_run("its results are not games' rows") from None
        players = data["players"]
        if any(len(s) != players for s in results.scores):
            raise _not_a_saved_run(f"a game of its results does not score {players} seats")
        if len(results.metrics) not in (0, len(results)):
            raise _not_a_saved_run("some of its games have the metrics, others not")
        return cls(data["game"], data["rules"], data["params"], players, (), data["agents"], data["seed"],
                   data["requested"], results, data["timing"]["seconds"], data["timing"]["workers"],
                   counts_hands="hands" in data["results"]["fields"], metrics=bool(results.metrics))

    @classmethod
    def read(cls, path: str | Path) -> Summary:
        """The run saved in `path` by ``simulate --json``, to resume. Its games are read one at a
        time into the results, so that the file is never one tree of JSON beside them."""
        results = Results()

        def take(row, parent: dict) -> None:
            try:
                results.add(parent.get("fields"), row)
            except (KeyError, TypeError, ValueError):
                raise _not_a_saved_run(f"game {len(results)} of the results is not a game's row") from None
        data = read_json(path, "saved run", MAX_SAVED_RUN_BYTES, Stream(("results", "games"), take))
        if not isinstance(data, dict):
            raise RulesError([Diagnostic(f"{path}: the saved run is not a JSON object")])
        return cls.from_json(data, results)

    def csv_rows(self) -> list[tuple]:
        """The figures as (scope, id, statistic, value) rows."""
        f = self.figures()
        rows = [("run", "", k, v) for k, v in (("games", self.games), ("requested", self.requested),
                                               ("seed", self.seed), ("confidence", stats.CONFIDENCE))]
        for s in f["seats"]:
            rows += [("seat", s["seat"], k, s[k]) for k in ("agent", "team", "wins", "win_rate", "win_low", "win_high")]
            rows += [("seat", s["seat"], f"score_{k}", v) for k, v in s["score"].items() if k != "n"]
        for t in f.get("teams", []):
            rows += [("team", t["team"], k, t[k]) for k in ("wins", "win_rate", "win_low", "win_high")]
        rows += [("draws", "", k, v) for k, v in f["draws"].items()]
        for what, d in f["length"].items():
            rows += [("length", what, k, v) for k, v in d.items() if k != "n"]
        for what, d in f.get("metrics", {}).items():
            rows += [("metric", what, k, v) for k, v in d.items() if k != "n"]
        rows += [("timing", "", k, v) for k, v in self.timing().items()]
        return rows


def _run_problem(data) -> str | None:
    """What makes `data` no saved run of :meth:`Summary.to_json` (its games aside), or None."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return f'it has no "format": {FORMAT}'
    if not all(isinstance(data.get(k), str) for k in ("game", "rules")):
        return '"game" and "rules" are not names'
    if not (_whole(data.get("players")) and 1 <= data["players"] <= 100):
        return '"players" is not a number of seats'
    if not all(_whole(data.get(k)) and data[k] >= 0 for k in ("seed", "requested")):
        return '"seed" and "requested" are not whole numbers'
    params = data.get("params")
    if not isinstance(params, dict) or not all(isinstance(v, (int, str)) or isinstance(v, list) and all(
            isinstance(x, (int, str)) for x in v) for v in params.values()):
        return '"params" is not an object of parameter values'
    agents = data.get("agents")
    if not isinstance(agents, list) or len(agents) != data["players"] or not all(isinstance(a, str) for a in agents):
        return '"agents" is not a list of one agent name per seat'
    timing = data.get("timing")
    seconds = timing.get("seconds") if isinstance(timing, dict) else None
    if not (isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e12) \
            or not isinstance(timing.get("workers"), (int, str)):
        return '"timing" is not the seconds and workers of a run'
    results = data.get("results")
    if not isinstance(results, dict) or results.get("fields") not in _FIELDS or not isinstance(results.get("games"), list):
        return '"results" is not the fields and the games of a run'
    return None


def _not_a_saved_run(why: str | None = None) -> RulesError:
    return RulesError([Diagnostic("not a results file written by `cardrules simulate --json`"
                                  + (f": {why}" if why else ""))])


def _params_json(params: dict) -> dict:
    return {k: param_json(v) for k, v in params.items()}


def simulate(game: Game, games: int, seed: int = 0, agents: Sequence[str] | str | None = None, *,
             workers: int = 1, scheduler=None, progress: Callable[[int], None] | None = None,
             resume: Summary | None = None, metrics: bool = False) -> Summary:
    """Play `games` games of `game` (or continue `resume` up to that count).

    `progress(done)` is called as games finish, with the number finished so far. A
    KeyboardInterrupt, from Ctrl-C or from `progress`, stops the run: the games finished
    until then are returned (``summary.complete`` is False) and ``simulate(..., resume=it)``
    continues it to the same figures an uninterrupted run gives.
    """
    names = agent_names(agents, game.player_count)
    summary = Summary(game.title, bundled_name(game.path) or str(game.path), dict(game.params), game.player_count, game.team_of, names,
                      seed, games, Results(), workers=workers if scheduler is None else "dask",
                      counts_hands=hands_slot(game) is not None, metrics=metrics)
    if resume is not None:
        _check_resumable(summary, resume)
        summary.results = Results(resume.results.moves[:], resume.results.hands[:], resume.results.scores[:],
                                  resume.results.metrics[:])
        summary.seconds = resume.seconds
    start = time.perf_counter()
    chunks = play(game, seed, names, summary.games, games, workers, scheduler, metrics)
    try:
        for chunk in chunks:
            summary.results.extend(chunk)
            if progress is not None:
                progress(summary.games)
    except KeyboardInterrupt:
        pass
    finally:
        chunks.close()
        summary.seconds += time.perf_counter() - start
    return summary


def _check_resumable(new: Summary, old: Summary) -> None:
    for what, a, b in (("game", old.game, new.game), ("players", old.players, new.players),
                       ("seed", old.seed, new.seed), ("agents", old.agents, new.agents),
                       ("design metrics", old.metrics, new.metrics),
                       ("hands counted", old.counts_hands and bool(old.games), new.counts_hands and bool(old.games)),
                       ("parameters", _params_json(old.params), _params_json(new.params))):
        if a != b:
            raise RulesError([Diagnostic(f"the run to resume has {what} {a}, this one {b}", None,
                                         "resume with the same game, options and seed")])
    if old.games > new.requested:
        raise RulesError([Diagnostic(f"the run to resume already has {old.games} games, more than {new.requested}")])


# --- comparing a base and a variant ----------------------------------------------------------

@attrs.define
class Comparison:
    """Two runs on the same seeds, and the paired differences of their figures (variant - base)."""

    base: Summary
    variant: Summary

    @property
    def games(self) -> int:
        return min(self.base.games, self.variant.games)

    def differences(self) -> list[tuple[str, stats.Difference]]:
        """Every figure's paired difference, judged significant or not together with the others
        (Holm's adjustment: see :mod:`cardrules.play.stats`)."""
        n = self.games
        b, v = self.base, self.variant
        bw = winning_teams(b.results.scores[:n], b.team_of)
        vw = winning_teams(v.results.scores[:n], v.team_of)
        out = []
        for seat in range(b.players):
            team = b.team_of[seat]
            out.append((f"seat {seat} win rate", stats.paired_difference(
                [float(w == team) for w in bw], [float(w == v.team_of[seat]) for w in vw])))
        for seat in range(b.players):
            bs, vs = b.results.seat_scores(seat)[:n], v.results.seat_scores(seat)[:n]
            out.append((f"seat {seat} mean score", stats.paired_difference(bs, vs)))
            out.append((f"seat {seat} score sd", stats.paired_stdev_difference(bs, vs)))
        out.append(("draw rate", stats.paired_difference([float(w is None) for w in bw],
                                                         [float(w is None) for w in vw])))
        out.append(("length in moves", stats.paired_difference(b.results.moves[:n], v.results.moves[:n])))
        if b.counts_hands and v.counts_hands:
            out.append(("length in hands", stats.paired_difference([float(h) for h in b.results.hands[:n]],
                                                                   [float(h) for h in v.results.hands[:n]])))
        if b.metrics and v.metrics:
            bm = per_game_metrics(b.results.metrics[:n], bw, b.agents, b.team_of)
            vm = per_game_metrics(v.results.metrics[:n], vw, v.agents, v.team_of)
            for name in bm:
                if name in vm:
                    # Decisiveness and drama have no value in a drawn game: pair the games
                    # that have one in both runs.
                    pairs = [(x, y) for x, y in zip(bm[name], vm[name]) if x is not None and y is not None]
                    if len(pairs) >= 2:
                        out.append((name, stats.paired_difference([x for x, _ in pairs], [y for _, y in pairs])))
        return list(zip([name for name, _ in out], stats.judged_together([d for _, d in out])))

    def to_json(self) -> dict:
        def side(s: Summary) -> dict:
            return {"game": s.game, "rules": s.rules, "params": _params_json(s.params)}

        return {"base": side(self.base), "variant": side(self.variant), "players": self.base.players,
                "agents": self.base.agents, "seed": self.base.seed, "games": self.games,
                "confidence": stats.CONFIDENCE, "adjustment": "holm",
                "differences": [{"figure": name, **d.to_json()} for name, d in self.differences()],
                "timing": {"seconds": self.base.seconds + self.variant.seconds}}


def check_comparable(base: Game, variant: Game) -> None:
    if base.player_count != variant.player_count:
        raise RulesError([Diagnostic(f"the base has {base.player_count} players and the variant "
                                     f"{variant.player_count}", None, "compare them with --players N")])


def compare(base: Game, variant: Game, games: int, seed: int = 0, agents: Sequence[str] | str | None = None, *,
            workers: int = 1, scheduler=None, progress: Callable[[int], None] | None = None,
            metrics: bool = False) -> Comparison:
    """Play both games on the same seeds with the same agents; `progress(done)` counts the games
    of both runs together (2 * games in all). With `metrics`, the design metrics are paired too."""
    check_comparable(base, variant)
    first = simulate(base, games, seed, agents, workers=workers, scheduler=scheduler, progress=progress,
                     metrics=metrics)
    second = simulate(variant, games if first.complete else first.games, seed, agents, workers=workers,
                      scheduler=scheduler, metrics=metrics,
                      progress=None if progress is None else lambda done: progress(first.games + done))
    return Comparison(first, second)


# --- output files ------------------------------------------------------------------------------

def dumps(data: dict) -> str:
    """JSON as ``json.dumps(data, indent=1)`` would write it, except that each game of the
    results takes one line: a million games stay a file that a person can open."""
    parts = []
    for key, value in data.items():
        if key == "results":
            games = ",\n   ".join(json.dumps(g, separators=(",", ":")) for g in value["games"])
            text = f'{{\n  "fields": {json.dumps(value["fields"])},\n  "games": [\n   {games}\n  ]\n }}'
        else:
            text = json.dumps(value, indent=1).replace("\n", "\n ")
        parts.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write_json(data: dict, path: str | Path) -> None:
    write_text_atomically(path, dumps(data))


def csv_text(rows: list[tuple], header: Sequence[str]) -> str:
    text = io.StringIO()
    out = csv.writer(text)
    out.writerow(header)
    out.writerows(("" if v is None else v for v in row) for row in rows)
    return text.getvalue()


def write_csv(rows: list[tuple], path: str | Path, header: Sequence[str]) -> None:
    write_text_atomically(path, csv_text(rows, header))
