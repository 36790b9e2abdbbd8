"""Which optional extra of pyproject.toml brings which module, so that a test (a documentation
example included) that needs a missing one skips and names the install command, while the
README's `pip install ".[test]" && python -m pytest tests` passes with nothing else installed."""

from __future__ import annotations

import pytest

EXTRA_OF_MODULE = {
    "numpy": "rl", "pyspiel": "rl", "pettingzoo": "rl", "gymnasium": "rl",
    "matplotlib": "plot", "dask": "distributed", "distributed": "distributed", "rlcard": "peers",
    "pygls": "editor", "lsprotocol": "editor", "pytest_lsp": "editor", "textmate_grammar": "editor",
    "starlette": "studio", "uvicorn": "studio", "selenium": "browser",
}


def skip_if_extra_missing(exc: ModuleNotFoundError, where: str) -> None:
    """Skip the running test when `exc` is an optional extra's module missing; return otherwise,
    so that any other missing module stays a failure."""
    top = (exc.name or "").partition(".")[0]
    if top in EXTRA_OF_MODULE:
        pytest.skip(f"{where} needs {top}, from the `{EXTRA_OF_MODULE[top]}` extra: "
                    f"pip install \".[test,{EXTRA_OF_MODULE[top]}]\"", allow_module_level=True)
