"""Tests for the hand-written benchmark baselines (benchmarks/baselines)."""

import random
from collections import Counter

import pytest

from benchmarks.baselines import cassino, sete_e_meio
from benchmarks.baselines.cassino import Build, Cassino
from benchmarks.baselines.sete_e_meio import SeteEMeio

# --------------------------------------------------------------- helpers


def se_card(name):
    """Sete e Meio card from a name like '7', 'A', 'K' (suit 0) or 'K2'."""
    rank, suit = name[0], int(name[1:] or 0)
    return suit * 10 + sete_e_meio.RANK_NAMES.index(rank)


def cc(name):
    """Cassino card from a name like '8S', '10D', 'AC'."""
    return cassino.SUITS.index(name[-1]) * 13 + cassino.RANK_NAMES.index(name[:-1])


def cards(names):
    return [cc(n) for n in names.split()]


def captures_with(moves, card):
    return {
        (frozenset(m[2]), frozenset(m[3]))
        for m in moves
        if m[0] == "capture" and m[1] == card
    }


def cassino_position(hand, loose, builds=(), other_hand="KH KD"):
    """A 2-player Cassino game with seat 0 to move in the given position."""
    game = Cassino(random.Random(0))
    game.hands = [cards(hand), cards(other_hand)]
    game.loose = cards(loose)
    game.builds = list(builds)
    game.current = 0
    return game


# ------------------------------------------------------- random play tests


def test_sete_e_meio_random_games_finish():
    rng = random.Random(1)
    for _ in range(300):
        moves, scores = sete_e_meio.play_random_game(rng)
        assert moves > 0
        assert len(scores) == 4
        assert sum(scores) == 0  # chips only move between players


def test_sete_e_meio_cards_conserved():
    rng = random.Random(2)
    for n_players in (2, 4, 6):
        for _ in range(20):
            game = SeteEMeio(rng, n_players=n_players)
            while not game.game_over:
                assert sorted(game.all_cards()) == list(range(40))
                legal = game.legal_moves()
                assert legal
                game.apply(rng.choice(legal))


@pytest.mark.parametrize("n_players,games", [(2, 300), (3, 40), (4, 40)])
def test_cassino_random_games_finish(n_players, games):
    rng = random.Random(n_players)
    n_sides = 2 if n_players == 4 else n_players
    for _ in range(games):
        moves, scores = cassino.play_random_game(rng, n_players=n_players)
        assert moves > 0 and moves % 48 == 0  # every hand plays out 48 cards
        assert len(scores) == n_sides
        best = max(scores)
        assert best >= 21 and scores.count(best) == 1


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_cassino_cards_conserved_and_invariants(n_players):
    rng = random.Random(10 + n_players)
    for _ in range(15):
        game = Cassino(rng, n_players=n_players)
        while not game.game_over:
            assert sorted(game.all_cards()) == list(range(52))
            values = [b.value for b in game.builds]
            assert len(values) == len(set(values))  # same values always merge
            for b in game.builds:  # R1 holds between turns
                assert any(cassino.value(c) == b.value for c in game.hands[b.owner])
            legal = game.legal_moves()
            assert legal
            game.apply(rng.choice(legal))


# ------------------------------------------------ Sete e Meio scenarios


def test_sete_e_meio_turn_structure():
    game = SeteEMeio(random.Random(0))
    assert game.banker == 0 and game.current == 1 and game.phase == "bet"
    assert game.legal_moves() == [("bet", k) for k in range(1, 11)]

    game.hands[1] = [se_card("A")]
    game.apply(("bet", 3))
    assert game.legal_moves() == (
        [("stand",)]
        + [("raise", k) for k in range(1, 8)]
        + [("hit", "open"), ("hit", "closed")]
    )
    game.apply(("raise", 2))
    assert game.legal_moves() == [("hit", "open"), ("hit", "closed")]

    game.stock.append(se_card("2"))  # next card drawn: total 2 + 4 = 6
    game.apply(("hit", "closed"))
    assert game.current == 1 and game.hit_mode[1] == "closed"
    assert game.legal_moves() == [("stand",)] + [("raise", k) for k in range(1, 6)] + [("hit",)]

    game.stock.append(se_card("7"))  # 6 + 14 > 15: bust
    game.apply(("hit",))
    assert game.bust[1] and game.hands[1] == []
    assert game.chips[1] == -5 and game.chips[0] == 5
    assert sorted(game.returned) == sorted(se_card(n) for n in ("A", "2", "7"))
    assert game.current == 2 and game.phase == "bet"


