"""Position notation: a JSON form of any exact state, for scenario tests, bug reports and analyses.

    {
      "phase": "decide",                      # where in the flow
      "vars": {"banker": 0, "bet": [0, 3, 0]},# any variable; the rest keep their start values
      "zones": {
        "hand": [["KS"], ["7D:up", "3C"], []],# per-player zones: one list per seat
        "table": ["4H", {"cards": ["3C", "4D"], "value": 7, "owner": 1, "locked": false}]
      },
      "rest": "stock",                        # where every card not listed goes
      "known": {"KS": [1]},                   # cards a seat has been shown
      "random": {"seed": 7, "draws": 0}
    }

A card is written by name (``10D``); ``5C#2`` is the second copy in a two-deck game, and
``:up`` / ``:down`` overrides the zone's usual face. ``dump`` writes every field, so that
``load_data(game, dump(state)) == state`` exactly.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..language import types as T
from ..language.diagnostics import Diagnostic, RulesError, did_you_mean
from .errors import RulesRuntimeError

FORMAT = "cardrules-position/1"


def dump(st: State) -> dict:
    game = st.game
    deck = game.deck
    zones: dict[str, Any] = {}
    for name, zone in game.zones.items():
        default_up = zone.face == "up"
        slots = [_dump_slot(st, zone.base + i, default_up) for i in range(zone.count)]
        zones[name] = slots if zone.owner else slots[0]
    variables = {}
    for i, v in enumerate(game.vars):
        value = st.vars[i]
        variables[v.name] = [_dump_value(game, v.type, x) for x in value] if v.owner else \
            _dump_value(game, v.type, value)
    known = {deck.label(c): [p for p in range(game.player_count) if (mask >> p) & 1]
             for c, mask in enumerate(st.known) if mask}
    return {
        "format": FORMAT,
        "game": game.title,
        "players": game.player_count,
        "params": {k: dump_param(v) for k, v in game.params.items() if k != "players"},
        "phase": st.phase_name,
        "over": st.over,
        "vars": variables,
        "zones": zones,
        "known": known,
        "next_group": st.next_group,
        "random": {"seed": st.seed, "draws": st.draws},
        "steps": st.steps,
        **({"pending": list(st.pending)} if st.pending else {}),
    }


def _dump_slot(st: State, slot: int, default_up: bool) -> list:
    game = st.game
    out: list[Any] = []
    for x in st.zones[slot]:
        if x < game.deck_size:
            out.append(_card_token(st, x, default_up))
        else:
            group = st.groups[x]
            entry: dict[str, Any] = {"id": x, "cards": [_card_token(st, c, default_up) for c in group["cards"]]}
            zone = game.slot_zone[slot]
            for field, t in zone.fields.items():
                entry[field] = _dump_value(game, t, group.get(field))
            out.append(entry)
    return out


def _card_token(st: State, c: int, default_up: bool) -> str:
    label = st.game.deck.label(c)
    up = bool(st.face[c])
    return label if up == default_up else f"{label}:{'up' if up else 'down'}"


def dump_param(v):
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, Fraction):
        return str(v)
    return v


def _dump_value(game: Game, t: str, value):
    if value is None:
        return None
    if t.startswith("list:"):
        return [_dump_value(game, t[5:], x) for x in value]
    if t == "card":
        return game.deck.label(value)
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return value


def read(path: str | Path) -> Any:
    """The JSON of a position file, or a RulesError saying why it cannot be read."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError([Diagnostic(f"cannot read position `{path}`: {getattr(exc, 'strerror', None) or exc}")]) \
            from None
    except json.JSONDecodeError as exc:
        raise RulesError([Diagnostic(f"{path}:{exc.lineno}:{exc.colno}: the position is not valid JSON: {exc.msg}")]) \
            from None


def load(game: Game, path: str | Path) -> State:
    return load_data(game, read(path), str(path))


