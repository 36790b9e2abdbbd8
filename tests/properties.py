"""The core properties every game must have, for the games' own test modules: the checks
live in :mod:`cardrules.play.validate`, where `cardrules validate` uses them too."""

from cardrules.play.validate import (PropertyFailure, check_game_properties, check_state, conserved, permute_hidden,
                                play_random)

__all__ = ["PropertyFailure", "check_game_properties", "check_state", "conserved", "permute_hidden", "play_random"]
