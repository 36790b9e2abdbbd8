"""docs/editors.md: its editor set-ups name the command, files and settings that exist, and hold
together as code (Lua and Emacs Lisp are not run here: neither is installed in CI; their brackets
and strings are checked, and what they name); its table names every feature the tests drive."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardrules.cli import cli
from cardrules.editor.highlight import GRAMMAR_FILE

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "editors.md"
TEXT = DOC.read_text()
VSCODE = GRAMMAR_FILE.parent.parent


def fence(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", TEXT, re.M | re.S)


def balanced(code: str, comment: str) -> bool:
    """Brackets balance outside strings and comments."""
    stack, pairs = [], {")": "(", "]": "[", "}": "{"}
    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
    code = re.sub(rf"{re.escape(comment)}.*", "", code)
    for ch in code:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack


def test_the_server_command_the_setups_name_exists():
    assert CliRunner().invoke(cli, ["lsp", "--help"]).exit_code == 0
    [lua] = fence("lua")
    [elisp] = fence("elisp")
    assert 'cmd = { "cardrules", "lsp" }' in lua and 'extension = { rules = "cardrules" }' in lua
    assert '("cardrules" "lsp")' in elisp and r"""'("\\.rules\\'" . cardrules-mode)""" in elisp
    assert balanced(lua, "--") and balanced(elisp, ";")
    assert re.search(r"\\\\\.rules\\\\'", elisp)  # the regexp `\.rules\'`, as an Emacs string writes it


def test_the_vscode_setup_names_the_package_folder_and_a_real_setting():
    assert "`cardrules/editor/vscode/`" in TEXT and VSCODE == ROOT / "cardrules" / "editor" / "vscode"
    settings = json.loads(fence("json")[0])
    properties = json.loads((VSCODE / "package.json").read_text())["contributes"]["configuration"]["properties"]
    assert set(settings) - {"[cardrules]"} <= set(properties)
    link = next(block for block in fence("sh") if "vscode" in block)
    expression = re.search(r"python -c '([^']*)'", link).group(1)
    found = subprocess.run([sys.executable, "-c", expression], capture_output=True, text=True, check=True,
                           env={"PYTHONPATH": str(ROOT)}).stdout.strip()
    assert Path(found) == VSCODE


def test_the_pygmentize_line_names_the_lexer():
    line = next(b for b in fence("sh") if "pygmentize" in b).strip()
    words = shlex.split(line)
    assert words[words.index("-l") + 1] == "cardrules" and (ROOT / words[-1]).is_file()


@pytest.mark.parametrize("feature", ["diagnostics", "hover", "completion", "definition, references", "rename",
                                     "document symbols", "folding", "formatting", "quick fixes"])
def test_the_feature_table_names_each_feature_the_tests_drive(feature):
    assert f"| {feature} |" in TEXT


def test_the_screenshot_is_a_png():
    image = ROOT / "docs" / "editors" / "diagnostic.png"
    assert "(editors/diagnostic.png)" in TEXT and image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
