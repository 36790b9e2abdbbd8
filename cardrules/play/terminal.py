"""Text views of positions and moves for the terminal: what one seat sees, and move lists."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine.observation import move_text_for
from ..engine.runtime import State


def render_card(name):
    return "??" if name is None else name


def render_observation(obs: dict, title: str) -> Table:
    """A table of everything the observing seat may see."""
    table = Table(title=escape(f"{title}: seat {obs['player']} sees"), show_header=False, expand=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    turn = "game over" if obs["over"] else f"seat {obs['current_player']}"
    table.add_row("phase", escape(f"{obs['phase']} (to play: {turn})"))
    for name, value in obs["vars"].items():
        table.add_row(escape(name), escape(_value(value)))
    for name, content in obs["zones"].items():
        if content and isinstance(content[0], list) or (isinstance(content, list) and content and
                                                        all(isinstance(x, list) for x in content)):
            for seat, slot in enumerate(content):
                table.add_row(escape(f"{name}[{seat}]"), escape(_zone(slot)))
        else:
            table.add_row(escape(name), escape(_zone(content)))
    return table


def _zone(items) -> str:
    if not items:
        return "-"
    if all(x is None for x in items):
        return f"{len(items)} face down"
    parts = []
    for x in items:
        if isinstance(x, dict):
            fields = " ".join(f"{k}={v}" for k, v in x.items() if k != "cards")
            parts.append("[" + " ".join(render_card(c) for c in x["cards"]) + (f" | {fields}" if fields else "") + "]")
        else:
            parts.append(render_card(x))
    return " ".join(parts)


def _value(value) -> str:
    if isinstance(value, list):
        return "  ".join(f"{i}:{v}" for i, v in enumerate(value))
    return str(value)


def play_in_terminal(state: State, human: int, bots: dict, console: Console, read=input) -> list[str]:
    """Play until the game ends or the human quits: the human seat types a move (text or
    number); bots answer. Returns the moves played, for a game log."""
    game = state.game
    played: list[str] = []
    while not state.is_over:
        player = state.current_player
        if player != human:
            move = bots[player].choose(state)
            before = state.clone()
            state.apply(move)
            played.append(move.text)
            # The transcript is the human's view of the move; a move's text is not markup.
            console.print(f"[dim]seat {player}:[/dim] {escape(move_text_for(before, move, human, state))}")
            continue
        console.print(render_observation(state.observation(human), game.title))
        moves = state.legal_moves()
        for i, m in enumerate(moves, 1):
            console.print(f"  [cyan]{i:>3}[/cyan]  {escape(m.text)}")
        while True:
            try:
                answer = read("your move (number or text, q to quit): ").strip()
            except EOFError:
                console.print("\nbye")
                return played
            if answer in ("q", "quit"):
                return played
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                answer = moves[int(answer) - 1].text
            from ..engine.errors import IllegalMove
            try:
                played.append(state.apply(answer).text)
                break
            except IllegalMove as exc:
                # The reason quotes the rules (`hand[me]`): brackets there are not markup.
                console.print(f"[red]illegal:[/red] {escape(exc.reason)}")
    scores = state.scores()
    console.print(render_observation(state.observation(human), game.title))
    console.print("final scores: " + ", ".join(f"seat {p}: {s}" for p, s in enumerate(scores)))
    return played
