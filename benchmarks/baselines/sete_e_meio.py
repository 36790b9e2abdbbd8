"""Sete e Meio ("seven and a half"), hand-written Python baseline.

Cards are ints 0..39: ``card = suit * 10 + rank`` with rank index into
A,2,3,4,5,6,7,J,Q,K.  Values are kept in half points so everything is an
int: A=2, 2..7 = 2*face, J/Q/K = 1, seven and a half = 15.

Moves are tuples:
    ("bet", k)                 a non-banker opens with a bet of k
    ("stand",)                 end the turn
    ("raise", k)               raise the bet by k (must then hit)
    ("hit", "open"|"closed")   first hit of a player, choosing the mode
    ("hit",)                   later hits, and every banker hit
    ("keep",) / ("offer",)     banker keeps or offers the bank after settlement
    ("accept",) / ("decline",) answer to an offered bank

Usage:  python -m benchmarks.baselines.sete_e_meio -n 1000 --seed 0
"""

import argparse
import random
import time

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
VALUES = (2, 4, 6, 8, 10, 12, 14, 1, 1, 1)  # half points, indexed by rank
DECK_SIZE = 40
SEVEN_AND_A_HALF = 15


def card_value(card):
    return VALUES[card % 10]


def hand_total(hand):
    return sum(VALUES[card % 10] for card in hand)


