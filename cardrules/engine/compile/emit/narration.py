"""A narrated compilation: the `says` texts of statements and actions, told as they run.

Compiled with a narrator (``compile_model(model, narrator=...)``), the module calls
``_N.say(telling, values)`` just before a statement with a `says` text runs, with the values its
placeholders name as the rules hold them there, and ``_N.done()`` once it has run; an action
with a text is written as ``N_<action>`` and called through an ``a_<action>`` that tells it
around the call. Compiled without one, as every game is for play, nothing of this is written:
narration costs the plain module nothing (engine/story.py uses the narrated twin of a Game).
"""

from __future__ import annotations

from ....language import nodes as n
from ....language.model import Telling
from .context import Emission

NARRATOR = "_N"  # the module's name for the narrator: no rules name is written so


def told_statement(em: Emission, s) -> Telling | None:
    """The text a statement says, in a narrated compilation (None: nothing to tell)."""
    if em.narrator is None or getattr(s, "says", None) is None:
        return None
    return em.narration.get(s.span)


def before_statement(em: Emission, s, telling: Telling) -> None:
    values = "".join(f"{em.local(name)}, " for name, _ in telling.names)
    em.w.line(f"{NARRATOR}.say({em.const(telling)}, ({values}))", s.span)


def after_statement(em: Emission, s) -> None:
    em.w.line(f"{NARRATOR}.done()", s.span)


def told_action(em: Emission, name: str) -> Telling | None:
    """The text of action `name`, in a narrated compilation."""
    if em.narrator is None:
        return None
    action: n.Action = em.m.actions[name]
    return em.narration.get(action.span) if action.says is not None else None


def action_teller(em: Emission, name: str, params: list[str], telling: Telling, span) -> None:
    """``a_<name>``: the action's text told around a call of its body ``N_<name>``."""
    w = em.w
    args = "".join(f", L_{p}" for p in params)
    values = "".join(f"L_{p}, " for p, _ in telling.names)
    w.line(f"def a_{name}(st{args}):", span)
    w.line(f"    {NARRATOR}.say({em.const(telling)}, ({values}))", span)
    w.line("    try:", span)
    w.line(f"        return N_{name}(st{args})", span)
    w.line("    finally:", span)
    w.line(f"        {NARRATOR}.done()", span)
