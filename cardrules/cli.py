"""The command line: check, simulate, play, moves, apply, explain, validate, profile.

Every error a user can cause ends as diagnostics on stderr and exit status 1.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import sys
import warnings
from pathlib import Path

import click
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import ProgressColumn
from rich.table import Table
from rich.text import Text

from .engine.compiler import compile_model
from .engine.errors import IllegalMove
from .engine.json_values import param_json
from .engine.loader import load_game, load_model, parse_param, parse_value
from .language.diagnostics import Diagnostic, RulesError, plural
from .language.model import Model

# No emoji codes anywhere: `rules:100:3` in a message must not become an emoji.
console = Console(emoji=False)
errors = Console(stderr=True, soft_wrap=True, emoji=False)  # never wrap a diagnostic: the caret must stay under its column




def complete_game(incomplete: str) -> list:
    """Shell completion of a GAME argument: the bundled games, then rules files."""
    from click.shell_completion import CompletionItem

    from .language.resources import bundled_games
    names = [CompletionItem(name, help="bundled game") for name in bundled_games() if name.startswith(incomplete)]
    return names + [CompletionItem(incomplete, type="file")]


def _model_of(ctx) -> Model | None:
    """The checked rules of the GAME (or BASE) already typed on the line being completed, if any."""
    # While an option's value is being typed, click leaves the arguments before it unparsed.
    name = ctx.params.get("game") or ctx.params.get("base") or next(iter(ctx.args), None)
    if not name:
        return None
    try:
        return load_model(name)
    except RulesError:
        return None


def complete_param(ctx, param, incomplete: str) -> list:
    """`--param` completes with the game's parameter names, then with the values one may take."""
    from click.shell_completion import CompletionItem
    model = _model_of(ctx)
    if model is None:
        return []
    if "=" not in incomplete:
        return [CompletionItem(f"{p.name}=", help=f"default {_param_text(p.default)}")
                for p in model.params.values() if p.name.startswith(incomplete)]
    name, typed = incomplete.split("=", 1)
    info = model.params.get(name)
    if info is None:
        return []
    if info.kind == "range" and isinstance(info.low, int) and isinstance(info.high, int) and info.high - info.low < 50:
        values = [str(v) for v in range(info.low, info.high + 1)]
    else:
        values = [_param_text(c) for c in getattr(info, "choices", None) or ()]
    return [CompletionItem(f"{name}={v}") for v in values if v.startswith(typed)]


def complete_players(ctx, param, incomplete: str) -> list:
    from click.shell_completion import CompletionItem
    model = _model_of(ctx)
    if model is None:
        return []
    low, high, _ = model.player_range
    return [CompletionItem(str(n)) for n in range(low, high + 1) if str(n).startswith(incomplete)]


def complete_agents(ctx, param, incomplete: str) -> list:
    """`--agents`/`--bots` complete each comma-separated name with the agents there are."""
    from click.shell_completion import CompletionItem

    from .play.agents import AGENTS
    from .play.specs import SEARCH_AGENTS
    done, _, last = incomplete.rpartition(",")
    prefix = done + "," if done else ""
    names = list(AGENTS) + [a for a in SEARCH_AGENTS if a not in AGENTS] + [f"{a}:" for a in SEARCH_AGENTS]
    return [CompletionItem(prefix + name) for name in dict.fromkeys(names) if name.startswith(last)]


def game_argument(name: str = "game"):
    return click.argument(name, shell_complete=lambda ctx, param, incomplete: complete_game(incomplete))


def is_quiet() -> bool:
    """Whether the command line was given --quiet (results and errors only)."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.find_root().params.get("quiet"))


def note(text: str) -> None:
    """A message about what was done (a file written), left out by --quiet; on standard error
    while what the command prints goes to a file (-o)."""
    if not is_quiet():
        ctx = click.get_current_context(silent=True)
        out = errors if ctx is not None and ctx.meta.get(_REDIRECTED) else console
        out.print(text, markup=False, highlight=False, soft_wrap=True)


_REDIRECTED = "cardrules.output"  # the click context's note that standard output goes to -o FILE


def check_writable(*paths, folder: bool = False) -> None:
    """Refuse, before any work, an output path that cannot be written (`nodir/x.json`)."""
    from .play.output import unwritable
    for path in paths:
        problem = unwritable(path, folder) if path is not None else None
        if problem is not None:
            raise RulesError([Diagnostic(f"cannot write `{path}`: {problem}", None,
                                         "name a file in a folder that exists and may be written")])


def output_option(f):
    """`-o FILE`: what the command prints goes to FILE, written when the command ends (not
    when it prints nothing, as when it fails at once); progress and errors stay on the terminal."""
    @functools.wraps(f)
    def run(*args, output=None, **kwargs):
        if output in (None, "-"):
            return f(*args, **kwargs)
        try:
            check_writable(output)
        except RulesError as exc:
            _fail(exc)
        click.get_current_context().meta[_REDIRECTED] = True
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                return f(*args, **kwargs)
        finally:
            if printed.getvalue():
                _write(output, lambda p: Path(p).write_text(printed.getvalue(), encoding="utf-8"))
    return click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
                        help="Write what the command prints to this file instead of standard output.")(run)


def _game_options(players: int | None, params: tuple[str, ...]) -> str:
    """The game options as given, quoted for a shell: a printed command must load the same game."""
    import shlex
    return " ".join(([f"--players {players}"] if players is not None else [])
                    + [f"--param {shlex.quote(p)}" for p in params])


def _params(players: int | None, params: tuple[str, ...]) -> dict:
    values = dict(parse_param(p) for p in params)
    if players is not None:
        values["players"] = players
    return values


def _fail(exc: RulesError) -> None:
    errors.print(exc.render(), markup=False, highlight=False)
    sys.exit(1)


game_options = [
    click.option("--players", "-p", type=int, default=None, help="Number of players (default: the game's).",
                 shell_complete=complete_players),
    click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help="Set a parameter; repeatable.",
                 shell_complete=complete_param),
]


def with_game_options(f):
    for option in reversed(game_options):
        f = option(f)
    return f


def _version() -> str:
    """The installed package's version; in a checkout never installed, pyproject.toml's."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("cardrules")
    except PackageNotFoundError:
        import tomllib
        try:
            with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as f:
                return tomllib.load(f)["project"]["version"]
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", "-V", prog_name="cardrules", message="%(prog)s %(version)s")
@click.option("--quiet", "-q", is_flag=True, help="Print only results and errors: no progress bars or notes.")
@click.pass_context
def cli(ctx, quiet) -> None:
    """cardrules: card games as rules files, checked, compiled and played.

    GAME is a rules file or a bundled game (`cardrules games` lists them). Runs of many games
    (simulate, compare, validate) play game i of --seed S from seed S * 2**32 + i; play and
    position deal the game of --seed N itself, which is game N of a run with seed 0.
    """


