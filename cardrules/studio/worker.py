"""Worker processes: where the studio checks, compiles and plays rules files.

A rules file cannot run away within a step (the work budget stops a step past 20,000,000 units
of work), but a long game, a search bot with a large budget or a step close to that budget can
still take long. Each call to a worker has a time limit; past it the process is killed, and the
caller hears why, so that no rules file ever hangs the server. A table and a job each have a
worker of their own, which is also how a job is cancelled: its process is killed.

The server and a worker speak over a pipe in tuples of plain data: ``(operation, arguments)``
one way; ``("progress", n)`` any number of times, then ``("ok", value)`` or ``("refused", why)``
the other. Only the server ever sends to a worker, and it unpickles only what its own worker
process wrote.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
import traceback
from typing import Any, Callable

# A fresh interpreter per worker: the server runs threads, which a forked child would inherit
# in whatever state they were in.
_CONTEXT = multiprocessing.get_context("spawn")
STARTUP = 60.0  # seconds a new worker may take to start Python and import the engine, before any limit


class WorkerStopped(Exception):
    """The worker is gone: killed past its time limit, cancelled, or ended by itself."""


class Refused(Exception):
    """The worker refused the call: `problem` is plain data saying why (diagnostics, a reason)."""

    def __init__(self, problem: Any):
        super().__init__(str(problem))
        self.problem = problem


class Worker:
    def __init__(self, name: str, service: str = "cardrules.studio.service:Service"):
        self.name = name
        self.conn, child = _CONTEXT.Pipe()
        self.process = _CONTEXT.Process(target=serve, args=(child, service), name=name, daemon=True)
        self.process.start()
        child.close()
        self.lock = threading.Lock()
        # Held by `stop`, which two threads may call at once (a cancel, and the call that then
        # hears the pipe close): the pipe is closed once, never a descriptor number twice.
        self.stopping = threading.Lock()
        self.stopped: str | None = None
        self.ready = False  # the process said it has imported what it runs

    def call(self, operation: str, *args, limit: float, progress: Callable[[Any], None] | None = None) -> Any:
        """Run one operation; its value, or Refused, or WorkerStopped once `limit` seconds pass."""
        with self.lock:
            if self.stopped:
                raise WorkerStopped(self.stopped)
            if not self.ready:
                self._receive(time.monotonic() + STARTUP, f"longer than {STARTUP:g} s to start")
                self.ready = True
            try:
                self.conn.send((operation, args))
            except (OSError, ValueError):
                self.stop(f"the {self.name} ended")
                raise WorkerStopped(self.stopped) from None
            deadline = time.monotonic() + limit
            while True:
                kind, value = self._receive(deadline, f"longer than {limit:g} s")
                if kind == "progress":
                    if progress is not None:
                        progress(value)
                elif kind == "ok":
                    return value
                else:
                    raise Refused(value)

    def _receive(self, deadline: float, took: str) -> tuple:
        try:
            left = deadline - time.monotonic()
            if left <= 0 or not self.conn.poll(left):
                self.stop(f"the {self.name} took {took} and was stopped")
                raise WorkerStopped(self.stopped)
            return self.conn.recv()
        except (EOFError, OSError, ValueError):  # killed (cancelled) while we waited, or ended by itself
            self.stop(f"the {self.name} ended")
            raise WorkerStopped(self.stopped) from None

    def stop(self, why: str) -> None:
        """Kill the process (from any thread: a call waiting on it ends with WorkerStopped)."""
        with self.stopping:
            if self.stopped is None:
                self.stopped = why
            if self.process.is_alive():
                self.process.kill()
            self.process.join(5)
            self.conn.close()  # a second close, once closed, does nothing

    @property
    def alive(self) -> bool:
        return self.stopped is None and self.process.is_alive()


def serve(conn, service: str) -> None:
    """The worker's loop: one operation at a time, until the pipe closes."""
    import importlib
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which stops us
    module, _, name = service.partition(":")
    handler = getattr(importlib.import_module(module), name)(lambda n: conn.send(("progress", n)))
    conn.send(("ready", None))
    while True:
        try:
            operation, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = ("ok", handler.run(operation, args))
        except Refused as exc:
            reply = ("refused", exc.problem)
        except Exception as exc:  # a defect of ours: the studio says so, and keeps the trace for us
            traceback.print_exc()
            reply = ("refused", {"message": f"internal error in the studio's worker: {type(exc).__name__}",
                                 "hint": "please report it with the file and what you did"})
        conn.send(reply)