def test_sete_e_meio_no_raise_at_max_bet_and_empty_stock():
    game = SeteEMeio(random.Random(0))
    game.apply(("bet", 10))
    assert game.legal_moves() == [("stand",), ("hit", "open"), ("hit", "closed")]

    # Empty stock: the returned pile is reshuffled into a new stock.
    game.returned = game.stock
    game.stock = []
    game.hands[1] = [se_card("K")]
    game.apply(("hit", "open"))
    assert game.stock and not game.returned

    # Nothing left anywhere: hit is not legal, the player must stand.
    game.hands[1] = [se_card("K")]
    game.stock, game.returned = [], []
    assert game.legal_moves() == [("stand",)]


def test_sete_e_meio_settlement_and_bank_offer():
    game = SeteEMeio(random.Random(0))
    hands = {1: ["7", "K"], 2: ["5"], 3: ["A", "2"]}  # 15, 10, 6
    for seat in (1, 2, 3):
        game.apply(("bet", seat))
        game.hands[seat] = [se_card(n) for n in hands[seat]]
        game.apply(("stand",))
    assert game.current == 0 and game.phase == "banker"
    game.hands[0] = [se_card("4")]  # banker stands on 8
    game.apply(("stand",))
    # Seat 1 has 7 1/2: paid double; seat 2 (10 > 8) paid; seat 3 (6) pays.
    assert game.chips == [-2 - 2 + 3, 2, 2, -3]
    assert game.phase == "offer" and game.legal_moves() == [("keep",), ("offer",)]

    game.apply(("offer",))
    assert game.current == 1
    game.apply(("decline",))
    assert game.current == 2
    game.apply(("accept",))
    assert game.banker == 2 and game.round_no == 1
    assert game.current == 3 and game.to_play == [3, 0, 1]


def test_sete_e_meio_banker_seven_and_a_half_wins_everything():
    game = SeteEMeio(random.Random(0))
    for seat in (1, 2, 3):
        game.apply(("bet", 2))
        game.hands[seat] = [se_card("7"), se_card("K")]
        game.apply(("stand",))
    game.hands[0] = [se_card("7")]
    game.stock.append(se_card("Q"))
    game.apply(("hit",))
    assert game.chips == [6, -2, -2, -2] and game.phase == "offer"


# ---------------------------------------------------- Cassino scenarios


def test_cassino_distinct_unions():
    # 8 against 4, 4, 5, 3: {4,4}, {5,3} and {4,4,5,3}.
    game = cassino_position("8C", "4D 4H 5S 3C")
    expected = {
        (frozenset(cards("4D 4H")), frozenset()),
        (frozenset(cards("5S 3C")), frozenset()),
        (frozenset(cards("4D 4H 5S 3C")), frozenset()),
    }
    assert captures_with(game.legal_moves(), cc("8C")) == expected


def test_cassino_builds_in_captures():
    simple = Build(cards("2C 3C"), 5, False, 1)
    locked = Build(cards("5D 5H"), 5, True, 1)
    game = cassino_position("8C 5S KC", "3D", [simple])
    # A simple build may be part of a sum.
    assert captures_with(game.legal_moves(), cc("8C")) == {
        (frozenset(cards("3D")), frozenset([0]))
    }
    # A locked build is only taken whole, by its value.
    game = cassino_position("8C 5S KC", "3D", [locked])
    moves = game.legal_moves()
    assert captures_with(moves, cc("8C")) == set()
    assert captures_with(moves, cc("5S")) == {(frozenset(), frozenset([0]))}


