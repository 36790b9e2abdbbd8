"""Properties every game must have, checked along random playthroughs.

Each game's test module calls :func:`check_game_properties` from a hypothesis test; the same
checks back `cardrules validate`. A failure raises AssertionError naming the seed and move.
"""

from __future__ import annotations

import random

from cardrules.position import dump, load_data
from cardrules.runtime import IllegalMove, State


def conserved(st: State) -> bool:
    return sorted(st.all_cards()) == list(range(st.game.deck_size))


def hidden_positions(st: State, player: int) -> list[tuple[str, int, int]]:
    """Where the cards this seat cannot see lie: (kind, container, index)."""
    game = st.game
    out = []
    for slot, zone in enumerate(st.zones):
        for i, x in enumerate(zone):
            if x < game.deck_size and not game.visible_to(st, x, player):
                out.append(("zone", slot, i))
    for gid, group in st.groups.items():
        for i, c in enumerate(group["cards"]):
            if not game.visible_to(st, c, player):
                out.append(("group", gid, i))
    return out


def permute_hidden(st: State, player: int, rng: random.Random) -> State:
    """The same position with the cards hidden from `player` shuffled among their places
    (faces and knowledge bits stay with the places). What `player` observes must not change."""
    other = st.clone()
    places = hidden_positions(st, player)
    cards = [st.zones[c][i] if kind == "zone" else st.groups[c]["cards"][i] for kind, c, i in places]
    shuffled = cards[:]
    rng.shuffle(shuffled)
    for (kind, container, i), old, new in zip(places, cards, shuffled):
        if kind == "zone":
            other.zones[container][i] = new
            other.loc[new] = container
        else:
            other.groups[container]["cards"][i] = new
            other.loc[new] = -1 - container
        other.face[new] = st.face[old]
        other.known[new] = st.known[old]
    other._legal = None
    return other


def check_state(st: State, rng: random.Random, where: str) -> None:
    assert conserved(st), f"{where}: cards were created or lost"
    data = dump(st)
    back = load_data(st.game, data)
    assert back == st and dump(back) == data, f"{where}: the JSON round trip is not exact"
    for player in range(st.game.player_count):
        seen = st.observation(player)
        assert permute_hidden(st, player, rng).observation(player) == seen, \
            f"{where}: seat {player}'s observation depends on cards hidden from it"
    if not st.is_over:
        assert st.legal_moves(), f"{where}: no legal move in a state that is not over"
        before = dump(st)
        try:
            st.apply("no such move 0")
            raise AssertionError(f"{where}: a nonsense move was accepted")
        except IllegalMove:
            pass
        assert dump(st) == before, f"{where}: a refused move changed the state"


def play_random(game, seed: int, check_every: int = 0, max_moves: int = 20_000) -> tuple[State, list[str]]:
    """Play one random game; check every `check_every` moves (0: never). Returns the final
    state and the moves played."""
    rng = random.Random(f"moves:{seed}")
    checks = random.Random(f"checks:{seed}")  # apart, so checking never changes the moves
    st = game.new_state(seed)
    played = []
    while not st.is_over:
        if check_every and len(played) % check_every == 0:
            check_state(st, checks, f"seed {seed}, after {len(played)} moves")
        moves = st.legal_moves()
        move = moves[rng.randrange(len(moves))]
        st.apply(move)
        played.append(move.text)
        assert len(played) <= max_moves, f"seed {seed}: no end after {max_moves} moves"
    check_state(st, checks, f"seed {seed}, at the end")
    return st, played


def check_game_properties(game, seed: int, check_every: int = 1, max_moves: int = 20_000) -> State:
    """All the core properties on one random game: cards conserved, a legal move whenever the
    game is not over, an end within the bound, the same seed giving the same game, an exact JSON
    round trip, no hidden card in any seat's observation, nonsense refused without change."""
    final, played = play_random(game, seed, check_every, max_moves)
    again, replayed = play_random(game, seed, 0, max_moves)
    assert replayed == played and dump(again) == dump(final), f"seed {seed}: the same seed gave another game"
    return final