@cli.command()
@click.argument("files", nargs=-1, required=True,
                shell_complete=lambda ctx, param, incomplete: complete_game(incomplete))
@with_game_options
@output_option
def check(files, players, params) -> None:
    """Check rules files and report every problem found."""
    bad = 0
    for name in files:
        try:
            model = load_model(name, _params(players, params))
            compile_model(model)  # "ok" means the file runs, not only that it reads well
        except RulesError as exc:
            errors.print(exc.render(), markup=False, highlight=False)
            bad += 1
            continue
        _print_warnings(model)
        console.print(f"ok: {name}: {model.title}, {model.player_count} players, {model.deck.size} cards, "
                      f"{plural(len(model.phases), 'phase')}", markup=False, highlight=False, soft_wrap=True)
    if bad:
        sys.exit(1)


def _print_warnings(model, notes: bool = False) -> None:
    """What the checker found worth saying that is not an error: names hiding built-ins, and
    with `notes`, work the engine repeats for each candidate move (for `profile`)."""
    for warning in model.warnings:
        if notes or warning.severity == "warning":
            errors.print(warning.render(model.sources), markup=False, highlight=False)


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
    # Not drawn when stderr is not a terminal: a log or a transcript gets the results only.
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                    _GamesPerSecond(), TextColumn("left"), TimeRemainingColumn(), console=errors,
                    auto_refresh=False, disable=is_quiet() or not errors.is_terminal)


def _write(path, writer) -> None:
    """Write a file; the path `-` is standard output (for JSON and CSV)."""
    if path == "-":
        import tempfile
        with tempfile.TemporaryDirectory() as folder:
            temporary = Path(folder) / "out"
            writer(temporary)
            click.echo(temporary.read_text(encoding="utf-8"), nl=False)
        return
    from .play.output import write_atomically
    try:
        write_atomically(path, writer)
    except OSError as exc:
        raise RulesError([Diagnostic(f"cannot write `{path}`: {exc.strerror or exc}")]) from None
    note(f"wrote {path}")


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


def _p(p_value: float) -> str:
    return "<0.001" if p_value < 0.001 else f"{p_value:.2g}"


def _rate_interval(low, high) -> str:
    return f"{low:.3f}..{high:.3f}"


def _table(title: str, padding: int = 1) -> Table:
    return Table(title=escape(title), box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
                 padding=(0, padding))


def json_params(values: dict) -> dict:
    """Parameters as a results file or log writes them, back to the values `load_game` takes."""
    return {k: tuple(v) if isinstance(v, list) else parse_value(v) if isinstance(v, str) else v
            for k, v in values.items()}


def _print_summary(summary, console=console) -> None:
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
    if "metrics" in f:
        console.print(_metrics_table(f["metrics"]))
    t = summary.timing()
    console.print(f"throughput: {t['games_per_second']:,.1f} games/s, {t['moves_per_second']:,.0f} moves/s "
                  f"({t['seconds']:.2f} s, workers: {t['workers']})")


@cli.command()
@game_argument()
@click.option("-n", "--games", type=click.IntRange(1), default=None,
              help="Number of games [default: 1000, or the resumed run's].")
@click.option("--seed", type=int, default=None,
              help="Seed of the run; game i has seed SEED * 2**32 + i [default: 0, or the resumed run's].")
@click.option("--agents", default=None, metavar="NAME[,NAME...]", shell_complete=complete_agents,
              help="One agent for every seat, or one per seat: random, greedy, ismcts[:N|:Ts], pimc[:N|:Ts], "
                   "package.module:Class [default: random, or the resumed run's].")
@_workers_option
@click.option("--metrics", is_flag=True, help="Also report the design metrics (docs/agents.md).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the figures and every game as JSON (- for standard output).")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the figures as CSV (- for standard output).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Histograms of scores and game length (.png or .svg; needs matplotlib).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False),
              help="Continue the run saved in this JSON file (an interrupted --json) up to -n games; "
                   "its seed, agents, players and parameters are used unless given.")
@with_game_options
@output_option
def simulate(game, games, seed, agents, workers, scheduler, metrics, json_path, csv_path, plot_path, resume_path,
             players, params) -> None:
    """Play GAME many times and report win rates, scores and game length with 95% intervals.

    Ctrl-C stops the run and keeps the games finished: they are reported and written to the
    output files, and --resume continues them to the same figures as a run never stopped.
    """
    from .play.parallel import default_workers
    from .play.plots import check_plot, plot_summary
    from .play.simulate import Summary, agent_names, simulate as run, write_csv, write_json
    from .play.specs import check_file_agent_spec
    try:
        check_writable(json_path, csv_path, plot_path)
        previous = Summary.read(resume_path) if resume_path else None
        values = _params(players, params)
        if previous is not None:
            values = {**json_params(previous.params), **values}
            seed = previous.seed if seed is None else seed
            agents = agents or ",".join(check_file_agent_spec(a, resume_path, f"the resume file's agent of seat {seat}")
                                        for seat, a in enumerate(previous.agents))
        compiled = load_game(game, values)
        seed = seed or 0
        agents = agent_names(agents or "random", compiled.player_count)
        if plot_path:
            check_plot(plot_path)
        total = games or (previous.requested if previous else 1000)
        with _progress_bar() as bar:
            task = bar.add_task(compiled.title, total=total, completed=previous.games if previous else 0)
            bar.refresh()
            summary = run(compiled, total, seed, agents, workers=workers or default_workers(), scheduler=scheduler,
                          progress=lambda done: bar.update(task, completed=done, refresh=True), resume=previous,
                          metrics=metrics or bool(previous and previous.metrics))
        _print_summary(summary, errors if "-" in (json_path, csv_path) else console)
        if json_path:
            _write(json_path, lambda p: write_json(summary.to_json(), p))
        if csv_path:
            _write(csv_path, lambda p: write_csv(summary.csv_rows(), p, ("scope", "id", "statistic", "value")))
        if plot_path:
            _write(plot_path, lambda p: plot_summary(summary, p))
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:  # while loading the rules or writing the files; the run keeps its own
        errors.print("interrupted")
        sys.exit(130)
    if not summary.complete:
        hint = f"`cardrules simulate {game} --resume {json_path} --json {json_path}`" \
            if json_path not in (None, "-") else \
            "--json FILE next time to be able to resume"
        errors.print(f"interrupted after {summary.games} of {summary.requested} games; continue with {hint}",
                     markup=False, highlight=False, soft_wrap=True)
        sys.exit(130)