class _Reader:
    def __init__(self, game: Game, where: str):
        self.game = game
        self.where = where
        self.errors: list[Diagnostic] = []
        self.by_name = game.deck.lookup()
        self.by_label = {game.deck.label(c): c for c in range(game.deck_size)}
        self.used: set[int] = set()

    def error(self, path: str, message: str, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(f"{self.where}: {path}: {message}", None, hint))

    def card(self, path: str, token: Any) -> tuple[int | None, int | None]:
        """A card token -> (card id, face override)."""
        if not isinstance(token, str):
            self.error(path, f"expected a card name like \"10D\", not {json.dumps(token)}")
            return None, None
        label, _, face_text = token.partition(":")
        face = None
        if face_text:
            if face_text not in ("up", "down"):
                self.error(path, f"`{token}`: a card's face is `:up` or `:down`")
            face = 1 if face_text == "up" else 0
        if label in self.by_label and "#" in label:
            card = self.by_label[label]
        elif label in self.by_name:
            free = [c for c in self.by_name[label] if c not in self.used]
            if not free:
                self.error(path, f"`{label}` is listed more times than the deck holds it")
                return None, None
            card = free[0]
        else:
            self.error(path, f"`{label}` is not a card of this deck", did_you_mean(label, self.by_name))
            return None, None
        if card in self.used:
            self.error(path, f"`{label}` is listed twice")
            return None, None
        self.used.add(card)
        return card, face

    def value(self, path: str, t: str, raw: Any):
        game = self.game
        if raw is None:
            return None
        if t.startswith("list:"):
            if not isinstance(raw, list):
                self.error(path, "expected a list")
                return []
            return [self.value(f"{path}[{i}]", t[5:], x) for i, x in enumerate(raw)]
        if t == "card":
            if raw in self.by_label:
                return self.by_label[raw]
            if raw in self.by_name:
                return self.by_name[raw][0]
            self.error(path, f"`{raw}` is not a card", did_you_mean(str(raw), self.by_name))
            return None
        if t == "number":
            if isinstance(raw, str):
                try:
                    v = Fraction(raw)
                    return v.numerator if v.denominator == 1 else v
                except ValueError:
                    pass
            if isinstance(raw, int) and not isinstance(raw, bool):
                return raw
            self.error(path, f"expected a number, not {json.dumps(raw)}")
            return 0
        if t == "bool":
            if not isinstance(raw, bool):
                self.error(path, f"expected true or false, not {json.dumps(raw)}")
            return bool(raw)
        if t in ("player", "team"):
            limit = game.player_count if t == "player" else game.team_count
            if not (isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < limit):
                self.error(path, f"expected a {t} number from 0 to {limit - 1}, not {json.dumps(raw)}")
                return 0
            return raw
        if t == "group":
            return raw if isinstance(raw, int) else None
        return raw


def _rest_slot(r: _Reader, game: Game, rest: Any) -> int | None:
    """The zone slot `rest` names: a shared zone (`"stock"`) or one seat's or team's (`"hand[2]"`)."""
    name, _, index = str(rest).partition("[")
    zone = game.zones.get(name)
    if zone is None:
        r.error("rest", f"`{rest}` is not a zone", did_you_mean(name, game.zones))
        return None
    if not zone.owner:
        if index:
            r.error("rest", f"`{name}` is a shared zone: write just `{name}`")
            return None
        return zone.base
    number = index[:-1] if index.endswith("]") else ""
    if not number.isdigit() or int(number) >= zone.count:
        r.error("rest", f"`{name}` is a zone per {zone.owner}: say whose, from `{name}[0]` to "
                        f"`{name}[{zone.count - 1}]`")
        return None
    return zone.base + int(number)


