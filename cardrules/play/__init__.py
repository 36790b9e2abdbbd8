"""Playing games: ``agents``, many games in ``chunks`` run by ``parallel`` (processes, Dask) and
summed up by ``simulate`` with ``stats``; ``validate`` (the properties every game must have),
``replay`` (game logs) and ``terminal`` (a person at the keyboard). Imports the engine and
the language, never the command line.
"""
