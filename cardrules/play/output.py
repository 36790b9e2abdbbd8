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