def compare_title(base: str, first, variant: str, second) -> str:
    """`VARIANT - BASE`, each named by its game and the parameters in which the two differ."""
    differ = [k for k in sorted(set(first.params) | set(second.params)) if first.params.get(k) != second.params.get(k)]

    def label(name, game):
        values = " ".join(f"{k}={_param_text(game.params[k])}" for k in differ if k in game.params)
        return f"{name} ({values})" if values else name
    return f"{label(variant, second)} - {label(base, first)}"


def _param_text(value) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value).lower() \
        if isinstance(value, bool) else str(value)


@cli.command()
@game_argument("base")
@game_argument("variant")
@click.option("-n", "--games", type=click.IntRange(1), default=1000, show_default=True,
              help="Games of each, on the same seeds.")
@click.option("--seed", default=0, show_default=True, help="Seed of the run (the same for both).")
@click.option("--agents", default="random", show_default=True, metavar="NAME[,NAME...]", shell_complete=complete_agents,
              help="One agent for every seat, or one per seat: random, greedy, ismcts[:N|:Ts], pimc[:N|:Ts], "
                   "package.module:Class.")
@_workers_option
@click.option("--metrics", is_flag=True, help="Also pair the design metrics (docs/agents.md).")
@click.option("--base-param", "base_params", multiple=True, metavar="NAME=VALUE", help="A parameter of BASE only.")
@click.option("--variant-param", "variant_params", multiple=True, metavar="NAME=VALUE",
              help="A parameter of VARIANT only.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the differences as JSON (- for standard output).")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the differences as CSV (- for standard output).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="The paired differences with their intervals (.png or .svg; needs matplotlib).")
@with_game_options
@output_option
def compare(base, variant, games, seed, agents, workers, scheduler, metrics, base_params, variant_params, json_path,
            csv_path, plot_path, players, params) -> None:
    """Play BASE and VARIANT on the same seeds and report the paired differences.

    BASE and VARIANT are rules files or bundled games (possibly the same one with other
    --base-param/--variant-param values; --param sets both). Every difference is VARIANT - BASE
    with its 95% interval and p-value; it is significant when its p-value adjusted by Holm's
    procedure over all the differences shown is below 0.05, so that the chance of any false
    "yes" among them is at most 5%.
    """
    from .play.parallel import default_workers
    from .play.simulate import agent_names, check_comparable, compare as run, write_csv, write_json
    try:
        check_writable(json_path, csv_path, plot_path)
        first = load_game(base, _params(players, params + base_params))
        second = load_game(variant, _params(players, params + variant_params))
        check_comparable(first, second)
        agents = agent_names(agents, first.player_count)
        if plot_path:
            from .play.plots import check_plot
            check_plot(plot_path)
        with _progress_bar() as bar:
            task = bar.add_task("comparing", total=2 * games)
            bar.refresh()
            result = run(first, second, games, seed, agents, workers=workers or default_workers(),
                         scheduler=scheduler, progress=lambda done: bar.update(task, completed=done, refresh=True),
                         metrics=metrics)
        diffs = result.differences()
        # One space between columns, not two: eight columns and the figures' names fit 80 characters.
        table = _table(f"{compare_title(base, first, variant, second)}: {result.games} paired games, seed {seed}",
                       padding=0)
        table.caption = (f"p: each difference's own; Holm: p adjusted by Holm's procedure over the {len(diffs)} "
                         "differences; sig.: Holm below 0.05")
        for col in ("", "base", "variant", "diff", "95% interval", "p", "Holm", "sig."):
            # Only the names may wrap: a narrow terminal never cuts a figure or a header.
            table.add_column(col, justify="left" if not col else "right", no_wrap=bool(col),
                             min_width=len(col) or None, overflow="fold")
        for name, d in diffs:
            table.add_row(name, _g(d.base), _g(d.variant), _g(d.difference, True), _interval(d.low, d.high, True),
                          _p(d.p_value), _p(d.p_holm), "yes" if d.significant else "no")
        (errors if "-" in (json_path, csv_path) else console).print(table)
        if json_path:
            _write(json_path, lambda p: write_json(result.to_json(), p))
        if plot_path:
            from .play.plots import plot_comparison
            title = compare_title(base, first, variant, second)
            _write(plot_path, lambda p: plot_comparison(result, title, p))
        if csv_path:
            header = ("figure", "base", "variant", "difference", "low", "high", "p_value", "p_holm", "significant")
            _write(csv_path, lambda p: write_csv([(name, *d.to_json().values()) for name, d in diffs], p, header))
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:  # while loading the rules or writing the files; the run keeps its own
        errors.print("interrupted")
        sys.exit(130)
    if result.games < games:
        errors.print(f"interrupted: {result.games} of {games} paired games compared", markup=False, highlight=False)
        sys.exit(130)


def _seats(text: str, players: int) -> list[int]:
    try:
        seats = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise RulesError([Diagnostic(f"--seat `{text}`: seats are numbers, like 0 or 0,2")]) from None
    bad = [s for s in seats if not 0 <= s < players]
    if bad or not seats:
        raise RulesError([Diagnostic(f"--seat `{text}`: the seats are 0..{players - 1}")])
    return seats


