"""Agents named on the command line: ``random``, ``greedy``, ``ismcts:400``, ``pimc:0.5s`` or
``package.module:ClassName``, made in whatever process plays the game (a worker, a Dask node).

A spec read from a data file (a game log's seats, a resume file's agents) is never trusted
with code: :func:`check_file_agent_spec` takes only the built-in agents, with a bounded
budget, and refuses ``module:Class`` without importing anything. Only the command line, or a
caller in Python, names code to load.
"""

from __future__ import annotations

from ..engine.runtime import Game
from ..language.diagnostics import Diagnostic, RulesError, Span, did_you_mean
from .agents import AGENTS, Agent, WeightedRandomAgent
from .search import parse_budget, search_agent_factory

SEARCH_AGENTS = ("ismcts", "pimc")  # in cardrules.play.search; their spec may carry a budget
# The largest budget a spec read from a file may give a search agent per decision: a file
# cannot make a run that a person did not ask for go on for days.
MAX_FILE_ITERATIONS = 100_000
MAX_FILE_SECONDS = 60.0


def check_agent_spec(spec: str) -> str:
    """`spec` as given, once it names an agent: ``random``, ``random:pass=0.8:double=0.1`` (the
    share of the chances that moves of a name get when legal), ``greedy``, ``ismcts``,
    ``ismcts:400`` (iterations per decision), ``ismcts:0.5s`` (seconds), ``pimc``, ``pimc:200``,
    or ``package.module:ClassName`` for an agent class of one's own (built as ``ClassName(seed)``,
    and imported to check it). A RulesError says what is wrong otherwise."""
    _factory(spec)
    return spec


def check_file_agent_spec(spec: object, source: str, what: str, flag: str = "--agents") -> str:
    """`spec` as read from the data file `source` (where `what` says where in it), once it names
    a built-in agent whose budget is at most MAX_FILE_ITERATIONS iterations or MAX_FILE_SECONDS
    seconds. Nothing is imported: a ``module:Class`` spec, which would load code, is a RulesError
    whose hint says how to name it on the command line instead, with `flag`."""
    where = Span(source, 1, 1)
    if not isinstance(spec, str):
        raise RulesError([Diagnostic(f"{what} is not an agent name", where,
                                     f"agents: {', '.join([*AGENTS, *SEARCH_AGENTS])}")])
    name, _, option = spec.strip().partition(":")
    if name not in AGENTS and name not in SEARCH_AGENTS:
        loads = "which would load Python code" if option else "which is not a built-in agent"
        raise RulesError([Diagnostic(
            f"{what} names the agent `{spec}`, {loads}: agents read from a file may only be built-in",
            where, f"to play your own agent, name it on the command line: {flag} {spec}"
            if option else _known_agents(name))])
    try:
        check_agent_spec(spec)
    except RulesError as exc:
        raise RulesError([Diagnostic(f"{what}: {d.message}", where, d.hint) for d in exc.diagnostics]) from None
    if name in SEARCH_AGENTS:
        budget = parse_budget(option, spec, 1)
        if (budget.iterations or 0) > MAX_FILE_ITERATIONS or (budget.seconds or 0) > MAX_FILE_SECONDS:
            raise RulesError([Diagnostic(
                f"{what} gives the agent `{spec}` a budget larger than a file may give", where,
                f"at most {MAX_FILE_ITERATIONS:,} iterations or {MAX_FILE_SECONDS:g} s a decision from a file; "
                f"name a larger budget on the command line")])
    return spec


def make_agent(spec: str, game: Game | None = None, seed: int | str = 0) -> Agent:
    """The agent that `spec` names (see :func:`check_agent_spec`), seeded with `seed`. `game`
    is the game it will play, for agents that want to prepare for it; the built-in ones read
    everything from the positions they are given."""
    factory = _factory(spec)
    if game is not None and isinstance(factory, _Weighted):
        names = {m.name for phase in game.phases for m in phase.moves}
        for name in factory.weights:
            if name not in names:
                raise RulesError([Diagnostic(f"the agent `{spec}` weighs a move `{name}`, which {game.title} does not have",
                                             None, did_you_mean(name, names) or f"moves: {', '.join(sorted(names))}")])
    return factory(seed)


class _Weighted:
    """Makes weighted random agents of the weights a spec gives."""

    def __init__(self, weights: dict[str, float]):
        self.weights = weights

    def __call__(self, seed: int | str = 0) -> Agent:
        return WeightedRandomAgent(self.weights, seed)


def _weights(option: str, spec: str) -> _Weighted:
    """``pass=0.8:double=0.1``: each a move's name and its share of the chances, from 0 to 1,
    the shares adding up to at most 1."""
    hint = "write `random:MOVE=SHARE`, like `random:pass=0.8`, several joined by `:`, the shares adding up to at most 1"
    weights: dict[str, float] = {}
    for part in option.split(":"):
        name, _, share = part.partition("=")
        name = name.strip()
        try:
            value = float(share)
        except ValueError:
            value = -1.0
        if not name.isidentifier() or not 0 <= value <= 1 or name in weights:
            raise RulesError([Diagnostic(f"`{part}` in the agent `{spec}` is not a move's name and its share", None, hint)])
        weights[name] = value
    if sum(weights.values()) > 1 + 1e-9:
        raise RulesError([Diagnostic(f"the shares of the agent `{spec}` add up to more than 1", None, hint)])
    return _Weighted(weights)


def _factory(spec: str):
    name, _, option = spec.strip().partition(":")
    if name in AGENTS and not option:
        return AGENTS[name]
    if name == "random" and "=" in option:
        return _weights(option, spec)
    if name in SEARCH_AGENTS:
        return search_agent_factory(name, option, spec)
    if option and name not in AGENTS:
        return _imported(name, option, spec)
    hint = f"`{name}` takes no budget" if name in AGENTS else _known_agents(name)
    if name == "random":
        hint += "; weights are written `random:MOVE=SHARE`, like `random:pass=0.8`"
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
