"""The compiler: a checked model to the Python module of a Game, as passes.

    Model ──analyse──> Facts ──emit──> lines (Code fragments, memo references) ──finish──> source
           passes/                 emit/                                         emit/module.py

The analysis passes (:mod:`.passes`) compute facts about the model before anything is written;
the emitter (:mod:`.emit`) writes every function from the model and those facts, each
expression as a :class:`.code.Code` carrying the facts later decisions read; the memo table
(:mod:`.memo`) decides what a legal-move generation keeps once it has counted the uses.
:mod:`cardrules.engine.compiler` compiles the source and assembles the Game. See
docs/architecture.md, "The compiler".
"""
