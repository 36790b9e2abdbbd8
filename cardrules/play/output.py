"""Result files written whole or not at all: a temporary file in the same folder, then renamed
over the target, so a second Ctrl-C (or a crash) while writing never leaves half a file or
loses the one that was there."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Callable


def write_atomically(path: str | Path, write: Callable[[Path], None]) -> None:
    """Call `write` on a temporary path (with the target's suffix), then rename it to `path`."""
    path = Path(path)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=path.suffix, dir=path.parent)
    os.close(fd)
    try:
        write(Path(temporary))
        # mkstemp makes the file private; a result file gets the permissions any new file would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:  # KeyboardInterrupt too: the target keeps its old content
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_text_atomically(path: str | Path, text: str) -> None:
    def write(target: Path) -> None:
        target.write_text(text, encoding="utf-8", newline="")
    write_atomically(path, write)


def unwritable(path: str | Path, folder: bool = False) -> str | None:
    """Why a command could not write `path` (a file, or with `folder` a folder it may create),
    found before it does any work; None when it can. `-` is standard output."""
    if str(path) == "-" and not folder:
        return None
    target = Path(path)
    if folder:
        if target.exists() and not target.is_dir():
            return "it is a file, not a folder"
        existing = next((p for p in (target, *target.parents) if p.exists()), Path("."))
        if not existing.is_dir():
            return f"`{existing}` is a file, not a folder"
        return None if os.access(existing, os.W_OK) else f"the folder `{existing}` cannot be written"
    if target.is_dir():
        return "it is a folder"
    parent = target.parent
    if not parent.is_dir():
        return f"there is no folder `{parent}`"
    if not os.access(parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        return "permission denied"
    return None
