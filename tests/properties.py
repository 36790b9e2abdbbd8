"""The core properties every game must have, for the games' own test modules: the checks
live in :mod:`cardrules.validate`, where `cardrules validate` uses them too."""

from cardrules.validate import (PropertyFailure, check_game_properties, check_state, conserved, permute_hidden,
                                play_random)

__all__ = ["PropertyFailure", "check_game_properties", "check_state", "conserved", "permute_hidden", "play_random"]
