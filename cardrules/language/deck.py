"""The concrete deck of a compiled game: card names, ranks, suits, attributes and rank orders.

Cards are integers ``0..size-1`` everywhere in the engine; this table gives their meaning.
Identical cards from several copies of the deck share a name; ``#2`` marks a second copy
where identity matters (positions).
"""

from __future__ import annotations

from collections.abc import Sequence
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
               orders: dict[str, list[str]],
               without: Sequence[tuple[str, str]] = (),
               extra: Sequence[tuple[str, str | None]] = ()) -> DeckTable:
    """Suits x ranks, `copies` times over, less a copy of each card `without` names (the last
    copy), then the `extra` cards ((rank, suit or None), named rank then suit, or by the rank
    alone), then the jokers. Ranks only extra cards have follow the `ranks` line in `ranks`
    and in the order `rank`."""
    cards: list[tuple[str, str | None]] = [(rank, suit) for _ in range(copies) for suit in suits for rank in ranks]
    for card in without:
        cards.reverse()
        cards.remove(card)
        cards.reverse()
    cards.extend(extra)
    cards.extend((JOKER, None) for _ in range(jokers))
    names: list[str] = []
    counted: dict[str, int] = {}
    copy_of: list[int] = []
    for rank, suit in cards:
        name = "JOKER" if rank == JOKER and suit is None else rank if suit is None else f"{rank}{suit}"
        names.append(name)
        counted[name] = counted.get(name, 0) + 1
        copy_of.append(counted[name])
    rank_of = [rank for rank, _ in cards]
    all_ranks = list(ranks) + [r for r in dict.fromkeys(r for r, _ in extra) if r not in ranks and r != JOKER]
    attr_values = {
        name: tuple(table.get(rank, 0) for rank in rank_of) for name, table in attributes.items()
    }
    order_positions = {name: {rank: i for i, rank in enumerate(seq)} for name, seq in orders.items()}
    order_positions.setdefault("rank", {rank: i for i, rank in enumerate(all_ranks)})
    return DeckTable(tuple(suits), tuple(all_ranks), tuple(names), tuple(rank_of), tuple(s for _, s in cards),
                     tuple(copy_of), attr_values, order_positions)