def _bots(spec: str, game, humans: list[int], seed: int) -> tuple[dict, dict[int, str]]:
    """Agents for the seats no person plays: one spec for all, one per bot seat, or one per
    seat (`-` or `human` where a person sits)."""
    from .play.specs import make_agent
    specs = [s.strip() for s in spec.split(",")]
    bot_seats = [p for p in range(game.player_count) if p not in humans]
    if len(specs) == 1:
        chosen = {p: specs[0] for p in bot_seats}
    elif len(specs) == len(bot_seats):
        chosen = dict(zip(bot_seats, specs))
    elif len(specs) == game.player_count:
        chosen = {p: specs[p] for p in bot_seats}
    else:
        raise RulesError([Diagnostic(f"--bots `{spec}`: {len(specs)} agents for {len(bot_seats)} bot seats",
                                     None, "name one agent for all bots, one per bot seat, or one per seat")])
    return {p: make_agent(name, game, f"{seed}:{p}") for p, name in chosen.items()}, chosen


@cli.command()
@click.argument("game", required=False, shell_complete=lambda ctx, param, incomplete: complete_game(incomplete))
@click.option("--seat", default=None, metavar="SEAT[,SEAT...]",
              help="The seat you play; several seats for several people at one terminal (hot-seat) "
                   "[default: 0, or the resumed game's].")
@click.option("--bots", default=None, metavar="AGENT[,AGENT...]", shell_complete=complete_agents,
              help="The agents at the other seats: one for all, or one per seat (random, greedy, ...) "
                   "[default: random, or the resumed game's].")
@click.option("--seed", default=None, type=int, help="Seed of the game (default: random).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Write the game's log here (also when stopped by q or Ctrl-C).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False),
              help="Go on with the game of this log (its game, parameters, seed and moves).")
@click.option("--plain", is_flag=True, help="Card names without suit symbols or colour, as a scrolling transcript.")
@click.option("--scroll", is_flag=True, help="A scrolling transcript instead of the table redrawn in place.")
@with_game_options
def play(game, seat, bots, seed, save_path, resume_path, plain, scroll, players, params) -> None:
    """Play GAME in the terminal against bots, or with friends at one terminal.

    Type a move's number or its text (`trail 8c`), Enter for a forced move, `undo` to take
    back your last move against bots, q to stop. Ctrl-C stops too, and keeps the log when
    --save was given. At a terminal the table is one screen redrawn in place; --plain, --scroll
    or a pipe give a scrolling transcript instead.
    """
    import random

    from .engine.story import told_new_state
    from .play.replay import GameLog
    from .play.specs import check_file_agent_spec
    from .play.table import Style
    from .play.terminal import Session
    screen = Console(emoji=False)
    session = None
    try:
        check_writable(save_path)
        log = GameLog.read(resume_path) if resume_path else None
        if log is not None:
            compiled = log.load_game()
            game, seed = log.game, log.seed
            if log.changed_rules(compiled):
                errors.print(f"note: the rules of {log.game} changed since the log was written", markup=False)
            people = sorted((k for k, v in log.seats.items() if v == "human"), key=int)
            seat = seat or ",".join(people) or None
            bots = bots or ",".join(check_file_agent_spec(v, resume_path, f"the log's seat {k}", "--bots")
                                    for k, v in sorted(log.seats.items(), key=lambda kv: int(kv[0]))
                                    if v != "human") or None
        elif game is None:
            raise RulesError([Diagnostic("name the GAME to play, or a log to go on with --resume LOG")])
        else:
            compiled = load_game(game, _params(players, params))
            seed = random.randrange(1 << 30) if seed is None else seed
        seat, bots = seat or "0", bots or "random"
        humans = _seats(seat, compiled.player_count)
        agents, specs = _bots(bots, compiled, humans, seed)
        state, opening = told_new_state(compiled, seed)
        played = []
        if log is not None:
            opening = []  # the deal was told when the game began
            from .play.replay import replay as run
            for _, text, after in run(log, compiled):
                played.append(text)
                state = after  # where play resumes
        who = "you are seat" if len(humans) == 1 else "people at seats"
        screen.print(f"{compiled.title}, seed {seed}; {who} {', '.join(map(str, humans))}", markup=False,
                     highlight=False)
        if log is not None:
            screen.print(f"resumed after {len(played)} moves", markup=False, highlight=False)
        fixed = screen.is_terminal and not (plain or scroll)
        session = Session(state, humans, agents, screen, style=Style.for_console(screen, plain), played=played,
                          fixed=fixed, opening=opening)
        session.run()
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:
        screen.print("\nstopped", markup=False)
        sys.exit(130)
    finally:
        if session is not None and save_path:
            seats = {p: "human" for p in humans} | specs
            GameLog.of(compiled, game, seed, session.played, seats).save(save_path)
            more = "" if session.state.is_over else \
                f"; go on with `cardrules play --resume {save_path} --save {save_path}`"
            screen.print(f"log written to {save_path}{more}; replay it with `cardrules replay {save_path}`",
                         markup=False, highlight=False, soft_wrap=True)


@cli.command()
@click.argument("log_path", metavar="LOG")
@click.option("--seat", type=int, default=None, help="Show the table as this seat saw it after each move.")
@click.option("--to", "upto", type=click.IntRange(0), default=None, help="Stop after move N and show the table.")
@click.option("--step", is_flag=True, help="Step through: Enter or n next, p previous, q quit.")
@click.option("--plain", is_flag=True, help="Card names without suit symbols or colour.")
def replay(log_path, seat, upto, step, plain) -> None:
    """Replay a game log (from `play --save`) move by move, exactly.

    Without --seat the replay shows every card (a log holds the seed, which says them all).
    """
    from .play.replay import GameLog
    from .play.replay_view import ReplayView
    try:
        log = GameLog.read(log_path)
        game = log.load_game()
        if seat is not None and not 0 <= seat < game.player_count:
            raise RulesError([Diagnostic(f"--seat {seat}: the seats are 0..{game.player_count - 1}")])
        if log.changed_rules(game):
            errors.print(f"note: the rules of {log.game} changed since the log was written", markup=False)
        view = ReplayView(log, game, console, seat, upto, plain)
    except RulesError as exc:
        _fail(exc)
    if step:
        view.step()
        return
    view.run(every_table=seat is not None and upto is None, last_table=upto is not None or seat is not None)


