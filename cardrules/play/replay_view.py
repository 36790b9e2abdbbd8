"""`cardrules replay`: a game log shown move by move, as every card or as one seat saw it, and
the stepper that walks through it (Enter or n next, p previous, q quit)."""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.text import Text

from ..engine.runtime import Game
from .replay import GameLog, played
from .table import CardTable, Style, observe_all

STEP_PROMPT = "Enter/n next, p previous, q quit: "


class ReplayView:
    """The states of a log, after each move (up to move `upto`), and how to show them to
    `seat` (every card when None)."""

    def __init__(self, log: GameLog, game: Game, console: Console, seat: int | None = None,
                 upto: int | None = None, plain: bool = False):
        self.console, self.seat = console, seat
        self.states = [game.new_state(log.seed)]
        self.steps = []  # (seat, move), by their place in the log
        for number, (player, _, move, state) in enumerate(played(log, game), 1):
            if upto is not None and number > upto:
                break
            self.steps.append((player, move))
            self.states.append(state.clone())
        self.table = CardTable(game, Style.for_console(console, plain))

    def show(self, at: int) -> None:
        state = self.states[at]
        obs = state.observation(self.seat) if self.seat is not None else observe_all(state)
        self.console.print(self.table.render(obs, state))

    def line(self, number: int) -> Text:
        player, move = self.steps[number - 1]
        text = self.table.move_text(self.states[number - 1], self.states[number], move, self.seat)
        return Text(f"{number:>4}. seat {player}: ").append_text(self.table.cards_text(text))

    def step(self, read: Callable[[str], str] = input) -> None:
        """Walk through the game: Enter or n next, p previous, q (or the end of input) quits."""
        at = 0
        while True:
            self.console.print(Text(f"after move {at} of {len(self.steps)}") if at
                               else Text(f"start, {len(self.steps)} moves"))
            if at:
                self.console.print(self.line(at))
            self.show(at)
            try:
                answer = read(STEP_PROMPT).strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            at = max(at - 1, 0) if answer == "p" else min(at + 1, len(self.steps))

    def run(self, every_table: bool, last_table: bool) -> None:
        """Every move's line (with the table after each when `every_table`), the last table
        when `last_table`, and how the game stands at the end."""
        for number in range(1, len(self.steps) + 1):
            self.console.print(self.line(number), highlight=False)
            if every_table:
                self.show(number)
        final = self.states[-1]
        if last_table:
            self.show(len(self.steps))
        over = "game over" if final.is_over else f"not over: seat {final.current_player} to play"
        self.console.print(f"{over}; scores: {final.scores()}", markup=False, highlight=False)
