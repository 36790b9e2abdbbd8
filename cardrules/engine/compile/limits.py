"""CPython refuses more than 200 nested brackets, 20 nested loops and 100 indentation levels in
one function. Generated code stays well inside them: an expression nested deeper than
MAX_NESTING brackets, a block more than MAX_INDENT levels in, or a loop more than MAX_LOOPS
loops deep is written as a helper function `H<n>` of the locals it reads."""

MAX_NESTING = 50
MAX_INDENT = 40
MAX_LOOPS = 12
MAX_INLINED = 4  # defs written in place inside one another, at most