def _load_position(game, position, players, params, seed=None):
    """The game with the position's own players and parameters (those given here win, and a
    difference is reported), and the position; without a position, the start of the game of
    `seed` (0 when not given), as `position --seed` writes it."""
    from .engine.position import load_data, read
    if position is None:
        compiled = load_game(game, _params(players, params))
        return compiled, compiled.new_state(seed or 0)
    if seed is not None:
        raise RulesError([Diagnostic("--seed and --position both say where to start", None,
                                     "a position holds its own seed: give one of the two")])
    data = read(position)
    values = {}
    if isinstance(data, dict):
        if isinstance(data.get("params"), dict):
            values.update(json_params(data["params"]))
        if isinstance(data.get("players"), int):
            values["players"] = data["players"]
    compiled = load_game(game, {**values, **_params(players, params)})
    return compiled, load_data(compiled, data, str(position))


def position_options(f):
    """Where a command on one position starts: a position file (- for standard input), or the
    start of the game of a seed."""
    f = click.option("--seed", type=int, default=None,
                     help="Start from the deal of the game of this seed (as `position --seed`), not a file "
                          "[default: 0].")(f)
    return click.option("--position", type=click.Path(dir_okay=False, allow_dash=True), default=None,
                        help="A position file (JSON; - for standard input), as `position` or `apply --json` "
                             "write it.")(f)


@cli.command()
@game_argument()
@position_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_game_options
@output_option
def moves(game, position, seed, as_json, players, params) -> None:
    """List the legal moves in a position."""
    try:
        _, state = _load_position(game, position, players, params, seed)
        legal = state.legal_moves()
    except RulesError as exc:
        _fail(exc)
    if as_json:
        click.echo(json.dumps({"phase": state.phase_name, "player": state.current_player,
                               "moves": [m.text for m in legal]}, indent=1))
        return
    click.echo(f"phase {state.phase_name}, seat {state.current_player} to play, "
               f"{plural(len(legal), 'legal move')}:")
    for m in legal:
        click.echo(f"  {m.text}")


@cli.command()
@game_argument()
@click.argument("moves_text", metavar="MOVE...", nargs=-1, required=True)
@position_options
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON only: what happened and the new position, which `--position` reads back.")
@with_game_options
@output_option
def apply(game, moves_text, position, seed, as_json, players, params) -> None:
    """Apply moves to a position; print what happened in each (cards dealt, turned up, values
    changed), the scores and the new position."""
    from .engine.position import APPLIED_FORMAT
    from .play.table import CardTable
    from .play.terminal import find_move
    try:
        compiled, state = _load_position(game, position, players, params, seed)
        table = CardTable(compiled)
        happened = []
        for text in moves_text:
            player = state.current_player
            before = state.clone()
            move = state.apply(find_move(state, text) or text)
            happened.append({"player": player, "move": move.text, "phase_after": state.phase_name,
                             "events": [line.plain.strip() for line in table.events(before, state, None)]})
    except IllegalMove as exc:
        errors.print(f"illegal move `{exc.move}`: {exc.reason}", markup=False, highlight=False)
        sys.exit(1)
    except RulesError as exc:
        _fail(exc)
    result = {"format": APPLIED_FORMAT, "happened": happened,
              "scores": [str(s) if not isinstance(s, int) else s for s in state.scores()],
              "over": state.is_over, "position": state.to_json()}
    if as_json:
        click.echo(json.dumps(result, separators=(",", ":")))
        return
    for h in happened:
        click.echo(f"seat {h['player']}: {h['move']}  -> phase {h['phase_after']}")
        for event in h["events"]:
            click.echo(f"  {event}")
    click.echo(f"scores: {result['scores']}" + ("  (game over)" if state.is_over else ""))
    click.echo(json.dumps(result["position"], indent=1))


@cli.command()
@game_argument()
@click.argument("move_text", metavar="MOVE")
@position_options
@click.option("--seat", type=int, default=None, help="The seat asking (default: the one to play).")
@with_game_options
@output_option
def explain(game, move_text, position, seed, seat, players, params) -> None:
    """Say why MOVE is or is not legal in a position, pointing at the rule; the exit status is 1
    when it is not legal."""
    from .engine.explain import explain as why
    try:
        _, state = _load_position(game, position, players, params, seed)
        answer = why(state, move_text, seat=seat)
        click.echo(answer.render())
    except RulesError as exc:
        _fail(exc)
    if not answer.legal:
        sys.exit(1)


_LONG_RUN = 50  # games: a shorter run needs no progress bar


@cli.command()
@game_argument()
@click.option("-n", "--games", type=click.IntRange(1), default=200, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True,
              help="Seed of the run; game i has seed SEED * 2**32 + i, as in simulate.")
@click.option("--first", "first_game", type=click.IntRange(0), default=0, show_default=True,
              help="Start at this game of the run (a finding names its game, to replay it alone).")
@click.option("--check-every", type=click.IntRange(1), default=1, show_default=True,
              help="Check the properties every N moves only (a finding is still shrunk to the first move "
                   "that shows it).")
@click.option("--max-moves", type=click.IntRange(1), default=20_000, show_default=True,
              help="A game longer than this does not end.")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Local worker processes [default: all cores]. Findings do not depend on it.")
@click.option("--flow", "check_flow", is_flag=True,
              help="Also check that the flow (the phase, whose turn it is, the end of the game) does not depend "
                   "on cards a seat cannot see.")
@click.option("--findings", "folder", default="findings", show_default=True, type=click.Path(file_okay=False),
              help="Where to write a position file for each finding.")
