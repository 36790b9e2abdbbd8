"""Playing at the terminal: one or more people (hot-seat) against bots, on the card table of
:mod:`cardrules.play.table`.

A person types a move's number or its text (card names in any case: ``trail 8c``), Enter for
a forced move, ``undo`` to take back their last move against bots, ``q`` to stop. A mistyped
move is answered with the reason and the closest legal moves. Each seat is shown only what
it may see: with several people at one terminal the screen is cleared and the terminal
passed between their turns, and each is told what happened since their last turn, in the
game's own words (:meth:`CardTable.narrate`). At a terminal the table is one screen redrawn in
place (:mod:`cardrules.play.screen`); otherwise, and with `fixed=False`, a scrolling transcript.
"""

from __future__ import annotations

import difflib
from typing import Callable, Iterable

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from ..engine.errors import IllegalMove
from ..engine.primitives import Move
from ..engine.runtime import State
from ..engine.story import told_apply
from .agents import observers
from .screen import FixedScreen
from .table import CardTable, Style

PROMPT = "your move (number or text, q to quit): "
HELP = "type a move's number or its text; Enter plays a forced move; undo takes back your last move; q quits"


def find_move(state: State, text: str) -> Move | None:
    """The legal move a person meant by `text`: its exact text, or the one text equal to it
    but for letter case (card names are typed as ``8c`` as often as ``8C``)."""
    text = " ".join(text.split())
    legal = state.legal_moves()
    for m in legal:
        if m.text == text:
            return m
    folded = [m for m in legal if m.text.casefold() == text.casefold()]
    return folded[0] if len(folded) == 1 else None


def closest_moves(state: State, text: str, count: int = 3) -> list[str]:
    texts = [m.text for m in state.legal_moves()]
    by_fold = {t.casefold(): t for t in texts}
    return [by_fold[t] for t in difflib.get_close_matches(text.casefold(), list(by_fold), n=count, cutoff=0.5)]


