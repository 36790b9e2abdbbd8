"""Where the steps of a game that does not end go: the phases and moves that repeat.

Only called once the step limit is hit, on a copy of the state, so a game that ends pays
nothing for it. Like the runtime, it works on any State it is given and never imports it.
"""

from __future__ import annotations

from collections import Counter

from .errors import PYTHON_ERRORS

TRAIL_STEPS = 1_000  # steps played on from the limit to see what repeats
SHOWN = 3


def where_steps_go(st) -> str:
    """Play on from `st` (a copy; the first legal move at each turn) and name what repeats,
    most frequent first: 'phase `books` 500 times, move `ask` (phase `play`) 499 times'."""
    trial = st.clone()
    game = trial.game
    counts: Counter = Counter()
    steps = 0
    try:
        while steps < TRAIL_STEPS and not trial.over and trial.phase >= 0:
            phase = game.phases[trial.phase]
            steps += 1
            if phase.do is not None:
                counts[f"phase `{phase.name}`"] += 1
                if not phase.do(trial):
                    break
                continue
            if phase.simultaneous:  # every seat's first move, then the choices resolved
                chosen = [(seat, phase.generate(trial, seat)[0]) for seat in phase.turn(trial)]
                for seat, move in chosen:
                    counts[f"move `{move.name}` (phase `{phase.name}`)"] += 1
                    phase.moves[move.decl].body(trial, seat, *move.args)
                if phase.then is not None:
                    phase.then(trial)
                continue
            trial.player = phase.turn(trial)
            if trial.player is None and phase.race:
                counts[f"phase `{phase.name}` (all passed)"] += 1
                continue
            moves = phase.generate(trial, trial.player)
            if not moves:
                break
            counts[f"move `{moves[0].name}` (phase `{phase.name}`)"] += 1
            phase.moves[moves[0].decl].body(trial, trial.player, *moves[0].args)
    except PYTHON_ERRORS:
        pass  # the rules fail further on: what repeated until then is the answer
    if not counts:
        return ""
    shown = ", ".join(f"{what} {k} time{'s' if k != 1 else ''}" for what, k in counts.most_common(SHOWN))
    more = f" and {len(counts) - SHOWN} more" if len(counts) > SHOWN else ""
    return f"played on for {steps} more step{'s' if steps != 1 else ''}, it repeats {shown}{more}"
