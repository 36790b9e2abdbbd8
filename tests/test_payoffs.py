"""`payoffs`: the rules declare their scores payoffs (docs/language.md#payoffs), the checker
refuses a declaration that cannot hold, and the adapters' returns follow it
(cardrules/adapters/outcome.py), checking every finished game against it."""

from __future__ import annotations

import pytest

from cardrules import RulesError, RulesRuntimeError, load_game
from cardrules.adapters.outcome import payoffs
from cardrules.engine.compiler import compile_model
from cardrules.language.checker import check
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse

# Two players each take one card; the higher card wins one chip from the other.
DUEL = '''game "Duel"
players 2..2
param stake: 1..5 = 1
deck { suits C  ranks 2 3 4 }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
setup { shuffle stock  for p in players { deal 1 from stock to hand[p] }  goto done }
phase done { do { end game } }
def higher(p: player) = pos(top(hand[p]), rank) > min(pos(top(hand[q]), rank) for q in players)
score p: if higher(p) then stake else -stake
'''


def game_of(text: str, params: dict | None = None):
    sources = SourceMap()
    return compile_model(check(parse(text, "duel.rules", sources), sources, params or {}))


def refused(payoffs_line: str) -> str:
    with pytest.raises(RulesError) as info:
        game_of(DUEL + payoffs_line + "\n")
    return str(info.value)


def test_a_declaration_is_read_with_its_parameters():
    declared = game_of(DUEL + "payoffs -stake..stake zero_sum\n", {"stake": 3}).model.payoffs
    assert (declared.low, declared.high, declared.kind, declared.total) == (-3, 3, "zero_sum", 0)
    assert game_of(DUEL).model.payoffs is None


@pytest.mark.parametrize("line, message", [
    ("payoffs 1..-1 zero_sum", "the lowest is above the highest"),
    ("payoffs -1..1 zero_summ", "`zero_summ` is not a kind of payoffs"),
    ("payoffs -1..1 zero_sum 0", "only `constant_sum` takes a total"),
    ("payoffs -1..1 constant_sum", "`constant_sum` needs the total"),
    ("payoffs -1..1 constant_sum 5", "2 payoffs from -1 to 1 cannot sum to 5"),
    ("payoffs -1..x zero_sum", "the highest payoff must be a constant"),
])
def test_a_declaration_that_cannot_hold_is_refused_where_it_is(line, message):
    text = refused(line)
    assert message in text and "duel.rules:11:" in text


def test_an_unknown_kind_is_answered_with_the_nearest():
    assert "zero_sum" in refused("payoffs -1..1 zero_summ").split("hint:")[1]


def test_declared_zero_sum_scores_are_the_default_returns():
    game = game_of(DUEL + "payoffs -stake..stake zero_sum\n", {"stake": 2})
    kind = payoffs(game)
    assert (kind.by_score, kind.kind, kind.low, kind.high, kind.total) == (True, "zero_sum", -2.0, 2.0, 0.0)
    assert sorted(kind.returns(game.new_state(0))) == [-2.0, 2.0]
    assert sorted(payoffs(game, "win_loss").returns(game.new_state(0))) == [-1.0, 1.0]


def test_without_a_declaration_a_game_of_several_seats_returns_win_loss():
    kind = payoffs(game_of(DUEL))
    assert not kind.by_score and kind.kind == "zero_sum"
    scored = payoffs(game_of(DUEL), "score")
    assert scored.kind == "general_sum" and scored.total is None and scored.high == float("inf")


def test_a_game_of_one_seat_returns_its_score():
    blackjack = load_game("blackjack")
    kind = payoffs(blackjack)
    assert kind.by_score and kind.kind == "general_sum" and (kind.low, kind.high) == (-1.0, 1.5)
    results = {kind.returns(blackjack.new_state(seed))[0] for seed in range(200)
               if blackjack.new_state(seed).is_over}  # the deal alone settled these
    results |= {kind.returns(_stand(blackjack, seed))[0] for seed in range(200)}
    assert {-1.0, 1.0} <= results and results <= {-1.0, 0.0, 1.0, 1.5}


def _stand(game, seed):
    st = game.new_state(seed)
    while not st.is_over:
        st.apply("stand")
    return st


def test_scores_that_break_the_declaration_are_a_located_runtime_error():
    game = game_of(DUEL + "payoffs -1..1 zero_sum\n", {"stake": 2})
    with pytest.raises(RulesRuntimeError, match="a score of -?2 is outside the payoffs -1..1") as info:
        payoffs(game).returns(game.new_state(0))
    assert info.value.diagnostics[0].span.line == 11
    summed = game_of(DUEL + "payoffs -5..5 constant_sum 1\n")
    with pytest.raises(RulesRuntimeError, match="sum to 0, not to 1"):
        payoffs(summed).returns(summed.new_state(0))


def test_returns_that_are_not_a_kind_are_refused():
    with pytest.raises(RulesError, match="the returns are one of default, score, win_loss"):
        payoffs(game_of(DUEL), "scores")
