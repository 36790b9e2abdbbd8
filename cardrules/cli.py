"""The command line: check, simulate, play, moves, apply, explain.

Every error a user can cause ends as diagnostics on stderr and exit status 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from .diagnostics import RulesError
from .loader import load_game, load_model, parse_param
from .runtime import IllegalMove

console = Console()
errors = Console(stderr=True, soft_wrap=True)  # never wrap a diagnostic: the caret must stay under its column


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
                      f"{len(model.phases)} phases", markup=False, highlight=False)
    if bad:
        sys.exit(1)


@cli.command()
@click.argument("game")
@click.option("-n", "--games", default=1000, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Seed of the first game; the run is reproducible.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the results as JSON.")
@with_game_options
def simulate(game, games, seed, json_path, players, params) -> None:
    """Play GAME many times with random agents and report the results."""
    from rich.progress import Progress

    from .simulate import simulate as run
    try:
        compiled = load_game(game, _params(players, params))
        with Progress(console=errors, transient=True, disable=games < 200) as progress:
            task = progress.add_task("simulating", total=games)
            summary = run(compiled, games, seed, progress=lambda done: progress.update(task, completed=done))
    except RulesError as exc:
        _fail(exc)
    data = summary.to_json()
    table = Table(title=f"{compiled.title}: {games} games, seed {seed}")
    for col in ("seat", "agent", "wins", "win rate", "mean score"):
        table.add_column(col, justify="right")
    for s in data["seats"]:
        table.add_row(str(s["seat"]), s["agent"], str(s["wins"]), f"{s['win_rate']:.3f}", f"{s['mean_score']:.2f}")
    console.print(table)
    timing = data["timing"]
    console.print(f"draws (tied top score): {data['draws']}   mean length: {data['mean_moves']:.1f} moves")
    console.print(f"throughput: {timing['games_per_second']:.1f} games/s, {timing['moves_per_second']:.0f} moves/s "
                  f"({timing['seconds']:.2f} s)")
    if json_path:
        Path(json_path).write_text(json.dumps(data, indent=1) + "\n")
        console.print(f"wrote {json_path}")


@cli.command()
@click.argument("game")
@click.option("--seat", default=0, show_default=True, help="The seat you play.")
@click.option("--seed", default=None, type=int, help="Seed of the game (default: random).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), help="Write the game's log here.")
@with_game_options
def play(game, seat, seed, save_path, players, params) -> None:
    """Play GAME in the terminal against random bots."""
    import random

    from .agents import RandomAgent
    from .terminal import play_in_terminal
    try:
        compiled = load_game(game, _params(players, params))
        if not 0 <= seat < compiled.player_count:
            raise click.BadParameter(f"seat must be 0..{compiled.player_count - 1}")
        seed = random.randrange(1 << 30) if seed is None else seed
        state = compiled.new_state(seed)
        bots = {p: RandomAgent(f"{seed}:{p}") for p in range(compiled.player_count) if p != seat}
        console.print(f"{compiled.title}, seed {seed}; you are seat {seat}")
        played = play_in_terminal(state, seat, bots, console)
        if save_path:
            from .replay import GameLog
            GameLog(game, _params(players, params), seed, played).save(save_path)
            console.print(f"log written to {save_path}; replay it with `cardrules replay {save_path}`")
    except RulesError as exc:
        _fail(exc)


@cli.command()
@click.argument("log_path", metavar="LOG")
@click.option("--seat", type=int, default=None, help="Show what this seat saw after each move.")
def replay(log_path, seat) -> None:
    """Replay a game log (from `play --save`) move by move, exactly."""
    from .replay import GameLog
    from .replay import replay as run
    from .terminal import render_observation
    try:
        log = GameLog.read(log_path)
        state = None
        for number, (player, text, state) in enumerate(run(log), 1):
            console.print(f"{number:>4}. seat {player}: {text}", markup=False, highlight=False)
            if seat is not None:
                console.print(render_observation(state.observation(seat), state.game.title))
    except RulesError as exc:
        _fail(exc)
    if state is not None:
        over = "game over" if state.is_over else f"not over: seat {state.current_player} to play"
        console.print(f"{over}; scores: {state.scores()}", markup=False, highlight=False)


def _load_position(game, position, players, params):
    from .position import load
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
@with_game_options
def explain(game, move_text, position, players, params) -> None:
    """Say why MOVE is or is not legal in a position, pointing at the rule."""
    from .explain import explain as why
    try:
        _, state = _load_position(game, position, players, params)
        click.echo(why(state, move_text).render())
    except RulesError as exc:
        _fail(exc)


def main() -> None:
    try:
        cli(standalone_mode=True)
    except RulesError as exc:  # pragma: no cover - every command handles its own
        _fail(exc)
