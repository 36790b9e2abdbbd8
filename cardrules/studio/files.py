"""The files the studio may touch: rules files and game logs under its folder, and the bundled
games, read only.

Reading follows the command line's policy (:func:`~cardrules.language.files.locate_rules`):
a bundled game by name, or a path ending in ``.rules`` whose target is a ``.rules`` file,
here also confined to the folder's tree, links followed. Writing creates or replaces only a
regular ``.rules`` file (a log: ``.json``) inside the folder, never through a link, and never
larger than a rules file may be. Names are relative to the folder, with ``/`` between parts.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..language.diagnostics import Diagnostic, RulesError
from ..language.files import locate_rules, read_rules_text
from ..language.limits import MAX_LOG_BYTES, MAX_RULES_BYTES
from ..language.resources import bundled_games
from ..play.output import write_text_atomically
from ..play.replay import GameLog

MAX_LISTED = 500  # files listed from the folder's tree
LOGS = "logs"  # the folder's subfolder where the table saves logs
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")


def refuse(message: str, hint: str | None = None) -> RulesError:
    return RulesError([Diagnostic(message, None, hint)])


class Folder:
    def __init__(self, root: str | Path):
        self.root = Path(root).resolve()

    def listing(self) -> dict:
        rules: list[str] = []
        logs: list[str] = []
        for path in sorted(self._walk()):
            name = path.relative_to(self.root).as_posix()
            (rules if path.suffix == ".rules" else logs).append(name)
        return {"folder": str(self.root), "files": rules, "logs": logs, "bundled": list(bundled_games())}

    def _walk(self):
        count = 0
        for top, dirs, files in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for f in sorted(files):
                if f.endswith((".rules", ".json")) and not f.startswith("."):
                    path = Path(top) / f
                    if path.is_file() and path.resolve().is_relative_to(self.root):
                        yield path
                        count += 1
                        if count >= MAX_LISTED:
                            return

    # --- rules files
    def rules_path(self, name: str) -> tuple[Path, bool]:
        """The rules file `name` stands for, and whether it is a bundled game (read only)."""
        if not isinstance(name, str) or not name:
            raise refuse("name a rules file of the folder or a bundled game")
        if not name.endswith(".rules"):
            return locate_rules(name), True
        return locate_rules(self._relative(name), self.root, confined=True), False

    def new_rules_path(self, name: str) -> Path:
        """Where a rules file of the folder not written yet will be."""
        if not name.endswith(".rules"):
            raise refuse(f"`{name[:80]}` is not a rules file's name", "a rules file's name ends in `.rules`")
        return self.root / self._relative(name)

    def read(self, name: str) -> dict:
        path, bundled = self.rules_path(name)
        return {"path": name, "text": read_rules_text(path), "bundled": bundled}

    def write(self, name: str, text: str, new: bool = False) -> str:
        """Write a rules file of the folder; with `new`, only when there is none of that name."""
        if not name.endswith(".rules"):
            raise refuse(f"`{name}` is a bundled game, which is read only",
                         "save a copy as a variant: a file of your folder that extends it")
        self._write(self._relative(name), text, MAX_RULES_BYTES, new)
        return name

    def variant(self, base: str, name: str) -> str:
        """A new rules file that extends `base` (a bundled game, or a file of the folder)."""
        path, bundled = self.rules_path(base)
        target = self._relative(name if name.endswith(".rules") else name + ".rules")
        if bundled:
            extends = base
        else:
            extends = os.path.relpath(path.resolve(), (self.root / target).parent)
            if extends.startswith(".."):
                raise refuse("a variant lies in its base's folder or below it",
                             "name the variant next to the file it extends")
        title = Path(target).stem.replace("_", " ").replace("-", " ").strip().title()
        text = (f"# A variant of {base}: write here only what changes (docs/language.md, Variants).\n"
                f"extends {json.dumps(Path(extends).as_posix())}\n\ngame {json.dumps(title)}\n")
        self._write(target, text, MAX_RULES_BYTES, new=True)
        return target

    # --- logs
    def save_log(self, log: GameLog, name: str) -> str:
        stem = name[:-5] if name.endswith(".json") else name
        target = self._relative(f"{LOGS}/{stem}.json")
        text = json.dumps(log.to_json(), indent=1) + "\n"
        (self.root / LOGS).mkdir(exist_ok=True)
        self._write(target, text, MAX_LOG_BYTES, new=False)
        return target

    def read_log(self, name: str) -> GameLog:
        relative = self._relative(name)
        if not relative.endswith(".json"):
            raise refuse(f"`{name}` is not a game log", "a log's name ends in `.json`")
        path = self.root / relative
        if not path.resolve().is_relative_to(self.root):
            raise refuse(f"`{name}` lies outside the studio's folder")
        return GameLog.read(path)

    def log_rules(self, log: GameLog) -> str:
        """The rules file a log names, as a path the worker loads: a bundled game, or a file
        inside the folder; anything else is refused."""
        path = locate_rules(log.game, log.folder or self.root)
        if log.game in bundled_games() or path.resolve().is_relative_to(self.root):
            return str(path)
        raise refuse(f"the log names `{log.game}`, which lies outside the studio's folder",
                     "copy the rules file into the folder, or start the studio in the log's folder")

    # --- the policy
    def _relative(self, name: str) -> str:
        """`name` once it is a relative path of plain parts (letters, digits, ` _.-`, not
        starting with a dot) inside the folder."""
        if not isinstance(name, str) or len(name) > 400:
            raise refuse("a file's name is a path of at most 400 characters")
        parts = name.split("/")
        if any(not _PART.fullmatch(p) for p in parts) or len(parts) > 8:
            raise refuse(f"`{name[:80]}` cannot name a file of the studio's folder",
                         "a relative path such as `my_game.rules` or `house/my_game.rules`: parts of letters, "
                         "digits, spaces, `_`, `-` and `.`, not starting with a dot")
        return "/".join(parts)

    def _write(self, relative: str, text: str, limit: int, new: bool) -> None:
        if not isinstance(text, str) or len(text.encode("utf-8")) > limit:
            raise refuse(f"the text is larger than {limit:,} bytes, the most such a file may be")
        path = self.root / relative
        try:
            parent = path.parent.resolve()
            if not parent.is_relative_to(self.root) or not parent.is_dir():
                raise refuse(f"`{relative}`: its folder is not inside the studio's folder")
            if os.path.islink(path):
                raise refuse(f"`{relative}` is a symbolic link", "the studio writes only files of its own")
            if path.exists() and (new or not path.is_file()):
                raise refuse(f"`{relative}` exists already", "choose another name")
            write_text_atomically(path, text)
        except OSError as exc:
            raise refuse(f"cannot write `{relative}`: {exc.strerror or exc}") from None
