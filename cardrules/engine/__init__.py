"""The engine: a checked model compiled into an executable state machine.

``compile`` writes the rules as Python source over ``primitives``; ``compiler`` assembles the
``runtime``'s ``Game``, whose ``State`` is plain data; ``position`` (notation), ``observation``
(what one seat sees) and ``explain`` (why a move is or is not legal) work on States; ``loader``
ties the language and the engine together (``load_game``). Imports ``cardrules.language`` and
``cardrules.algorithms``, nothing above.
"""
