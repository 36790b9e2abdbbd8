"""Play a cardrules game and OpenSpiel's implementation of it side by side, move for move.

cardrules deals (its own seeded shuffles); OpenSpiel follows: at each of OpenSpiel's chance
nodes the game's `Mirror` names the chance outcome that is the card cardrules dealt there, and
the outcome must be one OpenSpiel allows. At every decision both must agree on who is to play
and on the set of legal moves, read through the mirror's mapping from OpenSpiel's action ids to
cardrules' move texts; a random legal action is then applied to both. At the end both must be
over and their returns equal, through the mirror's score mapping.

The mappings live here, in the tests, never in the rules or the engine. The number of games per
test is `CARDRULES_DIFF_GAMES` when set (the long runs), otherwise the test's own count (CI).
"""

from __future__ import annotations

import random
from fractions import Fraction

from typing import Any, Callable, Sequence

from cardrules.engine.runtime import Game, State
from openspiel_diff import Disagreement


class Mirror:
    """What one game needs: the chance outcome that mirrors cardrules' deal, the text of each
    OpenSpiel action, and cardrules' scores as OpenSpiel's returns. A game's mirror class is
    made afresh for every game, and `observe` sees every action OpenSpiel applies, for mirrors
    that keep track of where OpenSpiel's cards are."""

    def chance_outcome(self, cr: State, os_state) -> int:
        raise NotImplementedError(f"{type(self).__name__} must say which chance outcome mirrors the deal")

    def move_text(self, os_state, action: int) -> str:
        raise NotImplementedError(f"{type(self).__name__} must map OpenSpiel's actions to move texts")

    def observe(self, player: int, action: int) -> None:
        """Called after OpenSpiel applies `action` by `player` (-1 for chance)."""

    def returns(self, cr: State) -> list:
        return list(cr.scores())


Choose = Callable[[random.Random, Sequence[int], Any], int]   # (generator, legal actions, OpenSpiel's state)


def uniform(chooser: random.Random, actions: Sequence[int], os_state: Any) -> int:
    return chooser.choice(actions)


def play_both(game: Game, os_game, new_mirror: Callable[[], Mirror], seed: int, choose: Choose = uniform) -> int:
    """One game played by both with the same random actions (uniform over OpenSpiel's legal
    actions, or as `choose` picks among them, for a game whose rare moves random play seldom
    reaches); the number of decisions it took. Raises Disagreement with the history so far at
    the first difference."""
    mirror = new_mirror()
    chooser = random.Random(seed)
    cr = game.new_state(seed)
    os_state = os_game.new_initial_state()
    decisions = 0

    def fail(what: str):
        raise Disagreement(f"seed {seed}, after {decisions} decisions: {what}\n"
                           f"OpenSpiel history {os_state.history()}\n{os_state}")

    while True:
        while os_state.is_chance_node():
            outcome = mirror.chance_outcome(cr, os_state)
            if outcome not in os_state.legal_actions():
                fail(f"cardrules dealt chance outcome {outcome}, which OpenSpiel does not allow here")
            os_state.apply_action(outcome)
            mirror.observe(-1, outcome)
        if os_state.is_terminal() or cr.is_over:
            if not (os_state.is_terminal() and cr.is_over):
                fail(f"OpenSpiel over: {os_state.is_terminal()}, cardrules over: {cr.is_over}")
            break
        if cr.current_player != os_state.current_player():
            fail(f"cardrules has seat {cr.current_player} to play, OpenSpiel {os_state.current_player()}")
        actions = os_state.legal_actions()
        expected = {mirror.move_text(os_state, a): a for a in actions}
        legal = {m.text for m in cr.legal_moves()}
        if legal != set(expected):
            fail(f"legal moves differ: only cardrules {sorted(legal - set(expected))}, "
                 f"only OpenSpiel {sorted(set(expected) - legal)}")
        action = choose(chooser, actions, os_state)
        player = os_state.current_player()
        cr.apply(mirror.move_text(os_state, action))
        os_state.apply_action(action)
        mirror.observe(player, action)
        decisions += 1
    ours = [Fraction(x) for x in mirror.returns(cr)]
    theirs = [Fraction(x).limit_denominator(1000) for x in os_state.returns()]
    if ours != theirs:
        fail(f"returns differ: cardrules {ours}, OpenSpiel {theirs}")
    return decisions


def play_many(game: Game, os_game, new_mirror: Callable[[], Mirror], games: int, first_seed: int = 0,
              choose: Choose = uniform) -> int:
    """Play `games` games from consecutive seeds; the total number of decisions compared."""
    return sum(play_both(game, os_game, new_mirror, seed, choose) for seed in range(first_seed, first_seed + games))
