"""The package's folders are the layers of the pipeline, and imports run one way: a module
imports only from its own layer or the layers below it, no two modules import each other
(directly or round a longer loop), and nothing imports another module's private names.

Every import counts, at the top of a module or inside a function: a lazy import is still a
dependency. An import under `if TYPE_CHECKING:` never runs: it names a type for annotations and
the type checker, so it must respect the layers but cannot close a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "cardrules"

# Bottom to top. The package's own __init__ is the public face and may import any layer.
LAYERS = ["algorithms", "language", "engine", "play", "adapters", "editor", "studio", "cli"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def type_only_imports(tree: ast.AST) -> set[int]:
    """The ids of the import statements under `if TYPE_CHECKING:`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(x) for stmt in node.body for x in ast.walk(stmt)
                         if isinstance(x, (ast.Import, ast.ImportFrom)))
    return found


def imports_of(name: str, type_only: bool = True) -> list[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every import inside the package, those
    under `if TYPE_CHECKING:` only when `type_only`."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(), str(path))
    skipped = set() if type_only else type_only_imports(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out.extend((a.name, [], node.lineno) for a in node.names if a.name.startswith("cardrules"))
        elif isinstance(node, ast.ImportFrom):
            target = resolve(name, path.name == "__init__.py", node)
            if not target.startswith("cardrules"):
                continue
            names = [a.name for a in node.names]
            # `from .pkg import module` imports the module; `from .module import name` the module.
            submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
            if submodules:
                out.extend((m, [], node.lineno) for m in submodules)
                names = [n for n in names if f"{target}.{n}" not in MODULES]
                if not names:
                    continue
            out.append((target, names, node.lineno))
    return out


GRAPH = {name: imports_of(name) for name in MODULES}
RUN_TIME_GRAPH = {name: imports_of(name, type_only=False) for name in MODULES}


def layer_of(name: str) -> int | None:
    parts = name.split(".")
    if len(parts) == 1:
        return None  # the package's public face
    return LAYERS.index(parts[1])


def test_every_module_belongs_to_a_layer():
    for name in MODULES:
        parts = name.split(".")
        assert len(parts) == 1 or parts[1] in LAYERS, f"{name} is in no layer: add it to a layer folder"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_imports_only_its_own_layer_and_those_below(name):
    mine = layer_of(name)
    if mine is None:
        return
    for target, _, line in GRAPH[name]:
        theirs = layer_of(target)
        assert theirs is not None, f"{name}:{line} imports the package's public face `{target}`"
        assert theirs <= mine, (f"{name}:{line} imports `{target}`, from the higher layer "
                                f"`{LAYERS[theirs]}`")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_another_modules_private_names(name):
    for target, names, line in GRAPH[name]:
        private = [n for n in names if n.startswith("_") and not n.startswith("__")]
        assert not private, f"{name}:{line} imports private {private} from `{target}`"


def test_the_imports_have_no_cycle():
    edges = {name: {t for t, _, _ in RUN_TIME_GRAPH[name] if t in MODULES and t != name}
             for name in MODULES}
    # A package's __init__ is imported before its submodules: an edge from a submodule back to
    # its own package's __init__ is a cycle too, so keep every edge.
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for name in sorted(MODULES):
        if name not in state:
            visit(name)


def test_these_checks_find_a_planted_cycle_and_a_planted_upward_import(monkeypatch):
    """The test above must be able to fail: a planted cycle is found."""
    planted = {"cardrules.language.a": [("cardrules.language.b", [], 1)],
               "cardrules.language.b": [("cardrules.language.a", [], 1)]}
    monkeypatch.setitem(globals(), "RUN_TIME_GRAPH", planted)
    monkeypatch.setitem(globals(), "MODULES", {k: None for k in planted})
    with pytest.raises(pytest.fail.Exception, match="import cycle"):
        test_the_imports_have_no_cycle()
    upward = {"cardrules.language.a": [("cardrules.engine.runtime", [], 3)]}
    monkeypatch.setitem(globals(), "GRAPH", upward)
    with pytest.raises(AssertionError, match="higher layer"):
        test_a_module_imports_only_its_own_layer_and_those_below("cardrules.language.a")


def test_only_imports_under_type_checking_are_type_only():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .runtime import State\n"
                     "else:\n    import os\nimport sys\n")
    assert [type(x).__name__ for x in ast.walk(tree) if id(x) in type_only_imports(tree)] == ["ImportFrom"]


def test_the_architecture_document_names_every_folder_and_module():
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text()
    tree = doc[doc.index("```text\ncardrules/"):]
    tree = tree[: tree.index("```", 3)]
    for name, path in MODULES.items():
        entry = path.parent.name + "/" if path.name == "__init__.py" else path.name
        assert f" {entry} " in tree or f" {entry}\n" in tree or tree.startswith(f"```text\n{entry}"), \
            f"docs/architecture.md does not list {name} ({entry})"
