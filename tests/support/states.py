"""Reading a State in a test: a variable by its rules name, the texts of the legal moves, the
names of the cards in a zone."""

from cardrules.engine.runtime import State


def var(state: State, name: str):
    """The value of the rules variable `name`; a per-player or per-team one as a list of every
    seat's or team's value."""
    return state.var(name)


def legal(state: State) -> list[str]:
    """The texts of the legal moves, sorted: for a test that states which moves there are."""
    return sorted(m.text for m in state.legal_moves())


def legal_in_order(state: State) -> list[str]:
    """The texts of the legal moves in the order the rules list them: for a test of that order."""
    return [m.text for m in state.legal_moves()]


def cards_in(state: State, zone: str, owner: int | None = None) -> list[str]:
    """The names of the cards in a zone (the slot of `owner` for a zone per player or team),
    bottom first."""
    info = state.game.zones[zone]
    return [state.game.deck.names[c] for c in state.zones[info.base + (owner or 0)]]


def names(state: State, zone: str, owner: int = 0) -> list[str]:
    """The names of the cards in a zone, sorted: for a test that states which cards lie there."""
    return sorted(cards_in(state, zone, owner))