@with_game_options
@output_option
def validate(game, games, seed, first_game, check_every, max_moves, workers, check_flow, folder, players,
             params) -> None:
    """Play GAME many times at random and check every property at every step.

    The game must end, keep every card, always offer a legal move, replay the same from the
    same seed, round-trip through JSON, hide what each seat may not see (in its cards, its moves
    and the values it sees, but for variables declared `public`), and refuse illegal moves
    without change. Each finding is shrunk to a short sequence of moves and its position
    written to a file; the exit status is 1 when there is any.
    """
    from .play.parallel import default_workers
    from .play.validate import validate as run, write_findings
    try:
        check_writable(folder, folder=True)
        compiled = load_game(game, _params(players, params))
        workers = workers or default_workers()
        with (_progress_bar() if games >= _LONG_RUN else contextlib.nullcontext()) as bar:
            task = bar.add_task(f"validating {compiled.title}", total=games) if bar is not None else None

            def progress(done: int) -> None:
                if bar is not None:
                    bar.update(task, completed=done, refresh=True)
            report = run(compiled, games, seed, check_every, max_moves, workers, progress=progress,
                         first_game=first_game, check_flow=check_flow)
        findings = write_findings(report.findings, folder, compiled.title)
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:
        errors.print("interrupted: nothing was validated to the end")
        sys.exit(130)
    every = "every move" if check_every == 1 else f"every {check_every} moves"
    last = first_game + games - 1
    which = f"seeds {first_game}..{last}" if seed == 0 else f"seed {seed}, games {first_game}..{last}"
    console.print(f"{compiled.title}, {compiled.player_count} players: {plural(games, 'game')} ({which}), "
                  f"{plural(report.moves, 'move').replace(str(report.moves), f'{report.moves:,}', 1)}, "
                  f"every property checked at {every}", markup=False, highlight=False,
                  soft_wrap=True)
    for number, finding in enumerate(findings, 1):
        shown = finding.render(compiled.sources, game, _game_options(players, params))
        console.print(f"\nfinding {number}: {shown}", markup=False, highlight=False, soft_wrap=True)
    outcome = f"{len(findings)} finding{'s' if len(findings) != 1 else ''}" if findings else \
        "no findings: every property held"
    console.print(("\n" if findings else "") + f"{outcome} ({report.seconds:.1f} s, {workers} worker"
                  f"{'s' if workers != 1 else ''})", markup=False, highlight=False, soft_wrap=True)
    if findings:
        sys.exit(1)


@cli.command()
@click.argument("game")
@click.option("-n", "--games", type=click.IntRange(1), default=20, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Seed of the run, as for `simulate`.")
@click.option("--top", type=click.IntRange(1), default=15, show_default=True, help="How many rules lines to show.")
@with_game_options
@output_option
def profile(game, games, seed, top, players, params) -> None:
    """Play GAME with random agents and show where the time goes, by rules line.

    Each line shows its share of the time, how often its generated code ran, its text and the
    built-ins it spent most in: the line to change when a rules file is slow.
    """
    from .play.profile import profile as run, render
    try:
        compiled = load_game(game, _params(players, params))
        result = run(compiled, games, seed)
    except RulesError as exc:
        _fail(exc)
    _print_warnings(compiled.model, notes=True)
    console.print(render(result, top), markup=False, highlight=False, soft_wrap=True)
# --- positions, games, new files ---------------------------------------------------------------

@cli.command()
@game_argument()
@click.argument("moves_text", metavar="[MOVE...]", nargs=-1)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game (as `play --seed`).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-",
              help="Write the position here [default: standard output].")
@with_game_options
def position(game, moves_text, seed, output, players, params) -> None:
    """Write the position after MOVEs from the start of the game of --seed, ready for
    `moves`, `apply`, `explain` and `observe`."""
    from .play.terminal import find_move
    try:
        check_writable(output)
        compiled = load_game(game, _params(players, params))
        state = compiled.new_state(seed)
        for number, text in enumerate(moves_text, 1):
            try:
                state.apply(find_move(state, text) or text)
            except IllegalMove as exc:
                raise RulesError([Diagnostic(f"move {number}, `{text}`, is not legal: {exc.reason}")]) from None
        text = json.dumps(state.to_json(), indent=1) + "\n"
        _write(output, lambda p: Path(p).write_text(text, encoding="utf-8"))
    except RulesError as exc:
        _fail(exc)


@cli.command()
@game_argument()
@click.option("--position", required=True, type=click.Path(), help="A position file (JSON).")
@click.option("--seat", type=int, default=None, help="The seat that looks [default: the one to play].")
@click.option("--json", "as_json", is_flag=True, help="Print the observation as JSON.")
@click.option("--plain", is_flag=True, help="Card names without suit symbols or colour.")
@with_game_options
@output_option
def observe(game, position, seat, as_json, plain, players, params) -> None:
    """Print what one seat sees in a position, and nothing it may not see."""
    from .play.table import CardTable, Style
    try:
        compiled, state = _load_position(game, position, players, params)
        seat = state.current_player if seat is None else seat
        if seat is None:
            raise RulesError([Diagnostic("the game is over: say which seat looks with --seat")])
        if not 0 <= seat < compiled.player_count:
            raise RulesError([Diagnostic(f"--seat {seat}: the seats are 0..{compiled.player_count - 1}")])
    except RulesError as exc:
        _fail(exc)
    observation = state.observation(seat)
    if as_json:
        click.echo(json.dumps(observation, indent=1))
        return
    console.print(CardTable(compiled, Style.for_console(console, plain)).render(observation, state))


def _game_line(name: str, model) -> str:
    low, high, default = model.player_range
    players = f"{low}" if low == high else f"{low}-{high} (default {default})"
    params = ", ".join(f"{p.name}={_param_text(p.default)}" for p in model.params.values())
    return f"{name}: {model.title}; players {players}" + (f"; {params}" if params else "")


def _game_json(name: str, model) -> dict:
    low, high, default = model.player_range
    return {"name": name, "title": model.title, "players": {"min": low, "max": high, "default": default},
            "params": {p.name: param_json(p.default) for p in model.params.values()}}


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON: a list of the games.")
@output_option
def games(as_json) -> None:
    """List the bundled games, with their players and parameters."""
    from .language.resources import bundled_games
    listed = []
    for name in bundled_games():
        try:
            model = load_model(name)
        except RulesError as exc:
            listed.append({"name": name, "error": exc.diagnostics[0].message})
            if not as_json:
                console.print(f"{name}: does not check ({exc.diagnostics[0].message})", markup=False,
                              highlight=False)
            continue
        listed.append(_game_json(name, model))
        if not as_json:
            console.print(_game_line(name, model), markup=False, highlight=False, soft_wrap=True)
    if as_json:
        click.echo(json.dumps(listed, indent=1))


def _domain(info) -> str:
    if info.kind == "range":
        return f"{info.low}..{info.high}"
    if info.kind in ("enum", "bool"):
        return "one of " + ", ".join(map(_param_text, info.choices))
    if info.kind == "subset":
        return "any of " + ", ".join(map(_param_text, info.choices))
    return "any value"


def _domain_json(info) -> dict:
    if info.kind == "range":
        return {"kind": "range", "min": info.low, "max": info.high}
    if info.kind in ("enum", "bool", "subset"):
        return {"kind": info.kind, "choices": [param_json(c) for c in info.choices]}
    return {"kind": info.kind}


