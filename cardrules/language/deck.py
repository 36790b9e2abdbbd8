"""The concrete deck of a compiled game: card names, ranks, suits, attributes and rank orders.

Cards are integers ``0..size-1`` everywhere in the engine; this table gives their meaning.
Identical cards from several copies of the deck share a name; ``#2`` marks a second copy
where identity matters (positions).
"""

from __future__ import annotations

from fractions import Fraction

import attrs

JOKER = "joker"


@attrs.frozen(slots=True)
class DeckTable:
    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    names: tuple[str, ...]  # per card: "10D", "JOKER"
    rank_of: tuple[str, ...]  # per card
    suit_of: tuple[str | None, ...]  # per card; None for jokers
    copy_of: tuple[int, ...]  # per card: 1 for the first copy
    attrs: dict[str, tuple[int | Fraction, ...]]  # attribute name -> value per card
    orders: dict[str, dict[str, int]]  # order name -> rank -> position (higher is higher)

    @property
    def size(self) -> int:
        return len(self.names)

    def label(self, card: int) -> str:
        """The unique label of a card: its name, with ``#k`` for copies after the first."""
        copy = self.copy_of[card]
        return self.names[card] if copy == 1 else f"{self.names[card]}#{copy}"

    def lookup(self) -> dict[str, list[int]]:
        """Card name -> its cards in copy order (for reading positions and moves)."""
        table: dict[str, list[int]] = {}
        for card, name in enumerate(self.names):
            table.setdefault(name, []).append(card)
        return table


def build_deck(suits: list[str], ranks: list[str], copies: int, jokers: int,
               attributes: dict[str, dict[str, int | Fraction]],
               orders: dict[str, list[str]]) -> DeckTable:
    names: list[str] = []
    rank_of: list[str] = []
    suit_of: list[str | None] = []
    copy_of: list[int] = []
    for copy in range(1, copies + 1):
        for suit in suits:
            for rank in ranks:
                names.append(f"{rank}{suit}")
                rank_of.append(rank)
                suit_of.append(suit)
                copy_of.append(copy)
    for number in range(1, jokers + 1):
        names.append("JOKER")
        rank_of.append(JOKER)
        suit_of.append(None)
        copy_of.append(number)
    attr_values = {
        name: tuple(table.get(rank, 0) for rank in rank_of) for name, table in attributes.items()
    }
    order_positions = {name: {rank: i for i, rank in enumerate(seq)} for name, seq in orders.items()}
    order_positions.setdefault("rank", {rank: i for i, rank in enumerate(ranks)})
    return DeckTable(tuple(suits), tuple(ranks), tuple(names), tuple(rank_of), tuple(suit_of),
                     tuple(copy_of), attr_values, order_positions)