def load_data(game: Game, data: Any, where: str = "position") -> State:
    """Build a State from position notation, or raise RulesError naming every problem."""
    r = _Reader(game, where)
    if not isinstance(data, dict):
        raise RulesError([Diagnostic(f"{where}: a position is a JSON object")])
    known_keys = {"format", "game", "players", "params", "phase", "over", "vars", "zones", "known", "rest",
                  "next_group", "random", "steps", "pending"}
    for key in data:
        if key not in known_keys:
            r.error(key, "unknown field", did_you_mean(key, known_keys))
    players = data.get("players", game.player_count)
    if players != game.player_count:
        r.error("players", f"the position is for {players} players but the game was loaded for "
                           f"{game.player_count}", "pass --players to match")
    for name, value in (data.get("params") or {}).items():
        have = game.params.get(name)
        if isinstance(value, list):
            value = tuple(value)
        if have is not None and have != value and str(have) != str(value):
            r.error(f"params.{name}", f"the position was made with {name}={value}, the game has {have}",
                    f"pass --param {name}={value}")

    st = game.blank_state()
    n = game.deck_size
    st.zones = [[] for _ in game.slot_zone]
    st.face = bytearray(n)
    st.loc = [0] * n
    st.steps = int(data.get("steps", 0) or 0)
    st.pending = tuple(data.get("pending") or ())
    if not all(isinstance(a, int) and 0 <= a < game.num_distinct_actions() for a in st.pending):
        r.error("pending", "the tokens of a move being chosen are action ids of this game")
    rand = data.get("random") or {}
    st.seed = int(rand.get("seed", 0))
    st.draws = int(rand.get("draws", 0))
    st.over = bool(data.get("over", False))

    phase = data.get("phase")
    if phase is None:
        r.error("phase", "missing: say which phase the game is in", f"phases: {', '.join(game.phase_index)}")
        st.phase = 0
    elif phase == "setup" and st.over:
        st.phase = -1                      # a game that ended in its setup (a natural in Blackjack)
    elif phase not in game.phase_index:
        r.error("phase", f"there is no phase `{phase}`", did_you_mean(str(phase), game.phase_index))
        st.phase = 0
    else:
        st.phase = game.phase_index[phase]

    st.vars = [None] * len(game.vars)
    given = data.get("vars") or {}
    for key in given:
        if key not in game.var_index:
            r.error(f"vars.{key}", "unknown variable", did_you_mean(key, game.var_index))
    for i, v in enumerate(game.vars):
        if v.name in given:
            raw = given[v.name]
            if v.owner:
                if not isinstance(raw, list) or len(raw) != v.count:
                    r.error(f"vars.{v.name}", f"expected a list of {v.count} values, one per {v.owner}")
                    raw = [None] * v.count
                st.vars[i] = [r.value(f"vars.{v.name}[{k}]", v.type, x) for k, x in enumerate(raw)]
            else:
                st.vars[i] = r.value(f"vars.{v.name}", v.type, raw)
        else:
            value = v.init(st)
            st.vars[i] = [list(value) if isinstance(value, list) else value for _ in range(v.count)] \
                if v.owner else value

    next_group = n
    zones = data.get("zones") or {}
    for name, content in zones.items():
        zone = game.zones.get(name)
        if zone is None:
            r.error(f"zones.{name}", "unknown zone", did_you_mean(name, game.zones))
            continue
        slots = content if zone.owner else [content]
        if zone.owner and (not isinstance(content, list) or len(content) != zone.count
                           or not all(isinstance(s, list) for s in content)):
            r.error(f"zones.{name}", f"expected {zone.count} lists, one per {zone.owner}")
            continue
        for k, entries in enumerate(slots):
            slot = zone.base + k
            if not isinstance(entries, list):
                r.error(f"zones.{name}", "expected a list of cards")
                continue
            for j, entry in enumerate(entries):
                path = f"zones.{name}" + (f"[{k}]" if zone.owner else "") + f"[{j}]"
                if isinstance(entry, dict):
                    if not zone.fields:
                        r.error(path, f"zone `{name}` does not hold groups")
                        continue
                    gid = entry.get("id", None)
                    if not isinstance(gid, int) or gid < n or gid in st.groups:
                        gid = max([next_group, *st.groups.keys()]) + (1 if st.groups else 0)
                        gid = max(gid, n)
                        while gid in st.groups:
                            gid += 1
                    group: dict[str, Any] = {"zone": slot, "cards": []}
                    for field, t in zone.fields.items():
                        # A field left out starts as `group ... with` would start it (0, false, []).
                        group[field] = r.value(f"{path}.{field}", t, entry[field]) if field in entry \
                            else T.default_value(t)
                    for key in entry:
                        if key not in zone.fields and key not in ("id", "cards"):
                            r.error(f"{path}.{key}", "unknown group field", did_you_mean(key, zone.fields))
                    for token in entry.get("cards", []):
                        card, face = r.card(path, token)
                        if card is None:
                            continue
                        group["cards"].append(card)
                        st.loc[card] = -1 - gid
                        st.face[card] = (zone.face == "up") if face is None else face
                    st.groups[gid] = group
                    st.zones[slot].append(gid)
                    next_group = max(next_group, gid + 1)
                    continue
                card, face = r.card(path, entry)
                if card is None:
                    continue
                st.zones[slot].append(card)
                st.loc[card] = slot
                st.face[card] = (zone.face == "up") if face is None else face
    st.next_group = max(int(data.get("next_group", next_group) or next_group), next_group)

    missing = [c for c in range(n) if c not in r.used]
    rest = data.get("rest")
    if rest is not None:
        slot = _rest_slot(r, game, rest)
        if slot is not None:
            # Under the cards listed in that zone: those stay on top, the next to be dealt.
            st.zones[slot][:0] = missing
            up = game.slot_zone[slot].face == "up"
            for c in missing:
                st.loc[c] = slot
                st.face[c] = up
        missing = []  # placed, or a `rest` problem already said
    if missing:
        names = ", ".join(game.deck.label(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
        r.error("zones", f"{len(missing)} cards are not placed anywhere: {names}",
                'add "rest": "stock" to put every unlisted card in a zone')

    for label, players_list in (data.get("known") or {}).items():
        card = r.by_label.get(label)
        if card is None:
            card = (r.by_name.get(label) or [None])[0]
        if card is None:
            r.error(f"known.{label}", "not a card", did_you_mean(label, r.by_name))
            continue
        for p in players_list:
            if isinstance(p, int) and 0 <= p < game.player_count:
                st.known[card] |= 1 << p
            else:
                r.error(f"known.{label}", f"{p!r} is not a player")
    if r.errors:
        raise RulesError(r.errors)
    if not st.over:
        try:
            st.settle()
        except RulesError as exc:
            first = exc.diagnostics[0]
            raise RulesError([Diagnostic(f"{where}: the position cannot be played: {first.message}", first.span,
                                         "a variable the rules read here may have no value in the position: "
                                         "give it in `vars`")], game.sources) from None
    return st
