"""Contract Bridge in exact positions, rule by rule of the file's header (the Laws of Duplicate
Bridge, 2017; OpenSpiel's `bridge`): the auction from the dealer (Law 17), sufficient bids
(Law 18), doubles and redoubles (Law 19), three passes ending it (Law 22), the declarer who first
named the strain (Law 53 and the definitions), the opening lead and the dummy face up after it
(Law 41), the declarer playing the dummy's cards (Law 45), following suit (Law 44) and the
duplicate score of the deal (Law 77)."""

import pytest

from cardrules import IllegalMove, load_game
from cardrules.engine.position import dump, load_data
from support.states import legal, names, var

BRIDGE = load_game("bridge")
BIDS = [f"bid {level} {strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]


def auction(*calls, game=BRIDGE, seed=0):
    st = game.new_state(seed)
    for call in calls:
        st.apply(call)
    return st


def bids_above(bid):
    return sorted(BIDS[BIDS.index(bid) + 1:])


# --- the auction -------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_the_dealer_calls_first_and_may_open_with_any_bid_or_pass(dealer):
    st = auction(game=load_game("bridge", {"dealer_seat": dealer}))
    assert [len(names(st, "hand", p)) for p in range(4)] == [13] * 4
    assert st.current_player == dealer
    assert legal(st) == sorted(BIDS + ["pass"]), "nothing to double yet"


def test_an_insufficient_bid_is_refused_and_changes_nothing():
    st = auction("bid 2 H")
    assert legal(st) == sorted(bids_above("bid 2 H") + ["double", "pass"])
    before = dump(st)
    for call in ("bid 2 D", "bid 2 H", "bid 1 NT"):
        with pytest.raises(IllegalMove) as info:
            st.apply(call)
        assert "a bid must outrank the last bid" in info.value.reason
    assert dump(st) == before
    st.apply("bid 2 S")                    # a higher strain at the same level outranks it
    st.apply("bid 2 NT")
    assert legal(st)[:2] == ["bid 3 C", "bid 3 D"] and "bid 2 NT" not in legal(st)


def test_only_an_opponents_bid_may_be_doubled():
    st = auction("bid 1 C", "pass")        # seat 2 is the bidder's partner
    assert "double" not in legal(st)
    with pytest.raises(IllegalMove) as info:
        st.apply("double")
    assert "only an opponent's bid" in info.value.reason
    st.apply("pass")
    assert "double" in legal(st), "seat 3, an opponent, may double after two passes"


def test_a_doubled_bid_may_be_redoubled_by_the_bidders_side_only_and_not_doubled_again():
    st = auction("bid 1 C", "double")
    assert "redouble" in legal(st) and "double" not in legal(st), "seat 2, the bidder's partner"
    st.apply("pass")
    assert "redouble" not in legal(st) and "double" not in legal(st), "seat 3, the doubler's partner"
    st.apply("pass")
    assert "redouble" in legal(st), "seat 0, the bidder himself"
    st.apply("redouble")
    assert var(st, "multiplier") == 4
    assert "double" not in legal(st) and "redouble" not in legal(st)


def test_a_new_bid_cancels_the_double():
    st = auction("bid 1 C", "double", "bid 1 H")
    assert var(st, "multiplier") == 1 and "double" in legal(st)


def test_four_passes_pass_the_deal_out_and_nobody_scores():
    st = auction("pass", "pass", "pass")
    assert not st.is_over
    st.apply("pass")
    assert st.is_over and st.scores() == [0, 0, 0, 0]


def test_three_passes_after_a_bid_end_the_auction_even_after_a_double():
    st = auction("bid 1 C", "double", "pass", "pass")
    assert st.phase_name == "auction", "the double restarts the count of passes"
    st.apply("pass")
    assert st.phase_name == "play" and var(st, "multiplier") == 2


def test_the_declarer_is_the_first_of_his_side_to_name_the_strain():
    st = auction("bid 1 H", "pass", "bid 2 H", "pass", "pass", "pass")
    assert var(st, "declarer") == 0, "seat 2 made the last bid, but seat 0 named hearts first"
    assert var(st, "trump") == "H" and var(st, "level") == 2
    assert st.current_player == 1, "the player on the declarer's left leads"


def test_a_strain_named_first_by_the_opponents_does_not_make_them_declarer():
    st = auction("bid 1 S", "bid 2 S", "pass", "pass", "pass")
    assert var(st, "declarer") == 1


def test_no_trumps_has_no_trump_suit():
    st = auction("bid 1 NT", "pass", "pass", "pass")
    assert var(st, "trump") is None and var(st, "strain") == "NT"


# --- the play: the opening lead, the dummy, the declarer ---------------------------------------

HANDS = [["AS", "KS", "2H"], ["3S", "4S", "3H"], ["5S", "6S", "4H"], ["7S", "8S", "5H"]]


def at_opening_lead(declarer=0):
    """Seat `declarer` declares three spades with three cards each left, before any card is
    played; the 40 other cards are out of play."""
    return load_data(BRIDGE, {"phase": "play",
                              "vars": {"dealer": 0, "declarer": declarer, "level": 3, "strain": "S",
                                       "trump": "S", "bidder": declarer, "leader": (declarer + 1) % 4,
                                       "to_play": (declarer + 1) % 4},
                              "zones": {"hand": HANDS}, "rest": "stock"})


def seen(st, seat, owner):
    return [c for c in st.observation(seat)["zones"]["hand"][owner] if c is not None]


def test_the_dummy_is_hidden_until_the_opening_lead_then_face_up_to_everyone():
    st = at_opening_lead()
    assert all(seen(st, seat, 2) == [] for seat in (0, 1, 3)), "even the declarer waits for the lead"
    st.apply("play 3S")
    for seat in (0, 1, 3):
        assert sorted(seen(st, seat, 2)) == ["4H", "5S", "6S"]
    assert seen(st, 0, 1) == seen(st, 0, 3) == [], "the defenders' hands stay hidden"


def test_the_declarer_plays_the_dummys_cards_in_the_dummys_turn():
    st = at_opening_lead()
    st.apply("play 4S")
    assert st.current_player == 0 and var(st, "to_play") == 2
    assert legal(st) == ["play 5S", "play 6S"], "the dummy's cards, following suit"
    st.apply("play 6S")
    assert names(st, "hand", 2) == ["4H", "5S"]
    assert st.current_player == 3
    st.apply("play 8S")
    assert st.current_player == 0 and legal(st) == ["play AS", "play KS"], "now his own hand"


def test_when_the_dummy_wins_a_trick_the_declarer_leads_from_the_dummy():
    st = at_opening_lead(declarer=2)       # seat 0 is the dummy
    for card in ("7S", "AS", "3S", "6S"):
        st.apply(f"play {card}")
    assert var(st, "to_play") == 0 and st.current_player == 2
    assert legal(st) == ["play 2H", "play KS"]


def test_a_revoke_is_refused_for_the_dummys_cards_too():
    st = at_opening_lead()
    st.apply("play 3H")
    with pytest.raises(IllegalMove) as info:
        st.apply("play 5S")
    assert "you must follow suit" in info.value.reason


def test_the_highest_trump_wins_and_the_declarers_side_counts_the_trick():
    st = load_data(BRIDGE, {"phase": "play",
                            "vars": {"dealer": 0, "declarer": 0, "level": 1, "strain": "S", "trump": "S",
                                     "bidder": 0, "leader": 1, "to_play": 1},
                            "zones": {"hand": [["2S", "3C"], ["AH", "4C"], ["KH", "5C"], ["QH", "6C"]]},
                            "rest": "stock"})
    for card in ("AH", "KH", "QH", "2S"):
        st.apply(f"play {card}")
    assert var(st, "declarer_tricks") == 1 and var(st, "to_play") == 0


# --- the duplicate score of the deal (Law 77) --------------------------------------------------

def last_trick(level, strain, multiplier, tricks, declarer=0, dealer_side_vulnerable=False,
               other_side_vulnerable=False):
    """Twelve tricks played, `tricks` of them to come from all thirteen for the declarer's side:
    seat `declarer` leads the last trick and wins it with the ace of spades when `tricks` counts
    it, otherwise the ace is the defenders'."""
    game = load_game("bridge", {"dealer_side_vulnerable": dealer_side_vulnerable,
                                "other_side_vulnerable": other_side_vulnerable})
    wins_last = tricks > 0
    ace = declarer if wins_last else (declarer + 1) % 4
    lows = iter(["2S", "3S", "4S"])
    hands = [["AS"] if seat == ace else [next(lows)] for seat in range(4)]
    others = [r + s for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
              if r + s not in ("AS", "2S", "3S", "4S")]
    ours = (tricks - wins_last) * 4
    taken = [others[:ours], others[ours:]] if declarer % 2 == 0 else [others[ours:], others[:ours]]
    return load_data(game, {"phase": "play",
                            "vars": {"dealer": 0, "declarer": declarer, "level": level, "strain": strain,
                                     "trump": strain if strain != "NT" else None, "bidder": declarer,
                                     "multiplier": multiplier, "leader": declarer, "to_play": declarer,
                                     "declarer_tricks": tricks - wins_last},
                            "zones": {"hand": hands, "taken": taken}})


def deal_score(level, strain, multiplier, tricks, vulnerable=False):
    st = last_trick(level, strain, multiplier, tricks, dealer_side_vulnerable=vulnerable)
    lead = "AS" if tricks > 0 else names(st, "hand", 0)[0]
    st.apply(f"play {lead}")
    while not st.is_over:
        st.apply(legal(st)[0])
    assert var(st, "declarer_tricks") == tricks
    scores = st.scores()
    assert scores == [scores[0], -scores[0]] * 2, "the defenders score the opposite"
    return scores[0]


@pytest.mark.parametrize(("level", "strain", "multiplier", "tricks", "vulnerable", "score"), [
    (2, "S", 1, 8, False, 110),           # 60 for the tricks, 50 for a part score
    (4, "H", 1, 10, False, 420),          # 120 and the game bonus, not vulnerable
    (4, "H", 1, 10, True, 620),           # and vulnerable
    (3, "NT", 1, 10, False, 430),         # 40 + 30 + 30, game, an overtrick at 30
    (5, "D", 1, 13, True, 640),           # 100, game 500, two overtricks at 20
    (1, "NT", 2, 7, False, 180),          # 80 doubled, part score 50, 50 for making it doubled
    (2, "H", 2, 8, True, 670),            # 120 doubled is a game: 500, and 50
    (1, "C", 4, 9, False, 630),           # 80 redoubled, 50, 100 for the redouble, two overtricks at 200
    (1, "C", 4, 9, True, 1030),           # vulnerable overtricks at 400
    (2, "D", 2, 9, True, 380),            # 80 doubled, 50, 50, a doubled overtrick at 200 vulnerable
    (6, "S", 1, 12, False, 980),          # small slam: 180, 500 and the game's 300
    (6, "S", 1, 12, True, 1430),          # 180, 750 and 500
    (6, "NT", 1, 13, True, 1470),         # 190, 1250, an overtrick
    (7, "NT", 1, 13, True, 2220),         # grand slam: 220, 1500 and 500
    (7, "C", 2, 13, False, 1630),         # 280 doubled, 1000 and 300, 50
])
def test_a_made_contract_scores_its_tricks_the_bonuses_and_the_overtricks(level, strain, multiplier, tricks,
                                                                         vulnerable, score):
    assert deal_score(level, strain, multiplier, tricks, vulnerable) == score


@pytest.mark.parametrize(("level", "strain", "multiplier", "tricks", "vulnerable", "score"), [
    (4, "S", 1, 8, False, -100),          # 50 a trick down, not vulnerable
    (4, "S", 1, 8, True, -200),           # 100 vulnerable
    (3, "NT", 2, 8, False, -100),         # doubled, not vulnerable: 100, 300, 500, then 300 more each
    (3, "NT", 2, 7, False, -300),
    (3, "NT", 2, 6, False, -500),
    (3, "NT", 2, 5, False, -800),
    (3, "NT", 2, 8, True, -200),          # doubled, vulnerable: 200, then 300 each
    (3, "NT", 2, 6, True, -800),
    (3, "NT", 4, 6, False, -1000),        # redoubled: twice the doubled penalty
    (3, "NT", 4, 8, True, -400),
    (7, "NT", 4, 0, True, -7600),         # all thirteen down, redoubled, vulnerable
])
def test_a_defeated_contract_gives_the_defenders_its_undertricks(level, strain, multiplier, tricks, vulnerable,
                                                                score):
    assert deal_score(level, strain, multiplier, tricks, vulnerable) == score


def test_vulnerability_is_the_declaring_sides_the_dealers_or_the_other():
    dealer_side = last_trick(4, "H", 1, 10, declarer=1, dealer_side_vulnerable=True)
    other_side = last_trick(4, "H", 1, 10, declarer=1, other_side_vulnerable=True)
    for st in (dealer_side, other_side):
        st.apply("play AS")
        while not st.is_over:
            st.apply(legal(st)[0])
    assert dealer_side.scores() == [-420, 420, -420, 420], "the dealer is seat 0: seat 1's side is not his"
    assert other_side.scores() == [-620, 620, -620, 620]