@cli.command()
@game_argument()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_game_options
@output_option
def info(game, as_json, players, params) -> None:
    """Describe GAME: players, parameters with their values and defaults, zones, phases and moves."""
    try:
        model = load_model(game, _params(players, params))
    except RulesError as exc:
        _fail(exc)
    low, high, default = model.player_range
    if as_json:
        described = {**_game_json(game, model), "deck": {"cards": model.deck.size}, "loaded_for": model.player_count,
                     "params": {p.name: {**_domain_json(p), "default": param_json(p.default),
                                         "value": param_json(model.values[p.name])} for p in model.params.values()},
                     "zones": [{"name": z.name, "owner": z.owner or None, "visibility": z.visibility}
                               for z in model.zones.values()],
                     "phases": [{"name": ph.name, "automatic": ph.do is not None,
                                 "moves": [m.name for m in ph.moves]} for ph in model.phases.values()]}
        click.echo(json.dumps(described, indent=1))
        return
    out = [_game_line(game, model), f"deck: {plural(model.deck.size, 'card')}"]
    out.append(f"players: {low}..{high}, default {default}; loaded for {model.player_count}")
    out.append("parameters:" if model.params else "parameters: none")
    for p in model.params.values():
        out.append(f"  {p.name}: {_domain(p)}; default {_param_text(p.default)}, now "
                   f"{_param_text(model.values[p.name])}")
    out.append("zones: " + ", ".join(f"{z.name} ({'per ' + z.owner if z.owner else 'shared'}, {z.visibility})"
                                     for z in model.zones.values()))
    out.append("phases:")
    for phase in model.phases.values():
        if phase.do is not None:
            out.append(f"  {phase.name}: automatic")
        else:
            moves = ", ".join(m.name for m in phase.moves)
            out.append(f"  {phase.name}: moves {moves}")
    for line in out:
        console.print(line, markup=False, highlight=False, soft_wrap=True)


@cli.command()
@game_argument()
@click.option("--line-numbers", "-n", is_flag=True,
              help="Number the generated lines, as tracebacks of generated code and `profile` count them.")
@with_game_options
@output_option
def source(game, line_numbers, players, params) -> None:
    """Print the Python module that GAME compiles to, for the parameters given.

    Each function and each group of statements has the rules line it came from above it, as a
    comment (`# hearts.rules:72: hands += 1`); the header says what the numbered slots of a
    state (`st.vars[i]`, `st.zones[i]`) hold. docs/architecture.md explains how to read it.
    """
    try:
        compiled = load_game(game, _params(players, params))
    except RulesError as exc:
        _fail(exc)
    lines = compiled.source.splitlines()
    if line_numbers:
        width = len(str(len(lines)))
        lines = [f"{i:>{width}}  {line}" for i, line in enumerate(lines, 1)]
    click.echo("\n".join(lines))


@cli.command()
@click.argument("name")
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
def new(name, force) -> None:
    """Write NAME.rules, a commented starter game that checks and plays, to start a game from.

    NAME may start with a folder; the file's own name is letters, digits, spaces, `_`, `-` and
    `.`, beginning with a letter or a digit, and becomes the game's title."""
    import shlex
    try:
        path = _starter_path(name)
        title = path.stem.replace("_", " ").replace("-", " ").strip().title()
        template = (Path(__file__).parent / "templates" / "starter.rules").read_text(encoding="utf-8")
        text = template.replace("TITLE", title).replace("NAME.rules", shlex.quote(path.name))
        _write_new(path, text, force)
    except RulesError as exc:
        _fail(exc)
    note(f"wrote {path}")
    note(f"next: cardrules check {shlex.quote(str(path))} && cardrules play {shlex.quote(str(path))}")


MAX_NAME = 100  # characters of a new game's file name, without `.rules`: it is also the title


def _starter_path(name: str) -> Path:
    """The file `cardrules new NAME` writes, or a RulesError saying what a name may be."""
    path = Path(name if name.endswith(".rules") else name + ".rules")
    stem = path.name[:-len(".rules")]
    hint = ("a game's file name is letters, digits, spaces, `_`, `-` and `.`, beginning with a letter or a "
            f"digit, at most {MAX_NAME} characters: it becomes the title (`high_card` is \"High Card\")")
    if not stem or not stem[0].isalnum() or not all(ch.isalnum() or ch in " _-." for ch in stem):
        shown = stem.encode("unicode_escape").decode("ascii")[:60]
        raise RulesError([Diagnostic(f"`{shown}` cannot name a new game", None, hint)])
    if len(stem) > MAX_NAME or len(path.name.encode("utf-8")) > 255:
        raise RulesError([Diagnostic(f"`{stem[:40]}...` is longer than a new game's name may be", None, hint)])
    return path


def _write_new(path: Path, text: str, force: bool) -> None:
    """Create `path`; with `force`, replace a file there. Never through a link, dangling or not:
    it is refused, and what it points to is left alone."""
    from .play.output import write_text_atomically
    try:
        if os.path.islink(path):
            raise RulesError([Diagnostic(f"`{path}` is a symbolic link", None,
                                         "choose another name, or remove the link: `new` writes only a file of its own")])
        if force and path.exists():
            if not path.is_file():
                raise RulesError([Diagnostic(f"`{path}` is not a file", None, "choose another name")])
            write_text_atomically(path, text)
            return
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except FileExistsError:
        raise RulesError([Diagnostic(f"`{path}` exists already", None, "choose another name, or pass --force")]) from None
    except OSError as exc:
        raise RulesError([Diagnostic(f"cannot write `{path}`: {exc.strerror or exc}")]) from None
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def _metrics_table(metrics: dict) -> Table:
    table = _table("design metrics")
    for col in ("", "mean", "95% interval", "fair share", "sd", "median"):
        table.add_column(col, justify="right")
    for name, x in metrics.items():
        if "rate" in x:
            table.add_row(name, f"{x['rate']:.3f}", _rate_interval(x["low"], x["high"]), f"{x['fair_share']:.3f}", "", "")
        elif x["n"]:
            table.add_row(name, _g(x["mean"]), _interval(x["mean_low"], x["mean_high"]), "", _g(x["stdev"]),
                          _g(x["median"]))
        else:
            table.add_row(name, "", "", "", "", "")
    return table


