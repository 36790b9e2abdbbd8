"""Plain hand-written Python implementations of card games, used only as
speed baselines in the benchmarks (compared against the compiled cardrules
engine).  Each module exposes ``play_random_game(rng)`` and ``main()``."""
