"""What the studio sends a browser about a table: everything from one seat's observation, so
that the wire carries nothing that seat may not see.

A card the seat sees is ``{"n": name, "r": rank, "s": suit}`` (rank and suit as the deck
names them; a joker has none), a card it cannot see is ``null``, and a group is
``{"group": [cards], "about": "value 10, owner 0"}``. Move texts are as the seat may read them
(:func:`~cardrules.engine.observation.move_text_for`) and the narration is the card table's
(:meth:`~cardrules.play.table.CardTable.events`) for that seat.
"""

from __future__ import annotations

from ..engine.observation import cards_named, move_text_for
from ..engine.primitives import Move
from ..engine.runtime import Game, State
from ..play.table import PLAIN, CardTable


class TableView:
    """Draws one game's observations as JSON for the browser."""

    def __init__(self, game: Game, seat_names: dict[int, str] | None = None):
        self.game = game
        self.table = CardTable(game, PLAIN, seat_names)
        deck = game.deck
        self.faces = {}
        for name, card in self.table.card_of.items():
            self.faces[name] = {"n": name, "r": deck.rank_of[card], "s": deck.suit_of[card]}

    def card(self, name: str | None) -> dict | None:
        return None if name is None else self.faces[name]

    def item(self, x) -> dict | None:
        if isinstance(x, dict):
            return {"group": [self.card(c) for c in x["cards"]], "about": self.table.group_fields(x)}
        return self.card(x)

    def zone(self, zone, items: list) -> list:
        return [self.item(x) for x in self.table.in_display_order(zone, items)]

    def values(self, obs: dict, owners: tuple, index: int | None) -> dict[str, str]:
        hidden = self.table.display.hidden | set(self.table.display.totals)
        out = {}
        for name, value in obs["vars"].items():
            if self.table.var_owner[name] in owners and name not in hidden:
                out[name] = self.table.value(name, value if index is None else value[index]).plain
        return out

    def board(self, obs: dict, state: State) -> dict:
        """The table as `obs` shows it: seats, teams, shared zones and values, totals."""
        game, table = self.game, self.table
        viewer = obs["player"]
        per_team_inline = () if table.teams_shown else ("team",)
        seats = []
        for seat in range(game.player_count):
            zones = {name: self.zone(z, obs["zones"][name][seat]) for name, z in game.zones.items()
                     if z.owner == "player" or (z.owner == "team" and not table.teams_shown)}
            seats.append({"seat": seat, "label": table.seat_label(seat, viewer), "zones": zones,
                          "values": self.values(obs, ("player", *per_team_inline), seat)})
        teams = []
        if table.teams_shown:
            for team, members in enumerate(game.members):
                teams.append({"team": team, "seats": list(members),
                              "zones": {name: self.zone(z, obs["zones"][name][team])
                                        for name, z in game.zones.items() if z.owner == "team"},
                              "values": self.values(obs, ("team",), team)})
        totals = table.totals(obs, state)
        return {"title": game.title, "phase": obs["phase"], "turn": obs["current_player"], "over": obs["over"],
                "viewer": viewer, "seats": seats, "teams": teams,
                "shared": {name: self.zone(z, obs["zones"][name]) for name, z in game.zones.items() if not z.owner},
                "values": self.values(obs, (None,), None), "totals": totals.plain if totals is not None else ""}

    def moves(self, state: State, seat: int) -> list[dict]:
        """The seat's legal moves, each with the cards it names that the seat can see (what a
        click on the table selects)."""
        out = []
        deck = self.game.deck
        for index, move in enumerate(state.legal_moves()):
            cards = [deck.names[c] for c in cards_named(state, move) if self.game.visible_to(state, c, seat)]
            out.append({"i": index, "text": move_text_for(state, move, seat), "name": move.name, "cards": cards})
        return out

    def step(self, before: State, move: Move, after: State, mover: int | None, viewer: int | None) -> dict:
        """One move as `viewer` saw it (None: one who knows the seed, every card shown)."""
        who = "you" if mover == viewer and viewer is not None else self.table.seat_label(mover, viewer) \
            if mover is not None else "the rules"
        text = move.text if viewer is None else move_text_for(before, move, viewer, after)
        return {"who": who, "seat": mover, "move": text,
                "events": [line.plain.strip() for line in self.table.events(before, after, viewer)]}
