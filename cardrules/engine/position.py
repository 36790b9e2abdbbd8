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
``:up`` / ``:down`` overrides the zone's usual face. Variables and group fields are written by the
rule of :mod:`.json_values` (a fraction as a string, ``"15/2"``; a card by that label). ``dump``
writes every field, so that ``load_data(game, dump(state)) == state`` exactly.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..language import nodes as n
from ..language import types as T
from ..language.diagnostics import Diagnostic, RulesError, did_you_mean
from ..algorithms.melds import KINDS as MELD_KINDS
from ..language.files import read_json
from ..language.limits import MAX_NUMBER_DIGITS, MAX_POSITION_BYTES, digits_too_many, number_too_large
from .errors import PYTHON_ERRORS, RulesRuntimeError
from .json_values import json_value, param_json, variables_json

if TYPE_CHECKING:
    from .runtime import Game, State

FORMAT = "cardrules-position/1"
APPLIED_FORMAT = "cardrules-applied/1"  # `cardrules apply --json`: what happened, and the position after


def position_of(data: Any) -> Any:
    """The position in `data`: itself, or the one after the moves of an `apply --json` result."""
    if isinstance(data, dict) and data.get("format") == APPLIED_FORMAT and "position" in data:
        return data["position"]
    return data


def dump(st: State) -> dict:
    game = st.game
    deck = game.deck
    zones: dict[str, Any] = {}
    for name, zone in game.zones.items():
        default_up = zone.face == "up"
        slots = [_dump_slot(st, zone.base + i, default_up) for i in range(zone.count)]
        zones[name] = slots if zone.owner else slots[0]
    known = {deck.label(c): [p for p in range(game.player_count) if (mask >> p) & 1]
             for c, mask in enumerate(st.known) if mask}
    return {
        "format": FORMAT,
        "game": game.title,
        "players": game.player_count,
        "params": {k: param_json(v) for k, v in game.params.items() if k != "players"},
        "phase": st.phase_name,
        "over": st.over,
        "vars": variables_json(st, deck.label),
        "zones": zones,
        "known": known,
        "next_group": st.next_group,
        "random": {"seed": st.seed, "draws": st.draws},
        "steps": st.steps,
        **({"pending": list(st.pending)} if st.pending else {}),
        **({"sealed": [list(choice) for choice in st.sealed]} if st.sealed else {}),
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
                entry[field] = json_value(t, group.get(field), game.deck.label)
            out.append(entry)
    return out


def _card_token(st: State, c: int, default_up: bool) -> str:
    label = st.game.deck.label(c)
    up = bool(st.face[c])
    return label if up == default_up else f"{label}:{'up' if up else 'down'}"


def read(path: str | Path) -> Any:
    """The JSON of a position file (or of what `apply --json` printed: its position), or a
    RulesError saying why it cannot be read. The path `-` is standard input."""
    return position_of(read_json(path, "position", MAX_POSITION_BYTES))


def load(game: Game, path: str | Path) -> State:
    return load_data(game, read(path), str(path))


_FRACTION = re.compile(r"-?[0-9]+(/[0-9]+)?")


def _described(raw: Any) -> str:
    """A short, safe rendering of any JSON value for a message (never the whole of a huge one)."""
    if isinstance(raw, bool) or raw is None:
        return "null" if raw is None else str(raw).lower()
    if isinstance(raw, int):
        return str(raw) if raw.bit_length() < 128 else "a number that long"
    if isinstance(raw, float):
        return repr(raw)
    if isinstance(raw, str):
        return f"`{raw}`" if len(raw) <= 40 else f"`{raw[:40]}...`"
    return "a list" if isinstance(raw, list) else "an object"


def _same_param(have: Any, raw: Any) -> bool:
    """Is `raw`, as a position writes a parameter (a fraction as a string, a tuple as a list),
    the value `have`? Anything but a flat list of scalars is not a parameter value."""
    def scalar(x) -> bool:
        return isinstance(x, (bool, str)) or (_whole(x) and not number_too_large(x))
    if isinstance(raw, list):
        return all(scalar(x) for x in raw) and isinstance(have, tuple) and len(have) == len(raw) \
            and all(_same_param(h, x) for h, x in zip(have, raw))
    if not scalar(raw):
        return False
    if isinstance(have, bool) or isinstance(raw, bool):
        return have is raw
    return have == raw or str(have) == str(raw)


def _whole(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool)


class _Reader:
    def __init__(self, game: Game, where: str):
        self.game = game
        self.where = where
        self.errors: list[Diagnostic] = []
        self.by_name = game.deck.lookup()
        self.by_label = {game.deck.label(c): c for c in range(game.deck_size)}
        self.used: set[int] = set()
        self.domains = _symbol_domains(game)
        self.group_values: list[tuple[str, int]] = []  # (path, number): checked once the groups are read

    def error(self, path: str, message: str, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(f"{self.where}: {path}: {message}", None, hint))

    def card(self, path: str, token: Any) -> tuple[int | None, int | None]:
        """A card token -> (card id, face override)."""
        if not isinstance(token, str):
            self.error(path, f"expected a card name like \"10D\", not {_described(token)}")
            return None, None
        label, _, face_text = token.partition(":")
        face = None
        if face_text:
            if face_text not in ("up", "down"):
                self.error(path, f"{_described(token)}: a card's face is `:up` or `:down`")
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
            self.error(path, f"{_described(label)} is not a card of this deck", did_you_mean(label, self.by_name))
            return None, None
        if card in self.used:
            self.error(path, f"`{label}` is listed twice")
            return None, None
        self.used.add(card)
        return card, face

    def value(self, path: str, t: T.Type, raw: Any, domain: tuple[str, ...] | None = None):
        """A variable's or group field's value of type `t`; `domain`, the symbols a `one of`
        type allows."""
        game = self.game
        if raw is None:
            if t in T.NULLABLE:
                return None
            self.error(path, f"expected {t.describe()}, not null")
            return T.default_value(t)
        if t.kind == "list":
            if not isinstance(raw, list):
                self.error(path, f"expected a list, not {_described(raw)}")
                return []
            return [self.value(f"{path}[{i}]", t.of, x, domain) for i, x in enumerate(raw)]
        if t == T.CARD:
            if isinstance(raw, str) and raw in self.by_label:
                return self.by_label[raw]
            if isinstance(raw, str) and raw in self.by_name:
                return self.by_name[raw][0]
            self.error(path, f"{_described(raw)} is not a card", did_you_mean(str(raw), self.by_name)
                       if isinstance(raw, str) else None)
            return None
        if t == T.NUMBER:
            if _whole(raw):
                if number_too_large(raw):
                    self.error(path, f"a number has at most {MAX_NUMBER_DIGITS} digits")
                    return 0
                return raw
            if isinstance(raw, str) and _FRACTION.fullmatch(raw) and not digits_too_many(raw):
                numerator, _, denominator = raw.partition("/")
                if denominator and int(denominator) == 0:
                    self.error(path, f"{_described(raw)} divides by zero")
                    return 0
                v = Fraction(raw)
                return v.numerator if v.denominator == 1 else v
            self.error(path, f"expected a number (a whole number, or a fraction as a string like \"15/2\"), "
                             f"not {_described(raw)}")
            return 0
        if t == T.BOOL:
            if not isinstance(raw, bool):
                self.error(path, f"expected true or false, not {_described(raw)}")
                return False
            return raw
        if t in (T.PLAYER, T.TEAM):
            limit = game.player_count if t == T.PLAYER else game.team_count
            if not (_whole(raw) and 0 <= raw < limit):
                self.error(path, f"expected a {t.kind} number from 0 to {limit - 1}, not {_described(raw)}")
                return 0
            return raw
        if t == T.GROUP:
            if not (_whole(raw) and raw >= game.deck_size):
                self.error(path, f"expected a group's number (its `id`), not {_described(raw)}")
                return None
            self.group_values.append((path, raw))
            return raw
        # A rank, suit or symbol: the last of the types a variable or a group field may have.
        allowed = domain if domain is not None else self.domains[t]
        if not isinstance(raw, str) or raw not in allowed:
            words = f"one of {', '.join(allowed)}" if len(allowed) <= 20 else \
                "a word of this game (one of its own, a rank, a suit or a card's name)"
            self.error(path, f"expected {words}, not {_described(raw)}",
                       did_you_mean(raw, allowed) if isinstance(raw, str) else None)
            return None
        return raw


def _symbol_domains(game: Game) -> dict[T.Type, tuple[str, ...]]:
    """The values each type of word may take: a symbol is any word the rules can make, the
    game's own words, a rank, a suit, a card's name (`name(c)`) or a kind of meld (`meld_kind`)."""
    deck = game.deck
    ranks = tuple(deck.ranks) + (("joker",) if "joker" in deck.rank_of else ())
    symbols = tuple(sorted(set(game.model.symbols) | set(ranks) | set(deck.suits) | set(deck.names)
                           | set(MELD_KINDS)))
    return {T.RANK: ranks, T.SUIT: tuple(deck.suits), T.SYMBOL: symbols}


def _enum_symbols(type_ref) -> tuple[str, ...] | None:
    return tuple(type_ref.symbols) if type_ref is not None and type_ref.kind == "enum" else None


def _var_domains(game: Game) -> dict[str, tuple[str, ...] | None]:
    return {d.name: _enum_symbols(d.type) for d in game.model.rules.decls if isinstance(d, n.Var)}


def _field_domains(game: Game) -> dict[tuple[str, str], tuple[str, ...] | None]:
    return {(d.name, f.name): _enum_symbols(f.type) for d in game.model.rules.decls if isinstance(d, n.Zone)
            for f in d.fields}


_KNOWN_KEYS = ("format", "game", "players", "params", "phase", "over", "vars", "zones", "known", "rest",
               "next_group", "random", "steps", "pending", "sealed")


def _mapping(r: _Reader, data: dict, key: str) -> dict:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        r.error(key, f"expected an object, not {_described(value)}")
        return {}
    return value


def _count(r: _Reader, path: str, raw: Any, default: int, most: int | None = None) -> int:
    """A whole number from 0 (to `most`), or the default when the field is left out."""
    if raw is None:
        return default
    if not _whole(raw) or raw < 0 or (most is not None and raw > most):
        bound = f" to {most:,}" if most is not None else ""
        r.error(path, f"expected a whole number from 0{bound}, not {_described(raw)}")
        return default
    return raw


def _rest_slot(r: _Reader, game: Game, rest: Any) -> int | None:
    """The zone slot `rest` names: a shared zone (`"stock"`) or one seat's or team's (`"hand[2]"`)."""
    if not isinstance(rest, str):
        r.error("rest", f"expected a zone's name, not {_described(rest)}")
        return None
    name, _, index = rest.partition("[")
    zone = game.zones.get(name)
    if zone is None:
        r.error("rest", f"{_described(rest)} is not a zone", did_you_mean(name, game.zones))
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
    """Build a State from position notation, or raise RulesError naming every problem: every
    field is checked against the game, so a position loads only as a state in the game's own
    terms (its phases, its variables' types and domains, its deck and zones)."""
    r = _Reader(game, where)
    data = position_of(data)
    if not isinstance(data, dict):
        raise RulesError([Diagnostic(f"{where}: a position is a JSON object")])
    for key in data:
        if key not in _KNOWN_KEYS:
            r.error(_described(key) if not isinstance(key, str) else key, "unknown field",
                    did_you_mean(str(key), _KNOWN_KEYS))
    if data.get("format", FORMAT) != FORMAT:
        r.error("format", f"expected \"{FORMAT}\", not {_described(data['format'])}")
    if "game" in data and not isinstance(data["game"], str):
        r.error("game", f"expected the game's title, not {_described(data['game'])}")
    players = data.get("players", game.player_count)
    if players != game.player_count or not _whole(players):
        r.error("players", f"the position is for {_described(players)} players but the game was loaded for "
                           f"{game.player_count}", "pass --players to match")
    for name, value in _mapping(r, data, "params").items():
        if name == "players" or name not in game.params:
            r.error(f"params.{name}", "unknown parameter", did_you_mean(name, game.params))
            continue
        have = game.params[name]
        if not _same_param(have, value):
            r.error(f"params.{name}", f"the position was made with {name}={_described(value)}, "
                                      f"the game has {have}", f"pass --param {name}=...")

    st = game.blank_state()
    n_cards = game.deck_size
    st.zones = [[] for _ in game.slot_zone]
    st.face = bytearray(n_cards)
    st.loc = [0] * n_cards
    st.steps = _count(r, "steps", data.get("steps"), 0, game.max_steps)
    pending = data.get("pending") or ()
    st.pending = tuple(pending) if isinstance(pending, list) else ()
    if not isinstance(pending, (list, tuple)) or not all(
            _whole(a) and 0 <= a < game.num_distinct_actions() for a in st.pending):
        r.error("pending", "the tokens of a move being chosen are action ids of this game")
    sealed = data.get("sealed") or []
    if isinstance(sealed, list) and all(isinstance(c, list) and len(c) == 2 and all(map(_whole, c)) for c in sealed) \
            and all(0 <= seat < game.player_count and place >= 0 for seat, place in sealed):
        st.sealed = tuple((seat, place) for seat, place in sealed)
    else:
        r.error("sealed", "the choices sealed in a simultaneous phase are [seat, place in its legal moves] pairs")
    rand = _mapping(r, data, "random")
    for key in rand:
        if key not in ("seed", "draws"):
            r.error(f"random.{key}", "unknown field", did_you_mean(str(key), ("seed", "draws")))
    seed = rand.get("seed", 0)
    if not _whole(seed) or number_too_large(seed):
        r.error("random.seed", f"expected a whole number, not {_described(seed)}")
        seed = 0
    st.seed = seed
    st.draws = _count(r, "random.draws", rand.get("draws"), 0, 10 ** 12)
    over = data.get("over", False)
    if not isinstance(over, bool):
        r.error("over", f"expected true or false, not {_described(over)}")
        over = False
    st.over = over

    phase = data.get("phase")
    if phase is None:
        r.error("phase", "missing: say which phase the game is in", f"phases: {', '.join(game.phase_index)}")
        st.phase = 0
    elif phase == "setup" and st.over:
        st.phase = -1                      # a game that ended in its setup (a natural in Blackjack)
    elif not isinstance(phase, str) or phase not in game.phase_index:
        r.error("phase", f"there is no phase {_described(phase)}",
                did_you_mean(phase, game.phase_index) if isinstance(phase, str) else None)
        st.phase = 0
    else:
        st.phase = game.phase_index[phase]
    if st.sealed and (st.phase < 0 or not game.phases[st.phase].simultaneous):
        r.error("sealed", f"phase {_described(phase)} is not simultaneous: no choice is sealed in it")
        st.sealed = ()

    st.vars = [None] * len(game.vars)
    given = _mapping(r, data, "vars")
    for key in given:
        if key not in game.var_index:
            r.error(f"vars.{key}", "unknown variable", did_you_mean(key, game.var_index))
    domains = _var_domains(game)
    for i, v in enumerate(game.vars):
        if v.name in given:
            raw = given[v.name]
            domain = domains.get(v.name)
            if v.owner:
                if not isinstance(raw, list) or len(raw) != v.count:
                    r.error(f"vars.{v.name}", f"expected a list of {v.count} values, one per {v.owner}")
                    raw = [T.default_value(v.type)] * v.count
                st.vars[i] = [r.value(f"vars.{v.name}[{k}]", v.type, x, domain) for k, x in enumerate(raw)]
            else:
                st.vars[i] = r.value(f"vars.{v.name}", v.type, raw, domain)
        else:
            value = v.init(st)
            st.vars[i] = [list(value) if isinstance(value, list) else value for _ in range(v.count)] \
                if v.owner else value

    field_domains = _field_domains(game)
    next_group = n_cards
    for name, content in _mapping(r, data, "zones").items():
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
                r.error(f"zones.{name}", f"expected a list of cards, not {_described(entries)}")
                continue
            for j, entry in enumerate(entries):
                path = f"zones.{name}" + (f"[{k}]" if zone.owner else "") + f"[{j}]"
                if isinstance(entry, dict):
                    if not zone.fields:
                        r.error(path, f"zone `{name}` does not hold groups")
                        continue
                    gid = entry.get("id")
                    if gid is not None and (not _whole(gid) or gid < n_cards or gid in st.groups
                                            or gid >= n_cards + 10 ** 9):
                        r.error(f"{path}.id", f"expected a group number from {n_cards} not used by another group, "
                                              f"not {_described(gid)}")
                        continue
                    if gid is None:
                        gid = max([next_group - 1, *st.groups]) + 1
                    group: dict[str, Any] = {"zone": slot, "cards": []}
                    for field, t in zone.fields.items():
                        # A field left out starts as `group ... with` would start it (0, false, []).
                        group[field] = r.value(f"{path}.{field}", t, entry[field], field_domains.get((name, field))) \
                            if field in entry else T.default_value(t)
                    for key in entry:
                        if key not in zone.fields and key not in ("id", "cards"):
                            r.error(f"{path}.{key}", "unknown group field", did_you_mean(key, zone.fields))
                    tokens = entry.get("cards")
                    if not isinstance(tokens, list) or not tokens:
                        r.error(f"{path}.cards", "a group holds a list of one card or more")
                        continue
                    for token in tokens:
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
    given_next = data.get("next_group")
    if given_next is not None and (not _whole(given_next) or not next_group <= given_next < n_cards + 10 ** 9):
        r.error("next_group", f"expected a whole number from {next_group} (above every group), "
                              f"not {_described(given_next)}")
        given_next = None
    st.next_group = next_group if given_next is None else given_next
    for path, number in r.group_values:
        # A group that has since broken up is still a value a variable may hold: any number made so far.
        if number >= st.next_group:
            r.error(path, f"no group {_described(number)} has been made (`next_group` is {st.next_group})",
                    "give the group this number as its `id` in `zones`")

    missing = [c for c in range(n_cards) if c not in r.used]
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

    for label, players_list in _mapping(r, data, "known").items():
        card = r.by_label.get(label)
        if card is None:
            card = (r.by_name.get(label) or [None])[0]
        if card is None:
            r.error(f"known.{label}", "not a card", did_you_mean(label, r.by_name))
            continue
        if not isinstance(players_list, list):
            r.error(f"known.{label}", f"expected a list of players, not {_described(players_list)}")
            continue
        for p in players_list:
            if _whole(p) and 0 <= p < game.player_count:
                st.known[card] |= 1 << p
            else:
                r.error(f"known.{label}", f"{_described(p)} is not a player")
    if r.errors:
        raise RulesError(r.errors)
    if not st.over:
        try:
            st.settle()
        except PYTHON_ERRORS as exc:  # the automatic phases read a value the position leaves unset, say
            message = exc.diagnostics[0].message if isinstance(exc, RulesRuntimeError) else \
                f"this statement failed while running: {exc}"
            span = exc.diagnostics[0].span if isinstance(exc, RulesRuntimeError) else \
                game.span_of_traceback(exc.__traceback__)
            raise RulesError([Diagnostic(f"{where}: the position cannot be played: {message}", span,
                                         "a variable the rules read here may have no value in the position: "
                                         "give it in `vars`")], game.sources) from None
    return st
