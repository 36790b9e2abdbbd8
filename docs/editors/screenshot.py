"""Make docs/editors/diagnostic.png: a broken rules file as an editor shows it with `cardrules lsp`.

    python docs/editors/screenshot.py

The diagnostic (its range and its text) is asked of the real server over stdio, by the client the
tests use; the code is coloured by the Pygments lexer; headless Chromium renders the page.
"""

from __future__ import annotations

import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pygments.styles import get_style_by_name  # noqa: E402

from benchmarks.lsp_latency import Session  # noqa: E402
from cardrules.editor.highlight import CardrulesLexer  # noqa: E402

FILE = ROOT / "tests" / "broken" / "name_typo.rules"
OUT = Path(__file__).resolve().parent / "diagnostic.png"
FIRST, LAST = 17, 30  # the lines shown, 1-based


def colour(kind, style) -> str:
    while kind not in style._styles and kind.parent is not None:  # noqa: SLF001 - Pygments' own table
        kind = kind.parent
    spec = style.style_for_token(kind)
    return f"color:#{spec['color']}" if spec["color"] else ""


def page(text: str, diagnostic) -> str:
    style = get_style_by_name("default")
    lines = [[] for _ in text.split("\n")]
    line = 0
    for _, kind, value in CardrulesLexer().get_tokens_unprocessed(text):
        for i, part in enumerate(value.split("\n")):
            if i:
                line += 1
            if part:
                lines[line].append((part, colour(kind, style)))
    start, end = diagnostic.range.start, diagnostic.range.end
    rows = []
    for number in range(FIRST, LAST + 1):
        pieces, column = [], 0
        for part, css in lines[number - 1]:
            for ch in part:
                mark = number - 1 == start.line and start.character <= column < end.character
                pieces.append(f'<span style="{css}{";text-decoration:underline wavy #e51400" if mark else ""}">'
                              f"{html.escape(ch)}</span>")
                column += 1
        rows.append(f'<div class="row"><span class="n">{number}</span>{"".join(pieces)}</div>')
        if number - 1 == start.line:
            message = html.escape(diagnostic.message).replace("\n", "<br>")
            rows.append(f'<div class="box" style="margin-left:{start.character + 4}ch">'
                        f'<b>cardrules</b> error: {message}</div>')
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin:0; background:#fffffe; font: 15px/1.5 "DejaVu Sans Mono", monospace; }}
.title {{ background:#dddddd; padding:4px 12px; font-family: sans-serif; font-size:13px; }}
.row {{ white-space:pre; padding-left:8px; }}
.n {{ display:inline-block; width:3ch; color:#999; margin-right:1ch; text-align:right; }}
.box {{ white-space:normal; width:70ch; border:1px solid #c8c8c8; background:#f3f3f3; padding:6px 10px;
        box-shadow: 0 2px 6px rgba(0,0,0,.2); margin-top:2px; margin-bottom:4px; }}
</style></head><body><div class="title">{FILE.name} — cardrules lsp</div>{"".join(rows)}</body></html>"""


def main() -> None:
    session = Session()
    try:
        [diagnostic] = session.diagnostics(session.open(FILE))
    finally:
        session.close()
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser is None:
        sys.exit("no Chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "page.html"
        source.write_text(page(FILE.read_text(), diagnostic), encoding="utf-8")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--hide-scrollbars", f"--screenshot={OUT}", "--window-size=900,392", source.as_uri()],
                       check=True, capture_output=True, timeout=120)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
