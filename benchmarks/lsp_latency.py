"""How long `cardrules lsp` takes to publish diagnostics after an edit, seen from a real client.

    python -m benchmarks.lsp_latency [--file games/buraco.rules] [--edits 30]

Starts the server over stdio (pytest-lsp's client, on pygls), opens the file, waits for its first
diagnostics (the cold check), then makes `--edits` edits one at a time (a space added at the end
of a line, and taken away again), each time timing from the change sent to the diagnostics of
that version received: the debounce, the check (parse, variant, checker, compiler) and the wire.
It prints the median and the 90th percentile in wall-clock time, and the server's CPU time per
edit (from /proc, Linux): on a shared machine the wall time grows with the load, the CPU time
does not. :class:`Session` is also how the tests drive the server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from lsprotocol import types as L
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from cardrules.editor.server import DEBOUNCE

ROOT = Path(__file__).resolve().parent.parent


class Session:
    """A language client in a thread of its own, talking to `cardrules lsp` over stdio: each
    method sends one request or notification and waits for what it needs, so that a test reads
    as a plain sequence of steps."""

    def __init__(self, timeout: float = 60.0):
        self.timeout = timeout
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.published: dict[str, L.PublishDiagnosticsParams] = {}
        self.arrived = asyncio.Event()
        self.versions: dict[str, int] = {}

        def publish(client: LanguageClient, params: L.PublishDiagnosticsParams) -> None:
            client.diagnostics[params.uri] = params.diagnostics
            self.published[params.uri] = params  # with the version it is for
            self.loop.call_soon_threadsafe(self.arrived.set)

        # pytest-lsp's client (it checks the server's messages against the specification), with
        # its handler of published diagnostics replaced by one that keeps their version.
        self.client = LanguageClient(converter_factory=default_converter)
        register_lsp_features(self.client, {**DEFAULT_CLIENT_FEATURES, L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish})

        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.run(self.client.start_io(sys.executable, str(ROOT / "cli.py"), "lsp", env=env))
        self.run(self.client.initialize_session(L.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=ROOT.as_uri())))

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(self.timeout)

    def open(self, path: Path, text: str | None = None) -> str:
        uri = path.resolve().as_uri()
        if uri in self.versions:  # open afresh: closed first, and what was published for it forgotten
            self.loop.call_soon_threadsafe(self.client.text_document_did_close, L.DidCloseTextDocumentParams(
                L.TextDocumentIdentifier(uri=uri)))
        self.run(self.forget(uri))
        self.versions[uri] = 1
        text = path.read_text(encoding="utf-8") if text is None else text
        self.loop.call_soon_threadsafe(self.client.text_document_did_open, L.DidOpenTextDocumentParams(
            L.TextDocumentItem(uri=uri, language_id="cardrules", version=1, text=text)))
        return uri

    async def forget(self, uri: str) -> None:
        self.published.pop(uri, None)

    def change(self, uri: str, text: str) -> int:
        """Replace the document's whole text; the new version."""
        self.versions[uri] += 1
        version = self.versions[uri]
        self.loop.call_soon_threadsafe(self.client.text_document_did_change, L.DidChangeTextDocumentParams(
            text_document=L.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[L.TextDocumentContentChangeWholeDocument(text=text)]))
        return version

    def edit(self, uri: str, start: L.Position, end: L.Position, text: str) -> int:
        """An incremental change, as an editor sends one keystroke; the new version."""
        self.versions[uri] += 1
        version = self.versions[uri]
        self.loop.call_soon_threadsafe(self.client.text_document_did_change, L.DidChangeTextDocumentParams(
            text_document=L.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[L.TextDocumentContentChangePartial(range=L.Range(start, end), text=text)]))
        return version

    def diagnostics(self, uri: str, version: int | None = None) -> list[L.Diagnostic]:
        """The diagnostics published for `version` (default: the latest sent) of the document."""
        version = self.versions[uri] if version is None else version

        async def wait():
            while True:
                got = self.published.get(uri)
                if got is not None and got.version == version:
                    return list(got.diagnostics)
                self.arrived.clear()
                await self.arrived.wait()
        return self.run(asyncio.wait_for(wait(), self.timeout))

    def close(self) -> None:
        try:
            self.run(self.client.shutdown_session())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


def server_cpu_seconds() -> float:
    """The CPU time (user and system) of this process's children so far: the server (Linux /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def measure(path: Path, edits: int) -> tuple[float, list[float], list[float]]:
    session = Session()
    cpu = []
    try:
        start = time.perf_counter()
        uri = session.open(path)
        session.diagnostics(uri)
        cold = time.perf_counter() - start
        lines = path.read_text(encoding="utf-8").splitlines()
        row = max(range(len(lines)), key=lambda i: len(lines[i]))
        end = L.Position(row, len(lines[row]))
        times = []
        for i in range(edits):
            start, used = time.perf_counter(), server_cpu_seconds()
            if i % 2 == 0:
                version = session.edit(uri, end, end, " ")
            else:
                version = session.edit(uri, end, L.Position(row, len(lines[row]) + 1), "")
            session.diagnostics(uri, version)
            times.append(time.perf_counter() - start)
            cpu.append(server_cpu_seconds() - used)
        return cold, times, cpu
    finally:
        session.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=ROOT / "games" / "buraco.rules")
    parser.add_argument("--edits", type=int, default=30)
    args = parser.parse_args(argv)
    cold, times, cpu = measure(args.file, args.edits)
    ms = sorted(t * 1000 for t in times)
    print(f"{args.file.name} ({args.file.stat().st_size:,} bytes): first check {cold * 1000:.0f} ms; "
          f"after an edit, wall median {statistics.median(ms):.0f} ms, "
          f"90th percentile {ms[int(0.9 * (len(ms) - 1))]:.0f} ms; server CPU per edit median "
          f"{statistics.median(cpu) * 1000:.0f} ms over {len(ms)} edits (debounce {DEBOUNCE * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
