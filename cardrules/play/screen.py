"""The fixed-layout table of `cardrules play` at a terminal: one screen redrawn in place, with
the table, the last trick and what the game announced, the recent events, the moves and the
prompt all in view on an 80x24 terminal.

Drawn with Rich (already what draws the cards): each screen is rendered to lines of exactly the
terminal's width on the alternate screen, then the prompt is read on the last row, so the
terminal's own line editing and Ctrl-C work as in the scrolling transcript (which `--plain`, a
pipe or `--scroll` keeps). Everything on it for a seat comes from that seat's narration and
observation, so it shows no more than the transcript would.
"""

from __future__ import annotations

from collections import deque

from rich.console import Console
from rich.text import Text

from ..engine.primitives import Move
from ..engine.runtime import State
from ..engine.story import Passage, Said
from .table import CardTable

RECENT = 60  # narration lines kept per seat; the screen shows the newest that fit
BOARD = 5  # announcements kept: the newest text of each `says` of the rules


class Memory:
    """What one seat has been told, as the fixed screen shows it."""

    def __init__(self) -> None:
        self.recent: deque[Text] = deque(maxlen=RECENT)
        self.last_moves: dict[int, Text] = {}
        self.last_trick: Text | None = None
        self.board: dict = {}  # the span of a `says` -> its newest text, newest last


