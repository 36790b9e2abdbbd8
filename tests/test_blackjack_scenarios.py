"""Blackjack in exact positions: the totals, the dealer's fixed play, naturals and the payoffs,
rule by rule of games/blackjack.rules' header. The stock lists its next cards last."""

from fractions import Fraction

import pytest

from cardrules import load_game
from cardrules.engine.position import load_data
from cardrules.engine.runtime import State

GAME = load_game("blackjack")


def position(hand, dealer, top=(), game=GAME):
    """The player to act with `hand`; the dealer's hole card first; `top` the next cards dealt."""
    used = set(hand) | set(dealer) | set(top)
    stock = [c for c in game.deck.names if c not in used] + list(reversed(top))
    return load_data(game, {"phase": "play", "zones": {"hand": [list(hand)], "stock": stock,
                                                        "dealer": [f"{dealer[0]}:down", *dealer[1:]]}})



def test_an_ace_counts_eleven_unless_that_busts():
    st = position(["AC", "6D"], ["9S", "8H"], top=["10C"])
    st.apply("hit")                              # soft 17 becomes hard 17, no bust
    assert not st.is_over
    st.apply("stand")                            # 17 against 17: a push
    assert st.scores() == [0]


def test_over_21_loses_at_once_and_the_dealer_does_not_draw():
    st = position(["10C", "6D"], ["10S", "6H"], top=["KC", "9H"])
    st.apply("hit")
    assert st.is_over and st.scores() == [-1]
    assert [GAME.deck.names[c] for c in st.zones[GAME.zones["dealer"].base]] == ["10S", "6H"]


def test_the_dealer_draws_to_17_and_busting_pays_the_player():
    st = position(["10C", "8D"], ["10S", "4H"], top=["9C"])      # 14, draws 9: 23
    st.apply("stand")
    assert st.scores() == [1]


@pytest.mark.parametrize("hits_soft_17, score", [(False, -1), (True, 1)])
def test_soft_17_stands_unless_the_house_rule_says_hit(hits_soft_17, score):
    game = load_game("blackjack", {"dealer_hits_soft_17": hits_soft_17})
    st = position(["10C", "6D"], ["AS", "6H"], top=["5D", "10D"], game=game)   # soft 17; hit: 12, then 22
    st.apply("stand")
    assert st.scores() == [score]


def test_the_hole_card_is_hidden_until_the_player_stands():
    st = position(["10C", "7D"], ["QS", "8H"])
    assert st.observation(0)["zones"]["dealer"] == [None, "8H"]
    st.apply("stand")
    assert st.observation(0)["zones"]["dealer"] == ["QS", "8H"]


def deal_natural(game, player_natural, dealer_natural):
    for seed in range(2000):
        st = game.new_state(seed)
        hand = [game.deck.names[c] for c in st.zones[game.zones["hand"].base]]
        dealer = [game.deck.names[c] for c in st.zones[game.zones["dealer"].base]]

        def natural(cs):
            return sorted(c[:-1] in ("10", "J", "Q", "K") for c in cs) == [False, True] and any(
                c[:-1] == "A" for c in cs)
        if natural(hand) == player_natural and natural(dealer) == dealer_natural:
            return st
    raise AssertionError("no such deal in 2,000 seeds")


@pytest.mark.parametrize("player, dealer, score", [
    (True, False, Fraction(3, 2)),     # a natural pays 3 to 2
    (True, True, 0),                   # two naturals push
    (False, True, -1),                 # the dealer's natural beats any hand at once
])
def test_naturals_settle_in_the_deal(player, dealer, score):
    st = deal_natural(GAME, player, dealer)
    assert st.is_over and st.scores() == [score]
    assert State.from_json(GAME, st.to_json()).to_json() == st.to_json(), "a game over in its deal loads back"


def test_without_naturals_a_two_card_21_is_an_ordinary_21():
    game = load_game("blackjack", {"naturals": False})
    st = deal_natural(game, True, False)
    assert not st.is_over and sorted(m.text for m in st.legal_moves()) == ["hit", "stand"]
