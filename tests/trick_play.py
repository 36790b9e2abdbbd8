"""Random play of a trick-taking game, recorded for the property tests: every move with the
state it was chosen in, so a test can state what must hold of each lead, bid or hand."""

import random


def hand_of(state, seat):
    game = state.game
    return [game.deck.label(c) for c in state.zones[game.zones["hand"].base + seat]]


def random_moves(game, seed):
    """Yield (state before, move text) for one random game, then the final state as (state, None)."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_over:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))].text
        yield state.clone(), move
        state.apply(move)
    yield state, None
