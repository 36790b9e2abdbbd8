"""Where the games of a simulation run: in this process, in a pool of local processes, or on a
Dask distributed cluster.

Game i is always played from seed ``game_seed(seed, i)`` with agents seeded by (seed, i, seat),
and whatever runs it, its result comes back in game order: the games are cut into chunks of
consecutive indices and :func:`play` yields the chunks' results in order. So the figures of a
run depend on the seed and the game count only, never on the number of workers or the size of
the chunks.

A worker process cannot receive a compiled Game (its functions are generated code); it gets a
:class:`GameSpec`, the rules file's path and the parameter values, and compiles the game once.
On a cluster, every worker must therefore reach the rules file at the same path (a bundled
game, an installed package, or a shared folder) and have cardrules installed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from pathlib import Path
from typing import Generator, Iterator, Sequence

import attrs

from ..language.diagnostics import Diagnostic, RulesError
from ..engine.runtime import Game
from . import chunks
from .chunks import Chunk

# Compiled games of this process, by spec. A forked worker inherits the parent's entry.
_GAMES: dict[tuple, Game] = {}

# Games per chunk at most. A chunk is kept whole or not at all, so Ctrl-C loses the chunks in
# progress (at most this many games per worker, about a second of work) and a resumed run
# plays them again; large enough that handing out chunks costs under 1%.
MAX_CHUNK = 100
CHUNKS_PER_WORKER = 16  # so that the last chunks of a run keep every worker busy


@attrs.frozen
class GameSpec:
    """What a worker needs to compile the same game: the rules file and every parameter."""

    path: str
    params: tuple[tuple[str, object], ...]

    @classmethod
    def of(cls, game: Game) -> GameSpec:
        return cls(str(Path(game.path).resolve()), tuple(sorted(game.params.items())))

    def load(self) -> Game:
        game = _GAMES.get(self.key)
        if game is None:
            from ..engine.loader import load_game
            game = _GAMES[self.key] = load_game(self.path, dict(self.params))
        return game

    @property
    def key(self) -> tuple:
        return (self.path, self.params)


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def chunk_ranges(start: int, stop: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(MAX_CHUNK, (stop - start) // (workers * CHUNKS_PER_WORKER)))
    return [(a, min(a + size, stop)) for a in range(start, stop, size)]


def play(game: Game, seed: int, agents: Sequence[str], start: int, stop: int,
         workers: int = 1, scheduler: str | None = None, metrics: bool = False) -> Generator[Chunk, None, None]:
    """Play games start..stop-1 and yield their results chunk by chunk, in game order.

    Close the iterator (or let it be collected) to stop early: pending work is cancelled and
    the pool shut down. Ctrl-C reaches the caller as KeyboardInterrupt; the workers ignore it.
    """
    agents = tuple(agents)
    if scheduler is not None:
        yield from _on_dask(game, seed, agents, start, stop, scheduler, metrics)
    elif workers <= 1:
        for a, b in chunk_ranges(start, stop, 1):
            yield chunks.play_games(game, seed, agents, a, b, metrics)
    else:
        yield from _on_pool(game, seed, agents, start, stop, workers, metrics)


def _checked(game: Game, seed: int, agents: tuple, chunk: Chunk) -> Chunk:
    if chunk.failed:
        # Games are deterministic: replaying the chunk here raises the same error, located in
        # the rules file, with none of the pickling a worker's exception would need.
        chunks.play_games(game, seed, agents, chunk.start, chunk.stop)
        raise RuntimeError(f"games {chunk.start}..{chunk.stop - 1} failed in a worker but not here")
    return chunk


def play_chunk(spec: GameSpec, seed: int, agents: tuple, start: int, stop: int, metrics: bool = False) -> Chunk:
    """The task a worker runs: compile (once) and play a chunk."""
    try:
        return chunks.play_games(spec.load(), seed, agents, start, stop, metrics)
    except RulesError:
        return Chunk(start, stop, failed=True)


def _play_task(task: tuple) -> Chunk:
    return play_chunk(*task)


def _init_worker(spec: GameSpec) -> None:
    # Ctrl-C goes to the whole process group; only the parent decides what to keep.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    spec.load()


def _on_pool(game: Game, seed: int, agents: tuple, start: int, stop: int, workers: int,
             metrics: bool) -> Iterator[Chunk]:
    spec = GameSpec.of(game)
    _GAMES.setdefault(spec.key, game)
    # fork shares the compiled game and the imports with the workers at no cost.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = multiprocessing.get_context(method).Pool(workers, _init_worker, (spec,))
    try:
        tasks = [(spec, seed, agents, a, b, metrics) for a, b in chunk_ranges(start, stop, workers)]
        for chunk in pool.imap(_play_task, tasks, chunksize=1):
            yield _checked(game, seed, agents, chunk)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _on_dask(game: Game, seed: int, agents: tuple, start: int, stop: int, address,
             metrics: bool) -> Iterator[Chunk]:
    """`address` is a scheduler address ("tcp://host:8786") or a running dask Client."""
    try:
        from distributed import Client
    except ImportError:
        raise RulesError([Diagnostic("--scheduler needs Dask distributed",
                                     hint='install it with: pip install "cardrules[distributed]"')]) from None
    if isinstance(address, Client):
        client, own = address, False
    else:
        try:
            client, own = Client(address, timeout=20), True
        except (OSError, TimeoutError, ValueError) as exc:
            raise RulesError([Diagnostic(f"cannot reach the Dask scheduler at `{address}`: {exc}")]) from None
    futures = []
    try:
        workers = max(1, sum(client.nthreads().values()))
        spec = GameSpec.of(game)
        futures = [client.submit(play_chunk, spec, seed, agents, a, b, metrics, pure=False)
                   for a, b in chunk_ranges(start, stop, workers)]
        for future in futures:
            yield _checked(game, seed, agents, future.result())
    finally:
        if futures:
            client.cancel(futures)
        if own:
            client.close()
