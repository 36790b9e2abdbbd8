"""The command line: check, simulate, play, moves, apply, explain, validate.

Every error a user can cause ends as diagnostics on stderr and exit status 1.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path

import click
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import ProgressColumn
from rich.table import Table
from rich.text import Text

from .language.diagnostics import Diagnostic, RulesError
from .language.files import read_json
from .engine.loader import load_game, load_model, parse_param
from .engine.errors import IllegalMove

# No emoji codes: `:x:` in a rules file or a diagnostic is text, and the caret stays under its column.
console = Console(emoji=False)
errors = Console(stderr=True, soft_wrap=True, emoji=False)  # never wrap a diagnostic: the caret must stay under its column


def _params(players: int | None, params: tuple[str, ...]) -> dict:
    values = dict(parse_param(p) for p in params)
    if players is not None:
        values["players"] = players
    return values


def _fail(exc: RulesError) -> None:
    errors.print(exc.render(), markup=False, highlight=False)
    sys.exit(1)


game_options = [
    click.option("--players", "-p", type=int, default=None, help="Number of players (default: the game's)."),
    click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help="Set a parameter; repeatable."),
]


def with_game_options(f):
    for option in reversed(game_options):
        f = option(f)
    return f


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """cardrules: card games as rules files, checked, compiled and played."""


@cli.command()
@click.argument("files", nargs=-1, required=True)
@with_game_options
def check(files, players, params) -> None:
    """Check rules files and report every problem found."""
    bad = 0
    for name in files:
        try:
            model = load_model(name, _params(players, params))
        except RulesError as exc:
            errors.print(exc.render(), markup=False, highlight=False)
            bad += 1
            continue
        console.print(f"ok: {name}: {model.title}, {model.player_count} players, {model.deck.size} cards, "
                      f"{len(model.phases)} phases", markup=False, highlight=False, soft_wrap=True)
    if bad:
        sys.exit(1)


def _workers_option(f):
    f = click.option("--scheduler", metavar="ADDRESS",
                     help="Run on a Dask distributed cluster (tcp://host:8786) instead of local processes.")(f)
    return click.option("--workers", type=click.IntRange(1), default=None,
                        help="Local worker processes [default: all cores]. Results do not depend on it.")(f)


class _GamesPerSecond(ProgressColumn):
    def render(self, task) -> Text:
        return Text(f"{task.speed:,.0f} games/s" if task.speed else "", style="progress.data.speed")


def _progress_bar():
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    # No refresh thread: worker processes are forked while the bar is shown; it is redrawn
    # each time a chunk of games finishes.
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                    _GamesPerSecond(), TextColumn("left"), TimeRemainingColumn(), console=errors,
                    auto_refresh=False)


def _write(path, writer) -> None:
    try:
        writer(path)
    except OSError as exc:
        raise RulesError([Diagnostic(f"cannot write `{path}`: {exc.strerror or exc}")]) from None
    console.print(f"wrote {path}", markup=False, highlight=False, soft_wrap=True)


def _read_json(path) -> dict:
    data = read_json(path, "saved run")
    if not isinstance(data, dict):
        raise RulesError([Diagnostic(f"{path}: the saved run is not a JSON object")])
    return data


def _g(x, sign: bool = False) -> str:
    """Four significant digits, but whole numbers from a thousand to a billion (no exponent)."""
    if x is None:
        return ""
    plus = "+" if sign else ""
    if isinstance(x, float) and not 1000 <= abs(x) < 1e9:
        return f"{x:{plus}.4g}"
    return f"{x:{plus}.0f}"


def _interval(low, high, sign: bool = False) -> str:
    return "" if low is None else f"{_g(low, sign)}..{_g(high, sign)}"


def _rate_interval(low, high) -> str:
    return f"{low:.3f}..{high:.3f}"


def _table(title: str) -> Table:
    return Table(title=escape(title), box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)


def _print_summary(summary) -> None:
    f = summary.figures()
    title = f"{summary.game}: {summary.games} games, seed {summary.seed}"
    if not summary.complete:
        title += f" (interrupted: {summary.games} of {summary.requested})"
    if not summary.games:
        console.print(title + ": no game finished", markup=False, highlight=False)
        return
    # Two narrow tables rather than one wide one, to fit 80 columns; min, max and quartiles are
    # in the files.
    wins = _table(title)
    for col in ["seat", "agent"] + (["team"] if summary.has_teams else []) + ["wins", "win rate", "95% interval"]:
        wins.add_column(col, justify="right")
    for s in f["seats"]:
        wins.add_row(str(s["seat"]), s["agent"], *([str(s["team"])] if summary.has_teams else []), str(s["wins"]),
                     f"{s['win_rate']:.3f}", _rate_interval(s["win_low"], s["win_high"]))
    for t in f.get("teams", []):
        wins.add_row(f"team {t['team']}", "+".join(map(str, t["seats"])), "", str(t["wins"]), f"{t['win_rate']:.3f}",
                     _rate_interval(t["win_low"], t["win_high"]))
    d = f["draws"]
    wins.add_row("draws", "", *([""] if summary.has_teams else []), str(d["count"]), f"{d['rate']:.3f}",
                 _rate_interval(d["low"], d["high"]))
    spread = _table("score by seat, and game length")
    for col in ("", "mean", "95% interval", "sd", "5%", "median", "95%"):
        spread.add_column(col, justify="right")
    rows = [(f"seat {s['seat']}", s["score"]) for s in f["seats"]] + list(f["length"].items())
    for name, x in rows:
        spread.add_row(name, _g(x["mean"]), _interval(x["mean_low"], x["mean_high"]),
                       *(_g(x[k]) for k in ("stdev", "q05", "median", "q95")))
    console.print(wins)
    console.print(spread)
    t = summary.timing()
    console.print(f"throughput: {t['games_per_second']:,.1f} games/s, {t['moves_per_second']:,.0f} moves/s "
                  f"({t['seconds']:.2f} s, workers: {t['workers']})")


@cli.command()
@click.argument("game")
@click.option("-n", "--games", type=click.IntRange(1), default=None,
              help="Number of games [default: 1000, or the resumed run's].")
@click.option("--seed", default=0, show_default=True, help="Seed of the run; game i has seed SEED * 2**32 + i.")
@click.option("--agents", default="random", show_default=True, metavar="NAME[,NAME...]",
              help="One agent for every seat, or one per seat: random, greedy.")
@_workers_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the figures and every game as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write the figures as CSV.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Histograms of scores and game length (.png or .svg; needs matplotlib).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False),
              help="Continue the run saved in this JSON file (an interrupted --json) up to -n games.")
@with_game_options
def simulate(game, games, seed, agents, workers, scheduler, json_path, csv_path, plot_path, resume_path,
             players, params) -> None:
    """Play GAME many times and report win rates, scores and game length with 95% intervals.

    Ctrl-C stops the run and keeps the games finished: they are reported and written to the
    output files, and --resume continues them to the same figures as a run never stopped.
    """
    from .play.parallel import default_workers
    from .play.simulate import Summary, agent_names, check_plot, simulate as run, write_csv, write_json, write_plot
    try:
        compiled = load_game(game, _params(players, params))
        agents = agent_names(agents, compiled.player_count)
        if plot_path:
            check_plot(plot_path)
        previous = Summary.from_json(_read_json(resume_path)) if resume_path else None
        total = games or (previous.requested if previous else 1000)
        with _progress_bar() as bar:
            task = bar.add_task(compiled.title, total=total, completed=previous.games if previous else 0)
            bar.refresh()
            summary = run(compiled, total, seed, agents, workers=workers or default_workers(), scheduler=scheduler,
                          progress=lambda done: bar.update(task, completed=done, refresh=True), resume=previous)
        _print_summary(summary)
        if json_path:
            _write(json_path, lambda p: write_json(summary.to_json(), p))
        if csv_path:
            _write(csv_path, lambda p: write_csv(summary.csv_rows(), p, ("scope", "id", "statistic", "value")))
        if plot_path:
            _write(plot_path, lambda p: write_plot(summary, p))
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:  # while loading the rules or writing the files; the run keeps its own
        errors.print("interrupted")
        sys.exit(130)
    if not summary.complete:
        hint = f" --resume {json_path}" if json_path else " --json FILE next time to be able to resume"
        errors.print(f"interrupted after {summary.games} of {summary.requested} games; continue with{hint}",
                     markup=False, highlight=False)
        sys.exit(130)


@cli.command()
@click.argument("base")
@click.argument("variant")
@click.option("-n", "--games", type=click.IntRange(1), default=1000, show_default=True,
              help="Games of each, on the same seeds.")
@click.option("--seed", default=0, show_default=True, help="Seed of the run (the same for both).")
@click.option("--agents", default="random", show_default=True, metavar="NAME[,NAME...]",
              help="One agent for every seat, or one per seat: random, greedy.")
@_workers_option
@click.option("--base-param", "base_params", multiple=True, metavar="NAME=VALUE", help="A parameter of BASE only.")
@click.option("--variant-param", "variant_params", multiple=True, metavar="NAME=VALUE",
              help="A parameter of VARIANT only.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the differences as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write the differences as CSV.")
@with_game_options
def compare(base, variant, games, seed, agents, workers, scheduler, base_params, variant_params, json_path,
            csv_path, players, params) -> None:
    """Play BASE and VARIANT on the same seeds and report the paired differences.

    BASE and VARIANT are rules files or bundled games (possibly the same one with other
    --base-param/--variant-param values; --param sets both). Every difference is VARIANT - BASE
    with its 95% interval; it is significant when the interval excludes zero.
    """
    from .play.parallel import default_workers
    from .play.simulate import agent_names, check_comparable, compare as run, write_csv, write_json
    try:
        first = load_game(base, _params(players, params + base_params))
        second = load_game(variant, _params(players, params + variant_params))
        check_comparable(first, second)
        agents = agent_names(agents, first.player_count)
        with _progress_bar() as bar:
            task = bar.add_task("comparing", total=2 * games)
            bar.refresh()
            result = run(first, second, games, seed, agents, workers=workers or default_workers(),
                         scheduler=scheduler, progress=lambda done: bar.update(task, completed=done, refresh=True))
        diffs = result.differences()
        table = _table(f"{variant} - {base}: {result.games} paired games, seed {seed}")
        for col in ("", "base", "variant", "diff", "95% interval", "p", "sig."):
            table.add_column(col, justify="left" if not col else "right", no_wrap=True)
        for name, d in diffs:
            table.add_row(name, _g(d.base), _g(d.variant), _g(d.difference, True), _interval(d.low, d.high, True),
                          "<0.001" if d.p_value < 0.001 else f"{d.p_value:.2g}", "yes" if d.significant else "no")
        console.print(table)
        if json_path:
            _write(json_path, lambda p: write_json(result.to_json(), p))
        if csv_path:
            header = ("figure", "base", "variant", "difference", "low", "high", "p_value", "significant")
            _write(csv_path, lambda p: write_csv([(name, *d.to_json().values()) for name, d in diffs], p, header))
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:  # while loading the rules or writing the files; the run keeps its own
        errors.print("interrupted")
        sys.exit(130)
    if result.games < games:
        errors.print(f"interrupted: {result.games} of {games} paired games compared", markup=False, highlight=False)
        sys.exit(130)


@cli.command()
@click.argument("game")
@click.option("--seat", default=0, show_default=True, help="The seat you play.")
@click.option("--seed", default=None, type=int, help="Seed of the game (default: random).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), help="Write the game's log here.")
@with_game_options
def play(game, seat, seed, save_path, players, params) -> None:
    """Play GAME in the terminal against random bots."""
    import random

    from .play.agents import RandomAgent
    from .play.terminal import play_in_terminal
    try:
        compiled = load_game(game, _params(players, params))
        if not 0 <= seat < compiled.player_count:
            raise click.BadParameter(f"seat must be 0..{compiled.player_count - 1}")
        seed = random.randrange(1 << 30) if seed is None else seed
        state = compiled.new_state(seed)
        bots = {p: RandomAgent(f"{seed}:{p}") for p in range(compiled.player_count) if p != seat}
        console.print(f"{compiled.title}, seed {seed}; you are seat {seat}", markup=False, highlight=False)
        played = play_in_terminal(state, seat, bots, console)
        if save_path:
            from .play.replay import GameLog
            GameLog(_log_name(game, save_path), _params(players, params), seed, played).save(save_path)
            console.print(f"log written to {save_path}; replay it with `cardrules replay {save_path}`", markup=False,
                          highlight=False)
    except RulesError as exc:
        _fail(exc)


def _log_name(game: str, log_path: str) -> str:
    """How a log names its game: a rules file by its path from the log's folder (see GameLog)."""
    if not game.endswith(".rules"):
        return game
    return os.path.relpath(Path(game).resolve(), Path(log_path).resolve().parent)


