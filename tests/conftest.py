"""Hypothesis profiles: `ci` never times out and always draws the same examples.

The suite keeps its caches (Lark's tables, checked models) in a folder of its own, removed at
the end, rather than in the user's ~/.cache: thousands of generated rules files pass through
load_game, and child processes (the command line, workers) inherit the variable.

Fixtures for every test module: `module_folder`."""

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

_CACHE = tempfile.TemporaryDirectory(prefix="cardrules-tests-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE.name

settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def module_folder():
    """A folder for the files a test module writes, shared by its tests and removed after the
    module: for Hypothesis tests, where pytest's `tmp_path` would be one folder for all of a
    test's examples anyway."""
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)
