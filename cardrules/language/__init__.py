"""The language: rules text to a checked model.

``parser`` (text to the AST of ``nodes``) → ``variants`` (a file that extends another) →
``checker`` (names, ``types``, the ``deck``, parameters; a ``model``), with ``builtins`` (the
built-in functions' signatures and implementations) and ``diagnostics`` (located errors).
Imports nothing of cardrules above it, only ``cardrules.algorithms``.
"""
