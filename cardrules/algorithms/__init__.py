"""Pure combinatorial algorithms behind the language's built-in functions."""