class SeteEMeio:
    """State of a Sete e Meio match; ``legal_moves`` / ``apply`` drive it."""

    def __init__(self, rng, n_players=4, rounds=20, min_bet=1, max_bet=10):
        self.rng = rng
        self.n = n_players
        self.rounds = rounds
        self.min_bet = min_bet
        self.max_bet = max_bet
        self.chips = [0] * n_players
        self.banker = 0
        self.round_no = 0
        self.game_over = False
        self.start_round()

    # ----------------------------------------------------------- round flow

    def start_round(self):
        # Collect all cards and shuffle the whole deck.
        self.stock = list(range(DECK_SIZE))
        self.rng.shuffle(self.stock)
        self.returned = []
        self.hands = [[] for _ in range(self.n)]
        self.bets = [0] * self.n
        self.bust = [False] * self.n
        self.hit_mode = [None] * self.n  # "open" / "closed" after the first hit
        self.raised = False  # current player raised and has not hit since

        # One card each, starting left of the banker, banker last (face up).
        order = [(self.banker + i) % self.n for i in range(1, self.n + 1)]
        for seat in order:
            self.hands[seat].append(self.draw())
        self.banker_card_face_up = True

        self.to_play = order[:-1]  # the non-bankers, in playing order
        self.turn_index = 0
        self.current = self.to_play[0]
        self.phase = "bet"

    def card_available(self):
        return bool(self.stock) or bool(self.returned)

    def draw(self):
        if not self.stock:
            self.stock = self.returned
            self.returned = []
            self.rng.shuffle(self.stock)
        return self.stock.pop()

    def end_player_turn(self):
        self.turn_index += 1
        if self.turn_index < len(self.to_play):
            self.current = self.to_play[self.turn_index]
            self.phase = "bet"
            self.raised = False
        elif all(self.bust[p] for p in self.to_play):
            self.settle()  # nobody left: the banker does not play
        else:
            self.current = self.banker
            self.phase = "banker"

    def settle(self):
        banker = self.banker
        banker_total = hand_total(self.hands[banker])
        for p in self.to_play:
            if self.bust[p]:
                continue  # already paid when he bust
            bet = self.bets[p]
            total = hand_total(self.hands[p])
            if banker_total == SEVEN_AND_A_HALF:
                player_wins = False
            elif banker_total > SEVEN_AND_A_HALF:
                player_wins = True
            else:
                player_wins = total > banker_total
            if player_wins:
                amount = 2 * bet if total == SEVEN_AND_A_HALF else bet
                self.chips[banker] -= amount
                self.chips[p] += amount
            else:
                self.chips[p] -= bet
                self.chips[banker] += bet
        self.current = banker
        self.phase = "offer"

    def end_round(self):
        self.round_no += 1
        if self.round_no >= self.rounds:
            self.game_over = True
        else:
            self.start_round()

    # ---------------------------------------------------------------- moves

    def hit_moves(self):
        if self.phase == "play" and self.hit_mode[self.current] is None:
            return [("hit", "open"), ("hit", "closed")]
        return [("hit",)]

    def legal_moves(self):
        phase = self.phase
        if phase == "bet":
            return [("bet", k) for k in range(self.min_bet, self.max_bet + 1)]
        if phase == "play":
            if not self.card_available():
                return [("stand",)]
            if self.raised:
                return self.hit_moves()
            moves = [("stand",)]
            bet = self.bets[self.current]
            moves.extend(("raise", k) for k in range(1, self.max_bet - bet + 1))
            moves.extend(self.hit_moves())
            return moves
        if phase == "banker":
            if self.card_available():
                return [("stand",), ("hit",)]
            return [("stand",)]
        if phase == "offer":
            return [("keep",), ("offer",)]
        if phase == "accept":
            return [("accept",), ("decline",)]
        return []  # game over

    def apply(self, move):
        kind = move[0]
        p = self.current
        phase = self.phase

        if kind == "bet":
            self.bets[p] = move[1]
            self.raised = False
            self.phase = "play"

        elif kind == "raise":
            self.bets[p] += move[1]
            self.raised = True

        elif kind == "stand":
            if phase == "play":
                self.end_player_turn()
            else:
                self.settle()

        elif kind == "hit":
            if len(move) == 2:
                self.hit_mode[p] = move[1]
            hand = self.hands[p]
            hand.append(self.draw())
            total = hand_total(hand)
            if phase == "play":
                self.raised = False
                if total > SEVEN_AND_A_HALF:
                    # Bust: pay the banker at once, cards to the returned pile.
                    self.bust[p] = True
                    self.chips[p] -= self.bets[p]
                    self.chips[self.banker] += self.bets[p]
                    self.returned.extend(hand)
                    hand.clear()
                    self.end_player_turn()
                elif total == SEVEN_AND_A_HALF:
                    self.end_player_turn()
            elif total >= SEVEN_AND_A_HALF:  # banker bust or 7 1/2
                self.settle()

        elif kind == "keep":
            self.end_round()

        elif kind == "offer":
            self.candidates = [(self.banker + i) % self.n for i in range(1, self.n)]
            self.candidate_index = 0
            self.current = self.candidates[0]
            self.phase = "accept"

        elif kind == "accept":
            self.banker = p
            self.end_round()

        elif kind == "decline":
            self.candidate_index += 1
            if self.candidate_index < len(self.candidates):
                self.current = self.candidates[self.candidate_index]
            else:
                self.end_round()

        else:
            raise ValueError(f"unknown move {move!r}")

    # ------------------------------------------------------------- helpers

    def all_cards(self):
        """Every card currently in the game (for conservation checks)."""
        cards = list(self.stock) + list(self.returned)
        for hand in self.hands:
            cards.extend(hand)
        return cards


def play_random_game(rng, n_players=4, rounds=20):
    """Play one match with uniformly random moves.

    Returns (number of moves applied, final chip balances per seat)."""
    game = SeteEMeio(rng, n_players=n_players, rounds=rounds)
    moves = 0
    while not game.game_over:
        game.apply(rng.choice(game.legal_moves()))
        moves += 1
    return moves, list(game.chips)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Sete e Meio random-play baseline")
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    total_moves = 0
    start = time.perf_counter()
    for _ in range(args.games):
        moves, _scores = play_random_game(rng, n_players=args.players)
        total_moves += moves
    elapsed = time.perf_counter() - start
    print(f"sete_e_meio: {args.games} games, {total_moves} moves in {elapsed:.3f} s")
    print(f"  {args.games / elapsed:.1f} games/s, {total_moves / elapsed:.0f} moves/s")


if __name__ == "__main__":
    main()