@cli.command()
@click.argument("log_path", metavar="LOG")
@click.option("--seat", type=int, default=None, help="Show what this seat saw after each move.")
def replay(log_path, seat) -> None:
    """Replay a game log (from `play --save`) move by move, exactly."""
    from .play.replay import GameLog
    from .play.replay import replay as run
    from .play.terminal import render_observation
    try:
        log = GameLog.read(log_path)
        state = None
        for number, (player, text, state) in enumerate(run(log, seat=seat), 1):
            console.print(f"{number:>4}. seat {player}: {text}", markup=False, highlight=False)
            if seat is not None:
                console.print(render_observation(state.observation(seat), state.game.title))
    except RulesError as exc:
        _fail(exc)
    if state is not None:
        over = "game over" if state.is_over else f"not over: seat {state.current_player} to play"
        console.print(f"{over}; scores: {state.scores()}", markup=False, highlight=False)


def _load_position(game, position, players, params):
    from .engine.position import load
    compiled = load_game(game, _params(players, params))
    return compiled, load(compiled, position)


@cli.command()
@click.argument("game")
@click.option("--position", required=True, type=click.Path(), help="A position file (JSON).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_game_options
def moves(game, position, as_json, players, params) -> None:
    """List the legal moves in a position."""
    try:
        _, state = _load_position(game, position, players, params)
        legal = state.legal_moves()
    except RulesError as exc:
        _fail(exc)
    if as_json:
        click.echo(json.dumps({"phase": state.phase_name, "player": state.current_player,
                               "moves": [m.text for m in legal]}, indent=1))
        return
    click.echo(f"phase {state.phase_name}, seat {state.current_player} to play, {len(legal)} legal moves:")
    for m in legal:
        click.echo(f"  {m.text}")


@cli.command()
@click.argument("game")
@click.argument("moves_text", metavar="MOVE...", nargs=-1, required=True)
@click.option("--position", required=True, type=click.Path(), help="A position file (JSON).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON only.")
@with_game_options
def apply(game, moves_text, position, as_json, players, params) -> None:
    """Apply moves to a position; print what happened, the new position and the scores."""
    try:
        _, state = _load_position(game, position, players, params)
        happened = []
        for text in moves_text:
            player = state.current_player
            move = state.apply(text)
            happened.append({"player": player, "move": move.text, "phase_after": state.phase_name})
    except IllegalMove as exc:
        errors.print(f"illegal move `{exc.move}`: {exc.reason}", markup=False, highlight=False)
        sys.exit(1)
    except RulesError as exc:
        _fail(exc)
    result = {"happened": happened, "scores": [str(s) if not isinstance(s, int) else s for s in state.scores()],
              "over": state.is_over, "position": state.to_json()}
    if as_json:
        click.echo(json.dumps(result, indent=1))
        return
    for h in happened:
        click.echo(f"seat {h['player']}: {h['move']}  -> phase {h['phase_after']}")
    click.echo(f"scores: {result['scores']}" + ("  (game over)" if state.is_over else ""))
    click.echo(json.dumps(result["position"], indent=1))


@cli.command()
@click.argument("game")
@click.argument("move_text", metavar="MOVE")
@click.option("--position", required=True, type=click.Path(), help="A position file (JSON).")
@click.option("--seat", type=int, default=None, help="The seat asking (default: the one to play).")
@with_game_options
def explain(game, move_text, position, seat, players, params) -> None:
    """Say why MOVE is or is not legal in a position, pointing at the rule."""
    from .engine.explain import explain as why
    try:
        _, state = _load_position(game, position, players, params)
        click.echo(why(state, move_text, seat=seat).render())
    except RulesError as exc:
        _fail(exc)


_LONG_RUN = 50  # games: a shorter run needs no progress bar


@cli.command()
@click.argument("game")
@click.option("-n", "--games", type=click.IntRange(1), default=200, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True,
              help="Seed of the first game; game i has seed SEED + i, so a finding's seed replays alone.")
@click.option("--check-every", type=click.IntRange(1), default=1, show_default=True,
              help="Check the properties every N moves only (a finding is still shrunk to the first move "
                   "that shows it).")
@click.option("--max-moves", type=click.IntRange(1), default=20_000, show_default=True,
              help="A game longer than this does not end.")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Local worker processes [default: all cores]. Findings do not depend on it.")
@click.option("--flow", "check_flow", is_flag=True,
              help="Also check that the flow (phase, turn, ranks and symbols in variables) does not depend on "
                   "cards a seat cannot see.")
@click.option("--findings", "folder", default="findings", show_default=True, type=click.Path(file_okay=False),
              help="Where to write a position file for each finding.")
@with_game_options
def validate(game, games, seed, check_every, max_moves, workers, check_flow, folder, players, params) -> None:
    """Play GAME many times at random and check every property at every step.

    The game must end, keep every card, always offer a legal move, replay the same from the
    same seed, round-trip through JSON, hide what each seat may not see, and refuse illegal
    moves without change. Each finding is shrunk to a short sequence of moves and its position
    written to a file; the exit status is 1 when there is any.
    """
    from .play.parallel import default_workers
    from .play.validate import validate as run, write_findings
    try:
        compiled = load_game(game, _params(players, params))
        workers = workers or default_workers()
        with (_progress_bar() if games >= _LONG_RUN else contextlib.nullcontext()) as bar:
            task = bar.add_task(f"validating {compiled.title}", total=games) if bar is not None else None

            def progress(done: int) -> None:
                if bar is not None:
                    bar.update(task, completed=done, refresh=True)
            report = run(compiled, games, seed, check_every, max_moves, workers, progress=progress,
                         check_flow=check_flow)
        findings = write_findings(report.findings, folder, compiled.title)
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:
        errors.print("interrupted: nothing was validated to the end")
        sys.exit(130)
    every = "every move" if check_every == 1 else f"every {check_every} moves"
    console.print(f"{compiled.title}, {compiled.player_count} players: {games} games (seeds {seed}..{seed + games - 1}), "
                  f"{report.moves:,} moves, every property checked at {every}", markup=False, highlight=False,
                  soft_wrap=True)
    for number, finding in enumerate(findings, 1):
        console.print(f"\nfinding {number}: " + finding.render(compiled.sources, game), markup=False,
                      highlight=False, soft_wrap=True)
    outcome = f"{len(findings)} finding{'s' if len(findings) != 1 else ''}" if findings else \
        "no findings: every property held"
    console.print(("\n" if findings else "") + f"{outcome} ({report.seconds:.1f} s, {workers} worker"
                  f"{'s' if workers != 1 else ''})", markup=False, highlight=False, soft_wrap=True)
    if findings:
        sys.exit(1)


def main() -> None:
    try:
        cli(standalone_mode=True)
    except RulesError as exc:  # pragma: no cover - every command handles its own
        _fail(exc)