class FixedScreen:
    def __init__(self, table: CardTable, console: Console, seats: list[int]):
        self.table = table
        self.console = console
        self.memory = {seat: Memory() for seat in seats}
        # card -> (the seat whose move put it there, the slot, the order it was put in)
        self.placed: dict[int, tuple[int, int, int]] = {}
        self.moves_placed = 0
        self.messages: list[Text] = []
        self.on = False

    # --- what is remembered
    def record(self, seat: int, move: Move, story: list, before: State, after: State) -> None:
        """A step, for every seat that watches: its narration, its last move, a trick taken."""
        game = self.table.game
        for beat in story:
            if isinstance(beat, Passage) and beat.by_move:
                for card in range(game.deck_size):
                    if beat.before.loc[card] != beat.after.loc[card]:
                        self.placed[card] = (seat, beat.after.loc[card], self.moves_placed)
                        self.moves_placed += 1
        for viewer, memory in self.memory.items():
            lines = self.table.narrate(seat, move, story, before, after, viewer)
            memory.recent.extend(lines)
            memory.last_moves[seat] = lines[0]
            for beat in story:
                if isinstance(beat, Said):
                    memory.board.pop(beat.telling.span, None)
                    memory.board[beat.telling.span] = self.table.said(beat, (beat.at, after), viewer)
                    while len(memory.board) > BOARD:
                        memory.board.pop(next(iter(memory.board)))
                elif (trick := self.cleared(beat, viewer)) is not None:
                    memory.last_trick = trick

    def record_deal(self, story: list, dealt: State) -> None:
        """The opening deal (the story of the setup), for every seat that watches."""
        for viewer, memory in self.memory.items():
            memory.recent.extend(self.table.tell(story, dealt, viewer))
            for beat in story:
                if isinstance(beat, Said):
                    memory.board[beat.telling.span] = self.table.said(beat, (beat.at, dealt), viewer)

    def cleared(self, beat: Passage, viewer: int) -> Text | None:
        """A zone whose two or more cards, each played there by a move and seen by the seat,
        all left it at once: a trick taken (or a battle, a pot), in the order they were played,
        each with who played it."""
        game, table = self.table.game, self.table
        for name, zone in game.zones.items():
            slots = range(zone.base, zone.base + zone.count)
            cards = [c for slot in slots for c in beat.before.zones[slot]]
            if len(cards) < 2 or any(beat.after.zones[slot] for slot in slots) or any(
                    c >= game.deck_size or self.placed.get(c, (None, None))[1] != beat.before.loc[c]
                    or not game.visible_to(beat.before, c, viewer) for c in cards):
                continue
            out = Text(f"last {name}: ", style="bold" if table.style.colour else "")
            for i, c in enumerate(sorted(cards, key=lambda c: self.placed[c][2])):
                who = self.placed[c][0]
                out.append(" " if i else "")
                out.append_text(table.card(game.deck.names[c]))
                out.append(f" ({'you' if who == viewer else f'seat {who}'})")
            out.append(table.arrow + table.place(beat.after, cards[0], viewer))
            return out
        return None

    # --- the screen
    def start(self) -> None:
        if not self.on:
            self.on = self.console.set_alt_screen(True)

    def stop(self) -> None:
        if self.on:
            self.console.set_alt_screen(False)
            self.on = False

    def say(self, line: Text) -> None:
        self.messages.append(line)

    def draw(self, state: State, viewer: int, moves: list[Move]) -> None:
        """The screen for `viewer` choose among `moves`; the prompt goes on the last row."""
        self.start()
        width, height = self.console.size
        lines = self.layout(state, viewer, moves, width, height - 1)
        self.console.file.write("\x1b[H\x1b[2J")
        for line in lines:
            self.console.print(line, no_wrap=True, overflow="crop", end="\n", highlight=False)
        self.console.file.flush()

    def layout(self, state: State, viewer: int, moves: list[Move], width: int, rows: int) -> list[Text]:
        """Exactly `rows` lines of at most `width` columns: the table at the top, the moves and
        messages at the bottom, between them the last trick, the announcements and the last
        moves (left) beside the recent events, newest at the bottom (right)."""
        memory = self.memory[viewer]
        table = [part for line in self.table.compact(state.observation(viewer), state)
                 for part in self.wrapped(line, width)]
        bottom = self.move_lines(moves, width) + [part for m in self.messages[-3:] for part in self.wrapped(m, width)]
        self.messages = []
        middle = max(rows - len(table) - len(bottom) - 1, 0)
        if len(table) > rows - len(bottom) - 5:  # a very small screen: the table gives way first
            table = table[:max(rows - len(bottom) - 5, 1)]
            middle = max(rows - len(table) - len(bottom) - 1, 0)
        left_width = min(max(width * 2 // 5, 20), width - 20)
        right_width = width - left_width - 3
        left: list[Text] = []
        if memory.last_trick is not None:
            left.extend(self.wrapped(memory.last_trick, left_width))
        for said in memory.board.values():
            left.extend(self.wrapped(said, left_width))
        for seat in sorted(memory.last_moves):
            if len(left) >= middle:
                break
            left.extend(self.wrapped(memory.last_moves[seat], left_width)[:1])
        left = left[:middle]
        right = [part for line in memory.recent for part in self.wrapped(line, right_width)][-middle:] if middle else []
        rule = Text("─" * width if self.table.style.symbols else "-" * width, style="dim" if self.table.style.colour else "")
        bar = " │ " if self.table.style.symbols else " | "
        out = list(table) + [rule]
        for i in range(middle):
            row = (left[i] if i < len(left) else Text()).copy()
            row.truncate(left_width, pad=True)
            row.append(bar, style="dim" if self.table.style.colour else "")
            if i < len(right):
                row.append_text(right[i])
            out.append(row)
        out.extend(bottom)
        out = out[:rows]
        return out + [Text()] * (rows - len(out))

    def move_lines(self, moves: list[Move], width: int) -> list[Text]:
        """The legal moves numbered, in as many columns as fit, in at most a third of the screen."""
        cells = []
        for i, m in enumerate(moves, 1):
            cell = Text(f"{i:>2} ", style="cyan" if self.table.style.colour else "")
            cell.append_text(self.table.cards_text(m.text))
            cells.append(cell)
        if not cells:
            return []
        cell_width = min(max(c.cell_len for c in cells) + 2, width)
        columns = max(width // cell_width, 1)
        most = max(self.console.size.height // 3, 2)
        out = []
        for start in range(0, len(cells), columns):
            row = Text()
            for cell in cells[start:start + columns]:
                cell = cell.copy()
                cell.truncate(cell_width, pad=True)
                row.append_text(cell)
            out.append(row)
        if len(out) > most:
            hidden = len(cells) - (most - 1) * columns
            out = out[:most - 1] + [Text(f"   … {hidden} more: type a move's text, or its number")]
        return out

    def wrapped(self, line: Text, width: int) -> list[Text]:
        return list(line.wrap(self.console, max(width, 1), overflow="fold")) or [Text()]
