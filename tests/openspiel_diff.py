"""Differential play against OpenSpiel: the same deal, the same random moves, the same legal
moves at every decision and the same returns at the end.

A game's test describes how the two engines correspond with a :class:`Correspondence`:

- ``game_for(os_state)``: the cardrules game to compare with, once the deal is known (a game
  whose deal fixes a parameter, such as Oh Hell's number of tricks, picks its game here);
- ``position(os_state)``: the cardrules position (docs/positions.md) of OpenSpiel's state once
  its opening chance nodes (the deal) are resolved, so both engines hold the same cards;
- ``move_text(os_state, action)``: the cardrules move text of an OpenSpiel action;
- ``returns(cr_state)``: OpenSpiel's returns computed from the final cardrules state;
- ``choose(rng, os_state, texts)`` (optional): the move to play among the legal move texts,
  sorted; a uniform choice without it. A game whose uniform play misses a rule (an auction that always
  climbs to seven) weights its choice here, the same move going to both engines.

The mapping lives in the tests, never in the rules or the engine. The number of games comes from
the environment variable ``CARDRULES_DIFF_GAMES`` when it is set, so a long run is
``CARDRULES_DIFF_GAMES=1000 python -m pytest tests/test_openspiel_hearts.py``.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Any, Callable

from cardrules.engine.position import load_data
from cardrules.engine.runtime import Game, State


def games_to_play(ci_default: int) -> int:
    return int(os.environ.get("CARDRULES_DIFF_GAMES", ci_default))


def card_text(suits: str, ranks: list[str], suit: int, rank: int) -> str:
    """A cardrules card name (rank then suit: ``10H``) from OpenSpiel's suit and rank numbers."""
    return f"{ranks[rank]}{suits[suit]}"


@dataclass(frozen=True)
class Correspondence:
    os_game: Any                                   # a pyspiel.Game
    game_for: Callable[[Any], Game]
    position: Callable[[Any], dict]
    move_text: Callable[[Any, int], str]
    returns: Callable[[State], list]
    choose: Callable[[random.Random, Any, list[str]], str] | None = None


class Disagreement(AssertionError):
    pass


def resolve_chance(os_state, rng: random.Random) -> None:
    while os_state.is_chance_node():
        actions, weights = zip(*os_state.chance_outcomes())
        os_state.apply_action(rng.choices(actions, weights)[0])


def play_one(corr: Correspondence, seed: int) -> int:
    """Play one game from `seed`; return the number of decisions compared. A disagreement raises
    :class:`Disagreement` naming the seed and OpenSpiel's history, to replay it."""
    rng = random.Random(seed)
    os_state = corr.os_game.new_initial_state()
    resolve_chance(os_state, rng)
    cr_state = load_data(corr.game_for(os_state), corr.position(os_state), where=f"seed {seed}")
    decisions = 0

    def fail(what: str) -> None:
        raise Disagreement(f"seed {seed}, after OpenSpiel history {os_state.history()}: {what}")

    while not os_state.is_terminal():
        if os_state.is_chance_node():
            fail("a chance node after the deal, which this comparison does not map")
        if cr_state.is_over:
            fail("cardrules ended the game first")
        if cr_state.current_player != os_state.current_player():
            fail(f"cardrules gives the turn to seat {cr_state.current_player}, "
                 f"OpenSpiel to {os_state.current_player()} (phase {cr_state.phase_name})")
        expected = {corr.move_text(os_state, a): a for a in os_state.legal_actions()}
        legal = {m.text for m in cr_state.legal_moves()}
        if legal != set(expected):
            fail(f"legal moves differ in phase {cr_state.phase_name}: only cardrules "
                 f"{sorted(legal - set(expected))}, only OpenSpiel {sorted(set(expected) - legal)}")
        texts = sorted(expected)
        text = corr.choose(rng, os_state, texts) if corr.choose else rng.choice(texts)
        cr_state.apply(text)
        os_state.apply_action(expected[text])
        decisions += 1
    if not cr_state.is_over:
        fail(f"OpenSpiel ended the game, cardrules is still in phase {cr_state.phase_name}")
    ours, theirs = corr.returns(cr_state), list(os_state.returns())
    if ours != theirs:
        fail(f"returns differ: cardrules gives {ours}, OpenSpiel {theirs}")
    return decisions


def play_many(corr: Correspondence, games: int, first_seed: int = 0) -> int:
    """Play `games` games; return the total number of decisions compared."""
    return sum(play_one(corr, first_seed + i) for i in range(games))


def same_game(game: Game) -> Callable[[Any], Game]:
    """`game_for` of a comparison that plays every deal with one cardrules game."""
    return lambda os_state: game
