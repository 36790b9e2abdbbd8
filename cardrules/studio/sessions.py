"""A game at the studio's table, and a log replayed there. Both live in a worker process; what
they hand back is what the browser may be sent (:mod:`.views`).

At a table each seat is a person (``"human"``) or a bot of a built-in agent spec. The browser
plays every person's seat, as people pass one screen around (hot-seat): when the turn passes
from one person to another, the view says only whose turn it is until that person asks to
see their seat. Undo takes back the person's last move, and the bots' moves after it, when one
person plays against bots. The moves played make a log in the format of ``cardrules play
--save``; it holds the seed, which tells every card, so the server hands it out only once the
game is over.
"""

from __future__ import annotations

from ..engine.runtime import Game, State
from ..language.diagnostics import RulesError
from ..play.agents import observers
from ..play.replay import GameLog, played
from ..play.specs import make_agent
from ..play.simulate import winning_teams
from ..play.table import observe_all
from .views import TableView

HUMAN = "human"
NARRATION = 60  # the last steps a view narrates


class TableSession:
    def __init__(self, game: Game, name: str, seed: int, seats: list[str]):
        self.game, self.name, self.seed = game, name, seed
        self.seats = seats
        self.humans = [p for p, who in enumerate(seats) if who == HUMAN]
        self.bots = {p: make_agent(who, game, f"{seed}:{p}") for p, who in enumerate(seats) if who != HUMAN}
        self.watching = observers(self.bots.values())
        self.view_of = TableView(game, {p: f"bot {who}" for p, who in enumerate(seats) if who != HUMAN})
        self.state = game.new_state(seed)
        self.played: list[str] = []
        self.narration: dict[int, list[dict]] = {h: [] for h in self.humans}
        self.undo_points: list[tuple[State, int, dict[int, int]]] = []
        self.shown: int | None = None  # the person whose seat the screen shows
        self.play_bots()

    def play_bots(self) -> None:
        while not self.state.is_over and self.state.current_player in self.bots:
            seat = self.state.current_player
            self.step(seat, self.bots[seat].choose(self.state))

    def step(self, seat: int, move) -> None:
        before = self.state.clone()
        for agent in self.watching:
            agent.observe(self.state, move)
        self.state.apply(move)
        self.played.append(move.text)
        for h in self.humans:
            self.narration[h].append(self.view_of.step(before, move, self.state, seat, h))

    def person_to_see(self) -> int:
        turn = self.state.current_player
        if turn in self.humans:
            return turn
        return self.shown if self.shown is not None else self.humans[0]

    def view(self, seat: int | None = None) -> dict:
        """The table for `seat` (a person's), or for whoever is to look next; while the screen
        must pass to another person, only that this is so."""
        wanted = self.person_to_see()
        if seat is None:
            if len(self.humans) > 1 and self.shown not in (None, wanted):
                return {"kind": "hand-over", "seat": wanted, "title": self.game.title}
            seat = wanted
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not played here")
        self.shown = seat
        state = self.state
        out = self.view_of.board(state.observation(seat), state)
        out.update(kind="table", people=self.humans, seats_played=self.seats, moves_played=len(self.played),
                   moves=self.view_of.moves(state, seat) if state.current_player == seat else [],
                   narration=self.narration[seat][-NARRATION:],
                   can_undo=len(self.humans) == 1 and bool(self.undo_points),
                   result=result(state) if state.is_over else None)
        return out

    def move(self, seat: int, index: int) -> dict:
        if self.state.current_player != seat or seat not in self.humans:
            raise ValueError(f"it is not seat {seat}'s turn")
        legal = self.state.legal_moves()
        if not 0 <= index < len(legal):
            raise ValueError(f"there is no move {index}: the moves are 0..{len(legal) - 1}")
        if len(self.humans) == 1:
            self.undo_points.append((self.state.clone(), len(self.played),
                                     {h: len(n) for h, n in self.narration.items()}))
        self.step(seat, legal[index])
        self.play_bots()
        return self.view(seat if len(self.humans) == 1 else None)

    def undo(self) -> dict:
        if len(self.humans) != 1 or not self.undo_points:
            raise ValueError("nothing to undo: undo takes back a move against bots")
        self.state, count, lengths = self.undo_points.pop()
        del self.played[count:]
        for h, length in lengths.items():
            del self.narration[h][length:]
        return self.view(self.humans[0])

    def log(self) -> GameLog:
        return GameLog.of(self.game, self.name, self.seed, self.played, dict(enumerate(self.seats)))


def result(state: State) -> dict:
    game = state.game
    scores = state.scores()
    team = winning_teams([scores], game.team_of)[0]
    return {"scores": [str(s) for s in scores],
            "winners": [] if team is None else list(game.members[team])}


class ReplaySession:
    """A log played back: every position, shown with every card (the log's seed tells them all)
    or as one seat saw it."""

    def __init__(self, log: GameLog, game: Game):
        self.game = game
        self.log = log
        self.states = [game.new_state(log.seed)]
        self.steps = []  # (seat, move) of each move, in order
        self.stopped: str | None = None  # why the replay stops before the log's end
        try:
            for seat, _, move, state in played(log, game):
                self.steps.append((seat, move))
                self.states.append(state.clone())
        except RulesError as exc:  # a move the rules refuse, or a rule that fails at it
            self.stopped = exc.render()
        self.view_of = TableView(game, {int(k): (v if v == HUMAN else f"bot {v}") for k, v in log.seats.items()
                                        if k.isdigit()})

    def view(self, at: int, seat: int | None) -> dict:
        at = max(0, min(at, len(self.steps)))
        if seat is not None and not 0 <= seat < self.game.player_count:
            raise ValueError(f"the seats are 0..{self.game.player_count - 1}")
        state = self.states[at]
        obs = observe_all(state) if seat is None else state.observation(seat)
        out = self.view_of.board(obs, state)
        lines = []
        for number in range(max(1, at - NARRATION + 1), at + 1):
            mover, move = self.steps[number - 1]
            line = self.view_of.step(self.states[number - 1], move, self.states[number], mover, seat)
            lines.append({**line, "number": number})
        out.update(kind="replay", at=at, total=len(self.steps), seat=seat, stopped=self.stopped,
                   narration=lines, result=result(state) if state.is_over else None)
        return out
