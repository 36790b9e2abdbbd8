"""Small rules files that several test modules play."""

# A game whose only phase loops for ever: the step limit must stop it.
LOOP = '''game "Loop"
players 2..2
deck { suits C  ranks A 2 }
zone stock: shared, hidden, starts with deck
var spins: number = 0
setup { goto spin }
phase spin {
  do {
    spins += 1
    if spins < 0 { end game }
    goto spin
  }
}
score p: spins
'''