@cli.command()
@click.argument("game")
@click.option("--agents", required=True, metavar="NAME,NAME[,...]", shell_complete=complete_agents,
              help="The agents, two or more: random, greedy, ismcts[:N|:Ts], pimc[:N|:Ts], package.module:Class.")
@click.option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
              help="Games per pairing (rounded up to even: each deal is played from both sides).")
@click.option("--seed", default=0, show_default=True, help="Seed of the deals, shared by every pairing.")
@_workers_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the results as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write the pairings as CSV.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Draw the pairings' scores and the ratings (.png or .svg).")
@with_game_options
@output_option
def tournament(game, agents, games, seed, workers, scheduler, json_path, csv_path, plot_path, players,
               params) -> None:
    """Play every pairing of agents on the same deals, seats swapped, and rate the agents.

    For each pairing: the first agent's score (wins and half the draws, per game) with its 95%
    interval; then a Bradley-Terry rating per agent on the Elo scale (mean 0), with a 95%
    interval from a bootstrap over the deals (200 resamples, seeded by --seed).
    """
    from itertools import combinations

    from .play.parallel import default_workers
    from .play.simulate import write_csv, write_json
    from .play.specs import check_agent_spec
    from .play.stats import RESAMPLES
    from .play.tournament import Tournament, tournament as run
    try:
        check_writable(json_path, csv_path, plot_path)
        if plot_path:
            from .play.plots import check_plot
            check_plot(plot_path)
        compiled = load_game(game, _params(players, params))
        names = list(dict.fromkeys(check_agent_spec(a.strip()) for a in agents.split(",")))
        total = len(list(combinations(names, 2))) * 2 * ((games + 1) // 2)
        with _progress_bar() as bar:
            task = bar.add_task(f"{compiled.title} tournament", total=total)
            bar.refresh()
            result = run(compiled, names, games, seed, workers=workers or default_workers(), scheduler=scheduler,
                         progress=lambda done: bar.update(task, completed=done, refresh=True))
        table = _table(f"{result.game}: {2 * result.deals} games per pairing, seed {seed}")
        for col in ("first", "second", "games", "wins", "draws", "losses", "score", "95% interval"):
            table.add_column(col, justify="right")
        for p in result.pairings:
            d = p.to_json()
            table.add_row(p.first, p.second, str(p.games), str(p.first_wins), str(p.draws), str(p.second_wins),
                          f"{d['first_score']:.3f}", _rate_interval(d["low"], d["high"]))
        console.print(table)
        ratings = _table("Bradley-Terry rating")
        ratings.caption = f"interval: bootstrap, {RESAMPLES} resamples"
        for col in ("agent", "Elo, mean 0", "95% interval"):
            ratings.add_column(col, justify="right")
        for name, r in sorted(result.ratings().items(), key=lambda x: -x[1].rating):
            ratings.add_row(name, f"{r.rating:+.0f}", f"{r.low:+.0f}..{r.high:+.0f}")
        console.print(ratings)
        console.print(f"{result.seconds:.1f} s, workers: {result.workers}", markup=False, highlight=False)
        if json_path:
            _write(json_path, lambda p: write_json(result.to_json(), p))
        if csv_path:
            _write(csv_path, lambda p: write_csv(result.csv_rows(), p, Tournament.CSV_HEADER))
        if plot_path:
            from .play.plots import plot_tournament
            _write(plot_path, lambda p: plot_tournament(result, p))
    except RulesError as exc:
        _fail(exc)
    except KeyboardInterrupt:
        errors.print("interrupted")
        sys.exit(130)


# --- the editor's commands (cardrules.editor): a formatter and a language server
@cli.command("fmt")
@click.argument("files", nargs=-1, required=True)
@click.option("--check", "check_only", is_flag=True, help="Change nothing; exit 1 if a file is not formatted.")
@click.option("--diff", "show_diff", is_flag=True, help="Change nothing; print what formatting would change.")
def fmt(files, check_only, show_diff) -> None:
    """Lay rules files out in the canonical style (docs/editors.md); `-` reads stdin, writes stdout."""
    from .editor.formatter import format_file
    bad = 0
    for name in files:
        try:
            changed, report = format_file(name, write=not (check_only or show_diff))
        except RulesError as exc:
            errors.print(exc.render(), markup=False, highlight=False)
            bad += 1
            continue
        if report and (show_diff or name == "-"):
            click.echo(report, nl=False)
        if changed and name != "-":
            bad += check_only
            if not show_diff:
                note(f"{'would reformat' if check_only else 'formatted'}: {name}")
    if bad:
        sys.exit(1)


@cli.command()
def lsp() -> None:
    """Run the language server on standard input and output (for an editor: docs/editors.md)."""
    from .editor.server import main as serve
    serve()

# --- the studio -------------------------------------------------------------------------------

@cli.command()
@click.argument("folder", required=False, default=".", type=click.Path(file_okay=False, exists=True))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but the loopback address lets other machines reach it.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port [default: a free one].")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open a browser.")
def studio(folder, host, port, no_browser) -> None:
    """Write, check, play and analyse games in the browser: a local web page for the rules
    files of FOLDER (default: here) and the bundled games. Needs the `studio` extra."""
    try:
        from .studio.server import serve
    except ModuleNotFoundError as exc:
        errors.print(f"the studio needs {exc.name}: pip install \"cardrules[studio]\"", markup=False)
        sys.exit(1)
    try:
        serve(folder, host, port, open_browser=not no_browser, echo=click.echo)
    except OSError as exc:
        errors.print(f"cannot listen on {host}:{port}: {exc.strerror or exc}", markup=False)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """The package's own warnings (an unsafe cache folder) as one line; others as Python shows them."""
    from .language.cache import UnsafeCacheWarning
    if issubclass(category, UnsafeCacheWarning):
        errors.print(f"warning: {message}", markup=False, highlight=False)
    else:
        _PYTHON_SHOWWARNING(message, category, filename, lineno, file, line)


_PYTHON_SHOWWARNING = warnings.showwarning


def main() -> None:
    warnings.showwarning = _show_warning
    try:
        cli(standalone_mode=True)
    except RulesError as exc:  # pragma: no cover - every command handles its own
        _fail(exc)