class Session:
    """One game at the terminal. `played` holds the moves so far (for a log), also after an
    interruption."""

    def __init__(self, state: State, humans: Iterable[int], bots: dict, console: Console,
                 read: Callable[[str], str] = input, style: Style | None = None,
                 seat_names: dict[int, str] | None = None, played: list[str] | None = None,
                 fixed: bool = False, opening: list | None = None):
        self.state = state
        self.humans = sorted(set(humans))
        self.bots = bots
        self.console = console
        self.read = read
        names = dict(seat_names or {})
        for seat, bot in bots.items():
            names.setdefault(seat, f"bot {getattr(bot, 'name', type(bot).__name__)}")
        self.table = CardTable(state.game, style or Style.for_console(console), names)
        self.played = list(played or [])
        # Per person, the steps they have not been shown yet: (seat, move, story, before, after).
        self.unseen: dict[int, list] = {h: [] for h in self.humans}
        self.undo_points: list[tuple[State, int]] = []
        self.last_human: int | None = None
        # Bots that infer from play hear of every move, each reading only what its seat sees.
        self.watching = observers(bots.values())
        self.screen = FixedScreen(self.table, console, self.humans) if fixed else None
        # The story of the opening deal (`told_new_state`), told to each person before their first turn.
        dealt = state.clone()
        self.untold_deal = {h: (list(opening), dealt) for h in self.humans} if opening else {}
        if self.screen is not None and opening:
            self.screen.record_deal(list(opening), dealt)

    def print(self, renderable) -> None:
        """A message for the person at the terminal: on the fixed screen, under the moves."""
        if self.screen is not None and self.screen.on and isinstance(renderable, Text):
            self.screen.say(renderable)
        else:
            self.console.print(renderable, highlight=False)

    def run(self) -> list[str]:
        """Play to the end or until a person quits; returns the moves played."""
        try:
            return self.play()
        finally:
            if self.screen is not None:
                self.screen.stop()

    def play(self) -> list[str]:
        while not self.state.is_over:
            seat = self.state.current_player
            if seat in self.bots:
                self.step(seat, self.bots[seat].choose(self.state))
                continue
            if seat not in self.unseen:
                raise ValueError(f"seat {seat} has neither a person nor a bot")
            if not self.turn(seat):
                return self.played
        if self.screen is not None:
            self.screen.stop()  # the end stays in the terminal's scrollback
        self.finish()
        return self.played

    def step(self, seat: int, move: Move) -> None:
        before = self.state.clone()
        for agent in self.watching:
            agent.observe(self.state, move)
        move, story = told_apply(self.state, move)
        self.played.append(move.text)
        after = self.state.clone()
        if self.screen is not None:
            self.screen.record(seat, move, story, before, after)
        for h in self.humans:
            self.unseen[h].append((seat, move, story, before, after))

    def tell(self, viewer: int) -> None:
        """What happened since `viewer` last looked (the fixed screen keeps it as it happens)."""
        deal = self.untold_deal.pop(viewer, None)
        if self.screen is None or not self.screen.on:
            if deal is not None:
                for line in self.table.tell(deal[0], deal[1], viewer):
                    self.print(line)
            for seat, move, story, before, after in self.unseen[viewer]:
                for line in self.table.narrate(seat, move, story, before, after, viewer):
                    self.print(line)
        self.unseen[viewer] = []

    def hand_over(self, seat: int) -> bool:
        """With several people at the terminal, hide the last one's screen before the next one looks."""
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            if self.screen is not None:
                self.screen.messages = []
            self.console.clear()
            try:
                self.read(f"pass the terminal to seat {seat}, then press Enter ")
            except EOFError:
                return False
            self.console.clear()
        self.last_human = seat
        return True

    def turn(self, seat: int) -> bool:
        """One person's decision; False when they quit."""
        if not self.hand_over(seat):
            return False
        self.tell(seat)
        while True:
            if self.screen is None:
                self.show(seat)
            moves = self.state.legal_moves()
            prompt = PROMPT if len(moves) > 1 else f"your move (Enter plays `{moves[0].text}`, q to quit): "
            while True:
                if self.screen is not None:
                    self.screen.draw(self.state, seat, moves)
                try:
                    answer = " ".join(self.read(prompt).split())
                except EOFError:
                    self.print("\nbye")
                    return False
                lowered = answer.casefold()
                if lowered in ("q", "quit"):
                    return False
                if lowered in ("?", "help"):
                    self.print(Text(HELP))
                    continue
                if lowered == "undo":
                    if self.undo(seat):
                        break
                    continue
                move = self.choose(answer, moves)
                if move is not None:
                    if len(self.humans) == 1:
                        self.undo_points.append((self.state.clone(), len(self.played)))
                    self.step(seat, move)
                    self.tell(seat)  # what the move did, at once
                    return True
            # undone: show the table again

    def show(self, seat: int) -> None:
        self.print(self.table.render(self.state.observation(seat), self.state))
        moves = self.state.legal_moves()
        cells = []
        for i, m in enumerate(moves, 1):
            cell = Text(f"{i:>3}", style="cyan" if self.table.style.colour else "")
            cell.append("  ")
            cell.append_text(self.table.cards_text(m.text))
            cells.append(cell)
        if len(cells) <= 12:
            for cell in cells:
                self.print(cell)
        else:
            self.print(Columns(cells, padding=(0, 3)))

    def choose(self, answer: str, moves: list[Move]) -> Move | None:
        if not answer and len(moves) == 1:
            return moves[0]
        if answer.isdigit():
            if 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            self.print(Text(f"there is no move {answer}: the moves are numbered 1 to {len(moves)}"))
            return None
        if not answer:
            return None
        move = find_move(self.state, answer)
        if move is not None:
            return move
        try:
            self.state.apply(answer)  # not legal: the reason, quoting the rules
        except IllegalMove as exc:
            line = Text("illegal: ", style="red" if self.table.style.colour else "")
            line.append(exc.reason)
            self.print(line)
        closest = closest_moves(self.state, answer)
        if closest:
            self.print(Text("closest legal moves: " + ", ".join(closest)))
        return None

    def undo(self, seat: int) -> bool:
        if len(self.humans) > 1:
            self.print(Text("undo works against bots only: with several people at the table a move stands"))
            return False
        if not self.undo_points:
            self.print(Text("nothing to undo"))
            return False
        state, count = self.undo_points.pop()
        self.state = state
        del self.played[count:]
        self.unseen[seat] = []
        self.print(Text(f"took back your move; {len(self.played)} moves played"))
        return True

    def finish(self) -> None:
        from .simulate import winning_teams
        viewer = self.humans[0] if self.humans else 0
        for h in self.humans:
            if len(self.humans) > 1:
                self.print(Text(f"seat {h}, what happened last:"))
            self.tell(h)
        self.print(self.table.render(self.state.observation(viewer), self.state))
        game = self.state.game
        scores = self.state.scores()
        self.print(Text("final scores: " + ", ".join(f"seat {p}: {self.table.plain_value(s)}"
                                                     for p, s in enumerate(scores))))
        team = winning_teams([scores], game.team_of)[0]
        if team is None:
            self.print(Text("a draw: the top score is shared", style="bold" if self.table.style.colour else ""))
        else:
            members = game.members[team]
            who = f"seat {members[0]}" if len(members) == 1 else \
                f"team {team} (seats {', '.join(map(str, members))})"
            mine = any(game.team_of[h] == team for h in self.humans)
            self.print(Text(f"winner: {who}" + (" — you win!" if mine and len(self.humans) == 1 else ""),
                            style="bold green" if self.table.style.colour else ""))


def play_in_terminal(state: State, human: int | Iterable[int], bots: dict, console: Console,
                     read: Callable[[str], str] = input, style: Style | None = None) -> list[str]:
    """Play until the game ends or the person quits; returns the moves played, for a log."""
    humans = [human] if isinstance(human, int) else list(human)
    return Session(state, humans, bots, console, read, style).run()
