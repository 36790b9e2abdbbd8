"""What a legal-move generation keeps: the memo table.

Listing the legal moves reads a state that does not change while it runs, so a costly
expression that reads neither a move parameter nor randomness (the facts of its :class:`Code`)
is computed once per generation and kept in the dict ``_m`` under a name saying what it is
(``_m['playable']``). The emitter asks :meth:`MemoTable.place` for every such expression it
writes; the table counts where each value is needed, a place inside a loop or comprehension
counting twice. When the module is assembled, :meth:`MemoTable.expand` writes each reference:
kept in ``_m`` when a generation may need it more than once, computed in place otherwise, and a
generator that keeps nothing makes no dict (:meth:`needs_dict`).

A generator that shares its kept values with no other function (it calls no `g_` twin or helper
taking ``_m``) keeps them in locals instead: each starts as ``...`` and is set by an assignment
expression where first needed, a fast load and an identity test where the dict costs a key test
and a subscript. Python allows no assignment expression in a comprehension's iterable, and one
in a `let`'s lambda would set the lambda's local: a value referred to there is *barred*
(:meth:`bar`), and a generator needing one keeps the dict.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from .code import Code, code

# The mark of a reference in emitted text: the key between two marks no Python source holds.
_OPEN, _CLOSE = "\x01", "\x02"


class MemoTable:
    def __init__(self) -> None:
        self.keys: dict[str, int] = {}  # emitted source of a kept value -> its key
        self.sources: list[Code] = []  # per key, the source computing it
        self.names: list[str] = []  # per key, its name in `_m`
        self.uses: list[int] = []  # per key, how often a generation may need it
        self._taken: set[str] = set()
        self.barred: set[int] = set()  # keys referred to where no assignment expression may stand

    def place(self, src: Code, what: str, repeating: bool) -> Code:
        """A reference to the kept value of `src`, named after `what` (the def, built-in or
        aggregate it computes)."""
        k = self.keys.get(src)
        if k is None:
            k = self.keys[src] = len(self.sources)
            self.sources.append(src)
            self.names.append(self._fresh_name(what))
            self.uses.append(0)
        self.uses[k] += 2 if repeating else 1
        ref = code(f"{_OPEN}{k}{_CLOSE}", src, depth=2, reads=("_m",))
        ref.memos = src.memos | {k}
        return ref

    @contextlib.contextmanager
    def uncounted(self) -> Iterator[None]:
        """Places asked for meanwhile count no use: code written a second time, whose needs
        were counted the first (a phase's sampling generator, its listing one written again)."""
        counted = list(self.uses)
        try:
            yield
        finally:
            self.uses[:len(counted)] = counted

    def is_reference(self, src: str) -> bool:
        """Whether `src` is one reference to a kept value and nothing else."""
        return src.startswith(_OPEN) and src.endswith(_CLOSE) and src[1:-1].isdigit()

    def reuse(self, ref: str) -> None:
        """`ref`, a reference, is read once more where it stands: a value read twice is kept."""
        self.uses[int(ref[1:-1])] += 1

    def _fresh_name(self, what: str) -> str:
        name, i = what, 1
        while name in self._taken:
            i += 1
            name = f"{what}_{i}"
        self._taken.add(name)
        return name

    def bar(self, memos: frozenset[int]) -> None:
        """`memos` are referred to in a comprehension's iterable or a lambda's body."""
        self.barred |= memos

    def kept(self, k: int) -> bool:
        return self.uses[k] > 1

    def needs_dict(self, memos: set[int]) -> bool:
        """Whether a generator referring to `memos` (however deep) keeps any of them."""
        return any(self.kept(k) for k in memos)

    def locals_for(self, memos: set[int]) -> list[str] | None:
        """The locals a generator referring to `memos` keeps its values in, None when one of
        them is barred (it keeps the dict)."""
        kept = [k for k in memos if self.kept(k)]
        if any(k in self.barred for k in kept):
            return None
        return sorted(self._local(k) for k in kept)

    def _local(self, k: int) -> str:
        return f"V_{self.names[k]}"

    def expand(self, line: str, in_locals: bool = False) -> str:
        """`line` with every reference written out, kept values in `_m` or (`in_locals`) in
        the locals of :meth:`locals_for`."""
        if _OPEN not in line:
            return line
        out, start = [], 0
        while True:
            at = line.find(_OPEN, start)
            if at < 0:
                out.append(line[start:])
                return "".join(out)
            end = line.index(_CLOSE, at)
            out.append(line[start:at])
            out.append(self._written(int(line[at + 1:end]), in_locals))
            start = end + 1

    def _written(self, k: int, in_locals: bool) -> str:
        src = self.expand(self.sources[k], in_locals)
        if not self.kept(k):
            return f"(({src}))"
        if in_locals:
            local = self._local(k)
            return f"({local} if {local} is not ... else ({local} := {src}))"
        key = repr(self.names[k])
        return f"(_m[{key}] if {key} in _m else _m.setdefault({key}, {src}))"
