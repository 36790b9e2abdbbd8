"""Buraco over random play: the core properties, plus every card conserved across hands,
melds, piles and mortos, and every meld on the table valid, in matches of a few hands.

Uniform random play seldom melds enough to go out, so a second agent prefers laying and
taking melds; between them they reach the morto, going out and exhaustion paths."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.language.builtins import REGISTRY
from properties import check_game_properties, check_state

VARIANTS = {
    "four": {}, "two": {"players": 2}, "three": {"players": 3}, "jokers": {"jokers": True},
    "options": {"players": 2, "jokers": True, "pile_layoff_justifies": True,
                "may_dirty_clean_canastra": False,
                "set_ranks": ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")},
}
GAMES = {name: load_game("buraco", {**params, "max_hands": 2}) for name, params in VARIANTS.items()}


def check_table(state, where: str) -> None:
    game = state.game
    deck = game.deck
    zones = game.zones
    total = sum(len(state.zones[slot]) for slot in range(len(state.zones))
                if not game.slot_zone[slot].fields)
    total += sum(len(g["cards"]) for g in state.groups.values())
    assert total == game.deck_size == (108 if game.params["jokers"] else 104), f"{where}: cards lost"
    meld_kind = REGISTRY["meld_kind"].impl
    order = deck.orders["sequence"]
    set_ranks = game.params["set_ranks"]

    def is_wild(st, c):  # the rules' `wild`, restated
        return deck.rank_of[c] in ("2", "joker")
    for team in range(game.team_count):
        for gid in state.zones[zones["melds"].base + team]:
            group = state.groups[gid]
            cards = group["cards"]
            labels = [deck.label(c) for c in cards]
            assert meld_kind(state, cards, order, is_wild, set_ranks, 1) == group["kind"], \
                f"{where}: team {team} holds an invalid meld {labels}"
        for c in state.zones[zones["red_threes"].base + team]:
            assert deck.names[c] in ("3D", "3H"), f"{where}: {deck.names[c]} among the red threes"
    if not state.is_over and state.phase_name == "play":
        hand = state.zones[zones["hand"].base + state.current_player]
        assert hand and not any(deck.names[c] in ("3D", "3H") for c in hand), \
            f"{where}: the player melds with a red three or an empty hand"


def play(game, seed: int, prefer_melds: bool, check_every: int) -> None:
    rng = random.Random(seed)
    checks = random.Random(-seed)
    state = game.new_state(seed)
    moves = 0
    while not state.is_over:
        check_table(state, f"seed {seed}, move {moves}")
        if moves % check_every == 0:
            check_state(state, checks, f"seed {seed}, move {moves}")
        legal = state.legal_moves()
        if prefer_melds:
            legal = [m for m in legal if m.name != "discard" and m.name != "draw"] or legal
        state.apply(legal[rng.randrange(len(legal))])
        moves += 1
    check_table(state, f"seed {seed}, at the end")
    check_state(state, checks, f"seed {seed}, at the end")


@settings(max_examples=20)
@given(seed=st.integers(0, 10**6), key=st.sampled_from(sorted(GAMES)))
def test_random_play_keeps_every_core_property(seed, key):
    check_game_properties(GAMES[key], seed, check_every=5)


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), key=st.sampled_from(sorted(GAMES)), prefer_melds=st.booleans())
def test_cards_are_conserved_and_table_melds_stay_valid(seed, key, prefer_melds):
    play(GAMES[key], seed, prefer_melds, check_every=10)


def test_a_match_to_the_default_target_ends_with_a_leader_past_it():
    game = load_game("buraco")
    for seed in range(3):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_moves()
            legal = [m for m in legal if m.name not in ("discard", "draw")] or legal
            state.apply(legal[rng.randrange(len(legal))])
        scores = state.scores()
        assert max(scores) >= 2000 and scores.count(max(scores)) == 2, scores


def test_melding_play_reaches_both_ends_of_a_hand():
    game = GAMES["four"]
    stock, hands = game.zones["stock"].base, game.var_index["hands"]
    endings = set()
    for seed in range(12):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_moves()
            legal = [m for m in legal if m.name not in ("discard", "draw")] or legal
            # While the stock has cards only going out ends the hand; with it empty, exhaustion.
            before = (state.vars[hands], state.phase_name == "play" and bool(state.zones[stock]))
            state.apply(legal[rng.randrange(len(legal))])
            if state.vars[hands] > before[0]:
                endings.add("went out" if before[1] else "exhausted")
    assert endings == {"went out", "exhausted"}
