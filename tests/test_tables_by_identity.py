"""core.TablesByIdentity: a table worked out once per object (a deck, a rank order) that lives
as long as its Game, found again by identity, never for another object that took its id."""

from __future__ import annotations

import gc

from cardrules.language.builtins.core import TablesByIdentity


class Deck:
    def __init__(self, size):
        self.size = size


def test_a_table_is_built_once_per_objects_and_found_again():
    built = []
    tables = TablesByIdentity(lambda deck, order=None: built.append((deck, order)) or (deck.size, order))
    a, b, order = Deck(3), Deck(5), {"A": 0}
    assert tables.get(a) == (3, None)
    assert tables.get(a) == (3, None)        # the last objects again
    assert tables.get(b, order) == (5, order)
    assert tables.get(a) == (3, None)        # found by identity among the entries
    assert built == [(a, None), (b, order)]


def test_an_entry_keeps_its_objects_alive_so_no_other_object_takes_their_id():
    tables = TablesByIdentity(lambda deck: deck.size)
    deck = Deck(7)
    key = id(deck)
    assert tables.get(deck) == 7
    del deck
    gc.collect()
    others = [Deck(9) for _ in range(1000)]
    assert all(id(other) != key for other in others)   # the entry still holds the first deck
    assert [tables.get(other) for other in others[:3]] == [9, 9, 9]


def test_a_full_cache_starts_afresh():
    tables = TablesByIdentity(lambda deck: deck.size, kept=4)
    decks = [Deck(n) for n in range(10)]
    assert [tables.get(d) for d in decks] == list(range(10))
    assert len(tables.entries) <= 4
    assert tables.get(decks[0]) == 0
