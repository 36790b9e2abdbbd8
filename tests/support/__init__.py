"""Helpers shared by the tests, written once here rather than again in every test file that
needs them (the folder `tests` is on pytest's path, so a test imports `support.states`)."""
