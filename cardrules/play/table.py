"""The card table a player reads: what one seat sees, drawn with suit symbols and colours, and
a line for everything that happened since that seat last looked.

Everything drawn for a seat comes from what that seat may see: the table from its
observation, the narration from the cards it could see before or after each change, and other
seats' move texts with the cards it cannot see written ``??``. Text is built as rich ``Text``
objects, never as markup, so a rules file's `says` text or a card name is never read as markup.
"""

from __future__ import annotations

import re
from collections.abc import Set
from fractions import Fraction

import attrs
from rich.console import Group
from rich.text import Text

from ..language import types as T
from ..language.display import Display, sort_keys
from ..engine.observation import move_text_for
from ..engine.primitives import Move
from ..engine.runtime import Game, State
from ..engine.story import Passage, Said

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}
HIDDEN = "??"
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@attrs.frozen
class Style:
    """How cards are drawn: suit symbols (UTF-8) and red/black colours, or plain names."""

    symbols: bool = True
    colour: bool = True

    @classmethod
    def for_console(cls, console, plain: bool = False) -> Style:
        if plain:
            return cls(False, False)
        encoding = (getattr(console, "encoding", "") or "").lower().replace("-", "")
        return cls(symbols=encoding == "utf8", colour=console.color_system is not None)


PLAIN = Style(False, False)