def test_cassino_face_cards_and_aces():
    game = cassino_position("QS AS 9C", "QH QD KH AD 9D")
    moves = game.legal_moves()
    assert captures_with(moves, cc("QS")) == {
        (frozenset([cc("QH")]), frozenset()),
        (frozenset([cc("QD")]), frozenset()),
    }
    assert captures_with(moves, cc("AS")) == {(frozenset([cc("AD")]), frozenset())}
    # Nothing else on the table adds up to 9 with the ace: only {9D}.
    assert captures_with(moves, cc("9C")) == {(frozenset([cc("9D")]), frozenset())}


def test_cassino_build_moves_need_a_card_to_take_them():
    game = cassino_position("3C 7D 3H", "4S")
    moves = game.legal_moves()
    assert ("build", cc("3C"), (cc("4S"),)) in moves  # 3 + 4 = 7, holds 7D
    assert ("build", cc("7D"), (cc("4S"),)) not in moves  # 11 > 10
    assert ("build", cc("3H"), (cc("4S"),)) in moves
    # Pair build needs a loose set worth 3 and another 3 in hand.
    game = cassino_position("3C 3H 9D", "3S 6D")
    moves = game.legal_moves()
    assert ("pair", cc("3C"), (cc("3S"),)) in moves
    assert ("build", cc("3C"), (cc("6D"),)) in moves  # 9, holds 9D
    assert ("build", cc("3C"), (cc("3S"),)) not in moves  # 6, no 6 in hand
    assert ("pair", cc("9D"), (cc("3S"), cc("6D"))) not in moves  # no other 9


def test_cassino_owner_must_keep_promise_and_cannot_trail():
    own = Build(cards("2C 4C"), 6, False, 0)
    game = cassino_position("6D KS 2H", "", [own])
    moves = game.legal_moves()
    assert not any(m[0] == "trail" for m in moves)
    assert ("capture", cc("6D"), (), (0,)) in moves
    # Playing the only 6 anywhere else would break R1; increasing to 8 needs an 8.
    assert all(m[1] != cc("6D") or m[0] == "capture" for m in moves)
    assert ("increase", cc("2H"), 0) not in moves


def test_cassino_locked_build_must_be_captured():
    locked = Build(cards("4C 4D"), 4, True, 0)
    game = cassino_position("4H 4S 9C", "AD 3H", [locked])
    moves = game.legal_moves()
    assert moves
    assert all(m[0] == "capture" and 0 in m[3] for m in moves)
    # {locked}, {locked, A+3}, with either 4: 4 moves.
    assert len(moves) == 4


def test_cassino_merge_and_increase():
    theirs = Build(cards("2C 5C"), 7, False, 1)
    game = cassino_position("3D 7H 7S", "4S", [theirs])
    game.apply(("build", cc("3D"), (cc("4S"),)))  # new 7 merges with theirs
    assert len(game.builds) == 1
    merged = game.builds[0]
    assert merged.locked and merged.owner == 0 and merged.value == 7
    assert sorted(merged.cards) == sorted(cards("2C 5C 4S 3D"))

    simple = Build(cards("2C 3C"), 5, False, 1)
    game = cassino_position("3D 8H KS", "", [simple])
    assert ("increase", cc("3D"), 0) in game.legal_moves()
    game.apply(("increase", cc("3D"), 0))
    b = game.builds[0]
    assert b.value == 8 and b.owner == 0 and not b.locked


def test_cassino_end_of_hand_table_cards_and_scoring():
    game = Cassino(random.Random(0))
    game.deals_done = game.deals_per_hand
    game.deck = []
    game.hands = [[], [cc("KS")]]
    game.loose = cards("10D 2S")
    game.builds = []
    game.piles = [cards("AC AD AH 3S 4S"), cards("5C 6C 7C 8C 9C 10C")]
    game.current = 1
    game.scores = [0, 0]
    game.apply(("trail", cc("KS")))  # last card trailed: table to seat n-2 = 0
    # Seat 0: A,A,A,3S,4S,10D,2S,KS -> 8 cards, 4 spades; seat 1: 6 cards.
    # 3 (cards) + 2 (10D) + 1 (2S) + 1 (spades) + 3 (aces) = 10.
    assert game.scores == [10, 0]
