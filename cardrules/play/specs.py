"""Agents named on the command line: ``random``, ``greedy``, ``ismcts:400``, ``pimc:0.5s`` or
``package.module:ClassName``, made in whatever process plays the game (a worker, a Dask node).
"""

from __future__ import annotations

from ..engine.runtime import Game
from ..language.diagnostics import Diagnostic, RulesError, did_you_mean
from .agents import AGENTS, Agent
from .search import search_agent_factory

SEARCH_AGENTS = ("ismcts", "pimc")  # in cardrules.play.search; their spec may carry a budget


def check_agent_spec(spec: str) -> str:
    """`spec` as given, once it names an agent: ``random``, ``greedy``, ``ismcts``,
    ``ismcts:400`` (iterations per decision), ``ismcts:0.5s`` (seconds), ``pimc``, ``pimc:200``,
    or ``package.module:ClassName`` for an agent class of one's own (built as ``ClassName(seed)``).
    A RulesError says what is wrong otherwise."""
    _factory(spec)
    return spec


def make_agent(spec: str, game: Game | None = None, seed: int | str = 0) -> Agent:
    """The agent that `spec` names (see :func:`check_agent_spec`), seeded with `seed`. `game`
    is the game it will play, for agents that want to prepare for it; the built-in ones read
    everything from the positions they are given."""
    return _factory(spec)(seed)


def _factory(spec: str):
    name, _, option = spec.strip().partition(":")
    if name in AGENTS and not option:
        return AGENTS[name]
    if name in SEARCH_AGENTS:
        return search_agent_factory(name, option, spec)
    if option and name not in AGENTS:
        return _imported(name, option, spec)
    hint = f"`{name}` takes no budget" if name in AGENTS else _known_agents(name)
    raise RulesError([Diagnostic(f"no agent called `{spec}`", None, hint)])


def _known_agents(name: str) -> str:
    names = [*AGENTS, *SEARCH_AGENTS]
    return did_you_mean(name, names) or f"agents: {', '.join(names)}, or package.module:ClassName"


def _imported(module: str, attribute: str, spec: str):
    import importlib
    try:
        factory = getattr(importlib.import_module(module), attribute)
    except ImportError as exc:
        hint = did_you_mean(module, SEARCH_AGENTS) or ("the module must be importable here and in every "
                                                         "worker (installed, or on PYTHONPATH)")
        raise RulesError([Diagnostic(f"cannot import the agent `{spec}`: {exc}", None, hint)]) from None
    except AttributeError:
        raise RulesError([Diagnostic(f"module `{module}` has no `{attribute}`", None,
                                     "name a class: package.module:ClassName")]) from None
    if not callable(factory):
        raise RulesError([Diagnostic(f"`{spec}` is not a class or a function that makes an agent")])
    return factory