class CardTable:
    """Draws one game's positions and events for one seat at a time."""

    def __init__(self, game: Game, style: Style = PLAIN, seat_names: dict[int, str] | None = None):
        self.game = game
        self.style = style
        self.seat_names = seat_names or {}
        self.display: Display = game.model.display if game.model is not None and game.model.display else Display()
        deck = game.deck
        self.card_of = {name: cards[0] for name, cards in deck.lookup().items()}
        names = sorted(self.card_of, key=len, reverse=True)
        self.card_pattern = re.compile(r"(?<![\w#])(" + "|".join(map(re.escape, names)) + r")(?![\w#])")
        self.var_types = {v.name: v.type for v in game.vars}
        self.var_owner = {v.name: v.owner for v in game.vars}
        self.teams_shown = game.team_count < game.player_count
        self.sep = " · " if style.symbols else ", "
        self.arrow = " → " if style.symbols else " -> "

    # --- cards and values
    def card(self, name: str | None) -> Text:
        if name is None:
            return Text(HIDDEN, style="dim" if self.style.colour else "")
        card = self.card_of.get(name)
        suit = self.game.deck.suit_of[card] if card is not None else None
        if suit is None:
            return Text(name, style="magenta" if self.style.colour and card is not None else "")
        rank = self.game.deck.rank_of[card]
        shown = rank + SUIT_SYMBOLS.get(suit, suit) if self.style.symbols else name
        colour = ("red" if suit in RED_SUITS else "bold") if self.style.colour else ""
        return Text(shown, style=colour)

    def cards_text(self, text: str) -> Text:
        """A move or event text with every card name in it drawn as a card."""
        out = Text()
        at = 0
        for m in self.card_pattern.finditer(text):
            out.append(text[at:m.start()])
            out.append_text(self.card(m.group(1)))
            at = m.end()
        out.append(text[at:])
        return out

    def item(self, x, zone=None) -> Text:
        if not isinstance(x, dict):
            return self.card(x)
        out = Text("[")
        if x["cards"] and all(c is None for c in x["cards"]):
            out.append(f"{len(x['cards'])} face down", style="dim" if self.style.colour else "")
        else:
            out.append_text(Text(" ").join(self.card(c) for c in self.group_order(zone, x["cards"])))
        fields = self.group_fields(x)
        if fields:
            out.append(" | " + fields, style="dim" if self.style.colour else "")
        out.append("]")
        return out

    def zone(self, zone, items: list) -> Text:
        if not items:
            return Text("—" if self.style.symbols else "-")
        if all(x is None for x in items):
            return Text(f"{len(items)} face down", style="dim" if self.style.colour else "")
        return Text(" ").join(self.item(x, zone) for x in self.in_display_order(zone, items))

    def in_display_order(self, zone, items: list) -> list:
        """A zone's observed items as the display orders them; cards the seat cannot see, and
        groups, go last in the order they lie."""
        keys = self.display.order_of(zone)
        if not keys:
            return items
        key = sort_keys(self.game.deck, keys)
        return sorted((x for x in items if isinstance(x, str)), key=lambda name: key(self.card_of[name])) + \
            [x for x in items if not isinstance(x, str)]

    def group_order(self, zone, cards: list) -> list:
        """A group's cards as a reader takes them in: a run in the order of the deck's own rank
        order (its first named one; cards outside it, wild ones, last), unless the display
        orders the zone; cards not seen stay last."""
        if zone is None:
            return cards
        keys = self.display.orders.get(zone.name) or \
            (next((k for k in self.game.deck.orders if k != "rank"), "rank"),)
        key = sort_keys(self.game.deck, keys)
        seen = sorted((c for c in cards if c is not None), key=lambda name: key(self.card_of[name]))
        return seen + [c for c in cards if c is None]

    def group_fields(self, group: dict) -> str:
        """A group's fields as a seat sees them: `value 10, owner 0`; those unset or false left out."""
        return ", ".join(f"{k} {self.plain_value(v)}" for k, v in group.items()
                         if k != "cards" and v not in (None, False))

    def plain_value(self, value, type_: T.Type = T.ANY) -> str:
        if value is None:
            return "—" if self.style.symbols else "-"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if type_ == T.PLAYER:
            return f"seat {value}"
        if isinstance(value, list):
            inner = type_.of if type_.kind == "list" else T.ANY
            return "[" + " ".join(self.plain_value(v, inner) for v in value) + "]"
        if isinstance(value, Fraction):
            return str(value)
        return str(value)

    def value(self, name: str, value) -> Text:
        t = self.var_types[name]
        if t in (T.CARD, T.list_of(T.CARD)):
            if isinstance(value, list):
                return Text(" ").join(self.card(c) for c in value) if value else Text(self.plain_value(None))
            return self.card(value) if value is not None else Text(self.plain_value(None))
        return Text(self.plain_value(value, t))

    # --- the table
    def seat_label(self, seat: int, viewer: int | None) -> str:
        who = self.seat_names.get(seat, "")
        if seat == viewer:
            who = "you" if not who or who == "you" else f"you, {who}"
        return f"seat {seat}" + (f" ({who})" if who else "")

    def totals(self, obs: dict, state: State | None = None) -> Text | None:
        """The running totals line: the display's `show` variables, or at the end the scores."""
        names = self.display.totals
        if names:
            parts = []
            for name in names:
                values = obs["vars"][name]
                if self.var_owner[name] == "team" and self.teams_shown:
                    who = [f"team {t} {self.plain_value(v)}" for t, v in enumerate(values)]
                else:
                    who = [f"seat {p} {self.plain_value(v)}" for p, v in enumerate(values)]
                parts.append(f"{name}: " + self.sep.join(who))
            return Text("   ".join(parts), style="bold" if self.style.colour else "")
        if state is not None and state.is_over:
            return Text("scores: " + ", ".join(f"seat {p} {self.plain_value(s)}" for p, s in enumerate(state.scores())),
                        style="bold" if self.style.colour else "")
        return None

    def render(self, obs: dict, state: State | None = None) -> Group:
        """The whole table as `obs['player']` sees it."""
        game = self.game
        viewer = obs["player"]
        hidden = self.display.hidden | set(self.display.totals)
        lines: list[Text] = []
        turn = "game over" if obs["over"] else f"seat {obs['current_player']} to play" + (
            " (you)" if obs["current_player"] == viewer else "")
        lines.append(Text(f"{game.title} · {obs['phase']} · {turn}" if self.style.symbols
                          else f"{game.title} - {obs['phase']} - {turn}", style="bold underline" if self.style.colour
                          else ""))
        per_team_inline = not self.teams_shown
        for seat in range(game.player_count):
            marker = "▶ " if self.style.symbols else "> "
            head = Text((marker if seat == obs["current_player"] else "  ") + self.seat_label(seat, viewer),
                        style="bold" if self.style.colour and seat == viewer else "")
            lines.append(head)
            owners = ("player", "team") if per_team_inline else ("player",)
            lines.extend(self.owned(obs, seat, owners, hidden))
        if self.teams_shown:
            for team, members in enumerate(game.members):
                lines.append(Text(f"  team {team} (seats {', '.join(map(str, members))})"))
                lines.extend(self.owned(obs, team, ("team",), hidden))
        for name, zone in game.zones.items():
            if not zone.owner:
                lines.append(Text(f"  {name}: ").append_text(self.zone(zone, obs["zones"][name])))
        shared = [Text(f"{name} ").append_text(self.value(name, value)) for name, value in obs["vars"].items()
                  if self.var_owner[name] is None and name not in hidden]
        if shared:
            lines.append(Text("  ").append_text(Text(self.sep).join(shared)))
        totals = self.totals(obs, state)
        if totals is not None:
            lines.append(totals)
        return Group(*lines)

    def compact(self, obs: dict, state: State | None = None, many: int = 8) -> list[Text]:
        """The table in few lines, for a screen that holds more than the table: a line per seat
        (its zones side by side; another seat's zone of more than `many` cards as a count), the
        shared zones on one line, the shared values, the totals."""
        game = self.game
        viewer = obs["player"]
        hidden = self.display.hidden | set(self.display.totals)
        dim = "dim" if self.style.colour else ""
        turn = "game over" if obs["over"] else f"seat {obs['current_player']} to play" + (
            " (you)" if obs["current_player"] == viewer else "")
        lines = [Text(f"{game.title}{self.sep}{obs['phase']}{self.sep}{turn}",
                      style="bold underline" if self.style.colour else "")]

        def zones_of(index: int, owners: tuple[str, ...], mine: bool) -> Text:
            parts = []
            for name, zone in game.zones.items():
                if zone.owner not in owners:
                    continue
                items = obs["zones"][name][index]
                if not items:
                    continue
                shown = Text(f"{name} ", style=dim)
                if not mine and len(items) > many and any(x is not None for x in items):
                    shown.append(f"{len(items)} cards")
                else:
                    shown.append_text(self.zone(zone, items))
                parts.append(shown)
            values = [Text(f"{name} ", style=dim).append_text(self.value(name, obs["vars"][name][index]))
                      for name in obs["vars"] if self.var_owner[name] in owners and name not in hidden]
            return Text("  ").join(parts + values)
        owners = ("player",) if self.teams_shown else ("player", "team")
        marker = "▶ " if self.style.symbols else "> "
        for seat in range(game.player_count):
            head = Text((marker if seat == obs["current_player"] else "  ") + self.seat_label(seat, viewer) + "  ",
                        style="bold" if self.style.colour and seat == viewer else "")
            lines.append(head + zones_of(seat, owners, seat == viewer))
        if self.teams_shown:
            for team in range(len(game.members)):
                mine = viewer is not None and game.team_of[viewer] == team
                lines.append(Text(f"  team {team}  ") + zones_of(team, ("team",), mine))
        shared = [Text(f"{name} ", style=dim).append_text(self.zone(zone, obs["zones"][name]))
                  for name, zone in game.zones.items() if not zone.owner]
        shared += [Text(f"{name} ", style=dim).append_text(self.value(name, value))
                   for name, value in obs["vars"].items() if self.var_owner[name] is None and name not in hidden]
        if shared:
            lines.append(Text("  ") + Text("   ").join(shared))
        totals = self.totals(obs, state)
        if totals is not None:
            lines.append(totals)
        return lines

    def owned(self, obs: dict, index: int, owners: tuple[str, ...], hidden: Set[str]) -> list[Text]:
        out = []
        for name, zone in self.game.zones.items():
            if zone.owner in owners:
                out.append(Text(f"    {name}: ").append_text(self.zone(zone, obs["zones"][name][index])))
        values = [Text(f"{name} ").append_text(self.value(name, obs["vars"][name][index]))
                  for name in obs["vars"] if self.var_owner[name] in owners and name not in hidden]
        if values:
            out.append(Text("    ").append_text(Text(self.sep).join(values)))
        return out

    # --- moves and events
    def move_text(self, before: State, after: State, move: Move, viewer: int | None) -> str:
        """The move's text as `viewer` may read it (:func:`~cardrules.engine.observation.move_text_for`):
        a card it saw neither before the move nor where the move put it is written ``??``."""
        return move.text if viewer is None else move_text_for(before, move, viewer, after)

    # --- narration: a step told in the game's own words
    def narrate(self, seat: int, move: Move, story: list, before: State, after: State,
                viewer: int | None) -> list[Text]:
        """The step `seat` played as `viewer` may read it (None: one who sees every card): the
        move, then in order what followed, each `says` text of the rules as written with its
        values, and the changes no text tells: cards moved, cards shown, the display's totals."""
        who = "you" if seat == viewer else self.seat_label(seat, viewer)
        line = Text(f"{who}: ", style="cyan" if self.style.colour else "")
        line.append_text(self.cards_text(self.move_text(before, after, move, viewer)))
        return [line] + self.tell(story, after, viewer)

    def tell(self, story: list, end: State, viewer: int | None) -> list[Text]:
        out: list[Text] = []
        for i, beat in enumerate(story):
            if isinstance(beat, Said):
                then = next((b.after for b in story[i + 1:] if isinstance(b, Passage)), end)
                out.append(self.said(beat, (beat.at, then, end), viewer))
            elif not beat.told:
                out.extend(self.moved(beat.before, beat.after, viewer))
                out.extend(self.totals_changed(beat.before, beat.after, viewer))
        return out

    def said(self, said: Said, states: tuple[State, ...], viewer: int | None) -> Text:
        """A `says` text with its values: a card `viewer` sees in none of `states` is ``??``."""
        types = dict(said.telling.names)
        pieces = _PLACEHOLDER.split(said.telling.text)
        out = Text("  ")
        for i, piece in enumerate(pieces):
            if i % 2 == 0:
                out.append(piece[:1].upper() + piece[1:] if i == 0 else piece)
                continue
            shown = self.told_value(said.values.get(piece), types.get(piece, T.ANY), states, viewer)
            if i == 1 and not pieces[0] and shown.plain[:1].islower():
                shown = Text(shown.plain[:1].upper(), style=shown.style) + shown[1:]
            out.append_text(shown)
        return out

    def told_value(self, value, type_: T.Type, states: tuple[State, ...], viewer: int | None) -> Text:
        game = self.game

        def card(c: int) -> Text:
            seen = viewer is None or any(game.visible_to(st, c, viewer) for st in states)
            return self.card(game.deck.names[c] if seen else None)

        def item(x: int) -> Text:
            if x < game.deck_size:
                return card(x)
            group = next((st.groups[x] for st in states if x in st.groups), None)
            cards = [] if group is None else group["cards"]
            return Text("[") + Text(" ").join(card(c) for c in cards) + Text("]")
        if value is None:
            return Text(self.plain_value(None))
        if type_ == T.PLAYER or type_ == T.TEAM and not self.teams_shown:
            return Text(f"seat {value}" + (" (you)" if value == viewer else ""))
        if type_ == T.TEAM:
            return Text(f"team {value}" + (" (yours)" if viewer is not None and game.team_of[viewer] == value else ""))
        if type_ == T.ZONE and isinstance(value, int):
            return Text(self.slot_label(value, viewer))
        if type_ in (T.CARD, T.ITEM, T.GROUP):
            return item(value)
        if type_.kind == "list" and isinstance(value, list):
            if type_.of in (T.CARD, T.ITEM):
                return Text(" ").join(item(x) for x in value)
            inner = [self.told_value(v, type_.of, states, viewer) for v in value]
            if type_.of.kind == "list":  # runs, sets: each in brackets
                return Text(" ").join(Text("[") + t + Text("]") for t in inner)
            return Text(", ").join(inner)
        return Text(self.plain_value(value, type_))

    def moved(self, before: State, after: State, viewer: int | None) -> list[Text]:
        """The cards a stretch moved or showed, as `viewer` may see them (see :meth:`events`)."""
        game = self.game
        arrow = self.arrow
        moved: dict[str, list] = {}
        turned: dict[str, list] = {}
        for card in range(game.deck_size):
            was, now = self.place(before, card, viewer), self.place(after, card, viewer)
            saw = viewer is None or game.visible_to(before, card, viewer)
            sees = viewer is None or game.visible_to(after, card, viewer)
            name = game.deck.names[card]
            if was == now:
                if sees and not saw:
                    turned.setdefault(f"shown in {now}", []).append(name)
            elif saw and sees:
                moved.setdefault(was + arrow + now, []).append(name)
            elif sees:
                shared = self.game.slot_zone[self.slot(before, card)].owner is None
                moved.setdefault(was + arrow + now if shared else f"into {now}", []).append(name)
            elif saw:
                moved.setdefault(f"out of {was}", []).append(name)
            else:
                moved.setdefault(was + arrow + now, []).append(None)
        return [self.event(what, names) for what, names in {**moved, **turned}.items()]

    def totals_changed(self, before: State, after: State, viewer: int | None) -> list[Text]:
        """The display's running totals that changed, by their names in words."""
        names = self.display.totals
        if not names:
            return []
        old = observe_all(before) if viewer is None else before.observation(viewer)
        new = observe_all(after) if viewer is None else after.observation(viewer)
        out = []
        for name in names:
            was, now = old["vars"][name], new["vars"][name]
            if was == now:
                continue
            who = "team" if self.var_owner[name] == "team" and self.teams_shown else "seat"
            parts = [f"{who} {i} {self.plain_value(a)}{self.arrow}{self.plain_value(b)}"
                     for i, (a, b) in enumerate(zip(was or [None] * len(now), now)) if a != b] \
                if isinstance(now, list) else \
                [f"{self.plain_value(was)}{self.arrow}{self.plain_value(now)}"]
            out.append(Text(f"  {name.replace('_', ' ')}: " + ", ".join(parts)))
        return out

    def events(self, before: State, after: State, viewer: int | None) -> list[Text]:
        """What changed between two positions, as `viewer` may see it (None: one who sees every
        card): cards moved, cards turned up or shown, variables changed.

        A step may pass a card through a shuffle, so only its two ends are known here, and a
        card is tied to a place only where the viewer saw it there: a card seen at both ends
        is named with both; one seen only where it arrived is named with where it came from
        only when that is a shared place (a stock), else just as arriving; one seen only
        before is named as leaving; one never seen is counted, not named."""
        lines = self.moved(before, after, viewer)
        if viewer is None:
            lines.extend(self.changes(observe_all(before), observe_all(after)))
        else:
            lines.extend(self.changes(before.observation(viewer), after.observation(viewer)))
        return lines

    def event(self, what: str, names: list) -> Text:
        seen = sorted((n for n in names if n is not None), key=lambda n: self.card_of[n])
        unseen = len(names) - len(seen)
        out = Text(f"  {what}: ")
        out.append_text(Text(" ").join(self.card(n) for n in seen))
        if unseen:
            out.append((", " if seen else "") + (f"{unseen} unseen card" + ("s" if unseen > 1 else "")),
                       style="dim" if self.style.colour else "")
        return out

    def changes(self, old: dict, new: dict) -> list[Text]:
        hidden = self.display.hidden
        out = []
        for name, value in new["vars"].items():
            was = old["vars"][name]
            if name in hidden or value == was:
                continue
            owner, t = self.var_owner[name], self.var_types[name]
            if owner is None:
                out.append(Text(f"  {name}: {self.plain_value(was, t)}{self.arrow}{self.plain_value(value, t)}"))
                continue
            who = "team" if owner == "team" and self.teams_shown else "seat"
            parts = [f"{who} {i} {self.plain_value(a, t)}{self.arrow}{self.plain_value(b, t)}"
                     for i, (a, b) in enumerate(zip(was, value)) if a != b]
            out.append(Text(f"  {name}: " + ", ".join(parts)))
        return out

    @staticmethod
    def slot(st: State, card: int) -> int:
        where = st.loc[card]
        return st.groups[-1 - where]["zone"] if where < 0 else where

    def place(self, st: State, card: int, viewer: int) -> str:
        label = self.slot_label(self.slot(st, card), viewer)
        return f"a group in {label}" if st.loc[card] < 0 else label

    def slot_label(self, slot: int, viewer: int | None) -> str:
        zone = self.game.slot_zone[slot]
        owner = self.game.slot_owner[slot]
        if zone.owner is None:
            label = zone.name
        elif zone.owner == "player":
            label = f"your {zone.name}" if owner == viewer else f"{zone.name} of seat {owner}"
        elif not self.teams_shown:  # every seat is its own team
            label = f"your {zone.name}" if viewer is not None and owner == self.game.team_of[viewer] \
                else f"{zone.name} of seat {owner}"
        else:
            mine = viewer is not None and self.game.team_of[viewer] == owner
            label = f"your team's {zone.name}" if mine else f"{zone.name} of team {owner}"
        return label


def plain_table(state: State, seat: int | None = None) -> str:
    """The table as `seat` (default: the seat to play, or seat 0 once the game is over) sees
    it, in the words and lines of `cardrules play --plain`: what `str(state)` is."""
    if seat is None:
        seat = state.current_player if state.current_player is not None else 0
    drawn = CardTable(state.game, PLAIN).render(state.observation(seat), state)
    return "\n".join(line.plain for line in drawn.renderables if isinstance(line, Text))


def observe_all(state: State, player: int = 0) -> dict:
    """An observation with every card shown: what one who knows the seed (a log's reader,
    a position's author) may see."""
    shown = state.clone()
    everyone = (1 << state.game.player_count) - 1
    shown.known = [everyone] * len(shown.known)
    return {**shown.observation(player), "player": None}

