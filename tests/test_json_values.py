"""One rule writes a game's values as JSON (cardrules/engine/json_values.py), for positions,
observations and observation strings alike: a whole number is a number and any other a string
("15/2"), `none` is null, a truth value true or false, a group its number, a list a list, a
symbol its name, and a card its label in a position, its name (null if hidden) for a seat."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from cardrules.engine.json_values import json_number, json_value, param_json
from cardrules.engine.loader import load_game
from cardrules.engine.observation_tensor import observation_string
from cardrules.engine.position import dump, load_data
from cardrules.language.diagnostics import RulesError
from cardrules.language import types as T

# Every kind of value a variable or a group field may hold, two copies of each card (so the
# second is `AC#2` in a position) and halves and thirds, in a public zone of groups whose fields
# name a card of the hidden stock.
VALUES = '''game "Values"
players 2..2
deck {
  suits C D
  ranks A 2 3 K
  copies 2
  attr worth { A: 1  2: 2  3: 3  K: 1/2 }
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up, groups { worth: number, owner: player, under: card, seen: list of card,
                                              mood: one of calm, wild }
var current: player
var half: per player number = 0
var last: card
var pile: group
var noted: list of card = []
var held: per player list of card = []
var flag: bool = false
var mood: one of calm, wild = calm
var lead: suit
setup {
  shuffle stock
  for p in players { deal 3 from stock to hand[p] }
  current = random(players)
  goto play
}
phase play {
  turn current
  move lay(c in hand[me]) {
    group [c] into table with worth: worth(c) / 2, owner: me, under: top(stock), seen: [c, top(stock)], mood: wild
    half[me] += worth(c) / 2
    last = top(stock)
    noted = noted + [c]
    held[me] = cards(hand[me])
    lead = suit(c)
    current = next(me)
  }
  move add(g in groups(table), c in hand[me]) {
    move c to g
    g.worth += worth(c)
    pile = g
    flag = not flag
    mood = if flag then wild else calm
    current = next(me)
  }
  move draw when not empty(stock) {
    deal 1 from stock to hand[me]
    half[me] -= 1/3
    current = next(me)
  }
  move stop when empty(stock) { end game }
}
score p: half[p]
'''


@pytest.fixture(scope="module")
def values_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("values") / "values.rules"
    path.write_text(VALUES, encoding="utf-8")
    return load_game(str(path))


def _label(card: int) -> str:
    return f"card {card}"


# --- the rule --------------------------------------------------------------------------------

def test_a_fraction_is_written_as_its_text_and_a_whole_number_as_a_number():
    assert json_value(T.NUMBER, Fraction(15, 2), _label) == "15/2"
    assert json_value(T.NUMBER, Fraction(-1, 3), _label) == "-1/3"
    assert json_value(T.NUMBER, 7, _label) == 7


def test_a_whole_fraction_is_an_int():
    written = json_value(T.NUMBER, Fraction(6, 2), _label)
    assert written == 3 and type(written) is int
    assert json_number(Fraction(-4, 1)) == -4 and type(json_number(Fraction(-4, 1))) is int


def test_a_card_is_written_by_the_writer_given():
    assert json_value(T.CARD, 5, _label) == "card 5"
    assert json_value(T.list_of(T.CARD), [5, 6], lambda c: None) == [None, None]


def test_a_position_labels_a_second_copy_and_a_seat_sees_only_its_name(values_game):
    state = load_data(values_game, {"phase": "play", "vars": {"current": 0, "last": "AC#2"},
                                    "zones": {"table": [{"cards": ["AC#2"]}]}, "rest": "stock"})
    assert dump(state)["vars"]["last"] == "AC#2"
    assert state.observation(0)["vars"]["last"] == "AC"


def test_a_hidden_card_is_null_wherever_it_is_named(values_game):
    state = load_data(values_game, {"phase": "play", "vars": {"current": 0, "last": "KD", "noted": ["KD", "AC"]},
                                    "zones": {"stock": ["KD"], "table": ["AC"]}, "rest": "stock"})
    seen = state.observation(0)
    assert seen["vars"]["last"] is None and seen["vars"]["noted"] == [None, "AC"]
    assert "last=none" in observation_string(state, 0) and "noted=[none,AC]" in observation_string(state, 0)


def test_a_group_is_its_number():
    assert json_value(T.GROUP, 17, _label) == 17
    assert json_value(T.list_of(T.GROUP), [17, 18], _label) == [17, 18]


def test_lists_and_lists_of_lists_keep_their_shape():
    assert json_value(T.list_of(T.NUMBER), [Fraction(1, 2), 2], _label) == ["1/2", 2]
    assert json_value(T.list_of(T.list_of(T.CARD)), [[1, 2], []], _label) == [["card 1", "card 2"], []]


def test_none_is_null_whatever_the_type():
    for t in (T.NUMBER, T.CARD, T.PLAYER, T.GROUP, T.SYMBOL, T.list_of(T.CARD)):
        assert json_value(t, None, _label) is None


def test_truth_values_stay_booleans_and_symbols_their_names():
    assert json_value(T.BOOL, True, _label) is True and json_value(T.BOOL, False, _label) is False
    assert json_value(T.SYMBOL, "open", _label) == "open" and json_value(T.SUIT, "H", _label) == "H"
    assert json_value(T.PLAYER, 0, _label) == 0


def test_a_parameter_is_written_by_the_same_number_rule():
    assert param_json(Fraction(7, 2)) == "7/2"
    assert param_json((Fraction(1, 2), 3, "K")) == ["1/2", 3, "K"]
    assert param_json(True) is True


def test_a_group_is_read_back_by_its_number_even_once_it_has_broken_up(values_game):
    made = {"phase": "play", "rest": "stock", "zones": {"table": [{"id": 20, "cards": ["2D"]}]}, "next_group": 22}
    for number in (20, 21):
        state = load_data(values_game, {**made, "vars": {"current": 0, "pile": number}})
        assert dump(state)["vars"]["pile"] == state.observation(1)["vars"]["pile"] == number
    with pytest.raises(RulesError, match=r"vars.pile: no group 22 has been made"):
        load_data(values_game, {**made, "vars": {"current": 0, "pile": 22}})


def test_a_position_an_observation_and_its_string_write_numbers_truth_values_and_fields_alike(values_game):
    state = load_data(values_game, {"phase": "play", "rest": "stock",
                                    "vars": {"current": 0, "half": ["15/2", 3], "flag": True, "mood": "wild"},
                                    "zones": {"table": [{"id": 20, "cards": ["2D"], "worth": "1/2"}]},
                                    "next_group": 21})
    state_vars = dump(state)["vars"]
    assert (state_vars["half"], state_vars["flag"], state_vars["mood"]) == (["15/2", 3], True, "wild")
    assert state.observation(1)["vars"]["half"] == ["15/2", 3]
    assert "half=[15/2,3]" in observation_string(state, 1) and "flag=yes" in observation_string(state, 1)
    assert dump(state)["zones"]["table"][0]["worth"] == "1/2"
    assert "(2D | worth=1/2 owner=none under=none seen=[] mood=none)" in observation_string(state, 1)


# --- the same values through every view, in play -----------------------------------------------

# Sete e Meio's cards are worth halves (its variables stay whole); Cassino has groups with fields;
# Buraco two copies of each card; Cribbage a list of cards and Euchre a card in a variable, seen
# by all; Values every kind of value, fractions and hidden cards in group fields among them.
GAMES = ["sete-e-meio", "cassino", "buraco", "cribbage", "euchre", "values"]
_LOADED: dict = {}


def _game(name: str, values_game):
    if name == "values":
        return values_game
    if name not in _LOADED:
        _LOADED[name] = load_game(name)
    return _LOADED[name]


def _text(value) -> str:
    """How the observation string writes a value of the observation."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "[" + ",".join(_text(x) for x in value) + "]"
    return str(value)


def _as_seen(state, seat: int, t: T.Type, written):
    """A value of the position as `seat` sees it: each card's label becomes its name, or null."""
    if written is None:
        return None
    if t.kind == "list":
        return [_as_seen(state, seat, t.of, x) for x in written]
    if t == T.CARD:
        deck = state.game.deck
        card = next(c for c in range(state.game.deck_size) if deck.label(c) == written)
        return deck.names[card] if state.game.visible_to(state, card, seat) else None
    return written


def _groups(game, zones: dict) -> list[tuple[dict, dict]]:
    """(the field types of its zone, the group) for every group of a position's or an observation's zones."""
    out = []
    for name, zone in game.zones.items():
        slots = zones[name] if zone.owner else [zones[name]]
        out += [(zone.fields, x) for slot in slots for x in slot if isinstance(x, dict)]
    return out


@settings(max_examples=30)
@given(name=st_.sampled_from(GAMES), seed=st_.integers(0, 10_000), moves=st_.integers(0, 200))
def test_a_value_reads_the_same_in_the_position_the_observation_and_its_string(values_game, name, seed, moves):
    game = _game(name, values_game)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_moves()))
    position = json.loads(json.dumps(dump(state)))
    assert load_data(game, position) == state
    assert dump(load_data(game, position)) == position
    types = {v.name: T.list_of(v.type) if v.owner else v.type for v in game.vars}
    for seat in range(game.player_count):
        seen = json.loads(json.dumps(state.observation(seat)))
        assert seen["vars"] == {k: _as_seen(state, seat, types[k], v) for k, v in position["vars"].items()}
        text = observation_string(state, seat)
        assert "vars: " + " ".join(f"{k}={_text(v)}" for k, v in seen["vars"].items()) in text.splitlines()
        for (fields, exact), (_, shown) in zip(_groups(game, position["zones"]), _groups(game, seen["zones"])):
            assert {f: _as_seen(state, seat, t, exact[f]) for f, t in fields.items()} == \
                {f: v for f, v in shown.items() if f != "cards"}
            written = " ".join(f"{f}={_text(v)}" for f, v in shown.items() if f != "cards")
            assert f"| {written})" in text
